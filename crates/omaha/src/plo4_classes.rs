//! The suit-isomorphic classes of four-card Omaha hands: 16,432 classes of the 270,725 hands,
//! two hands in one class when a relabelling of the suits turns one into the other (their
//! equity against a random hand is the same).
//!
//! A class is known by its *key*: the four suits' rank masks (13 bits each, the deuce lowest),
//! sorted from the largest down and packed into one `u64`. Relabelling suits permutes the masks,
//! so two hands share a key exactly when they share a class. The classes are numbered in
//! ascending key order.
//!
//! A class is written by its *canonical name*: the representative whose cards, listed from the
//! highest rank down (equal ranks by suit), use the suits `s`, `h`, `d`, `c` in that order of
//! first appearance, choosing among the relabellings the list that is smallest in that order:
//! `AsAhKsKh` (aces and kings double suited), `AsKhQdJc` (rainbow), `AsAhKsQd`.
//!
//! ```text
//!  AsAhKsKh  masks  s: A K   h: A K   d: -   c: -    → key (AK, AK, 0, 0), 6 combos
//!  AcKdQcJd  the same class as AsKhQsJh               → name AsKhQsJh
//! ```
//!
//! ```
//! use omaha::plo4_classes::{class_count, class_of_cards, name};
//! let cards = deck::parse_cards("Ac Kd Qc Jd").unwrap();
//! let class = class_of_cards(&cards).unwrap();
//! assert_eq!(name(class), "AsKhQsJh");
//! assert_eq!(class_count(), 16_432);
//! ```

use std::sync::OnceLock;

use deck::Card;
use deck::suit_classes::SuitClasses;

use crate::hand_classes::HandClasses;

/// Four-card hands: C(52, 4).
pub const HANDS: u32 = 270_725;

/// The classes and their hands, made once by going through all 270,725 hands.
pub fn hand_classes() -> &'static HandClasses<4> {
    static CLASSES: OnceLock<HandClasses<4>> = OnceLock::new();
    CLASSES.get_or_init(HandClasses::every)
}

/// The classes.
fn classes() -> &'static SuitClasses<4> {
    hand_classes().classes()
}

/// The key of a hand: its suits' rank masks sorted from the largest down, packed.
pub fn key_of(cards: &[Card; 4]) -> u64 {
    SuitClasses::key_of(cards)
}

/// Calls `f` on every four-card hand, cards in ascending index order.
pub fn for_each_hand(f: impl FnMut(&[Card; 4])) {
    SuitClasses::for_each_set(f);
}

/// The number of classes: 16,432.
pub fn class_count() -> usize {
    classes().count()
}

/// The class (`0..class_count()`) of four cards.
pub fn class_of(cards: &[Card; 4]) -> usize {
    classes().class_of(cards)
}

/// The class of `cards` when they are four distinct cards.
pub fn class_of_cards(cards: &[Card]) -> Option<usize> {
    classes().class_of_cards(cards)
}

/// The combos of class `class` (4 to 24).
pub fn combos(class: usize) -> u32 {
    classes().combos(class)
}

/// The hands of `class`, [`combos`] of them, each in ascending card order.
pub fn hands(class: usize) -> &'static [[Card; 4]] {
    hand_classes().hands(class)
}

/// The canonical representative of `class` (the module's documentation): its four cards from
/// the highest rank down.
pub fn representative(class: usize) -> [Card; 4] {
    classes().representative(class)
}

/// The canonical name of `class`: its representative written out, `AsAhKsKh`.
pub fn name(class: usize) -> String {
    classes().name(class)
}

/// The class of a hand written as four cards (`AcKdQcJd`, any suits: a canonical name is one
/// such hand); `None` for anything else.
pub fn parse_class(text: &str) -> Option<usize> {
    classes().parse_class(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_16432_classes_and_every_hand_is_in_one() {
        assert_eq!(class_count(), 16_432);
        let mut seen = vec![0u32; class_count()];
        let mut every = 0;
        for_each_hand(|cards| {
            let class = class_of(cards);
            assert_eq!(
                classes().key(class),
                Some(key_of(cards)),
                "the key is found, not its neighbour"
            );
            seen[class] += 1;
            every += 1;
        });
        assert_eq!(every, HANDS);
        for (class, &n) in seen.iter().enumerate() {
            assert_eq!(n, combos(class), "{}", name(class));
        }
        let total: u32 = (0..class_count()).map(combos).sum();
        assert_eq!(total, HANDS);
        for class in [0, 7_000, class_count() - 1] {
            assert_eq!(hands(class).len() as u32, combos(class));
            assert!(hands(class).iter().all(|h| class_of(h) == class));
        }
        assert!(hands(class_count()).is_empty());
    }

    #[test]
    fn names_are_canonical_representatives() {
        let name_of = |text: &str| name(parse_class(text).unwrap());
        assert_eq!(name_of("AhAsKhKs"), "AsAhKsKh");
        assert_eq!(name_of("AcKdQcJd"), "AsKhQsJh");
        assert_eq!(name_of("2c3d4h5s"), "5s4h3d2c");
        assert_eq!(name_of("AdAcKcQh"), "AsAhKsQd");
        assert_eq!(name_of("AcAdAhAs"), "AsAhAdAc");
        assert_eq!(combos(parse_class("AsAhKsKh").unwrap()), 6);
        assert_eq!(combos(parse_class("AsAhAdAc").unwrap()), 1);
        assert_eq!(combos(parse_class("AsKhQdJc").unwrap()), 24);
        assert_eq!(combos(parse_class("AsKsQsJs").unwrap()), 4);
        for class in 0..class_count() {
            let rep = representative(class);
            assert_eq!(class_of(&rep), class);
            assert_eq!(parse_class(&name(class)), Some(class));
            // Suits appear in the order s, h, d, c.
            let mut next = 0;
            for c in rep {
                let label = 3 - c.suit();
                assert!(label <= next, "{}", name(class));
                next = next.max(label + 1);
            }
        }
        for bad in ["AsAs2c3c", "AsKs", "AAKK", "x"] {
            assert_eq!(parse_class(bad), None, "{bad}");
        }
    }
}
