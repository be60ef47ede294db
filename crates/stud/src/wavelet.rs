//! A wavelet matrix over small values: how many entries of a range of positions hold a value
//! below a bound, in a few popcounts. The exact hi/lo count uses it for two-sided questions
//! ("high hand below `h` and low below `l`") over completions sorted by high hand.
//!
//! ```text
//!  level 0: bit 5 of every value, in sequence order    zeros ──┐ stable partition by that bit
//!  level 1: bit 4, in level 0's partitioned order      ◀───────┘ (zeros first, then ones)
//!  …
//!  count of values < v in positions [s, e): walk the levels along v's bits; where v has a 1,
//!  every entry with a 0 at that level in the current range is below v
//! ```
//!
//! Each level is a bit vector with a running count of ones per 64-bit word, so a rank (ones
//! before a position) is one load, one mask and one popcount.

/// Bits per value: values lie in `0..64`.
pub(crate) const BITS: u32 = 6;

/// A bit vector with ones counted before each 64-bit word, each count stored beside its word
/// so that a rank touches one cache line.
#[derive(Debug, Clone, Default)]
struct RankBits {
    /// `(ones before the word, the word)` per 64 bits.
    blocks: Vec<(u64, u64)>,
}

impl RankBits {
    fn from_bits(bits: impl ExactSizeIterator<Item = bool>) -> RankBits {
        let len = bits.len();
        let mut blocks = vec![(0u64, 0u64); len / 64 + 1];
        for (i, bit) in bits.enumerate() {
            blocks[i / 64].1 |= u64::from(bit) << (i % 64);
        }
        let mut sum = 0u64;
        for block in &mut blocks {
            block.0 = sum;
            sum += u64::from(block.1.count_ones());
        }
        RankBits { blocks }
    }

    /// Ones in positions `0..i`.
    #[inline(always)]
    fn ones(&self, i: usize) -> usize {
        let (before, word) = self.blocks[i / 64];
        let below = word & ((1u64 << (i % 64)) - 1);
        before as usize + below.count_ones() as usize
    }
}

/// A wavelet matrix of values in `0..2^BITS`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Wavelet {
    levels: [RankBits; BITS as usize],
    zeros: [usize; BITS as usize],
}

impl Wavelet {
    /// The matrix of `values` (each below `2^BITS`).
    pub(crate) fn new(values: &[u8]) -> Wavelet {
        debug_assert!(values.iter().all(|&v| u32::from(v) < 1 << BITS));
        let mut current = values.to_vec();
        let mut levels: [RankBits; BITS as usize] = Default::default();
        let mut zeros = [0; BITS as usize];
        for level in 0..BITS as usize {
            let bit = BITS as usize - 1 - level;
            levels[level] = RankBits::from_bits(current.iter().map(|&v| v >> bit & 1 == 1));
            let (mut low, high): (Vec<u8>, Vec<u8>) =
                current.iter().partition(|&&v| v >> bit & 1 == 0);
            zeros[level] = low.len();
            low.extend(high);
            current = low;
        }
        Wavelet { levels, zeros }
    }

    /// How many of the values at positions `start..end` are below `bound` (any `bound`; those
    /// of `2^BITS` or more count every value).
    #[inline]
    pub(crate) fn count_below(&self, mut start: usize, mut end: usize, bound: u32) -> usize {
        if bound >= 1 << BITS {
            return end - start;
        }
        let mut count = 0;
        for level in 0..BITS as usize {
            let bit = BITS - 1 - level as u32;
            let bits = &self.levels[level];
            let (ones_start, ones_end) = (bits.ones(start), bits.ones(end));
            if bound >> bit & 1 == 1 {
                // Entries with a 0 here are below the bound whatever their lower bits.
                count += (end - ones_end) - (start - ones_start);
                start = self.zeros[level] + ones_start;
                end = self.zeros[level] + ones_end;
            } else {
                start -= ones_start;
                end -= ones_end;
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn counts_match_a_scan() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for len in [0usize, 1, 63, 64, 65, 300] {
            let values: Vec<u8> = (0..len).map(|_| rng.random_range(0..57)).collect();
            let w = Wavelet::new(&values);
            for _ in 0..500 {
                let s = rng.random_range(0..=len);
                let e = rng.random_range(s..=len);
                let bound = rng.random_range(0..70);
                let scan = values[s..e]
                    .iter()
                    .filter(|&&v| u32::from(v) < bound)
                    .count();
                assert_eq!(w.count_below(s, e, bound), scan, "{len} {s}..{e} < {bound}");
            }
        }
    }
}
