//! Hand categories, weakest to strongest, with stable names.

use std::fmt;
use std::str::FromStr;

/// The class of a best five-card hand, ordered weakest to strongest.
///
/// A royal flush (the ace-high straight flush) has a category of its own;
/// [`Category::StraightFlush`] excludes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Category {
    /// No pair, straight or flush.
    HighCard = 0,
    /// One pair.
    Pair = 1,
    /// Two pairs.
    TwoPair = 2,
    /// Three cards of one rank.
    ThreeOfAKind = 3,
    /// Five consecutive ranks (the ace may play low: A-2-3-4-5).
    Straight = 4,
    /// Five cards of one suit.
    Flush = 5,
    /// Three of one rank and two of another.
    FullHouse = 6,
    /// Four cards of one rank.
    FourOfAKind = 7,
    /// A straight in one suit, up to king-high (the steel wheel A-2-3-4-5 included).
    StraightFlush = 8,
    /// The ace-high straight flush.
    RoyalFlush = 9,
}

impl Category {
    /// Number of categories.
    pub const COUNT: usize = 10;

    /// Every category, weakest to strongest.
    pub const ALL: [Category; Self::COUNT] = [
        Self::HighCard,
        Self::Pair,
        Self::TwoPair,
        Self::ThreeOfAKind,
        Self::Straight,
        Self::Flush,
        Self::FullHouse,
        Self::FourOfAKind,
        Self::StraightFlush,
        Self::RoyalFlush,
    ];

    /// Every category's [`Category::name`], weakest to strongest: the rows of a category table.
    pub const NAMES: [&'static str; Self::COUNT] = {
        let mut names = [""; Self::COUNT];
        let mut i = 0;
        while i < Self::COUNT {
            names[i] = Self::ALL[i].name();
            i += 1;
        }
        names
    };

    /// The stable snake_case name used in CSV and JSON output (`high_card` … `royal_flush`).
    pub const fn name(self) -> &'static str {
        match self {
            Self::HighCard => "high_card",
            Self::Pair => "pair",
            Self::TwoPair => "two_pair",
            Self::ThreeOfAKind => "three_of_a_kind",
            Self::Straight => "straight",
            Self::Flush => "flush",
            Self::FullHouse => "full_house",
            Self::FourOfAKind => "four_of_a_kind",
            Self::StraightFlush => "straight_flush",
            Self::RoyalFlush => "royal_flush",
        }
    }

    /// The category's position in [`Category::ALL`], for indexing count arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Distinct five-card hand values of the category (7,462 in all): a
    /// [`HandRank`](crate::HandRank)'s order within its category is below this.
    pub const fn hands(self) -> u16 {
        match self {
            Self::HighCard | Self::Flush => 1_277,
            Self::Pair => 2_860,
            Self::TwoPair | Self::ThreeOfAKind => 858,
            Self::Straight => 10,
            Self::FullHouse | Self::FourOfAKind => 156,
            Self::StraightFlush => 9,
            Self::RoyalFlush => 1,
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not one of the category names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCategory(pub String);

impl fmt::Display for UnknownCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown hand category {:?}", self.0)
    }
}

impl std::error::Error for UnknownCategory {}

impl FromStr for Category {
    type Err = UnknownCategory;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| UnknownCategory(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_indices_follow_order() {
        for (i, category) in Category::ALL.into_iter().enumerate() {
            assert_eq!(category.index(), i);
            assert_eq!(category.name().parse::<Category>(), Ok(category));
        }
        assert!(Category::ALL.windows(2).all(|w| w[0] < w[1]));
        assert!("royal".parse::<Category>().is_err());
    }
}
