//! The third-street starts of the stud games up to suit relabelling: 1,755 classes of the
//! C(52, 3) = 22,100 three-card starts (two down cards and the door card).
//!
//! The door card is not told apart from the down cards: against one random hand played to the
//! seventh card without folding, the equity of a start depends only on its three cards, so
//! `(AsKs)Qh` and `(KsQh)As` share a class. Two starts share a class when a relabelling of the
//! suits turns one into the other:
//!
//! ```text
//!  trips            13 ranks                        1 suit pattern     13 classes   4 combos
//!  a pair + kicker  13 · 12                         2 (kicker suited    312          12 each
//!                                                      to a pair card,
//!                                                      or not)
//!  three ranks      C(13, 3) = 286                  5 (all suited,     1,430        4 / 12 /
//!                                                      one odd card ×3,              24
//!                                                      rainbow)
//!  in all                                                              1,755        22,100
//! ```
//!
//! A class is written by its *canonical name*, a stud hand of three known cards: the
//! representative whose cards, from the highest rank down (equal ranks by suit), use the suits
//! `s`, `h`, `d` in that order of first appearance, the smallest such list: `AsAhAd` (rolled-up
//! aces), `AsAhKs` (aces with a king of a pair card's suit), `AsAhKd`, `AsKsQs`, `AsKhQh`,
//! `AsKhQd`. Any three distinct cards read as their class, so a name parses back, and it is a
//! player of `sim equity --game stud` as written.
//!
//! ```
//! use stud::start_classes::{class_count, combos, name, parse_class};
//! let class = parse_class("Kd Qc Kc").unwrap();
//! assert_eq!(name(class), "KsKhQs");
//! assert_eq!(combos(class), 12);
//! assert_eq!(class_count(), 1_755);
//! ```

use std::sync::OnceLock;

use deck::Card;
use deck::suit_classes::SuitClasses;

/// Three-card starts: C(52, 3).
pub const STARTS: u32 = 22_100;

/// The classes, made once from all 22,100 starts.
fn classes() -> &'static SuitClasses<3> {
    static CLASSES: OnceLock<SuitClasses<3>> = OnceLock::new();
    CLASSES.get_or_init(SuitClasses::every)
}

/// The key of a start: its suits' rank masks sorted from the largest down, packed 13 bits each.
pub fn key_of(cards: &[Card; 3]) -> u64 {
    SuitClasses::key_of(cards)
}

/// Calls `f` on every three-card start, cards in ascending index order.
pub fn for_each_start(f: impl FnMut(&[Card; 3])) {
    SuitClasses::for_each_set(f);
}

/// The number of classes: 1,755.
pub fn class_count() -> usize {
    classes().count()
}

/// The class (`0..class_count()`) of three cards.
pub fn class_of(cards: &[Card; 3]) -> usize {
    classes().class_of(cards)
}

/// The class of `cards` when they are three distinct cards.
pub fn class_of_cards(cards: &[Card]) -> Option<usize> {
    classes().class_of_cards(cards)
}

/// The combos of class `class` (4, 12 or 24; 0 past the last class).
pub fn combos(class: usize) -> u32 {
    classes().combos(class)
}

/// The canonical representative of `class` (the module's documentation): its three cards from
/// the highest rank down.
pub fn representative(class: usize) -> [Card; 3] {
    classes().representative(class)
}

/// The canonical name of `class`: its representative written out, `AsAhKd`.
pub fn name(class: usize) -> String {
    classes().name(class)
}

/// The class of a start written as three cards (`KdQcKc`, any suits and order: a canonical
/// name is one such start); `None` for anything else.
pub fn parse_class(text: &str) -> Option<usize> {
    classes().parse_class(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every one of the 22,100 starts falls in one class, each class holding its combos.
    #[test]
    fn there_are_1755_classes_covering_every_start() {
        assert_eq!(class_count(), 1_755);
        let mut seen = vec![0u32; class_count()];
        let mut every = 0;
        for_each_start(|cards| {
            let class = class_of(cards);
            assert_eq!(
                classes().key(class),
                Some(key_of(cards)),
                "the key is found"
            );
            seen[class] += 1;
            every += 1;
        });
        assert_eq!(every, STARTS);
        for (class, &n) in seen.iter().enumerate() {
            assert_eq!(n, combos(class), "{}", name(class));
        }
        let by_combos = |k: u32| (0..class_count()).filter(|&c| combos(c) == k).count();
        // Trips and suited three-rank starts: 4; pairs and two-suited starts: 12; rainbow: 24.
        assert_eq!(by_combos(4), 13 + 286);
        assert_eq!(by_combos(12), 312 + 3 * 286);
        assert_eq!(by_combos(24), 286);
        assert_eq!(combos(class_count()), 0);
    }

    #[test]
    fn names_are_canonical_representatives_that_parse_back() {
        let name_of = |text: &str| name(parse_class(text).unwrap());
        assert_eq!(name_of("AcAdAh"), "AsAhAd");
        assert_eq!(name_of("KcAdAc"), "AsAhKs");
        assert_eq!(name_of("AdAcKh"), "AsAhKd");
        assert_eq!(name_of("Qd Kd Ad"), "AsKsQs");
        assert_eq!(name_of("2c3h4h"), "4s3s2h");
        assert_eq!(name_of("2h3c4h"), "4s3h2s");
        assert_eq!(name_of("2h3h4c"), "4s3h2h");
        assert_eq!(name_of("4♣3♦2♥"), "4s3h2d");
        for class in 0..class_count() {
            let rep = representative(class);
            assert_eq!(class_of(&rep), class);
            assert_eq!(parse_class(&name(class)), Some(class));
            let mut next = 0;
            for c in rep {
                let label = 3 - c.suit();
                assert!(label <= next, "{}", name(class));
                next = next.max(label + 1);
            }
        }
        for bad in ["AsAsKd", "AsKs", "AsKsQsJs", "AAK", "x", ""] {
            assert_eq!(parse_class(bad), None, "{bad}");
        }
    }
}
