//! Omaha hand strength: exactly two hole cards and exactly three board cards, the best such five.
//!
//! A [`Board`] is prepared once per board and reused by every player: its row of the high table,
//! its 8-or-better low-rank mask and, only when three or more of its cards share a suit, that
//! suit's three-card rank masks. A [`Hole`] is prepared once per hand: its distinct rank pairs
//! as table columns, its rank mask per suit and its low-rank mask. Then
//!
//! ```text
//!  high = max over the hand's rank pairs of HIGH[board row][pair]        (≤ 15 loads, one row)
//!         max flush of two suited hole cards + three board cards of the suit (flush boards only)
//!  low  = LOW[hole low mask, board low mask]                               (one load)
//! ```
//!
//! Hold'em hi/lo's hands ([`HandRule::BestFive`]: two hole cards, the best five of the seven
//! for each half) are prepared and read through the same two types, the board keeping its
//! cards' [`HandKey`] for them:
//!
//! ```text
//!  high = RANK_STRENGTH[board key + the two cards' keys]                  (two loads)
//!         flush of the hole and board cards of the board's suit            (flush boards only)
//!  low  = EIGHT_LOW[hole low mask | board low mask]                        (one load)
//! ```
//!
//! The high strength is an [`eval::HandRank`] value (larger wins, equal values tie); the low
//! strength is a byte (larger wins, 0 = no qualifying low).

use deck::Card;
use engine::HandRule;
use eval::{HandKey, SuitMasks, eight_low_of_ranks, flush_strength};

use crate::flush::best_two_plus_three_flush;
use crate::tables::{LOW_BIT, PAIR_INDEX, Tables, board_row};

/// Most hole rank pairs of a hand (six hole cards: 15).
const MAX_PAIRS: usize = 15;

/// A five-card board prepared for evaluating every hand against it.
#[derive(Debug, Clone, Copy)]
pub struct Board {
    row: u32,
    /// The five cards' key, for the best-five rule.
    key: HandKey,
    low: u8,
    /// The suit with three or more board cards, or 4.
    flush_suit: u8,
    /// The ranks of the board's cards of that suit (three to five of them).
    flush_ranks: u16,
}

/// The additive part of a board under construction: enumerations extend it one card at a time
/// and finish it once per board.
#[derive(Debug, Clone, Copy)]
pub struct PartialBoard {
    key: HandKey,
    suits: u32,
    masks: SuitMasks,
    low: u8,
}

impl PartialBoard {
    /// No cards.
    pub const EMPTY: PartialBoard = PartialBoard {
        key: HandKey::EMPTY,
        suits: 0,
        masks: SuitMasks::EMPTY,
        low: 0,
    };

    /// With `card` added.
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> PartialBoard {
        PartialBoard {
            key: self.key.with(card),
            suits: self.suits + (1 << (8 * card.suit())),
            masks: self.masks.with(card),
            low: self.low | LOW_BIT[usize::from(card.rank())],
        }
    }

    /// The prepared board, once five cards have been added.
    #[inline(always)]
    pub fn finish(self) -> Board {
        // A byte of `suits` is 3 or more exactly when adding 125 sets its high bit (counts ≤ 5).
        let three = self.suits.wrapping_add(0x7d7d_7d7d) & 0x8080_8080;
        let flush_suit = if three != 0 {
            (three.trailing_zeros() / 8) as u8
        } else {
            4
        };
        Board {
            row: board_row(self.key) as u32,
            key: self.key,
            low: self.low,
            flush_suit,
            flush_ranks: self.masks.ranks(flush_suit & 3) * u16::from(three != 0),
        }
    }
}

impl PartialBoard {
    /// Only the flush part of the board of five added cards (its row and low mask are left
    /// empty), for callers that take the rest from a board of the same ranks.
    #[inline(always)]
    pub fn finish_flush(self) -> Board {
        let three = self.suits.wrapping_add(0x7d7d_7d7d) & 0x8080_8080;
        let flush_suit = if three != 0 {
            (three.trailing_zeros() / 8) as u8
        } else {
            4
        };
        Board {
            row: 0,
            key: self.key,
            low: 0,
            flush_suit,
            flush_ranks: self.masks.ranks(flush_suit & 3) * u16::from(three != 0),
        }
    }
}

impl Board {
    /// Prepares the five board cards (distinct).
    #[inline(always)]
    pub fn new(cards: &[Card; 5]) -> Board {
        cards
            .iter()
            .fold(PartialBoard::EMPTY, |b, &c| b.with(c))
            .finish()
    }

    /// Whether three or more board cards share a suit (flushes are possible).
    #[inline(always)]
    pub fn has_flush_suit(&self) -> bool {
        self.flush_suit < 4
    }

    /// Starts loading this board's row of the high table ([`Tables::prefetch_row`]), for a
    /// loop that prepares the next board before it plays the current one.
    #[inline(always)]
    pub fn prefetch(&self, tables: &Tables) {
        tables.prefetch_row(self.row as usize);
    }

    /// The board's 8-or-better low-rank mask (bit 0 ace … bit 7 eight).
    #[inline(always)]
    pub fn low_mask(&self) -> u8 {
        self.low
    }
}

/// A hand of 2 to 6 hole cards prepared for evaluation under its game's [`HandRule`].
#[derive(Debug, Clone, Copy)]
pub struct Hole {
    pairs: [u8; MAX_PAIRS],
    pair_count: u8,
    suit_ranks: [u16; 4],
    low: u8,
    /// [`HandRule::BestFive`]: the best five of the two hole cards and the board.
    best_five: bool,
    /// The first two cards, which the best-five rule adds to the board's key.
    two: [Card; 2],
}

impl Hole {
    /// Prepares `cards` (2 to 6 distinct cards; two under [`HandRule::BestFive`]) for `rule`.
    /// Rank pairs that repeat (`AAKK` has three distinct pairs, not six) are listed once.
    #[inline(always)]
    pub fn new(cards: &[Card], rule: HandRule) -> Hole {
        debug_assert!((2..=6).contains(&cards.len()));
        let best_five = matches!(rule, HandRule::BestFive);
        debug_assert!(!best_five || cards.len() == 2);
        let mut hole = Hole {
            pairs: [0; MAX_PAIRS],
            pair_count: 0,
            suit_ranks: [0; 4],
            low: 0,
            best_five,
            two: [cards[0], cards[1]],
        };
        let mut seen = 0u128;
        for (i, &a) in cards.iter().enumerate() {
            hole.suit_ranks[usize::from(a.suit())] |= 1 << a.rank();
            hole.low |= LOW_BIT[usize::from(a.rank())];
            for &b in &cards[i + 1..] {
                let pair = PAIR_INDEX[usize::from(a.rank()) * 13 + usize::from(b.rank())];
                if seen & 1 << pair == 0 {
                    seen |= 1 << pair;
                    hole.pairs[usize::from(hole.pair_count)] = pair;
                    hole.pair_count += 1;
                }
            }
        }
        hole
    }

    /// Prepares four distinct cards for Omaha's two-plus-three rule without looking for repeated
    /// rank pairs: all six pairs are kept (a repeat loads the same entry twice), so the hand is
    /// made without a branch, for loops that prepare a fresh random hand per showdown. It
    /// evaluates exactly as [`Hole::new`]`(cards, HandRule::TwoPlusThree)` does.
    #[inline(always)]
    pub fn of_four(cards: &[Card; 4]) -> Hole {
        let mut hole = Hole {
            pairs: [0; MAX_PAIRS],
            pair_count: 0,
            suit_ranks: [0; 4],
            low: 0,
            best_five: false,
            two: [cards[0], cards[1]],
        };
        hole.set_four(cards);
        hole
    }

    /// Makes this hand [`Hole::of_four`]`(cards)` in place, field by field: a loop that deals
    /// a fresh hand into the same place each round then reads back what it wrote, not a copy
    /// of a hand made elsewhere (a wide load of narrow stores, which the processor cannot
    /// forward).
    #[inline(always)]
    pub fn set_four(&mut self, cards: &[Card; 4]) {
        let pair =
            |a: Card, b: Card| PAIR_INDEX[usize::from(a.rank()) * 13 + usize::from(b.rank())];
        let [a, b, c, d] = *cards;
        // The four suits' rank masks packed in one word, so that no store of one mask is read
        // back as part of the array.
        let mut packed = 0u64;
        let mut low = 0;
        for x in cards {
            packed |= 1 << (u32::from(x.rank()) + 16 * u32::from(x.suit()));
            low |= LOW_BIT[usize::from(x.rank())];
        }
        self.suit_ranks = std::array::from_fn(|s| (packed >> (16 * s)) as u16);
        self.pairs[..6].copy_from_slice(&[
            pair(a, b),
            pair(a, c),
            pair(a, d),
            pair(b, c),
            pair(b, d),
            pair(c, d),
        ]);
        self.pair_count = 6;
        self.low = low;
        self.best_five = false;
        self.two = [a, b];
    }

    /// The best high hand of two of these cards and three of `board`'s, as a
    /// [`eval::HandRank::value`].
    #[inline(always)]
    pub fn high(&self, tables: &Tables, board: &Board) -> u16 {
        let best = self.high_without_flush(tables, board);
        if board.flush_suit < 4 {
            best.max(self.best_flush(board))
        } else {
            best
        }
    }

    /// The best high hand ignoring flushes: the same for every board of one rank multiset.
    #[inline(always)]
    pub fn high_without_flush(&self, tables: &Tables, board: &Board) -> u16 {
        if self.best_five {
            let key = board.key.with(self.two[0]).with(self.two[1]);
            return key.rank_strength().value();
        }
        let row = tables.high_row(board.row as usize);
        if self.pair_count == 6 {
            // Four cards' six pairs, read without a loop.
            let at = |i: usize| row[usize::from(self.pairs[i])];
            return (at(0).max(at(1)))
                .max(at(2).max(at(3)))
                .max(at(4).max(at(5)));
        }
        let mut best = 0;
        for &pair in &self.pairs[..usize::from(self.pair_count)] {
            best = best.max(row[usize::from(pair)]);
        }
        best
    }

    /// The best flush (or straight flush) on `board`, 0 if none: with
    /// [`Hole::high_without_flush`], the high hand is the larger of the two.
    #[inline(always)]
    pub fn flush_high(&self, board: &Board) -> u16 {
        if board.flush_suit < 4 {
            self.best_flush(board)
        } else {
            0
        }
    }

    /// The best flush of two hole cards and three board cards of the board's flush suit, or 0.
    #[inline(never)]
    fn best_flush(&self, board: &Board) -> u16 {
        let suited = self.suit_ranks[usize::from(board.flush_suit & 3)];
        if self.best_five {
            // Seven cards hold at most one flush suit, the board's, and no better hand beside
            // a flush: the best five of its cards of the suit.
            let all = suited | board.flush_ranks;
            return if all.count_ones() >= 5 {
                flush_strength(all).value()
            } else {
                0
            };
        }
        if suited.count_ones() < 2 {
            return 0;
        }
        best_two_plus_three_flush(suited, board.flush_ranks)
    }

    /// The best 8-or-better low against `board`: larger is better, 0 for none.
    #[inline(always)]
    pub fn low(&self, tables: &Tables, board: &Board) -> u8 {
        if self.best_five {
            eight_low_of_ranks(u16::from(self.low | board.low)).value()
        } else {
            tables.low(self.low, board.low)
        }
    }
}

/// The best Omaha high hand of `hole` (4 to 6 cards) on a five-card `board`, as a
/// [`eval::HandRank::value`]: larger wins, equal values tie.
pub fn high_value(hole: &[Card], board: &[Card; 5]) -> u16 {
    Hole::new(hole, HandRule::TwoPlusThree).high(Tables::get(), &Board::new(board))
}

/// The category of a high strength from [`Hole::high`] or [`high_value`] (its top four bits,
/// as in [`eval::HandRank`]).
#[inline(always)]
pub fn category_index(value: u16) -> usize {
    usize::from(value >> 12)
}

/// The best 8-or-better low of `hole` on a five-card `board`: its five ranks from highest to
/// lowest (ace = 1), or `None` without a qualifying low.
pub fn low_hand(hole: &[Card], board: &[Card; 5]) -> Option<[u8; 5]> {
    let strength = Hole::new(hole, HandRule::TwoPlusThree).low(Tables::get(), &Board::new(board));
    (strength != 0).then(|| {
        let mask = 255 - strength;
        let mut ranks = [0u8; 5];
        let mut i = 0;
        for bit in (0..8).rev() {
            if mask & 1 << bit != 0 {
                ranks[i] = bit + 1;
                i += 1;
            }
        }
        ranks
    })
}

#[cfg(test)]
mod tests;
