//! The eight-or-better low of hi/lo games: five distinct ranks eight or lower, aces low,
//! straights and flushes ignored; a hand without five such ranks has no low.

use std::fmt;

use deck::Card;

use crate::low_masks::LowMasks;

/// `255 − (lowest five ranks of m)` for every mask `m` of the ranks ace to eight holding five or
/// more, 0 otherwise.
const TABLE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        if (m as u32).count_ones() >= 5 {
            let mut high = m;
            let mut k = 0;
            while k < 5 {
                high &= high - 1;
                k += 1;
            }
            table[m] = (255 - (m ^ high)) as u8;
        }
        m += 1;
    }
    table
};

/// An eight-or-better low: comparing two `EightLow`s compares the lows, the **larger** value the
/// **better** (lower) hand; 0 ([`EightLow::NONE`]) is no qualifying low, below every low.
///
/// ```text
///  value = 255 − mask      mask: the five ranks, bit 0 = ace … bit 7 = eight
///  A-2-3-4-5 → 255 − 0b0001_1111 = 224 (the best)     8-7-6-5-4 → 255 − 0b1111_1000 = 7
/// ```
///
/// Integer order of five-bit masks is the order of lows read from the top card down, so the
/// values order the lows (and equal values are equal lows, as in Omaha's low column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct EightLow(u8);

impl EightLow {
    /// No qualifying low.
    pub const NONE: EightLow = EightLow(0);

    /// The low of a raw value from the table (0 or a value the table holds).
    #[inline(always)]
    pub(crate) const fn from_value(value: u8) -> EightLow {
        EightLow(value)
    }

    /// The raw value: 0 for none, otherwise 7 to 224, larger better.
    #[inline]
    pub const fn value(self) -> u8 {
        self.0
    }

    /// Whether the hand has a qualifying low.
    #[inline]
    pub const fn qualifies(self) -> bool {
        self.0 != 0
    }

    /// The five ranks' mask (bit 0 = ace … bit 7 = eight), 0 for none.
    #[inline]
    pub const fn mask(self) -> u8 {
        if self.0 == 0 { 0 } else { 255 - self.0 }
    }

    /// The highest card of the low, aces low (5 to 8), or `None` without a low.
    #[inline]
    pub const fn top_card(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some((8 - self.mask().leading_zeros()) as u8)
        }
    }
}

impl fmt::Display for EightLow {
    /// The five ranks high to low (`8-6-4-2-A`), or `no low`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [char; 8] = ['A', '2', '3', '4', '5', '6', '7', '8'];
        if self.0 == 0 {
            return f.write_str("no low");
        }
        let mask = self.mask();
        let mut first = true;
        for r in (0..8).rev().filter(|r| mask >> r & 1 == 1) {
            if !first {
                f.write_str("-")?;
            }
            first = false;
            write!(f, "{}", NAMES[r])?;
        }
        Ok(())
    }
}

/// The eight-or-better low of a set of cards from its ranks (bit 0 = ace … bit 12 = king, as
/// [`LowMasks::ranks`] gives them): one table load.
#[inline(always)]
pub fn eight_low_of_ranks(ranks: u16) -> EightLow {
    EightLow(TABLE[usize::from(ranks & 0xff)])
}

/// The eight-or-better low of 5 to 7 cards summarised by `masks`.
#[inline(always)]
pub fn eight_low_parts(masks: LowMasks) -> EightLow {
    eight_low_of_ranks(masks.ranks())
}

/// The eight-or-better low among `cards` (5 to 7 distinct cards).
#[inline]
pub fn eight_low(cards: &[Card]) -> EightLow {
    debug_assert!((5..=7).contains(&cards.len()), "a low takes 5 to 7 cards");
    eight_low_parts(LowMasks::of(cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn low(text: &str) -> EightLow {
        eight_low(&parse_cards(text).unwrap())
    }

    #[test]
    fn qualifying_lows_in_order() {
        let cases = [
            ("wheel", "Ah2h3h4h5hKsKd", "5-4-3-2-A"),
            ("six-four", "6c4d3h2sAc", "6-4-3-2-A"),
            ("pairs ignored", "6c4d3h2sAcAd2d", "6-4-3-2-A"),
            ("seven-six", "7c6d3h2sAc", "7-6-3-2-A"),
            ("eight-low", "8c7d6h5s4c", "8-7-6-5-4"),
        ];
        for pair in cases.windows(2) {
            assert!(low(pair[0].1) >= low(pair[1].1), "{}", pair[0].0);
        }
        for (name, hand, text) in cases {
            assert_eq!(low(hand).to_string(), text, "{name}");
            assert!(low(hand) > EightLow::NONE);
        }
        assert_eq!(low("Ah2h3h4h5h").value(), 224);
        assert_eq!(low("8c7d6h5s4c").value(), 7);
        assert_eq!(low("6c4d3h2sAc").top_card(), Some(6));
    }

    #[test]
    fn hands_without_five_low_ranks_do_not_qualify() {
        for hand in [
            "9c7d6h5s4c",
            "AcAd2h3s4cKdKh",
            "8c8d7h6s5c5dQh",
            "Ah2h3h4h9s",
        ] {
            assert_eq!(low(hand), EightLow::NONE, "{hand}");
            assert_eq!(low(hand).top_card(), None);
            assert_eq!(low(hand).to_string(), "no low");
        }
    }
}
