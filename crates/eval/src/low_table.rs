//! Lows read from a [`HandKey`]: the ace-to-five and eight-or-better lows of every multiset of
//! 5 to 7 ranks, stored at the multiset's slot of the high evaluator's perfect hash.
//!
//! A low depends on the ranks alone, and a hand key already sums to a distinct hash for every
//! multiset of ranks. Hot loops that keep a key per player (one addition per dealt card) can so
//! read a player's high hand, razz low and eight-or-better low with one hash each:
//!
//! ```text
//!  key ─▶ rank hash h ─▶ slot = row_start(h >> 12) + (h & 4095) ─┬─▶ RANK_TABLE[slot]  (high, no flush)
//!                                                                ├─▶ razz[slot]        (LowRank)
//!                                                                └─▶ eight[slot]       (EightLow)
//! ```
//!
//! The tables take about 410 KiB, are built once per process (a few milliseconds: every
//! multiset of 5 to 7 ranks valued by [`crate::ace_five_low_parts`] and
//! [`crate::eight_low_parts`]), and agree with those evaluators on every multiset (tested).

use std::sync::OnceLock;

use deck::Card;

use crate::tables::{RANK_TABLE, ROW_SHIFT, row_start};
use crate::{EightLow, HandKey, LowMasks, LowRank, ace_five_low_parts, eight_low_parts};

/// Razz and eight-or-better lows per slot of the rank hash.
#[derive(Debug)]
pub struct LowTable {
    razz: Box<[LowRank]>,
    eight: Box<[u8]>,
}

static TABLE: OnceLock<LowTable> = OnceLock::new();

/// The slot of a key's rank multiset in the rank tables.
#[inline(always)]
fn slot(key: HandKey) -> usize {
    let hash = key.rank_hash();
    row_start((hash >> ROW_SHIFT) as usize) + (hash & ((1 << ROW_SHIFT) - 1)) as usize
}

impl LowTable {
    /// The tables, built on first use.
    pub fn get() -> &'static LowTable {
        TABLE.get_or_init(LowTable::build)
    }

    fn build() -> LowTable {
        let mut table = LowTable {
            razz: vec![LowRank::WORST; RANK_TABLE.len()].into_boxed_slice(),
            eight: vec![0u8; RANK_TABLE.len()].into_boxed_slice(),
        };
        table.fill(0, 0, HandKey::EMPTY, LowMasks::EMPTY);
        table
    }

    /// Stores the lows of every multiset of 5 to 7 ranks that extends the `cards` cards
    /// summarised by `key` and `masks` (ranks below `rank`) with ranks from `rank` on. Suits
    /// only make the cards distinct: the rank hash and the lows ignore them.
    fn fill(&mut self, rank: u8, cards: usize, key: HandKey, masks: LowMasks) {
        if rank == 13 {
            if cards >= 5 {
                let at = slot(key);
                self.razz[at] = ace_five_low_parts(masks);
                self.eight[at] = eight_low_parts(masks).value();
            }
            return;
        }
        let (mut key, mut masks) = (key, masks);
        for copies in 0..=(7 - cards).min(4) {
            if copies > 0 {
                let card = Card::new(rank, copies as u8 - 1);
                key = key.with(card);
                masks = masks.with(card);
            }
            self.fill(rank + 1, cards + copies, key, masks);
        }
    }

    /// The ace-to-five low of the 5 to 7 cards of `key` (as [`crate::ace_five_low`]).
    #[inline(always)]
    pub fn ace_five(&self, key: HandKey) -> LowRank {
        // In bounds: `ROWS_FIT_THE_TABLE` proves every row lies inside `RANK_TABLE`, as long
        // as this table.
        self.razz[slot(key)]
    }

    /// The eight-or-better low of the 5 to 7 cards of `key` (as [`crate::eight_low`]).
    #[inline(always)]
    pub fn eight(&self, key: HandKey) -> EightLow {
        EightLow::from_value(self.eight[slot(key)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ace_five_low, eight_low};

    /// Calls `visit` with every vector of 13 rank counts (each 0 to 4) summing to `left`.
    fn multisets(rank: usize, left: u8, counts: &mut [u8; 13], visit: &mut impl FnMut(&[u8; 13])) {
        if rank == 13 {
            if left == 0 {
                visit(counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            multisets(rank + 1, left - c, counts, visit);
        }
        counts[rank] = 0;
    }

    /// Every multiset of 5 to 7 ranks, each with its own suits: the tables give the evaluators'
    /// lows.
    #[test]
    fn every_multiset_reads_the_evaluators_lows() {
        let table = LowTable::get();
        let mut counts = [0u8; 13];
        let mut seen = 0;
        for cards in 5..=7 {
            multisets(0, cards, &mut counts, &mut |counts| {
                // Suits from the top down, unlike the build, to show suits do not matter.
                let hand: Vec<Card> = (0..13u8)
                    .flat_map(|r| (0..counts[usize::from(r)]).map(move |s| Card::new(r, 3 - s)))
                    .collect();
                let key = HandKey::of(&hand);
                assert_eq!(table.ace_five(key), ace_five_low(&hand), "{hand:?}");
                assert_eq!(table.eight(key), eight_low(&hand), "{hand:?}");
                seen += 1;
            });
        }
        assert_eq!(seen, 73_775);
    }
}
