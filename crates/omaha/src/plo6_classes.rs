//! The suit-isomorphic classes of six-card Omaha hands: 962,988 classes of the 20,358,520
//! hands, two hands in one class when a relabelling of the suits turns one into the other.
//! Keys, numbering and canonical names are those of [`crate::plo4_classes`] with six cards:
//! `AsAhKsKhQdJc`. The classes are listed from the rank masks, not hand by hand, and a
//! class's hands are made from its representative when asked for (listing all 20 M hands by
//! class would take 122 MB).
//!
//! ```
//! use omaha::plo6_classes::{class_count, combos, hands, name, parse_class};
//! let class = parse_class("Ac Kd Qc Jd 2h 3s").unwrap();
//! assert_eq!(name(class), "AsKhQsJh3d2c");
//! assert_eq!(combos(class), 24);
//! assert_eq!(hands(class).len(), 24);
//! assert_eq!(class_count(), 962_988);
//! ```

use std::sync::OnceLock;

use deck::Card;
use deck::suit_classes::SuitClasses;

/// Six-card hands: C(52, 6).
pub const HANDS: u32 = 20_358_520;

/// The classes, listed once.
pub fn classes() -> &'static SuitClasses<6> {
    static CLASSES: OnceLock<SuitClasses<6>> = OnceLock::new();
    CLASSES.get_or_init(SuitClasses::every)
}

/// The number of classes: 962,988.
pub fn class_count() -> usize {
    classes().count()
}

/// The combos of class `class` (4 to 24); 0 past the last.
pub fn combos(class: usize) -> u32 {
    classes().combos(class)
}

/// The canonical representative of `class`: its six cards from the highest rank down.
pub fn representative(class: usize) -> [Card; 6] {
    classes().representative(class)
}

/// The hands of `class`, [`combos`] of them, each in ascending card order, in the order of
/// [`SuitClasses::for_each_set`]; none past the last class.
pub fn hands(class: usize) -> Vec<[Card; 6]> {
    classes().hands(class)
}

/// The canonical name of `class`: its representative written out, `AsAhKsKhQdJc`.
pub fn name(class: usize) -> String {
    classes().name(class)
}

/// The class of a hand written as six cards (any suits); `None` for anything else.
pub fn parse_class(text: &str) -> Option<usize> {
    classes().parse_class(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every hand lies in the class its key names, and each class's combos are its hands:
    /// checked over every six-card hand once.
    #[test]
    fn there_are_962988_classes_and_every_hand_is_in_one() {
        assert_eq!(class_count(), 962_988);
        let mut seen = vec![0u32; class_count()];
        SuitClasses::<6>::for_each_set(|cards| seen[classes().class_of(cards)] += 1);
        assert!(
            seen.iter()
                .enumerate()
                .all(|(class, &n)| n == combos(class))
        );
        assert_eq!(seen.iter().sum::<u32>(), HANDS);
        for class in [0, 1, 480_000, class_count() - 1] {
            let hands = hands(class);
            assert_eq!(hands.len() as u32, combos(class));
            assert!(hands.iter().all(|h| classes().class_of(h) == class));
            assert_eq!(parse_class(&name(class)), Some(class));
        }
    }

    #[test]
    fn names_are_canonical_representatives() {
        let name_of = |text: &str| name(parse_class(text).unwrap());
        assert_eq!(name_of("AhAsKhKsQcJd"), "AsAhKsKhQdJc");
        assert_eq!(name_of("2c3d4h5s6c7d"), "7s6h5d4c3s2h");
        assert_eq!(combos(parse_class("AsKsQsJsTs9s").unwrap()), 4);
        assert_eq!(combos(parse_class("AsAhAdAcKsKh").unwrap()), 6);
        for bad in ["AsAhKsKhQd", "AsAs2c3c4d5d", "x"] {
            assert_eq!(parse_class(bad), None, "{bad}");
        }
    }
}
