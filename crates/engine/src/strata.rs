//! Stratified Monte Carlo over listed combinations of hands: the rounds of a run are spread
//! over the combinations in proportion to their weights, so that every hand of every range gets
//! its share of the rounds (a breakdown's per-hand rows), seeded so that the result does not
//! depend on the threads.
//!
//! ```text
//!  wave k (WAVE_ROUNDS rounds, the last one shorter), offset o_k in [0, 1) drawn from (seed, k):
//!    combination a gets the rounds j with  ⌊o_k + D·C_a⌋ ≤ j < ⌊o_k + D·C_{a+1}⌋
//!    (C_a: the weights before a over all weights; systematic sampling, each combination's
//!     expected rounds exactly D·w_a/W, never more than one off)
//!  the wave's rounds cut in items of ITEM_ROUNDS, item i seeded by (job_seed(seed, k), i)
//!  after each wave: stop when asked (a target reached)
//! ```

use crate::Watch;
use crate::chunks::split_to_chunks;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::seed::{chunk_rng, job_seed};

/// Rounds per wave: a target is checked between waves.
pub const WAVE_ROUNDS: u64 = 1 << 20;

/// Rounds per work item, each with its own generator.
pub const ITEM_ROUNDS: u64 = 1 << 14;

/// Combinations and their cumulative weight shares.
#[derive(Debug, Clone, PartialEq)]
pub struct Strata {
    /// `C_a`: the weights of combinations `0..a` over all weights, `len + 1` entries, the last 1.
    cumulative: Vec<f64>,
}

impl Strata {
    /// The strata of combinations weighing `weights`; `None` when the weights add up to 0.
    pub fn new(weights: &[u128]) -> Option<Self> {
        let total: u128 = weights.iter().sum();
        if total == 0 {
            return None;
        }
        let mut cumulative = Vec::with_capacity(weights.len() + 1);
        let mut before = 0u128;
        cumulative.push(0.0);
        for &w in weights {
            before += w;
            cumulative.push(before as f64 / total as f64);
        }
        Some(Self { cumulative })
    }

    /// Combinations.
    pub fn len(&self) -> usize {
        self.cumulative.len() - 1
    }

    /// Whether there are no combinations.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first round of combination `a` in a wave of `rounds` rounds at `offset`.
    #[inline]
    fn start(&self, a: usize, rounds: u64, offset: f64) -> u64 {
        (offset + rounds as f64 * self.cumulative[a]).floor() as u64
    }

    /// Plays `rounds` rounds seeded by `seed` on the current rayon pool: `play(tally, a, n,
    /// rng)` plays `n` rounds of combination `a` into a tally made by `zero`; tallies are added
    /// with `add` (integer counts: associative and commutative, so the threads cannot change
    /// the result). After each wave, `done(total)` may end the run early.
    pub fn run<T, Z, P, A, D>(&self, seed: u64, rounds: u64, zero: Z, play: P, add: A, done: D) -> T
    where
        T: Send,
        Z: Fn() -> T + Sync + Send,
        P: Fn(&mut T, usize, u64, &mut Xoshiro256PlusPlus) + Sync,
        A: Fn(T, T) -> T + Sync + Send,
        D: Fn(&T) -> bool,
    {
        self.run_until_stopped(seed, rounds, (zero, play, add), done, &|| false)
            .unwrap_or_else(|| unreachable!("never asked to stop"))
    }

    /// [`Strata::run`], asking `stop` before each wave, before each work item of
    /// [`ITEM_ROUNDS`] rounds (an item told to stop plays nothing) and after each wave: `None`
    /// when it said to stop; each item's rounds are told to `stop` once played, of `rounds`.
    /// Never stopped, the very numbers of [`Strata::run`].
    pub fn run_until_stopped<T, Z, P, A, D>(
        &self,
        seed: u64,
        rounds: u64,
        (zero, play, add): (Z, P, A),
        done: D,
        stop: &dyn Watch,
    ) -> Option<T>
    where
        T: Send,
        Z: Fn() -> T + Sync + Send,
        P: Fn(&mut T, usize, u64, &mut Xoshiro256PlusPlus) + Sync,
        A: Fn(T, T) -> T + Sync + Send,
        D: Fn(&T) -> bool,
    {
        let mut total = zero();
        let mut left = rounds;
        let mut wave = 0u64;
        while left > 0 {
            if stop.should_stop() {
                return None;
            }
            let size = left.min(WAVE_ROUNDS);
            let wave_seed = job_seed(seed, wave);
            let offset: f64 = chunk_rng(wave_seed, u64::MAX).random();
            let items = size.div_ceil(ITEM_ROUNDS);
            let counted = split_to_chunks(
                0..items,
                &zero,
                &|item| {
                    let mut tally = zero();
                    if stop.should_stop() {
                        return tally;
                    }
                    let mut rng = chunk_rng(wave_seed, item);
                    let (from, to) = (item * ITEM_ROUNDS, ((item + 1) * ITEM_ROUNDS).min(size));
                    // The combination holding round `from`, then each one until `to`.
                    let mut a = self.cumulative[1..]
                        .partition_point(|&c| (offset + size as f64 * c).floor() as u64 <= from);
                    while a < self.len() {
                        let start = self.start(a, size, offset).max(from);
                        let end = self.start(a + 1, size, offset).min(to);
                        if start >= to {
                            break;
                        }
                        if end > start {
                            play(&mut tally, a, end - start, &mut rng);
                        }
                        a += 1;
                    }
                    stop.advance(to - from, rounds);
                    tally
                },
                &add,
            );
            if stop.should_stop() {
                return None;
            }
            total = add(total, counted);
            left -= size;
            wave += 1;
            if done(&total) {
                break;
            }
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allocation(weights: &[u128], rounds: u64, threads: usize) -> Vec<u64> {
        let strata = Strata::new(weights).unwrap();
        crate::on_pool(threads, || {
            strata.run(
                9,
                rounds,
                || vec![0u64; weights.len()],
                |t, a, n, _| t[a] += n,
                |mut x, y| {
                    x.iter_mut().zip(y).for_each(|(x, y)| *x += y);
                    x
                },
                |_| false,
            )
        })
        .unwrap()
    }

    /// Every round is played once, each combination within one round of its share per wave.
    #[test]
    fn rounds_go_to_combinations_by_weight() {
        let weights = [3u128, 0, 1, 6, 1000, 7];
        let rounds = 3 * WAVE_ROUNDS + 12_345;
        let got = allocation(&weights, rounds, 2);
        assert_eq!(got.iter().sum::<u64>(), rounds);
        assert_eq!(got[1], 0);
        let total: u128 = weights.iter().sum();
        for (&w, &n) in weights.iter().zip(&got) {
            let share = rounds as f64 * w as f64 / total as f64;
            assert!((n as f64 - share).abs() <= 4.0, "{w}: {n} against {share}");
        }
        assert_eq!(got, allocation(&weights, rounds, 1));
    }

    /// Fewer rounds than combinations: each gets 0 or 1, the expected count its share.
    #[test]
    fn small_runs_play_each_round_once() {
        let weights = vec![1u128; 1000];
        let got = allocation(&weights, 300, 3);
        assert_eq!(got.iter().sum::<u64>(), 300);
        assert!(got.iter().all(|&n| n <= 1));
    }

    #[test]
    fn a_done_test_ends_between_waves() {
        let strata = Strata::new(&[1, 1]).unwrap();
        let played = strata.run(
            1,
            10 * WAVE_ROUNDS,
            || 0u64,
            |t, _, n, _| *t += n,
            |a, b| a + b,
            |&t| t >= 2 * WAVE_ROUNDS,
        );
        assert_eq!(played, 2 * WAVE_ROUNDS);
        assert!(Strata::new(&[0, 0]).is_none());
    }

    /// Never stopped, the run's own numbers; a stop asked for mid-run gives nothing, and no
    /// item plays after it.
    #[test]
    fn a_stop_request_ends_the_run_between_items() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let strata = Strata::new(&[2, 5, 1]).unwrap();
        let tally = || {
            (
                || vec![0u64; 3],
                |t: &mut Vec<u64>, a: usize, n: u64, _: &mut Xoshiro256PlusPlus| t[a] += n,
                |mut x: Vec<u64>, y: Vec<u64>| {
                    x.iter_mut().zip(y).for_each(|(x, y)| *x += y);
                    x
                },
            )
        };
        let rounds = 3 * WAVE_ROUNDS + 77;
        for threads in [1, 3] {
            let whole = crate::on_pool(threads, || {
                let (zero, play, add) = tally();
                strata.run(4, rounds, zero, play, add, |_| false)
            })
            .unwrap();
            let never = crate::on_pool(threads, || {
                strata.run_until_stopped(4, rounds, tally(), |_| false, &|| false)
            })
            .unwrap();
            assert_eq!(never, Some(whole), "{threads} threads");
            let asked = AtomicU64::new(0);
            let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 10;
            let stopped = crate::on_pool(threads, || {
                strata.run_until_stopped(4, 1 << 40, tally(), |_| false, &stop)
            })
            .unwrap();
            assert_eq!(stopped, None, "{threads} threads");
            assert!(asked.into_inner() < 200, "{threads} threads");
        }
    }
}
