//! Deuce-to-seven ("Kansas City") lowball of exactly five cards: aces always high, straights and
//! flushes counting against the hand, the order the reverse of high poker's under those rules.

use std::fmt;

use deck::Card;

use crate::Category;

/// Bits of the badness key below the category.
const CATEGORY_SHIFT: u32 = 26;
/// Bits of the badness key below the largest group's ranks.
const GROUP_SHIFT: u32 = 13;
/// One more than the largest badness key (a royal flush's): values are `LIMIT - badness`, never 0.
const LIMIT: u32 = ((Category::RoyalFlush as u32) << CATEGORY_SHIFT | 0x1f00) + 1;

/// The strength of a five-card deuce-to-seven low: comparing two `DeuceSevenLow`s compares the
/// lows, the **larger** value being the **better** (lower) hand; equal values are exactly equal
/// hands.
///
/// The hand is ranked as a high hand in which the ace is always high: A-2-3-4-5 is no straight
/// but an ace-high hand (a flush if suited), A-K-Q-J-T is a straight. The value is
/// `9·2^26 + 0x1f01 − badness` (never 0), the badness key being the high hand's strength
///
/// ```text
///  bit  29     26 25             13 12              0
///      [category ][ largest group  ][ the other ranks ]   ranks as masks: bit 0 = 2 … bit 12 = A
///  category: Category's index (high card 0 … royal flush 9)
///  largest group: empty without a pair; the pair (or both pairs), the trips, the quads
///  other ranks: every rank not in the largest group (the pair of a full house, the kickers,
///               or all five ranks of an unpaired hand)
/// ```
///
/// Within a category the masks have fixed sizes, so comparing them as integers compares their
/// highest ranks first: the high-hand order. 7-5-4-3-2 unsuited is the best hand, then 7-6-4-3-2;
/// 8-6-5-4-3 beats 8-7-4-3-2; any unpaired hand beats a pair, and 6-5-4-3-2 is a straight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DeuceSevenLow(u32);

impl DeuceSevenLow {
    /// The best deuce-to-seven hand: 7-5-4-3-2 of at least two suits.
    pub const BEST: DeuceSevenLow = DeuceSevenLow(LIMIT - 0b10_1111);

    /// The raw value; larger is a better low. Never 0.
    #[inline]
    pub const fn value(self) -> u32 {
        self.0
    }

    /// The high-hand strength key drawn above: larger is a worse low.
    #[inline]
    const fn badness(self) -> u32 {
        LIMIT - self.0
    }

    /// The hand's category as a high hand under deuce-to-seven's rules: A-2-3-4-5 is
    /// [`Category::HighCard`] (or [`Category::Flush`] suited), A-K-Q-J-T a straight.
    #[inline]
    pub const fn category(self) -> Category {
        Category::ALL[(self.badness() >> CATEGORY_SHIFT) as usize]
    }

    /// The five ranks (0 = deuce … 12 = ace) in the order hands are compared: the largest group
    /// first (the pair of a one-pair hand, both pairs of two pair, higher first), each group's
    /// ranks high to low.
    pub fn ranks(self) -> [u8; 5] {
        let key = self.badness();
        let first = (key >> GROUP_SHIFT) as u16 & 0x1fff;
        let rest = key as u16 & 0x1fff;
        let (copies, rest_copies) = match self.category() {
            Category::Pair | Category::TwoPair => (2, 1),
            Category::ThreeOfAKind => (3, 1),
            Category::FullHouse => (3, 2),
            Category::FourOfAKind => (4, 1),
            _ => (0, 1),
        };
        let mut out = [0u8; 5];
        let mut at = 0;
        for (mask, times) in [(first, copies), (rest, rest_copies)] {
            for rank in (0..13u8).rev().filter(|r| mask >> r & 1 == 1) {
                for _ in 0..times {
                    if at < 5 {
                        out[at] = rank;
                        at += 1;
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for DeuceSevenLow {
    /// The five ranks as in [`DeuceSevenLow::ranks`], joined by dashes, followed by the category
    /// where the ranks alone do not tell it: `7-5-4-3-2`, `8-8-K-4-2`, `6-5-4-3-2 straight`,
    /// `7-5-4-3-2 flush`; the ace is high, so the wheel is `A-5-4-3-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &r) in self.ranks().iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{}", deck::RANK_CHARS[usize::from(r).min(12)])?;
        }
        match self.category() {
            Category::Straight => f.write_str(" straight"),
            Category::Flush => f.write_str(" flush"),
            Category::StraightFlush => f.write_str(" straight flush"),
            Category::RoyalFlush => f.write_str(" royal flush"),
            _ => Ok(()),
        }
    }
}

/// The ranks A-K-Q-J-T.
const BROADWAY: u32 = 0x1f00;

/// The category of a five-card hand by the bits of its shape index: bit 0 some rank twice or
/// more, bit 1 two such ranks, bit 2 some rank three times or more, bit 3 four times, bit 4 five
/// adjacent ranks, bit 5 one suit, bit 6 the ranks A-K-Q-J-T. Paired hands have bits 4 to 6
/// clear (no straight, and distinct cards of one suit are of distinct ranks); shapes no hand has
/// read high card.
const SHAPES: [Category; 128] = {
    let mut table = [Category::HighCard; 128];
    table[0b0001] = Category::Pair;
    table[0b0011] = Category::TwoPair;
    table[0b0101] = Category::ThreeOfAKind;
    table[0b0111] = Category::FullHouse;
    table[0b1101] = Category::FourOfAKind;
    table[0b001_0000] = Category::Straight;
    table[0b101_0000] = Category::Straight;
    table[0b010_0000] = Category::Flush;
    table[0b011_0000] = Category::StraightFlush;
    table[0b111_0000] = Category::RoyalFlush;
    table
};

/// The deuce-to-seven low of exactly five distinct cards.
///
/// Branch-free: the rank masks of cards held once, twice, three and four times are built with
/// four bit operations per card; which of them are nonempty, with the straight test (five
/// adjacent bits: the wheel's ace sits at bit 12, far from its deuce, so it is no straight) and
/// the flush test, index a 128-byte table of categories, and the largest group is the highest
/// nonempty multiplicity mask. (A `match` on the number of distinct ranks took up to twice as
/// long on hands in random order, its branches mispredicted.)
#[inline]
pub fn deuce_seven_low(cards: &[Card]) -> DeuceSevenLow {
    debug_assert_eq!(cards.len(), 5, "a deuce-to-seven hand has five cards");
    let (mut once, mut twice, mut thrice, mut four) = (0u32, 0u32, 0u32, 0u32);
    let mut suits = 0u32;
    for card in cards {
        let bit = 1u32 << card.rank();
        four |= thrice & bit;
        thrice |= twice & bit;
        twice |= once & bit;
        once |= bit;
        suits |= 1 << card.suit();
    }
    let straight = once >> once.trailing_zeros() == 0x1f;
    let flush = suits & (suits - 1) == 0;
    let index = usize::from(twice != 0)
        | usize::from(twice & twice.wrapping_sub(1) != 0) << 1
        | usize::from(thrice != 0) << 2
        | usize::from(four != 0) << 3
        | usize::from(straight) << 4
        | usize::from(flush) << 5
        | usize::from(once == BROADWAY) << 6;
    let category = SHAPES[index];
    let first = if four != 0 {
        four
    } else if thrice != 0 {
        thrice
    } else {
        twice
    };
    let badness = (category as u32) << CATEGORY_SHIFT | first << GROUP_SHIFT | (once ^ first);
    DeuceSevenLow(LIMIT - badness)
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn low(text: &str) -> DeuceSevenLow {
        deuce_seven_low(&parse_cards(text).unwrap())
    }

    #[test]
    fn named_hands_in_order() {
        // Best to worst; each a name, a hand, its category and its ranks as displayed.
        let cases = [
            ("number one", "7c5d4h3s2c", Category::HighCard, "7-5-4-3-2"),
            ("number two", "7c6d4h3s2c", Category::HighCard, "7-6-4-3-2"),
            (
                "seven-six-five",
                "7c6d5h3s2c",
                Category::HighCard,
                "7-6-5-3-2",
            ),
            ("eight-low", "8c5d4h3s2c", Category::HighCard, "8-5-4-3-2"),
            (
                "smooth eight",
                "8c6d5h4s3c",
                Category::HighCard,
                "8-6-5-4-3",
            ),
            ("rough eight", "8c7d6h5s3c", Category::HighCard, "8-7-6-5-3"),
            ("king-low", "KcQdJh9s8c", Category::HighCard, "K-Q-J-9-8"),
            (
                "the wheel is ace-high",
                "Ac5d4h3s2c",
                Category::HighCard,
                "A-5-4-3-2",
            ),
            ("ace-six", "Ac6d4h3s2c", Category::HighCard, "A-6-4-3-2"),
            (
                "worst high card",
                "AcKdQhJs9c",
                Category::HighCard,
                "A-K-Q-J-9",
            ),
            ("pair of deuces", "2c2d5h4s3c", Category::Pair, "2-2-5-4-3"),
            ("pair of eights", "8c8dKh4s2c", Category::Pair, "8-8-K-4-2"),
            ("pair of aces", "AcAdKhQsJc", Category::Pair, "A-A-K-Q-J"),
            ("two pair", "3c3d2h2sKc", Category::TwoPair, "3-3-2-2-K"),
            ("aces up", "AcAdKhKsQc", Category::TwoPair, "A-A-K-K-Q"),
            ("trips", "2c2d2h3s4c", Category::ThreeOfAKind, "2-2-2-4-3"),
            (
                "straight",
                "6c5d4h3s2c",
                Category::Straight,
                "6-5-4-3-2 straight",
            ),
            (
                "broadway",
                "AcKdQhJsTc",
                Category::Straight,
                "A-K-Q-J-T straight",
            ),
            (
                "best flush",
                "7h5h4h3h2h",
                Category::Flush,
                "7-5-4-3-2 flush",
            ),
            (
                "steel wheel is a flush",
                "Ah5h4h3h2h",
                Category::Flush,
                "A-5-4-3-2 flush",
            ),
            (
                "ace-six flush",
                "Ah6h4h3h2h",
                Category::Flush,
                "A-6-4-3-2 flush",
            ),
            ("full house", "2c2d2h3s3c", Category::FullHouse, "2-2-2-3-3"),
            ("quads", "2c2d2h2s3c", Category::FourOfAKind, "2-2-2-2-3"),
            (
                "quad aces",
                "AcAdAhAsKc",
                Category::FourOfAKind,
                "A-A-A-A-K",
            ),
            (
                "straight flush",
                "6s5s4s3s2s",
                Category::StraightFlush,
                "6-5-4-3-2 straight flush",
            ),
            (
                "king-high straight flush",
                "KsQsJsTs9s",
                Category::StraightFlush,
                "K-Q-J-T-9 straight flush",
            ),
            (
                "royal flush",
                "AsKsQsJsTs",
                Category::RoyalFlush,
                "A-K-Q-J-T royal flush",
            ),
        ];
        for pair in cases.windows(2) {
            let (a, b) = (low(pair[0].1), low(pair[1].1));
            assert!(a > b, "{} should beat {}: {a} vs {b}", pair[0].0, pair[1].0);
        }
        for (name, hand, category, text) in cases {
            assert_eq!(low(hand).category(), category, "{name}");
            assert_eq!(low(hand).to_string(), text, "{name}");
        }
        assert_eq!(low("7c5d4h3s2c"), DeuceSevenLow::BEST);
        assert_eq!(low("7h5h4h3h2c"), DeuceSevenLow::BEST);
        assert_eq!(low("Ah5h4c3h2h"), low("As5d4c3h2h"));
        assert!(low("AsKsQsJsTs").value() > 0);
    }

    #[test]
    fn ranks_come_largest_group_first() {
        assert_eq!(low("8c8dKh4s2c").ranks(), [6, 6, 11, 2, 0]);
        assert_eq!(low("3c3d2h2sKc").ranks(), [1, 1, 0, 0, 11]);
        assert_eq!(low("2c2d2h3s3c").ranks(), [0, 0, 0, 1, 1]);
        assert_eq!(low("2c2dAhAsAc").ranks(), [12, 12, 12, 0, 0]);
        assert_eq!(low("Ac5d4h3s2c").ranks(), [12, 3, 2, 1, 0]);
        assert_eq!(DeuceSevenLow::BEST.ranks(), [5, 3, 2, 1, 0]);
    }
}
