//! The exact counts of the draw games' rankings ([`crate::pat_ranking`]): each class of pat
//! hands ([`crate::pat_classes`]) against every pat hand that shares no card with it, heads-up,
//! in quarter pots.
//!
//! ```text
//!  five cards   a hand H meets the 1,533,939 hands of the other 47 cards; the hands of a class
//!               K that avoid H number, by H's ranks alone,
//!                 paired K:          Π C(4 − h_r, m_r)          (h_r: H's cards of rank r)
//!                 five ranks of K:   Π (4 − h_r), of which the flushes are the suits s where
//!                                    K's ranks meet none of H's cards of suit s
//!               so a class is counted once per suit pattern of its hands (the suits' rank
//!               masks, as deck::suit_classes keys them), 7,462 × 1,287 look-ups in all
//!  badugi       a hand meets the 194,580 hands of the other 48 cards, read one by one
//!               (16,432 suit patterns × 270,725 hands, skipping those that share a card)
//! ```
//!
//! Heads-up a pot is four quarters: the better value takes 4, a tie 2; in hi/lo the pot halves
//! when either hand has an eight-or-better low, each half to the better hand of its kind, split
//! on a tie. The counts are integers, so the build gives the same bytes on any threads.

use std::collections::HashMap;

use deck::Card;
use deck::suit_classes::SuitClasses;
use engine::Watch;
use engine::choose::CHOOSE;

use crate::game::Scoring;
use crate::pat_classes::{FiveClass, badugi_hands, badugi_values, five_classes, five_combos};
use crate::pat_ranking::PatCounts;
use crate::ranking::{Ranking, with_ranking};

/// Quarter pots a hand of values `(main, low)` takes from one of `(their_main, their_low)`
/// heads-up (lows 0 where none qualifies; read only in hi/lo).
fn units<R: Ranking>(main: u32, low: u8, their_main: u32, their_low: u8) -> u64 {
    let share = |a: u32, b: u32, whole: u64| match a.cmp(&b) {
        std::cmp::Ordering::Greater => whole,
        std::cmp::Ordering::Equal => whole / 2,
        std::cmp::Ordering::Less => 0,
    };
    if !R::HILO || (low == 0 && their_low == 0) {
        return share(main, their_main, 4);
    }
    share(main, their_main, 2) + share(u32::from(low), u32::from(their_low), 2)
}

/// The counts of one showdown repeated `times`: units won, and a win when all four.
fn outcome(units: u64, times: u64) -> PatCounts {
    PatCounts {
        showdowns: times,
        wins: if units == 4 { times } else { 0 },
        pot_units: units * times,
    }
}

/// The counts of every class of `scoring`'s ranking, in class order, telling `on_classes`
/// (classes done, in all) as it goes; `None` when `stop` said to stop.
pub fn build_until_stopped(
    scoring: Scoring,
    on_classes: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Option<Vec<PatCounts>> {
    let build = engine::class_build::build_until_stopped;
    let played = if scoring == Scoring::Badugi {
        let hands = FourHands::new();
        let play = |c: usize| Ok::<_, ()>(Some(badugi_class(&hands, c)));
        build(badugi_values().len(), &play, on_classes, stop)
    } else {
        with_ranking!(scoring, R => {
            let values = FiveValues::new::<R>();
            let play = |c: usize| Ok::<_, ()>(Some(five_class::<R>(&values, c)));
            build(five_classes().len(), &play, on_classes, stop)
        })
    };
    played.ok().flatten()
}

/// The counts of the hand `hand` (five distinct cards; badugi four) against every pat hand that
/// shares no card with it, by the classes' counting (the build's own arithmetic).
#[cfg(test)]
fn hand_counts(scoring: Scoring, hand: &[Card]) -> PatCounts {
    if let Ok(four) = <[Card; 4]>::try_from(hand) {
        return badugi_pattern(&FourHands::new(), &four, 1);
    }
    let five: [Card; 5] = hand.try_into().expect("five cards");
    with_ranking!(scoring, R => {
        let values = FiveValues::new::<R>();
        let class = crate::pat_classes::five_index(&FiveClass::of(&five));
        let own = OwnClass::new::<R>(&values, class);
        own.pattern(&suit_masks(&five), 1)
    })
}

/// Every five-card class's values, and the classes of five distinct ranks as pairs.
struct FiveValues {
    main: Vec<u32>,
    low: Vec<u8>,
    /// Per set of five distinct ranks: its mask, its offsuit class and its suited class.
    distinct: Vec<(u16, usize, usize)>,
}

impl FiveValues {
    fn new<R: Ranking>() -> Self {
        let classes = five_classes();
        let reps: Vec<[Card; 5]> = classes.iter().map(FiveClass::representative).collect();
        let mut distinct = Vec::new();
        for (i, c) in classes.iter().enumerate() {
            if c.distinct() && !c.suited {
                distinct.push((c.rank_mask(), i, i + 1));
            }
        }
        Self {
            main: reps.iter().map(|h| R::main(h)).collect(),
            low: reps.iter().map(|h| R::low(h)).collect(),
            distinct,
        }
    }
}

/// One class's part of the count that its suit patterns share, and what a suit adds.
struct OwnClass {
    /// Against every paired class and every offsuit hand, flushes counted as offsuit.
    base: PatCounts,
    /// Per set of five distinct ranks: what a flush takes from the offsuit count (wins and
    /// units of the suited class less those of the offsuit one).
    flush_gain: Vec<(u16, i64, i64)>,
    /// The gains added up: a suit holding none of the hand's cards.
    empty_suit: (i64, i64),
}

impl OwnClass {
    fn new<R: Ranking>(values: &FiveValues, class: usize) -> Self {
        let own = &five_classes()[class];
        let (main, low) = (values.main[class], values.low[class]);
        let left = |r: usize| usize::from(4 - own.counts[r]);
        let mut base = PatCounts::default();
        for (k, other) in five_classes().iter().enumerate() {
            if other.suited {
                continue;
            }
            let ways: u64 = (0..13)
                .map(|r| CHOOSE[left(r)][usize::from(other.counts[r])])
                .product();
            let u = units::<R>(main, low, values.main[k], values.low[k]);
            base = base + outcome(u, ways);
        }
        let flush_gain: Vec<(u16, i64, i64)> = values
            .distinct
            .iter()
            .map(|&(mask, off, suited)| {
                let u_off = units::<R>(main, low, values.main[off], values.low[off]) as i64;
                let u_s = units::<R>(main, low, values.main[suited], values.low[suited]) as i64;
                let win = |u: i64| i64::from(u == 4);
                (mask, win(u_s) - win(u_off), u_s - u_off)
            })
            .collect();
        let empty_suit = flush_gain
            .iter()
            .fold((0, 0), |(w, u), &(_, dw, du)| (w + dw, u + du));
        Self {
            base,
            flush_gain,
            empty_suit,
        }
    }

    /// The counts of a hand of this class whose suits hold the rank masks `suits`, `times`
    /// over.
    fn pattern(&self, suits: &[u16; 4], times: u64) -> PatCounts {
        let (mut wins, mut units) = (self.base.wins as i64, self.base.pot_units as i64);
        for &held in suits {
            let (dw, du) = if held == 0 {
                self.empty_suit
            } else {
                self.flush_gain
                    .iter()
                    .filter(|&&(mask, _, _)| mask & held == 0)
                    .fold((0, 0), |(w, u), &(_, dw, du)| (w + dw, u + du))
            };
            wins += dw;
            units += du;
        }
        PatCounts {
            showdowns: self.base.showdowns * times,
            wins: wins as u64 * times,
            pot_units: units as u64 * times,
        }
    }
}

/// Each suit's rank mask of `cards` (suit 0 = clubs … 3 = spades).
fn suit_masks(cards: &[Card]) -> [u16; 4] {
    let mut masks = [0u16; 4];
    for c in cards {
        masks[usize::from(c.suit())] |= 1 << c.rank();
    }
    masks
}

/// The counts of five-card class `class`: each suit pattern of its hands once, times its hands.
fn five_class<R: Ranking>(values: &FiveValues, class: usize) -> PatCounts {
    let own = OwnClass::new::<R>(values, class);
    let mut patterns: HashMap<u64, (u64, [u16; 4])> = HashMap::new();
    for hand in five_combos(&five_classes()[class]) {
        let entry = patterns
            .entry(SuitClasses::<5>::key_of(&hand))
            .or_insert((0, suit_masks(&hand)));
        entry.0 += 1;
    }
    let mut keys: Vec<_> = patterns.into_iter().collect();
    keys.sort_unstable_by_key(|&(key, _)| key);
    keys.iter()
        .fold(PatCounts::default(), |sum, (_, (n, suits))| {
            sum + own.pattern(suits, *n)
        })
}

/// Every four-card hand's card mask and badugi value.
struct FourHands {
    masks: Vec<u64>,
    values: Vec<u32>,
}

impl FourHands {
    fn new() -> Self {
        let mut masks = Vec::with_capacity(270_725);
        let mut values = Vec::with_capacity(270_725);
        SuitClasses::<4>::for_each_set(|h| {
            masks.push(h.iter().fold(0u64, |m, c| m | 1 << c.index()));
            values.push(eval::badugi(h).value());
        });
        Self { masks, values }
    }
}

/// The counts of `hand` against every four-card hand that shares no card with it, `times` over.
fn badugi_pattern(hands: &FourHands, hand: &[Card; 4], times: u64) -> PatCounts {
    let mine = hand.iter().fold(0u64, |m, c| m | 1 << c.index());
    let value = eval::badugi(hand).value();
    let (mut below, mut equal, mut met) = (0u64, 0u64, 0u64);
    for (&mask, &v) in hands.masks.iter().zip(&hands.values) {
        let apart = u64::from(mask & mine == 0);
        met += apart;
        below += apart & u64::from(v < value);
        equal += apart & u64::from(v == value);
    }
    PatCounts {
        showdowns: met * times,
        wins: below * times,
        pot_units: (4 * below + 2 * equal) * times,
    }
}

/// The counts of badugi class `class`: each suit pattern of its hands once, times its hands.
fn badugi_class(hands: &FourHands, class: usize) -> PatCounts {
    let mut patterns: HashMap<u64, (u64, [Card; 4])> = HashMap::new();
    for hand in badugi_hands(class) {
        let entry = patterns
            .entry(SuitClasses::<4>::key_of(hand))
            .or_insert((0, *hand));
        entry.0 += 1;
    }
    let mut keys: Vec<_> = patterns.into_iter().collect();
    keys.sort_unstable_by_key(|&(key, _)| key);
    keys.iter()
        .fold(PatCounts::default(), |sum, (_, (n, hand))| {
            sum + badugi_pattern(hands, hand, *n)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    use crate::ranking::main_value;

    /// A slow oracle: `hand` against every hand of the other cards, each valued by the game's
    /// evaluators and the pot shared by the rules written out again.
    fn one_by_one(scoring: Scoring, hand: &[Card]) -> PatCounts {
        let mine = hand.iter().fold(0u64, |m, c| m | 1 << c.index());
        let low = |cards: &[Card]| -> u32 {
            if matches!(scoring, Scoring::HighLow) {
                u32::from(eval::eight_low(cards).value())
            } else {
                0
            }
        };
        let (main, my_low) = (main_value(scoring, hand), low(hand));
        let mut counts = PatCounts::default();
        let mut meet = |other: &[Card]| {
            if other.iter().any(|c| mine >> c.index() & 1 == 1) {
                return;
            }
            let (theirs, their_low) = (main_value(scoring, other), low(other));
            let half = |a: u32, b: u32| 2 * u64::from(a > b) + u64::from(a == b);
            let quarters = if my_low == 0 && their_low == 0 {
                2 * half(main, theirs)
            } else {
                half(main, theirs) + half(my_low, their_low)
            };
            counts = counts + outcome(quarters, 1);
        };
        if hand.len() == 4 {
            SuitClasses::<4>::for_each_set(|o| meet(o));
        } else {
            SuitClasses::<5>::for_each_set(|o| meet(o));
        }
        counts
    }

    #[test]
    fn a_hand_counted_by_classes_is_counted_one_by_one() {
        for (scoring, hand) in [
            (Scoring::High, "AsAhKdKc7s"),
            (Scoring::High, "9h8h7h6h5h"),
            (Scoring::HighLow, "Ac2d3h4s9c"),
            (Scoring::HighLow, "AcAd2c5h8h"),
            (Scoring::DeuceSeven, "7c5d4h3s2c"),
            (Scoring::DeuceSeven, "8s6s4s3s2s"),
            (Scoring::AceFive, "5c4d3h2sAc"),
            (Scoring::Badugi, "Ac2d3h4s"),
            (Scoring::Badugi, "Kc2c3h4s"),
        ] {
            let cards = parse_cards(hand).unwrap();
            let counted = hand_counts(scoring, &cards);
            assert_eq!(counted, one_by_one(scoring, &cards), "{scoring:?} {hand}");
            let others = if cards.len() == 4 { 194_580 } else { 1_533_939 };
            assert_eq!(counted.showdowns, others);
        }
    }
}
