//! A set of two-card hands written back as compact range text (`TT+,AJs+,KQs,AhQh`): what a
//! calling range, or any subset of a range, looks like in the notation that
//! [`Range::parse`](crate::two_card_range::Range::parse) reads.
//!
//! Each of the 1,326 combos is [`Pick::In`] (must be written), [`Pick::Out`] (must not be) or
//! [`Pick::Free`] (either: a combo that cannot be dealt in the spot, so that writing it changes
//! nothing). A class (`AKs`, `QQ`) is written whole when it holds a combo `In` and none `Out`;
//! whole classes of one high rank and kind make runs (`AJs+`, `A5s-A2s`, `JJ-99`, `KQ`), and
//! the `In` combos of the other classes are written one by one:
//!
//! ```text
//!  pairs, high first      TT+ (ends at AA) · JJ-99 · 55
//!  per high rank, A to 3  AQ+ (both kinds whole) · AJs+ (ends at AKs) · A5s-A2s · KQo
//!  then single combos     AhQh,AsQh
//! ```
//!
//! Parsing the text back gives every `In` combo and no `Out` one (the round trip of the tests).

use deck::{Card, RANK_CHARS};

use crate::two_card_range::{Combo, HandClass, Suitedness};

/// Whether a combo belongs in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Chosen: the text must hold it.
    In,
    /// Not chosen: the text must not hold it.
    Out,
    /// Either: the combo cannot be dealt (a known card, a card missing from the deck, a hand
    /// never dealt beside the others).
    Free,
}

/// The compact text of the combos that `pick` says are [`Pick::In`]; empty when there are none.
pub fn two_card_text(pick: &dyn Fn(Combo) -> Pick) -> String {
    let mut items: Vec<String> = Vec::new();
    // Pairs: runs of whole pairs, from aces down.
    let pair_whole: Vec<bool> = (0..13u8).map(|r| whole(HandClass::pair(r), pick)).collect();
    runs(&pair_whole, 13, &mut |hi, lo| {
        let (h, l) = (RANK_CHARS[usize::from(hi)], RANK_CHARS[usize::from(lo)]);
        items.push(if hi == 12 && lo < hi {
            format!("{l}{l}+")
        } else if hi == lo {
            format!("{h}{h}")
        } else {
            format!("{h}{h}-{l}{l}")
        });
    });
    let mut singles: Vec<Combo> = Vec::new();
    for high in (1..13u8).rev() {
        let class = |low, kind| HandClass { high, low, kind };
        let suited: Vec<bool> = (0..high)
            .map(|low| whole(class(low, Suitedness::Suited), pick))
            .collect();
        let offsuit: Vec<bool> = (0..high)
            .map(|low| whole(class(low, Suitedness::Offsuit), pick))
            .collect();
        let both: Vec<bool> = suited.iter().zip(&offsuit).map(|(s, o)| *s && *o).collect();
        let only =
            |one: &[bool]| -> Vec<bool> { one.iter().zip(&both).map(|(x, b)| *x && !*b).collect() };
        for (set, suffix) in [
            (both.clone(), ""),
            (only(&suited), "s"),
            (only(&offsuit), "o"),
        ] {
            let h = RANK_CHARS[usize::from(high)];
            runs(&set, high, &mut |top, bottom| {
                let (t, b) = (
                    RANK_CHARS[usize::from(top)],
                    RANK_CHARS[usize::from(bottom)],
                );
                items.push(if top + 1 == high && bottom < top {
                    format!("{h}{b}{suffix}+")
                } else if top == bottom {
                    format!("{h}{t}{suffix}")
                } else {
                    format!("{h}{t}{suffix}-{h}{b}{suffix}")
                });
            });
        }
        for low in 0..high {
            for kind in [Suitedness::Suited, Suitedness::Offsuit] {
                let c = class(low, kind);
                if !whole(c, pick) {
                    singles.extend(c.combos().into_iter().filter(|&x| pick(x) == Pick::In));
                }
            }
        }
    }
    for rank in 0..13u8 {
        if !pair_whole[usize::from(rank)] {
            let class = HandClass::pair(rank);
            singles.extend(class.combos().into_iter().filter(|&x| pick(x) == Pick::In));
        }
    }
    items.extend(singles.into_iter().map(|[a, b]| combo_text(a, b)));
    items.join(",")
}

/// Whether `class` is written whole: a combo `In`, none `Out`.
fn whole(class: HandClass, pick: &dyn Fn(Combo) -> Pick) -> bool {
    let picks: Vec<Pick> = class.combos().into_iter().map(pick).collect();
    picks.contains(&Pick::In) && !picks.contains(&Pick::Out)
}

/// Calls `emit(top, bottom)` for each run of consecutive `true`s of `set` (indexed by rank,
/// below `end`), from the highest rank down.
fn runs(set: &[bool], end: u8, emit: &mut dyn FnMut(u8, u8)) {
    let mut r = end;
    while r > 0 {
        r -= 1;
        if set[usize::from(r)] {
            let top = r;
            while r > 0 && set[usize::from(r - 1)] {
                r -= 1;
            }
            emit(top, r);
        }
    }
}

/// A combo as text, the higher card first: `AhKh`.
fn combo_text(a: Card, b: Card) -> String {
    if (b.rank(), b.index()) > (a.rank(), a.index()) {
        format!("{b}{a}")
    } else {
        format!("{a}{b}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::two_card_range::{Range, combo_mask};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use std::collections::HashSet;

    fn text_of(chosen: &str) -> String {
        let set: HashSet<Combo> = Range::parse(chosen).unwrap().combos.into_iter().collect();
        two_card_text(&|c| {
            if set.contains(&c) {
                Pick::In
            } else {
                Pick::Out
            }
        })
    }

    #[test]
    fn whole_classes_make_runs() {
        assert_eq!(text_of("TT+,AJs+,KQs"), "TT+,AJs+,KQs");
        assert_eq!(text_of("99-66,A5s-A2s,KTo+"), "99-66,A5s-A2s,KTo+");
        assert_eq!(text_of("AQ+,AJs,22"), "22,AQ+,AJs");
        assert_eq!(text_of("AhKh,QQ"), "QQ,AhKh");
        assert_eq!(text_of("KK,T9"), "KK,T9");
        assert_eq!(two_card_text(&|_| Pick::Out), "");
        assert_eq!(
            text_of("random"),
            "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32"
        );
    }

    #[test]
    fn free_combos_let_a_class_be_whole() {
        // Aces with the ace of spades on the board: the three others make `AA`.
        let spade_ace = combo_mask([Card::new(12, 3), Card::new(12, 3)]);
        let aces: HashSet<Combo> = Range::parse("AA").unwrap().combos.into_iter().collect();
        let text = two_card_text(&|c| {
            if combo_mask(c) & spade_ace != 0 {
                Pick::Free
            } else if aces.contains(&c) {
                Pick::In
            } else {
                Pick::Out
            }
        });
        assert_eq!(text, "AA");
    }

    /// Random subsets of random universes, with combos left free at random: the text parses
    /// back to every chosen combo and no refused one (exactly the chosen ones when none is free).
    #[test]
    fn the_text_parses_back_to_the_chosen_combos() {
        let all = Range::parse("random").unwrap().combos;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(54);
        for round in 0..400 {
            let mut classes = HandClass::all();
            classes.shuffle(&mut rng);
            // Some whole classes (so that runs form), then single combos at random.
            let keep = rng.random_range(0..60);
            let mut chosen: HashSet<Combo> =
                classes[..keep].iter().flat_map(|c| c.combos()).collect();
            let p = rng.random_range(0.0..0.3);
            chosen.extend(all.iter().copied().filter(|_| rng.random_bool(p)));
            let free_p = if round % 2 == 0 { 0.0 } else { 0.1 };
            let free: HashSet<Combo> = all
                .iter()
                .copied()
                .filter(|_| rng.random_bool(free_p))
                .collect();
            let pick = |c| {
                if free.contains(&c) {
                    Pick::Free
                } else if chosen.contains(&c) {
                    Pick::In
                } else {
                    Pick::Out
                }
            };
            let text = two_card_text(&pick);
            let parsed: HashSet<Combo> = if text.is_empty() {
                HashSet::new()
            } else {
                Range::parse(&text).unwrap().combos.into_iter().collect()
            };
            for &c in &all {
                match pick(c) {
                    Pick::In => assert!(parsed.contains(&c), "{text}: misses {c:?}"),
                    Pick::Out => assert!(!parsed.contains(&c), "{text}: adds {c:?}"),
                    Pick::Free => {}
                }
            }
            if free.is_empty() {
                assert_eq!(parsed, chosen, "{text}");
            }
        }
    }
}
