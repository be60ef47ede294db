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
        let best = ranks.iter().fold(0, |best, &r| best.max(r));
        let winners = ranks
            .iter()
            .enumerate()
            .fold(0usize, |mask, (p, &r)| mask | usize::from(r == best) << p);
        self.counts[winners % (1 << MASK_PLAYERS)] += times;
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

#[cfg(test)]
mod tests {
    use super::*;

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
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<5>();
        check::<6>();
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
