//! The low half of hold'em hi/lo: whether a combo holds an eight-or-better low on the board (and
//! whether it is the nut low), its low draws, and how often it ends the hand with a low and with
//! the nut low by the river.
//!
//! A low is five distinct ranks eight or lower among the combo's two cards and the board (aces
//! low; straights and flushes do not count against it), any of the seven cards playing, as
//! hold'em hi/lo deals it. The *nut low* is a low no other holding can beat: no two cards left
//! (neither on the board, dead, in the combo nor, by the river, on the runout) make a better
//! low with the board; a low that ties the best one is the nut low too.
//!
//! ```text
//!  ranks as 8-bit masks:  bit 0 = ace, bit 1 = deuce … bit 7 = eight
//!  a combo's low:         eight_low_of_ranks(board | combo)        (5 lowest of ≥ 5 ranks)
//!  the best other low:    max over two ranks r ≠ s still live of eight_low_of_ranks(board | r | s)
//! ```

use std::fmt;
use std::sync::OnceLock;

use deck::Card;
use eval::{EightLow, eight_low_of_ranks, low_bit};

/// A low class of the hits table: the made lows (exactly one per combo: [`LowClass::NutLow`],
/// [`LowClass::NonNutLow`] or [`LowClass::NoLow`]) and the low draws (at most one per combo,
/// none on the river).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum LowClass {
    /// An eight-or-better low that no other holding beats (ties included).
    NutLow,
    /// An eight-or-better low that some other holding beats.
    NonNutLow,
    /// No eight-or-better low yet.
    NoLow,
    /// No low yet, four distinct low ranks among the combo and the board, and a card of a fifth
    /// low rank still to come: the next card can make a low.
    LowDraw,
    /// Flop only: no low yet, three distinct low ranks, and two more low ranks still to come:
    /// the turn and the river together can make a low.
    BackdoorLowDraw,
}

impl LowClass {
    /// Number of low classes.
    pub const COUNT: usize = 5;

    /// Every low class, in output order: the made lows, then the draws.
    pub const ALL: [LowClass; Self::COUNT] = [
        Self::NutLow,
        Self::NonNutLow,
        Self::NoLow,
        Self::LowDraw,
        Self::BackdoorLowDraw,
    ];

    /// The stable snake_case name used in CSV and JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Self::NutLow => "nut_low",
            Self::NonNutLow => "non_nut_low",
            Self::NoLow => "no_low",
            Self::LowDraw => "low_draw",
            Self::BackdoorLowDraw => "backdoor_low_draw",
        }
    }

    /// `low` for the made lows (exclusive), `low_draw` for the draws (overlapping).
    pub const fn kind(self) -> &'static str {
        if self.is_draw() { "low_draw" } else { "low" }
    }

    /// Whether the class is a draw.
    pub const fn is_draw(self) -> bool {
        matches!(self, Self::LowDraw | Self::BackdoorLowDraw)
    }

    /// The class's position in [`LowClass::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for LowClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one combo holds for the low: its made low and its low draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LowHolding {
    /// [`LowClass::NutLow`], [`LowClass::NonNutLow`] or [`LowClass::NoLow`].
    pub made: LowClass,
    /// [`LowClass::LowDraw`], [`LowClass::BackdoorLowDraw`] or none.
    pub draw: Option<LowClass>,
}

/// The low ranks of one card as an 8-bit mask (0 for a nine or higher).
#[inline]
pub(crate) fn low_mask(card: Card) -> u8 {
    (low_bit(card) & 0xff) as u8
}

/// The low ranks of `cards` as an 8-bit mask.
pub(crate) fn low_mask_of(cards: &[Card]) -> u8 {
    cards.iter().fold(0, |m, &c| m | low_mask(c))
}

/// The best low any holding of two cards from the live ranks `live` (an 8-bit mask of the low
/// ranks with a card left) makes with a board of low ranks `board`; [`EightLow::NONE`] if none.
pub(crate) fn best_low(board: u8, live: u8) -> EightLow {
    let mut best = eight_low_of_ranks(u16::from(board));
    let mut rest = live;
    while rest != 0 {
        let r = rest & rest.wrapping_neg();
        rest &= rest - 1;
        best = best.max(eight_low_of_ranks(u16::from(board | r)));
        let mut others = rest;
        while others != 0 {
            let s = others & others.wrapping_neg();
            others &= others - 1;
            best = best.max(eight_low_of_ranks(u16::from(board | r | s)));
        }
    }
    best
}

/// [`best_low`] for every pair of masks, indexed `board << 8 | live`: built once per process,
/// on first use.
pub(crate) fn best_low_table() -> &'static [EightLow] {
    static TABLE: OnceLock<Vec<EightLow>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=u16::MAX)
            .map(|i| best_low((i >> 8) as u8, i as u8))
            .collect()
    })
}

/// The cards left per low rank (bit 0 = ace … bit 7 = eight).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LiveLows([u8; 8]);

impl LiveLows {
    /// The low cards among `cards`, counted by rank.
    pub(crate) fn of(cards: impl IntoIterator<Item = Card>) -> Self {
        let mut counts = [0u8; 8];
        for card in cards {
            let m = low_mask(card);
            if m != 0 {
                counts[m.trailing_zeros() as usize] += 1;
            }
        }
        Self(counts)
    }

    /// These counts without `cards`.
    #[must_use]
    pub(crate) fn without(mut self, cards: &[Card]) -> Self {
        for &card in cards {
            let m = low_mask(card);
            if m != 0 {
                let n = &mut self.0[m.trailing_zeros() as usize];
                *n = n.saturating_sub(1);
            }
        }
        self
    }

    /// The ranks with a card left, as an 8-bit mask.
    pub(crate) fn mask(self) -> u8 {
        self.0
            .iter()
            .enumerate()
            .fold(0, |m, (i, &n)| if n > 0 { m | 1 << i } else { m })
    }
}

/// The low class of `combo` on a board of low ranks `board` with `to_come` cards still to come,
/// `live` the low cards neither on the board, dead nor in the combo.
pub(crate) fn low_holding(
    board: u8,
    combo: [Card; 2],
    live: LiveLows,
    to_come: usize,
) -> LowHolding {
    let ours = board | low_mask_of(&combo);
    let low = eight_low_of_ranks(u16::from(ours));
    let live = live.mask();
    if low.qualifies() {
        let made = if low >= best_low(board, live) {
            LowClass::NutLow
        } else {
            LowClass::NonNutLow
        };
        return LowHolding { made, draw: None };
    }
    let missing = (live & !ours).count_ones();
    let draw = match (ours.count_ones(), to_come) {
        (4, 1 | 2) if missing >= 1 => Some(LowClass::LowDraw),
        (3, 2) if missing >= 2 => Some(LowClass::BackdoorLowDraw),
        _ => None,
    };
    LowHolding {
        made: LowClass::NoLow,
        draw,
    }
}

/// Over every runout of `rest` (the cards that can still come, the combo's excluded) completing
/// the board to five: how many end with a low for `combo` and how many with the nut low.
/// `board` is the board's low-rank mask, `live` the low cards left counted by rank (those of
/// `rest`), `best` a [`best_low_table`].
pub(crate) fn low_runouts(
    board: u8,
    combo: [Card; 2],
    rest: &[Card],
    to_come: usize,
    live: LiveLows,
    best: &[EightLow],
) -> (u32, u32) {
    let ours = board | low_mask_of(&combo);
    let (mut lows, mut nuts) = (0, 0);
    let mut count = |cards: &[Card]| {
        let runout = low_mask_of(cards);
        let low = eight_low_of_ranks(u16::from(ours | runout));
        if low.qualifies() {
            lows += 1;
            let left = live.without(cards).mask();
            if low >= best[usize::from(board | runout) << 8 | usize::from(left)] {
                nuts += 1;
            }
        }
    };
    match to_come {
        0 => count(&[]),
        1 => rest.iter().for_each(|&c| count(&[c])),
        _ => {
            for (i, &first) in rest.iter().enumerate() {
                for &second in &rest[i + 1..] {
                    count(&[first, second]);
                }
            }
        }
    }
    (lows, nuts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    #[test]
    fn names_and_kinds_are_stable() {
        let names: Vec<&str> = LowClass::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(
            names,
            [
                "nut_low",
                "non_nut_low",
                "no_low",
                "low_draw",
                "backdoor_low_draw"
            ]
        );
        for (i, class) in LowClass::ALL.into_iter().enumerate() {
            assert_eq!(class.index(), i);
        }
        assert_eq!(LowClass::NoLow.kind(), "low");
        assert_eq!(LowClass::BackdoorLowDraw.kind(), "low_draw");
    }

    #[test]
    fn the_best_low_takes_two_live_ranks() {
        let board = low_mask_of(&parse_cards("3c 4d 7h").unwrap());
        // Every rank live: A-2 makes 7-4-3-2-A.
        assert_eq!(best_low(board, 0xff).mask(), 0b0100_1111);
        // No ace or deuce left: 5-6 makes 7-6-5-4-3.
        assert_eq!(best_low(board, 0xfc).mask(), 0b0111_1100);
        // One live rank cannot make a low on a three-card low board.
        assert!(!best_low(board, 0b1).qualifies());
        let table = best_low_table();
        assert_eq!(table[usize::from(board) << 8 | 0xfc], best_low(board, 0xfc));
    }
}
