//! The fast classifier against the evaluator and the slow oracle, on every combo of the random
//! range over seeded random boards and boards picked for their edge cases, in hold'em and both
//! short-deck rule sets.

use deck::{Card, parse_cards};
use engine::Game;
use eval::{Category, ShortDeckRules};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::class::{Draw, MadeHand};
use crate::facts::{out_of_deck, suit_masks};
use crate::oracle::{Oracle, category};
use crate::spot::Spot;

const GAMES: [Game; 3] = [
    Game::HOLDEM,
    Game::short_deck(ShortDeckRules::StraightBeatsTrips),
    Game::short_deck(ShortDeckRules::TripsBeatStraight),
];

/// Boards chosen for their edge cases: paired, trips and quads on the board, monotone, four to
/// a flush, straights, flushes and straight flushes on the board, wheels and A-6-7-8-9.
const HOLDEM_BOARDS: [&str; 16] = [
    "Kc Kd 7s",
    "7c 7d 7h",
    "7c 7d 7h 7s",
    "Kc Kd 7s 7h",
    "Kc Kd Ks 7h 7d",
    "Ah Kh Qh Jh Th",
    "5h 6h 7h 8h 9h",
    "5c 6d 7h 8s 9c",
    "2h 3h 4h Kc",
    "Ah 2c 3d Kh",
    "Jh 8h 3h",
    "Jh 8h 3h 2h",
    "Ts 9s 8d 7c",
    "As Ks Qd",
    "4c 5d 6h 6c",
    "Qh Jh 9h 8h 2c",
];

const SHORT_BOARDS: [&str; 12] = [
    "Kc Kd 7s",
    "7c 7d 7h",
    "7c 7d 7h 8s 9s",
    "As 6c 7d",
    "6s 7s 8s 9d",
    "Ah 6h 7h 8h 9h",
    "Jh 8h 6h",
    "Jh 8h 6h 9h",
    "Tc 9c 8d 7h 6s",
    "Ac Kd Qh Jc Ts",
    "8c 8d 7s 7h",
    "Kh Kd 9h 6h Th",
];

/// Seeded random boards of `size` cards with up to two dead cards, plus the picked boards of
/// that size.
fn boards(game: Game, size: usize, count: usize, seed: u64) -> Vec<(Vec<Card>, Vec<Card>)> {
    let picked: &[&str] = match game.short_deck_rules() {
        None => &HOLDEM_BOARDS,
        Some(_) => &SHORT_BOARDS,
    };
    let mut out: Vec<(Vec<Card>, Vec<Card>)> = picked
        .iter()
        .map(|b| parse_cards(b).unwrap())
        .filter(|b| b.len() == size)
        .map(|b| (b, vec![]))
        .collect();
    let missing = out_of_deck(game);
    let mut deck: Vec<Card> = Card::all()
        .filter(|c| missing >> c.index() & 1 == 0)
        .collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for i in 0..count {
        deck.shuffle(&mut rng);
        let dead = i % 3;
        out.push((deck[..size].to_vec(), deck[size..size + dead].to_vec()));
    }
    out
}

fn show(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every combo the spot allows.
fn combos(spot: &Spot) -> Vec<[Card; 2]> {
    let missing = out_of_deck(spot.game());
    let free: Vec<Card> = Card::all()
        .filter(|c| (spot.facts().known | missing) >> c.index() & 1 == 0)
        .collect();
    let mut out = Vec::new();
    for i in 0..free.len() {
        for j in i + 1..free.len() {
            out.push([free[i], free[j]]);
        }
    }
    out
}

/// The board's own category counted from its ranks (3 or 4 cards make no straight or flush).
fn small_board_category(board: &[Card]) -> Category {
    let mut counts = [0usize; 13];
    for card in board {
        counts[usize::from(card.rank())] += 1;
    }
    let pairs = counts.iter().filter(|&&c| c == 2).count();
    match counts.iter().max() {
        Some(4) => Category::FourOfAKind,
        Some(3) => Category::ThreeOfAKind,
        _ if pairs == 2 => Category::TwoPair,
        _ if pairs == 1 => Category::Pair,
        _ => Category::HighCard,
    }
}

#[test]
fn made_hands_agree_with_the_evaluator_and_the_oracle() {
    let mut seen = [0usize; MadeHand::COUNT];
    for (v, game) in GAMES.into_iter().enumerate() {
        for size in 3..=5 {
            for (board, dead) in boards(game, size, 40, 100 * v as u64 + size as u64) {
                let spot = Spot::new(game, &board, &dead).unwrap();
                let oracle = Oracle::new(game, &board, &dead);
                let board_category = if size == 5 {
                    category(game, &board)
                } else {
                    small_board_category(&board)
                };
                for combo in combos(&spot) {
                    let cards: Vec<Card> = combo.iter().chain(&board).copied().collect();
                    let evaluated = category(game, &cards);
                    let made = spot.classify(combo).made;
                    let context = || {
                        format!(
                            "{game}: {} on {}, dead {}",
                            show(&combo),
                            show(&board),
                            show(&dead)
                        )
                    };
                    assert_eq!(
                        spot.facts().rules.value(suit_masks(&cards)).category,
                        evaluated,
                        "{}",
                        context()
                    );
                    match made.category() {
                        Some(Category::StraightFlush) => assert!(
                            matches!(evaluated, Category::StraightFlush | Category::RoyalFlush),
                            "{}",
                            context()
                        ),
                        Some(expected) => assert_eq!(evaluated, expected, "{}", context()),
                        None => assert_eq!(evaluated, board_category, "{}", context()),
                    }
                    assert_eq!(made, oracle.made(combo), "{}", context());
                    seen[made.index()] += 1;
                }
            }
        }
    }
    // Every class was met, so every comparison above was made at least once.
    for made in MadeHand::ALL {
        assert!(seen[made.index()] > 0, "{made} never seen: {seen:?}");
    }
}

#[test]
fn draws_agree_with_the_oracle() {
    let mut seen = [0usize; Draw::COUNT];
    for (v, game) in GAMES.into_iter().enumerate() {
        for size in 3..=4 {
            for (b, (board, dead)) in boards(game, size, 10, 1000 + 10 * v as u64 + size as u64)
                .into_iter()
                .enumerate()
            {
                let spot = Spot::new(game, &board, &dead).unwrap();
                let oracle = Oracle::new(game, &board, &dead);
                // Trying every other holding against each flush out is slow: on some boards.
                let nut_check = b % 3 == 0;
                for combo in combos(&spot) {
                    let class = spot.classify(combo);
                    let mut expected = oracle.draws(combo, class.made, nut_check);
                    let mut got = class.draws;
                    if !nut_check {
                        got = got.iter().filter(|&d| d != Draw::NutFlushDraw).collect();
                        expected = expected
                            .iter()
                            .filter(|&d| d != Draw::NutFlushDraw)
                            .collect();
                    }
                    assert_eq!(
                        got.iter().collect::<Vec<_>>(),
                        expected.iter().collect::<Vec<_>>(),
                        "{game}: {} on {}, dead {}",
                        show(&combo),
                        show(&board),
                        show(&dead)
                    );
                    for draw in got.iter() {
                        seen[draw.index()] += 1;
                    }
                    // With no dead cards every straight out rank has its four cards unseen: an
                    // open-ender has 8 straight outs, a gutshot 4, a double gutshot 8 or more.
                    if dead.is_empty() {
                        let outs = oracle.straight_out_cards(combo);
                        let has = |d| class.draws.contains(d);
                        if has(Draw::OpenEndedStraightDraw) {
                            assert_eq!(outs, 8, "{game}: {} on {}", show(&combo), show(&board));
                        }
                        if has(Draw::Gutshot) {
                            assert_eq!(outs, 4, "{game}: {} on {}", show(&combo), show(&board));
                        }
                        if has(Draw::DoubleGutshot) {
                            assert!(
                                outs >= 8 && outs.is_multiple_of(4),
                                "{game}: {}",
                                show(&combo)
                            );
                        }
                    }
                }
            }
        }
    }
    for draw in Draw::ALL {
        assert!(seen[draw.index()] > 0, "{draw} never seen: {seen:?}");
    }
}

#[test]
fn no_draws_on_the_river() {
    for game in GAMES {
        for (board, dead) in boards(game, 5, 5, 7) {
            let spot = Spot::new(game, &board, &dead).unwrap();
            assert!(
                combos(&spot)
                    .iter()
                    .all(|&c| spot.classify(c).draws.is_empty())
            );
        }
    }
}
