//! Exact category counts: every completion of the known cards, counted either by visiting each
//! hand (any board game: one visit generic over the deck and the [`Ranking`]) or, for hold'em
//! with no known cards, combinatorially from rank multisets and suit patterns.

use deck::Card;
use eval::{HandKey, HoldemRanking, Ranking, ShortDeckEvaluator, SuitMasks, flush_strength};

use crate::category_counts::CategoryCounts;
use crate::choose::CHOOSE;
use crate::first_cards::sum_by_first_two;
use crate::hand::HandSpec;

/// Counts all `C(52, cards)` hands of `cards` cards (5 to 7) by category without visiting them.
///
/// Hands with five or more cards of one suit (at most one such suit when `cards <= 7`, and then
/// the flush or straight flush is the best hand) are counted per suit and rank mask `F`: the
/// other `cards - |F|` cards come from the 39 cards of other suits in `C(39, cards - |F|)` ways.
/// Every other hand is counted per multiset of ranks: of its `∏ C(4, c_r)` suit assignments,
/// those giving some suit five cards are subtracted (for each suit, the ranks `F` taken in that
/// suit leave `∏ C(3, c_r - [r ∈ F])` assignments of the rest to the other suits).
pub fn combinatorial_counts(cards: usize) -> CategoryCounts {
    assert!((5..=7).contains(&cards), "hands have 5 to 7 cards");
    let n = cards as u64;
    let mut slots = [0u64; 16];
    for mask in 0u16..1 << 13 {
        let f = u64::from(mask.count_ones());
        if f >= 5 && f <= n {
            slots[flush_strength(mask).category_index()] += 4 * CHOOSE[39][(n - f) as usize];
        }
    }
    let mut counts = [0u8; 13];
    count_multisets(0, cards as u8, &mut counts, &mut slots);
    CategoryCounts::from_slots(&slots)
}

fn count_multisets(rank: usize, left: u8, counts: &mut [u8; 13], slots: &mut [u64; 16]) {
    if rank == 13 {
        if left == 0 {
            add_multiset(counts, slots);
        }
        return;
    }
    for c in 0..=left.min(4) {
        counts[rank] = c;
        count_multisets(rank + 1, left - c, counts, slots);
    }
    counts[rank] = 0;
}

fn add_multiset(counts: &[u8; 13], slots: &mut [u64; 16]) {
    let all: u64 = counts.iter().map(|&c| CHOOSE[4][usize::from(c)]).product();
    // At most seven distinct ranks are present: a fixed array keeps this allocation-free.
    let mut present = [0usize; 7];
    let mut distinct = 0;
    for (rank, &c) in counts.iter().enumerate() {
        if c > 0 {
            present[distinct] = rank;
            distinct += 1;
        }
    }
    let present = &present[..distinct];
    let mut one_suit_flush = 0u64;
    for subset in 0u32..1 << present.len() {
        if subset.count_ones() < 5 {
            continue;
        }
        one_suit_flush += present
            .iter()
            .enumerate()
            .map(|(i, &r)| CHOOSE[3][usize::from(counts[r]) - (subset >> i & 1) as usize])
            .product::<u64>();
    }
    let non_flush = all - 4 * one_suit_flush;
    if non_flush == 0 {
        return;
    }
    // Any cards with these ranks have this rank key; suits are irrelevant to `rank_strength`.
    let key = (0..13u8).fold(HandKey::EMPTY, |key, r| {
        (0..counts[r as usize]).fold(key, |key, suit| key.with(Card::new(r, suit)))
    });
    slots[key.rank_strength().category_index()] += non_flush;
}

/// Counts every completion of `known` to `cards` hold'em cards by visiting each one, on the
/// current rayon pool (work is split by the first two cards added, so the result does not depend
/// on threads).
pub fn enumerate_counts(cards: usize, known: &[Card]) -> CategoryCounts {
    visit_completions(HoldemRanking, Card::all(), cards, known)
}

/// Counts every completion of `hand`'s known cards from its game's deck less its dead cards, by
/// visiting each one with its game's ranking, on the current rayon pool.
pub fn enumerate_counts_of(hand: &HandSpec) -> CategoryCounts {
    let dead = hand.dead().iter().fold(0u64, |m, c| m | 1 << c.index());
    let live = move |c: &Card| dead >> c.index() & 1 == 0;
    match hand.game().short_deck_rules() {
        None => visit_completions(
            HoldemRanking,
            Card::all().filter(live),
            hand.cards(),
            hand.known(),
        ),
        Some(rules) => visit_completions(
            ShortDeckEvaluator::new(rules),
            Card::short_deck().filter(live),
            hand.cards(),
            hand.known(),
        ),
    }
}

/// Counts every completion of `known` to `cards` cards (5 to 7) drawn from `universe` (the
/// game's deck) by `ranking`, on the current rayon pool: one job for each of the first two cards
/// added ([`sum_by_first_two`]), and the counts are integers, so the result does not depend on
/// threads.
///
/// # Panics
/// If `cards` is not 5 to 7 or `known` has `cards` or more cards.
pub fn visit_completions<R: Ranking>(
    ranking: R,
    universe: impl Iterator<Item = Card>,
    cards: usize,
    known: &[Card],
) -> CategoryCounts {
    assert!((5..=7).contains(&cards) && known.len() < cards);
    let used = known.iter().fold(0u64, |m, c| m | 1 << c.index());
    let rest: Vec<Card> = universe.filter(|c| used >> c.index() & 1 == 0).collect();
    let key = HandKey::of(known);
    let masks = known.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c));
    let need = cards - known.len();
    let tier = move |key: HandKey, masks: SuitMasks| {
        usize::from(ranking.evaluate_parts(key, masks) >> 12) & 15
    };
    sum_by_first_two(
        rest.len(),
        need,
        CategoryCounts::default,
        |first, second| {
            let mut tiers = [0u64; 16];
            let (key, masks) = (key.with(rest[first]), masks.with(rest[first]));
            match second {
                None => tiers[tier(key, masks)] += 1,
                Some(second) => {
                    let (key, masks) = (key.with(rest[second]), masks.with(rest[second]));
                    visit(&tier, &rest[second + 1..], need - 2, key, masks, &mut tiers);
                }
            }
            CategoryCounts::from_tiers(&tiers, ranking.tier_categories())
        },
        |a, b| a + b,
    )
}

fn visit<T: Fn(HandKey, SuitMasks) -> usize>(
    tier: &T,
    rest: &[Card],
    need: usize,
    key: HandKey,
    masks: SuitMasks,
    tiers: &mut [u64; 16],
) {
    match need {
        0 => tiers[tier(key, masks)] += 1,
        1 => {
            for &card in rest {
                tiers[tier(key.with(card), masks.with(card))] += 1;
            }
        }
        _ => {
            for i in 0..=rest.len() - need {
                let card = rest[i];
                visit(
                    tier,
                    &rest[i + 1..],
                    need - 1,
                    key.with(card),
                    masks.with(card),
                    tiers,
                );
            }
        }
    }
}

/// Exact counts of the completions of `hand`'s known cards, in any game, by the fastest
/// method: combinatorial for hold'em without known or dead cards, otherwise
/// [`enumerate_counts_of`].
pub fn exact_counts_of(hand: &HandSpec) -> CategoryCounts {
    match hand.game().short_deck_rules() {
        None if hand.dead().is_empty() => exact_counts(hand.cards(), hand.known()),
        _ => enumerate_counts_of(hand),
    }
}

/// Exact counts of the completions of `known` to `cards` cards, by the fastest method.
pub fn exact_counts(cards: usize, known: &[Card]) -> CategoryCounts {
    if known.is_empty() {
        combinatorial_counts(cards)
    } else {
        enumerate_counts(cards, known)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eval::Category;

    const FIVE: [u64; 10] = [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4,
    ];

    #[test]
    fn five_card_counts_match_the_textbook() {
        assert_eq!(combinatorial_counts(5).0, FIVE);
        assert_eq!(enumerate_counts(5, &[]).0, FIVE);
    }

    #[test]
    fn both_methods_agree_for_six_cards() {
        let counts = combinatorial_counts(6);
        assert_eq!(counts.total(), crate::choose::choose(52, 6));
        assert_eq!(enumerate_counts(6, &[]), counts);
    }

    #[test]
    fn completions_of_known_cards_add_up() {
        let known = deck::parse_cards("AsAh").unwrap();
        let counts = enumerate_counts(7, &known);
        assert_eq!(counts.total(), crate::choose::choose(50, 5));
        assert_eq!(counts.get(Category::HighCard), 0);
        let one_left = deck::parse_cards("AsKsQsJs2c3d").unwrap();
        let counts = enumerate_counts(7, &one_left);
        assert_eq!(counts.total(), 46);
        assert_eq!(counts.get(Category::RoyalFlush), 1);
        assert_eq!(counts.get(Category::Flush), 8);
    }

    /// The five-card short-deck counts by hand: straight flushes 4 × 5, royals 4, quads 9 × 32,
    /// full houses 9 × 4 × 8 × 6, flushes 4 × C(9, 5) − 24, straights 6 × (4^5 − 4), trips
    /// 9 × 4 × C(8, 2) × 16, two pairs C(9, 2) × 36 × 7 × 4, pairs 9 × 6 × C(8, 3) × 64, high
    /// cards (C(9, 5) − 6) × (4^5 − 4).
    const SHORT_FIVE: [u64; 10] = [
        122_400, 193_536, 36_288, 16_128, 6_120, 480, 1_728, 288, 20, 4,
    ];

    fn short_hand(rules: eval::ShortDeckRules, cards: usize, known: &str) -> HandSpec {
        let known = deck::parse_cards(known).unwrap();
        HandSpec::of_game(crate::Game::short_deck(rules), cards, known).unwrap()
    }

    #[test]
    fn short_deck_five_card_counts_match_the_hand_count() {
        for rules in eval::ShortDeckRules::ALL {
            let counts = enumerate_counts_of(&short_hand(rules, 5, ""));
            assert_eq!(counts.0, SHORT_FIVE, "{rules}");
            assert_eq!(counts.total(), 376_992);
        }
    }

    #[test]
    fn short_deck_rules_move_hands_between_straight_and_trips_only() {
        let usual = exact_counts_of(&short_hand(eval::ShortDeckRules::StraightBeatsTrips, 7, ""));
        let triton = exact_counts_of(&short_hand(eval::ShortDeckRules::TripsBeatStraight, 7, ""));
        assert_eq!(usual.total(), 8_347_680);
        assert_eq!(triton.total(), 8_347_680);
        let moved = usual.get(Category::Straight) - triton.get(Category::Straight);
        assert!(moved > 0);
        assert_eq!(
            triton.get(Category::ThreeOfAKind),
            usual.get(Category::ThreeOfAKind) + moved
        );
        for category in Category::ALL {
            if category != Category::Straight && category != Category::ThreeOfAKind {
                assert_eq!(usual.get(category), triton.get(category), "{category}");
            }
        }
    }

    #[test]
    fn short_deck_completions_of_known_cards_add_up() {
        let rules = eval::ShortDeckRules::default();
        let counts = enumerate_counts_of(&short_hand(rules, 7, "AsKsQsJs6c7d"));
        assert_eq!(counts.total(), 30);
        assert_eq!(counts.get(Category::RoyalFlush), 1);
        assert_eq!(counts.get(Category::Flush), 4);
    }
}
