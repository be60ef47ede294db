//! The table half of the vector paths, and the loop both paths run.
//!
//! A vector path turns each step of `L` hands into one word per hand, which [`finish`] reads one
//! hand at a time: two dependent scalar loads from the rank table, or, for the few hands with a
//! flush (about 3 % of seven-card hands), the flush table's strength of their suit's ranks.
//!
//! ```text
//!  word (four u16): [ column << 4 ][ row ][ flush bits ][ 0 ]
//!                     rank hash = row << 12 | column; flush bits: the top bit of each suit's
//!                     4-bit counter (started at 3), set once five cards share the suit
//! ```
//!
//! The hash is laid out for the loads: the row and the column each in a 16-bit half, read with
//! one load each. Scalar loads, not gathers: on Zen 4 a sixteen-lane gather of the rank table
//! cost about 25 cycles, more than sixteen scalar loads (measured on the AVX-512 path: 2.17 ns a
//! hand with both rank-table loads as gathers, 1.69 ns with them as scalar loads).

use crate::HandRank;
use crate::evaluate::{flush_strength, rank_strength_at};

/// A hand's word, as the vector half stores it (little-endian halves of a `u64`).
pub(super) type Word = [u16; 4];

/// Runs `step` on every `L` hands of `hands` (the last step padded with valid hands when `L`
/// does not divide the length), which writes their words and returns the lanes holding a flush
/// (or `None` to stop), and fills `out` from the words, a step at a time. Inlined into each
/// vector path, so that `step` runs with that path's instructions.
#[inline(always)]
pub(super) fn run<const K: usize, const L: usize>(
    hands: &[[u8; K]],
    out: &mut [HandRank],
    mut step: impl FnMut(&[[u8; K]; L], &mut [Word; L]) -> Option<u32>,
) {
    let mut words = [[0u16; 4]; L];
    let (full, rest) = hands.as_chunks::<L>();
    let (full_out, rest_out) = out.as_chunks_mut::<L>();
    for (block, out) in full.iter().zip(full_out) {
        let Some(flushes) = step(block, &mut words) else {
            return;
        };
        finish(block, &words, flushes, out);
    }
    if !rest.is_empty() {
        let padding: [u8; K] = std::array::from_fn(|i| i as u8);
        let mut block = [padding; L];
        block[..rest.len()].copy_from_slice(rest);
        let Some(flushes) = step(&block, &mut words) else {
            return;
        };
        let mut last = [HandRank(0); L];
        finish(&block, &words, flushes, &mut last);
        rest_out.copy_from_slice(&last[..rest.len()]);
    }
}

/// Fills `out` from `words` (`words[i]` summarises `hands[i]`; bit `i` of `flushes` is set when
/// it holds a flush).
#[inline(always)]
fn finish<const K: usize, const L: usize>(
    hands: &[[u8; K]; L],
    words: &[Word; L],
    mut flushes: u32,
    out: &mut [HandRank; L],
) {
    for (&[column, row, _, _], rank) in words.iter().zip(out.iter_mut()) {
        *rank = rank_strength_at(row, column >> 4);
    }
    while flushes != 0 {
        let i = flushes.trailing_zeros() as usize % L;
        flushes &= flushes - 1;
        let suit = (words[i][2].trailing_zeros() / 4) as u8;
        let ranks = hands[i]
            .iter()
            .filter(|&&card| card & 3 == suit)
            .fold(0u16, |mask, &card| mask | (1u64 << (card >> 2)) as u16);
        out[i] = flush_strength(ranks);
    }
}
