//! The one chunked, seeded, parallel map-reduce: every seeded computation in the workspace runs
//! its rounds through [`sum_chunks`] (in pieces that a caller may stop: [`crate::pieces`]), or
//! through the long-run [`crate::driver`], which hands out the same [`Chunk`]s one at a time.
//!
//! ```text
//!  plan    chunk 0 | chunk 1 | chunk 2 | … | chunk C-1      (ChunkPlan: fixed sizes)
//!  seeds   (s,0)     (s,1)     (s,2)         (s,C-1)        (chunk_rng: never the thread)
//!  work    ─────── any rayon worker runs any chunk ───────
//!  result  added up (integer counts, so order cannot matter)
//! ```

use std::ops::Range;

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::plan::ChunkPlan;
use crate::seed::chunk_rng;

/// One chunk's share of a seeded run: what its work function receives.
#[derive(Debug, Clone)]
pub struct Chunk {
    /// The chunk's index in the plan.
    pub index: u64,
    /// Rounds in this chunk.
    pub rounds: u64,
    /// The chunk's own generator, seeded by (run seed, chunk index).
    pub rng: Xoshiro256PlusPlus,
}

impl Chunk {
    /// Chunk `index` of `plan` in a run seeded with `seed`.
    pub fn new(seed: u64, plan: &ChunkPlan, index: u64) -> Self {
        Self {
            index,
            rounds: plan.rounds_in(index),
            rng: chunk_rng(seed, index),
        }
    }
}

/// Runs `work` on chunks `chunks` of `plan` on the current rayon pool and combines the results
/// with `add`, starting from `zero()`. `add` must be associative and commutative (integer
/// counts added up), so that the result does not depend on the threads.
pub fn sum_chunks<T, Z, W, A>(
    seed: u64,
    plan: &ChunkPlan,
    chunks: Range<u64>,
    zero: Z,
    work: W,
    add: A,
) -> T
where
    T: Send,
    Z: Fn() -> T + Sync + Send,
    W: Fn(Chunk) -> T + Sync,
    A: Fn(T, T) -> T + Sync + Send,
{
    split_to_chunks(
        chunks,
        &zero,
        &|index| work(Chunk::new(seed, plan, index)),
        &add,
    )
}

/// Runs `leaf` on every chunk index of `chunks` and combines the results with `join`, left
/// before right: the range is halved by `rayon::join` down to single chunks, so an idle worker
/// can take any chunk not yet started.
///
/// Rayon's own range iterators cut a range into about two pieces per thread (a stolen piece
/// into quarters) and run each piece in one go, so one worker could still be dealing hundreds of
/// chunks while the others had nothing left to take (with two threads and 64 chunks: pieces of
/// 16), and a core slowed by the host held up the rest. Over whole processes, two threads of
/// `sim bench` (191 chunks of 7 ms) and `sim equity` with three or six random hands (2,137
/// chunks of 65,536 rounds, about 1.7 ms) were busy 98 % of the time, against 99.4 to 99.6 %
/// now (means of 7 runs). Halving down to one chunk bounds the wait by one chunk, for one
/// `join` (well under a microsecond) per chunk.
pub(crate) fn split_to_chunks<T: Send>(
    chunks: Range<u64>,
    zero: &(impl Fn() -> T + Sync),
    leaf: &(impl Fn(u64) -> T + Sync),
    join: &(impl Fn(T, T) -> T + Sync),
) -> T {
    match chunks.end.saturating_sub(chunks.start) {
        0 => zero(),
        1 => leaf(chunks.start),
        len => {
            let middle = chunks.start + len / 2;
            let (left, right) = rayon::join(
                || split_to_chunks(chunks.start..middle, zero, leaf, join),
                || split_to_chunks(middle..chunks.end, zero, leaf, join),
            );
            join(left, right)
        }
    }
}

/// Adds `b` into `a` element by element: the `add` of [`sum_chunks`] for tallies kept in a
/// vector of counters.
pub fn add_counters(mut a: Vec<u64>, b: Vec<u64>) -> Vec<u64> {
    debug_assert_eq!(a.len(), b.len());
    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::on_pool;
    use rand::RngCore;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    fn first_words(chunk: Chunk) -> Vec<u64> {
        let mut rng = chunk.rng;
        vec![chunk.index, chunk.rounds, rng.next_u64()]
    }

    #[test]
    fn results_depend_on_seed_and_plan_only() {
        let plan = ChunkPlan::with_chunk_rounds(10_001, 1000);
        let each_chunk = |threads| {
            on_pool(threads, || {
                sum_chunks(
                    5,
                    &plan,
                    0..plan.chunks(),
                    Vec::new,
                    |chunk| vec![first_words(chunk)],
                    |mut a, mut b| {
                        a.append(&mut b);
                        a
                    },
                )
            })
            .unwrap()
        };
        let one = each_chunk(1);
        let three = each_chunk(3);
        assert_eq!(one, three);
        assert_eq!(one.len(), 11);
        assert_eq!(one[10][1], 1);
        let sum = |threads| {
            on_pool(threads, || {
                sum_chunks(
                    5,
                    &plan,
                    2..9,
                    || vec![0; 3],
                    first_words,
                    |a, b| {
                        a.into_iter()
                            .zip(b)
                            .map(|(x, y)| x.wrapping_add(y))
                            .collect()
                    },
                )
            })
            .unwrap()
        };
        assert_eq!(sum(1), sum(2));
        assert_eq!(sum(1)[0], (2..9).sum::<u64>());
    }

    #[test]
    fn an_idle_worker_takes_any_chunk_not_yet_started() {
        // Chunk 0 holds its worker until every other chunk has run: only a second worker taking
        // them one at a time can run them all meanwhile. Pieces of several chunks run in one go
        // would leave chunk 1 behind chunk 0 on the held worker, and the wait would time out.
        let plan = ChunkPlan::with_chunk_rounds(64_000, 1000);
        let others_done = AtomicU64::new(0);
        let work = |chunk: Chunk| {
            if chunk.index > 0 {
                others_done.fetch_add(1, Ordering::SeqCst);
                return 0;
            }
            let deadline = Instant::now() + Duration::from_secs(60);
            while others_done.load(Ordering::SeqCst) < 63 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            others_done.load(Ordering::SeqCst)
        };
        let seen_by_chunk_0 =
            on_pool(2, || sum_chunks(1, &plan, 0..64, || 0, work, |a, b| a + b)).unwrap();
        assert_eq!(seen_by_chunk_0, 63);
    }

    #[test]
    fn an_empty_range_gives_zero() {
        let plan = ChunkPlan::with_chunk_rounds(10_000, 1000);
        let sum = on_pool(2, || {
            sum_chunks(1, &plan, 4..4, || 7u64, |c: Chunk| c.rounds, |a, b| a + b)
        })
        .unwrap();
        assert_eq!(sum, 7);
    }
}
