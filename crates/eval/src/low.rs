//! Ace-to-five lowball (razz): the lowest five-card hand among 5 to 7 cards, aces low, straights
//! and flushes ignored, pairs counting against a hand.

use std::fmt;

use deck::Card;

use crate::low_masks::LowMasks;

/// Shapes of a five-card low hand, best first: its place in the badness key's top bits.
const NO_PAIR: u32 = 0;
const ONE_PAIR: u32 = 1;
const TWO_PAIR: u32 = 2;
const TRIPS: u32 = 3;
const FULL_HOUSE: u32 = 4;
const QUADS: u32 = 5;

/// Bits of the badness key below the shape.
const SHAPE_SHIFT: u32 = 26;
/// Bits of the badness key below the first group's ranks.
const GROUP_SHIFT: u32 = 13;
/// One more than the largest badness key: strengths are `LIMIT - badness`, never 0.
const LIMIT: u32 = (QUADS + 1) << SHAPE_SHIFT;

/// The strength of a five-card ace-to-five low: comparing two `LowRank`s compares the lows, the
/// **larger** value being the **better** (lower) hand; equal values are exactly equal lows.
///
/// The value is `6·2^26 − badness` (never 0), with the badness key
///
/// ```text
///  bit  28   26 25            13 12              0
///      [ shape ][ first group   ][ the other ranks ]     ranks as masks: bit 0 = ace … 12 = king
///  shape 0 no pair: first group empty, the five ranks below
///        1 one pair: the pair's rank / three kickers      2 two pair: both pairs / the kicker
///        3 three of a kind / two kickers   4 full house: the trips / the pair   5 quads / kicker
/// ```
///
/// Within a shape, comparing masks of the same size as integers compares their highest ranks
/// first, which is how lows are read (8-6-4-3-2 is worse than 8-5-4-3-2, better than 9-2-3-4-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LowRank(u32);

impl LowRank {
    /// Below every low: the value of no hand (fewer than five cards).
    pub const WORST: LowRank = LowRank(1);

    /// The raw value; larger is a better low. Never 0.
    #[inline]
    pub const fn value(self) -> u32 {
        self.0
    }

    /// The badness key drawn above: smaller is better.
    #[inline]
    const fn badness(self) -> u32 {
        LIMIT - self.0
    }

    /// Whether the best five cards hold a pair or more (a "paired" low).
    #[inline]
    pub const fn is_paired(self) -> bool {
        self.badness() >> SHAPE_SHIFT != NO_PAIR
    }

    /// The highest card of an unpaired low, aces low (5 for a wheel, 6 to 13 for a six- to
    /// king-low), or `None` for a paired hand.
    #[inline]
    pub const fn top_card(self) -> Option<u8> {
        if self.is_paired() {
            None
        } else {
            Some((16 - (self.badness() as u16).leading_zeros()) as u8)
        }
    }

    /// The five ranks, aces low (1 = ace … 13 = king), in the order lows are compared: the
    /// largest group first (the pair of a one-pair hand), each group's ranks high to low.
    pub fn ranks(self) -> [u8; 5] {
        let key = self.badness();
        let first = (key >> GROUP_SHIFT) as u16 & 0x1fff;
        let rest = key as u16 & 0x1fff;
        let copies = match key >> SHAPE_SHIFT {
            ONE_PAIR | TWO_PAIR => 2,
            TRIPS | FULL_HOUSE => 3,
            QUADS => 4,
            _ => 0,
        };
        let rest_copies = if key >> SHAPE_SHIFT == FULL_HOUSE {
            2
        } else {
            1
        };
        let mut out = [0u8; 5];
        let mut at = 0;
        for (mask, times) in [(first, copies), (rest, rest_copies)] {
            for rank in (0..13u8).rev().filter(|r| mask >> r & 1 == 1) {
                for _ in 0..times {
                    if at < 5 {
                        out[at] = rank + 1;
                        at += 1;
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for LowRank {
    /// The five ranks as in [`LowRank::ranks`], joined by dashes: `7-5-4-3-A`, `3-3-7-5-A`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [char; 14] = [
            '?', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
        ];
        for (i, r) in self.ranks().iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{}", NAMES[usize::from(*r).min(13)])?;
        }
        Ok(())
    }
}

/// The five lowest ranks of a mask holding five or more.
#[inline(always)]
fn lowest_five(ranks: u16) -> u16 {
    let mut high = ranks;
    for _ in 0..5 {
        high &= high.wrapping_sub(1);
    }
    ranks ^ high
}

/// The lowest rank bit of a non-empty mask.
#[inline(always)]
fn lowest(mask: u16) -> u16 {
    mask & mask.wrapping_neg()
}

/// The best ace-to-five low among 5 to 7 cards summarised by `masks`.
///
/// With five distinct ranks or more the low is their lowest five: a table-free bit trick of five
/// dependent instructions. Otherwise (about 5 % of seven-card hands) every distinct rank is used
/// once and the fewest, lowest duplicates fill the hand, by the shape rules below.
#[inline(always)]
pub fn ace_five_low_parts(masks: LowMasks) -> LowRank {
    let ranks = masks.ranks();
    if ranks.count_ones() >= 5 {
        LowRank(LIMIT - u32::from(lowest_five(ranks)))
    } else {
        paired(masks)
    }
}

/// The paired lows: fewer than five distinct ranks among 5 to 7 cards.
#[cold]
#[inline(never)]
fn paired(masks: LowMasks) -> LowRank {
    let ranks = masks.ranks();
    let pairs = masks.pairs();
    let key = |shape: u32, first: u16, rest: u16| {
        LowRank(LIMIT - (shape << SHAPE_SHIFT | u32::from(first) << GROUP_SHIFT | u32::from(rest)))
    };
    match ranks.count_ones() {
        // Every rank once and the lowest duplicated rank again.
        4 => {
            let pair = lowest(pairs);
            key(ONE_PAIR, pair, ranks ^ pair)
        }
        3 => {
            if pairs.count_ones() >= 2 {
                // The two lowest pairs keep the higher pair lowest; the third rank kicks.
                let low = lowest(pairs);
                let both = low | lowest(pairs ^ low);
                key(TWO_PAIR, both, ranks ^ both)
            } else {
                // One rank held three times or more, the others once.
                key(TRIPS, pairs, ranks ^ pairs)
            }
        }
        2 => {
            let (a, b) = (lowest(ranks), ranks ^ lowest(ranks));
            let trips = masks.trips();
            if trips & a != 0 && pairs & b != 0 {
                key(FULL_HOUSE, a, b)
            } else if trips & b != 0 && pairs & a != 0 {
                key(FULL_HOUSE, b, a)
            } else {
                let quads = masks.quads();
                key(QUADS, quads, ranks ^ quads)
            }
        }
        // Fewer than five cards: not a hand; the worst value keeps the order total.
        _ => {
            debug_assert!(false, "a low takes 5 to 7 cards");
            LowRank::WORST
        }
    }
}

/// The best ace-to-five low among `cards` (5 to 7 distinct cards).
#[inline]
pub fn ace_five_low(cards: &[Card]) -> LowRank {
    debug_assert!((5..=7).contains(&cards.len()), "a low takes 5 to 7 cards");
    ace_five_low_parts(LowMasks::of(cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn low(text: &str) -> LowRank {
        ace_five_low(&parse_cards(text).unwrap())
    }

    #[test]
    fn named_lows_in_order() {
        // Best to worst; each a name, a hand and its five ranks as read.
        let cases = [
            (
                "wheel, straight and flush ignored",
                "Ah2h3h4h5h",
                "5-4-3-2-A",
            ),
            ("six-four", "6c4d3h2sAcKdQh", "6-4-3-2-A"),
            ("six-five", "6c5d3h2sAc", "6-5-3-2-A"),
            ("seven-low from seven cards", "7c5d4h3s2cKdKh", "7-5-4-3-2"),
            ("king-low", "KcQdJh9s8c", "K-Q-J-9-8"),
            ("pair of aces", "AcAd2h3s4c", "A-A-4-3-2"),
            ("pair of aces, worse kicker", "AcAd2h3s5c", "A-A-5-3-2"),
            ("pair of deuces", "2c2dAh3s4c", "2-2-4-3-A"),
            ("the lower pair plays", "KcKdAh2s3c3d3h", "3-3-K-2-A"),
            ("two pair, deuces and aces", "AcAd2h2s3c3d3h", "2-2-A-A-3"),
            ("two pair over a kicker", "AcAd2h2s5c5d5h", "2-2-A-A-5"),
            ("trips", "7c7d7hAs2c", "7-7-7-2-A"),
            ("trips beat nothing worse", "7c7d7h7sAs2c", "7-7-7-2-A"),
            ("full house, low trips", "AcAdAh2s2c2d", "A-A-A-2-2"),
            ("full house over quads", "AcAdAhAs2c2d2h", "A-A-A-2-2"),
            ("higher full house", "2c2d2hAsAc", "2-2-2-A-A"),
            ("quads", "AcAdAhAs2c", "A-A-A-A-2"),
            ("quads with a king", "QcQdQhQsKc", "Q-Q-Q-Q-K"),
        ];
        for pair in cases.windows(2) {
            let (a, b) = (low(pair[0].1), low(pair[1].1));
            assert!(
                a >= b,
                "{} should be at least {}: {a} vs {b}",
                pair[0].0,
                pair[1].0
            );
        }
        for (name, hand, ranks) in cases {
            assert_eq!(low(hand).to_string(), ranks, "{name}");
        }
        assert_eq!(low("7c7d7hAs2c"), low("7c7d7h7sAs2c"));
        assert!(low("AcAdAhAs2c2d2h") > low("2c2d2hAsAc"));
        assert!(low("8c6d4h3s2c") < low("8c5d4h3s2c"));
        assert!(low("8c6d4h3s2c") > low("9c2d3h4s5c"));
    }

    #[test]
    fn top_card_and_pairing() {
        assert_eq!(low("Ah2h3h4h5h").top_card(), Some(5));
        assert_eq!(low("KcQdJh9s8c").top_card(), Some(13));
        assert_eq!(low("7c5d4h3s2cKdKh").top_card(), Some(7));
        assert_eq!(low("AcAd2h3s4c").top_card(), None);
        assert!(low("AcAd2h3s4c").is_paired());
        assert!(!low("Ac2d3h4s9c").is_paired());
        assert!(low("Ac2d3h4s9c").value() > 0);
    }
}
