//! Showdowns of a few players counted by their set of winners: one counter per winner mask,
//! turned into [`LocalCounts`] shares once at the end of a loop.
//!
//! A showdown's winner mask (bit `p` set when player `p` holds the best strength) says
//! everything [`LocalCounts::record`] does with it: each winner gets a share of the pot split as
//! many ways as the mask has bits. Counting masks costs one increment per showdown, with no
//! branch on ties and no walk over the winners; [`WinnerMasks::add_to`] does that walk once per
//! mask.
//!
//! ```text
//!  ranks [r0 r1 r2] ─▶ best = max ─▶ mask = Σ (r_p == best) << p ─▶ counts[mask] += 1
//!  end of loop: counts[mask] ─▶ shares[p][popcount(mask)] for every p in mask
//! ```

use crate::split_tally::{LocalCounts, MAX_PLAYERS};

/// Most players a [`WinnerMasks`] counts (one counter per subset: 2^6 of them).
pub const MASK_PLAYERS: usize = 6;

/// Counters of showdowns by winner mask, for up to [`MASK_PLAYERS`] players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinnerMasks {
    counts: [u64; 1 << MASK_PLAYERS],
}

impl Default for WinnerMasks {
    fn default() -> Self {
        Self {
            counts: [0; 1 << MASK_PLAYERS],
        }
    }
}

impl WinnerMasks {
    /// Records one showdown of `N` players (`N` at most [`MASK_PLAYERS`], checked when
    /// compiling): the same counts as [`LocalCounts::record`] once added.
    #[inline(always)]
    pub fn record<const N: usize>(&mut self, ranks: &[u16; N]) {
        self.record_times(ranks, 1);
    }

    /// Records `times` showdowns (0 or more) of `N` players with the strengths `ranks`: what
    /// calling [`WinnerMasks::record`] `times` times records, with no branch on `times`.
    #[inline(always)]
    pub fn record_times<const N: usize>(&mut self, ranks: &[u16; N], times: u64) {
        const { assert!(N <= MASK_PLAYERS, "a winner mask holds at most six players") };
        self.counts[winner_mask(ranks) % (1 << MASK_PLAYERS)] += times;
    }

    /// Adds the counted showdowns to `local`, as [`LocalCounts::record`] would have counted them
    /// one by one.
    pub fn add_to(&self, local: &mut LocalCounts) {
        for (mask, &n) in self.counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let split = mask.count_ones() as usize;
            for (p, row) in local.shares.iter_mut().enumerate().take(MASK_PLAYERS) {
                if mask >> p & 1 == 1 {
                    row[split % (MAX_PLAYERS + 1)] += n;
                }
            }
            local.outcomes += n;
        }
    }
}

/// The winner mask of the strengths `ranks`: bit `p` set when `ranks[p]` is the best.
///
/// Five or six players go through [`sse2`]: six random hands in the multi-way loop went from
/// 348 to 328 instructions a round and about 6 % faster, and to 321 (36.4 → 37.3 M showdowns/s)
/// once each strength was inserted straight from the table rather than moved in and unpacked.
/// With three players it saved 4 instructions of 191 but ran slower, with four it was even, so
/// they stay one by one (checked again with the inserts: three players 59.0 → 57.1 M/s).
#[inline(always)]
fn winner_mask<const N: usize>(ranks: &[u16; N]) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if N >= 5 {
        return sse2::winner_mask(ranks);
    }
    scalar_winner_mask(ranks)
}

/// [`winner_mask`] one player at a time: the reference.
#[inline(always)]
fn scalar_winner_mask<const N: usize>(ranks: &[u16; N]) -> usize {
    let best = ranks.iter().fold(0, |best, &r| best.max(r));
    ranks
        .iter()
        .enumerate()
        .fold(0usize, |mask, (p, &r)| mask | usize::from(r == best) << p)
}

/// [`winner_mask`] with the players side by side in one SSE2 register (every `x86_64` CPU has
/// SSE2): the best by three halvings, the winners by one comparison, instead of a compare and
/// select and a compare and set for every player (6 players: about 45 instructions to 19,
/// building the register included).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi16, _mm_cvtsi32_si128, _mm_insert_epi16, _mm_max_epi16,
        _mm_movemask_epi8, _mm_packs_epi16, _mm_set1_epi16, _mm_shuffle_epi32, _mm_shufflehi_epi16,
        _mm_shufflelo_epi16, _mm_xor_si128,
    };

    /// The winner mask of up to eight strengths.
    #[inline(always)]
    #[allow(unsafe_code)]
    pub(super) fn winner_mask<const N: usize>(ranks: &[u16; N]) -> usize {
        const { assert!(N <= 8, "eight strengths fit a register") };
        let at = |p: usize| if p < N { i32::from(ranks[p % N]) } else { 0 };
        // SAFETY: the module is compiled only where SSE2 is enabled, which is all it uses.
        let bits = unsafe {
            // One strength moved in, the others inserted word by word: a strength just loaded
            // from a table is inserted straight from memory.
            let mut v = _mm_cvtsi32_si128(at(0));
            macro_rules! insert {
                ($($p:literal)*) => {
                    $(if $p < N {
                        v = _mm_insert_epi16::<$p>(v, at($p));
                    })*
                };
            }
            insert!(1 2 3 4 5 6 7);
            // Strengths are unsigned; with the top bit flipped, signed comparisons order them
            // so. Missing players hold 0, the least, and are masked off at the end.
            let v: __m128i = _mm_xor_si128(v, _mm_set1_epi16(i16::MIN));
            // Halvings: swap the 64-bit halves, then the 32-bit pairs, then 16-bit neighbours.
            let m = _mm_max_epi16(v, _mm_shuffle_epi32::<0b01_00_11_10>(v));
            let m = _mm_max_epi16(m, _mm_shuffle_epi32::<0b10_11_00_01>(m));
            let m = _mm_max_epi16(
                m,
                _mm_shufflehi_epi16::<0b10_11_00_01>(_mm_shufflelo_epi16::<0b10_11_00_01>(m)),
            );
            let equal = _mm_cmpeq_epi16(v, m);
            _mm_movemask_epi8(_mm_packs_epi16(equal, equal))
        };
        bits as usize & ((1 << N) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `check::<N>()` for every player count a mask holds, 1 to [`MASK_PLAYERS`].
    macro_rules! for_each_player_count {
        ($check:ident) => {
            $check::<1>();
            $check::<2>();
            $check::<3>();
            $check::<4>();
            $check::<5>();
            $check::<6>();
        };
    }

    /// Every pattern of ties among up to six players, counted both ways.
    #[test]
    fn masks_count_as_record_does() {
        fn check<const N: usize>() {
            let mut direct = LocalCounts::default();
            let mut masks = WinnerMasks::default();
            // Strengths 1..=3 per player: every winner set arises.
            for code in 0..3usize.pow(N as u32) {
                let ranks: [u16; N] =
                    std::array::from_fn(|p| (code / 3usize.pow(p as u32) % 3 + 1) as u16);
                direct.record(&ranks);
                masks.record(&ranks);
                // Twice for some, so that counts above one are folded too.
                if code % 5 == 0 {
                    direct.record(&ranks);
                    masks.record(&ranks);
                }
            }
            let mut folded = LocalCounts::default();
            masks.add_to(&mut folded);
            assert_eq!(folded, direct, "{N} players");
        }
        for_each_player_count!(check);
    }

    /// The register path, for every player count (not only those [`winner_mask`] sends it),
    /// and the one-by-one reference agree on every pattern of ties, at strengths near both ends
    /// of `u16` too.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[test]
    fn the_register_path_matches_the_reference() {
        fn check<const N: usize>() {
            for low in [0u16, 1, 7_000, 32_767, 32_768, u16::MAX - 3] {
                for code in 0..4usize.pow(N as u32) {
                    let ranks: [u16; N] = std::array::from_fn(|p| {
                        low.saturating_add((code / 4usize.pow(p as u32) % 4) as u16)
                    });
                    let expected = scalar_winner_mask(&ranks);
                    assert_eq!(sse2::winner_mask(&ranks), expected, "{ranks:?}");
                    assert_eq!(winner_mask(&ranks), expected, "{ranks:?}");
                }
            }
        }
        for_each_player_count!(check);
    }

    /// `record_times(ranks, n)` is `n` calls of `record(ranks)`, none for `n = 0`.
    #[test]
    fn record_times_is_record_repeated() {
        let mut once = WinnerMasks::default();
        let mut times = WinnerMasks::default();
        for (code, n) in (0..81usize).zip([0u64, 1, 3].into_iter().cycle()) {
            let ranks: [u16; 4] = std::array::from_fn(|p| (code / 3usize.pow(p as u32) % 3) as u16);
            for _ in 0..n {
                once.record(&ranks);
            }
            times.record_times(&ranks, n);
        }
        assert_eq!(once, times);
        assert_ne!(times, WinnerMasks::default());
    }
}
