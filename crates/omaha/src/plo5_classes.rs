//! The suit-isomorphic classes of five-card Omaha hands: 134,459 classes of the 2,598,960
//! hands, two hands in one class when a relabelling of the suits turns one into the other.
//! Keys, numbering and canonical names are those of [`crate::plo4_classes`] with five cards:
//! `AsAhKsKhQd`, `AsKhQdJc9s`.
//!
//! ```
//! use omaha::plo5_classes::{class_count, combos, name, parse_class};
//! let class = parse_class("Ac Kd Qc Jd 2h").unwrap();
//! assert_eq!(name(class), "AsKhQsJh2d");
//! assert_eq!(combos(class), 24);
//! assert_eq!(class_count(), 134_459);
//! ```

use std::sync::OnceLock;

use deck::Card;

use crate::hand_classes::HandClasses;

/// Five-card hands: C(52, 5).
pub const HANDS: u32 = 2_598_960;

/// The classes and their hands, made once by going through all 2,598,960 hands.
pub fn hand_classes() -> &'static HandClasses<5> {
    static CLASSES: OnceLock<HandClasses<5>> = OnceLock::new();
    CLASSES.get_or_init(HandClasses::every)
}

/// The number of classes: 134,459.
pub fn class_count() -> usize {
    hand_classes().count()
}

/// The combos of class `class` (4 to 24).
pub fn combos(class: usize) -> u32 {
    hand_classes().combos(class)
}

/// The canonical representative of `class`: its five cards from the highest rank down.
pub fn representative(class: usize) -> [Card; 5] {
    hand_classes().classes().representative(class)
}

/// The canonical name of `class`: its representative written out, `AsAhKsKhQd`.
pub fn name(class: usize) -> String {
    hand_classes().classes().name(class)
}

/// The class of a hand written as five cards (any suits); `None` for anything else.
pub fn parse_class(text: &str) -> Option<usize> {
    hand_classes().classes().parse_class(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::suit_classes::SuitClasses;

    #[test]
    fn there_are_134459_classes_and_every_hand_is_in_one() {
        assert_eq!(class_count(), 134_459);
        let mut seen = vec![0u32; class_count()];
        SuitClasses::<5>::for_each_set(|cards| {
            seen[hand_classes().classes().class_of(cards)] += 1;
        });
        for (class, &n) in seen.iter().enumerate() {
            assert_eq!(n, combos(class), "{}", name(class));
        }
        assert_eq!(seen.iter().sum::<u32>(), HANDS);
        for class in [0, 70_000, class_count() - 1] {
            let hands = hand_classes().hands(class);
            assert_eq!(hands.len() as u32, combos(class));
            assert!(
                hands
                    .iter()
                    .all(|h| hand_classes().classes().class_of(h) == class)
            );
            assert_eq!(parse_class(&name(class)), Some(class));
        }
    }

    #[test]
    fn names_are_canonical_representatives() {
        let name_of = |text: &str| name(parse_class(text).unwrap());
        assert_eq!(name_of("AhAsKhKsQc"), "AsAhKsKhQd");
        assert_eq!(name_of("2c3d4h5s6c"), "6s5h4d3c2s");
        assert_eq!(combos(parse_class("AsKsQsJsTs").unwrap()), 4);
        assert_eq!(combos(parse_class("AsAhAdAcKs").unwrap()), 4);
        for bad in ["AsAhKsKh", "AsAs2c3c4d", "x"] {
            assert_eq!(parse_class(bad), None, "{bad}");
        }
    }
}
