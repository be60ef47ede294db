use super::*;
use crate::oracle;
use deck::parse_cards;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

fn deal(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn board(text: &str) -> [Card; 5] {
    deal(text).try_into().unwrap()
}

#[test]
fn named_hands() {
    use eval::Category::*;
    let cat = |hole: &str, b: &str| {
        eval::Category::ALL[category_index(high_value(&deal(hole), &board(b)))]
    };
    // Four hearts on board and one in hand: no flush (exactly two hole cards).
    assert_ne!(cat("AhKsQdJc", "2h3h4h5h9c"), Flush);
    // Two hearts in hand: flush, and with 3-4-5 the straight flush.
    assert_eq!(cat("Ah2hKsKd", "3h4h5h9cTc"), StraightFlush);
    // Quads on board play only three board cards: trips without a pair in hand.
    assert_eq!(cat("AsKdQcJh", "7c7d7h7s2c"), ThreeOfAKind);
    assert_eq!(cat("2s2dQcJh", "7c7d7h7s3c"), FullHouse);
    // A single ace in hand cannot make the board's straight.
    // K-Q with J-T-9 on board makes the king-high straight.
    assert_eq!(cat("AsKdQc2h", "TsJd9c8h3d"), Straight);
    // One hole card of a board straight is not enough.
    assert_eq!(cat("As2d3c4h", "TsJdQcKh8d"), HighCard);
    // Set of aces with a pair on board: full house.
    assert_eq!(cat("AsAd2c3h", "Ac7c7dKsQh"), FullHouse);
    assert_eq!(
        low_hand(&deal("As2dKcKh"), &board("3c4d8hQsJs")),
        Some([8, 4, 3, 2, 1])
    );
    assert_eq!(low_hand(&deal("AsAdKcKh"), &board("3c4d8hQsJs")), None);
    assert_eq!(low_hand(&deal("As2d3c4h"), &board("AcKd2hQsJs")), None);
}

/// Every spot's evaluator against the oracle on seeded random deals, with boards biased to
/// flushes and pairs half of the time so that the rare paths are hit often.
#[test]
fn high_and_low_match_the_oracle_on_random_deals() {
    let tables = Tables::get();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(15);
    let mut cards: Vec<Card> = Card::all().collect();
    for n in [4usize, 5, 6] {
        for round in 0..60_000 {
            cards.shuffle(&mut rng);
            if round % 2 == 1 {
                // Few suits and few ranks: sort a prefix by suit, then by rank.
                cards[..20].sort_by_key(|c| (c.suit() / 2, c.rank() / 4));
            }
            let hole = &cards[..n];
            let b: [Card; 5] = cards[n..n + 5].try_into().unwrap();
            let prepared = Board::new(&b);
            let h = Hole::new(hole, HandRule::TwoPlusThree);
            assert_eq!(
                h.high(tables, &prepared),
                oracle::high(hole, &b),
                "{hole:?} {b:?}"
            );
            assert_eq!(low_hand(hole, &b), oracle::low(hole, &b), "{hole:?} {b:?}");
        }
    }
}

/// Hold'em hi/lo's hands (the best five of two hole cards and five board cards, for the
/// high and for the low) against the oracle's 21 five-card hands, on seeded random deals
/// biased to flushes, pairs and lows half of the time.
#[test]
fn best_five_of_seven_matches_the_oracle_on_random_deals() {
    let tables = Tables::get();
    let rule = HandRule::BestFive;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(55);
    let mut cards: Vec<Card> = Card::all().collect();
    let mut lows = 0;
    for round in 0..200_000 {
        cards.shuffle(&mut rng);
        if round % 2 == 1 {
            cards[..20].sort_by_key(|c| (c.suit() / 2, c.rank() / 4));
        }
        let hole = &cards[..2];
        let b: [Card; 5] = cards[2..7].try_into().unwrap();
        let prepared = Board::new(&b);
        let h = Hole::new(hole, rule);
        assert_eq!(
            h.high(tables, &prepared),
            oracle::high_of(rule, hole, &b),
            "{hole:?} {b:?}"
        );
        let low = oracle::low_of(rule, hole, &b);
        lows += usize::from(low.is_some());
        assert_eq!(
            h.low(tables, &prepared),
            oracle::low_strength(low),
            "{hole:?} {b:?}"
        );
        // The split used by exact counts: the high without flushes, then the flush.
        assert_eq!(
            h.high_without_flush(tables, &prepared)
                .max(h.flush_high(&prepared)),
            h.high(tables, &prepared)
        );
    }
    assert!(lows > 20_000, "{lows}");
}

/// Exhaustive for one PLO4 hand of each kind: every board of the 48 other cards.
#[test]
fn every_board_of_two_hands_matches_the_oracle() {
    let tables = Tables::get();
    for text in ["Ah2h3s4s", "KsKdQsQd"] {
        let hole = deal(text);
        let h = Hole::new(&hole, HandRule::TwoPlusThree);
        let rest: Vec<Card> = Card::all().filter(|c| !hole.contains(c)).collect();
        let mut boards = 0;
        for a in 0..48 {
            for b in a + 1..48 {
                for c in b + 1..48 {
                    for d in c + 1..48 {
                        for e in d + 1..48 {
                            let bd = [rest[a], rest[b], rest[c], rest[d], rest[e]];
                            let prepared = Board::new(&bd);
                            assert_eq!(h.high(tables, &prepared), oracle::high(&hole, &bd));
                            let low = h.low(tables, &prepared);
                            assert_eq!(low != 0, oracle::low(&hole, &bd).is_some());
                            boards += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(boards, 1_712_304);
    }
}

/// Every entry of the low table against the oracle's ordering: all hole and board low-rank
/// sets, realised as cards.
#[test]
fn the_low_table_orders_like_the_oracle() {
    let tables = Tables::get();
    let low_card = |bit: u8, suit: u8| Card::new(if bit == 0 { 12 } else { bit - 1 }, suit);
    for hole_mask in 0u16..256 {
        let hole_mask = hole_mask as u8;
        if hole_mask.count_ones() > 4 || hole_mask.count_ones() < 2 {
            continue;
        }
        let mut hole: Vec<Card> = (0..8)
            .filter(|b| hole_mask & 1 << b != 0)
            .map(|b| low_card(b, 0))
            .collect();
        // Pad with kings to four cards.
        while hole.len() < 4 {
            hole.push(Card::new(11, hole.len() as u8));
        }
        for board_mask in 0u16..256 {
            let board_mask = board_mask as u8;
            if board_mask.count_ones() != 5 {
                continue;
            }
            let b: Vec<Card> = (0..8)
                .filter(|x| board_mask & 1 << x != 0)
                .map(|x| low_card(x, 1))
                .collect();
            let b: [Card; 5] = b.try_into().unwrap();
            let expected = oracle::low(&hole, &b);
            assert_eq!(low_hand(&hole, &b), expected, "{hole:?} {b:?}");
            assert_eq!(tables.low(hole_mask, board_mask) != 0, expected.is_some());
        }
    }
}

/// [`Hole::of_four`] evaluates every four-card hand as [`Hole::new`] does (high and low), on
/// 20,000 random deals (seeded, so deterministic).
#[test]
fn four_cards_without_a_branch_evaluate_as_hole_new() {
    let tables = Tables::get();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut deck: Vec<Card> = Card::all().collect();
    for _ in 0..20_000 {
        deck.shuffle(&mut rng);
        let board = Board::new(&[deck[0], deck[1], deck[2], deck[3], deck[4]]);
        let four = [deck[5], deck[6], deck[7], deck[8]];
        let (fast, slow) = (
            Hole::of_four(&four),
            Hole::new(&four, HandRule::TwoPlusThree),
        );
        assert_eq!(
            fast.high(tables, &board),
            slow.high(tables, &board),
            "{four:?}"
        );
        assert_eq!(
            fast.low(tables, &board),
            slow.low(tables, &board),
            "{four:?}"
        );
    }
}
