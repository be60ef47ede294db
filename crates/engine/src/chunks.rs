//! The one chunked, seeded, parallel map-reduce: every seeded computation in the workspace runs
//! its rounds through [`map_chunks`] or [`sum_chunks`].
//!
//! ```text
//!  plan    chunk 0 | chunk 1 | chunk 2 | … | chunk C-1      (ChunkPlan: fixed sizes)
//!  seeds   (s,0)     (s,1)     (s,2)         (s,C-1)        (chunk_rng: never the thread)
//!  work    ─────── any rayon worker runs any chunk ───────
//!  result  in chunk order (map) or added up (sum: integer counts, so order cannot matter)
//! ```

use std::ops::Range;

use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

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

/// Runs `work` on chunks `chunks` of `plan` on the current rayon pool and returns the results
/// in chunk order.
pub fn map_chunks<T, W>(seed: u64, plan: &ChunkPlan, chunks: Range<u64>, work: W) -> Vec<T>
where
    T: Send,
    W: Fn(Chunk) -> T + Sync,
{
    chunks
        .into_par_iter()
        .map(|index| work(Chunk::new(seed, plan, index)))
        .collect()
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
    chunks
        .into_par_iter()
        .map(|index| work(Chunk::new(seed, plan, index)))
        .reduce(zero, add)
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

    fn first_words(chunk: Chunk) -> Vec<u64> {
        let mut rng = chunk.rng;
        vec![chunk.index, chunk.rounds, rng.next_u64()]
    }

    #[test]
    fn results_depend_on_seed_and_plan_only() {
        let plan = ChunkPlan::with_chunk_rounds(10_001, 1000);
        let one = on_pool(1, || map_chunks(5, &plan, 0..plan.chunks(), first_words)).unwrap();
        let three = on_pool(3, || map_chunks(5, &plan, 0..plan.chunks(), first_words)).unwrap();
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
}
