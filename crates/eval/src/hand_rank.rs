//! The total order on hands.

use std::fmt;

use crate::Category;

/// A hand's strength: `category << 12 | order`, where `order` is the hand's dense position among
/// the five-card hands of its category, weakest first.
///
/// ```text
///  bit  15      12 11                    0
///      [ category ][ order in category     ]
/// ```
///
/// Comparing two `HandRank`s compares the hands: equal ranks are exactly the hands of equal poker
/// value, and there are 7,462 distinct ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandRank(pub(crate) u16);

impl HandRank {
    /// The raw 16-bit value; larger is stronger.
    #[inline]
    pub const fn value(self) -> u16 {
        self.0
    }

    /// The strength whose raw value is `value`, if some hand has it: a category below
    /// [`Category::COUNT`] and an order below that category's [`Category::hands`].
    pub const fn from_value(value: u16) -> Option<Self> {
        let category = (value >> 12) as usize;
        if category < Category::COUNT && value & 0x0fff < Category::ALL[category].hands() {
            Some(Self(value))
        } else {
            None
        }
    }

    /// The hand's category.
    #[inline]
    pub const fn category(self) -> Category {
        Category::ALL[(self.0 >> 12) as usize]
    }

    /// The category's index in [`Category::ALL`] (`0..10`), for indexing count arrays without a
    /// bounds check when they have 16 slots.
    #[inline]
    pub const fn category_index(self) -> usize {
        (self.0 >> 12) as usize
    }

    /// The hand's position among the hands of its category, 0 for the weakest.
    #[inline]
    pub const fn order_in_category(self) -> u16 {
        self.0 & 0x0fff
    }
}

impl fmt::Display for HandRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} #{}", self.category(), self.order_in_category())
    }
}
