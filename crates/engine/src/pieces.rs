//! Monte Carlo runs that a caller may stop (Python's calls, on Ctrl-C) and that may end early
//! at a precision target: the chunks are summed in pieces by [`sum_chunks`], with a stop request
//! asked for between the pieces and before each chunk, and the target checked after each piece.
//!
//! ```text
//!  run     | piece 0: chunks 0..s | piece 1: s..2s | … |     (s: the check interval, or
//!  stop?   ^  each chunk asks too  ^                ^         STOP_PIECE_CHUNKS)
//!  target  checked on the running sum after each piece: the first piece where it holds ends
//!          the run, whatever the thread count
//! ```
//!
//! The long runs of `sim odds`, which report progress and save checkpoints, have the
//! [`crate::driver`] instead, which checks its target after every chunk.

use crate::Watch;
use crate::chunks::{Chunk, sum_chunks};
use crate::driver::Job;

/// Chunks in one piece of a Monte Carlo run that can be asked to stop (Python's calls), when no
/// target sets the pieces: each chunk asks before it starts and skips its work once told, and the
/// run ends at the piece's end. A stop so walks at most a piece's chunks (microseconds; one piece
/// of a 10^13-round run walked 1.5 · 10^8 of them, seconds), and the wait at a piece's end, at
/// most one chunk, is a few thousandths of a piece.
pub const STOP_PIECE_CHUNKS: u64 = 1024;

/// A precision target as [`sum_pieces_until_stopped`] checks it: every `every` chunks, whether
/// the running sum `met` it.
pub struct TargetCheck<F> {
    /// Chunks between two checks.
    pub every: u64,
    /// Whether the running sum meets the target.
    pub met: F,
}

/// Sums `run` over the chunks of `job` on the current rayon pool, as [`sum_chunks`] does, in
/// pieces of `target.every` chunks with a target (the run ends after the first piece whose
/// running sum met it) or of [`STOP_PIECE_CHUNKS`] without. `None` when `stop` said to stop: it
/// is asked before each piece, before each chunk (a chunk told to stop counts `empty()`, and its
/// piece is thrown away) and after each piece, and told each chunk's rounds as it is counted
/// (the job's rounds are the total: a run that meets its target ends short of it). The counts are integers added up, so the pieces
/// change nothing in the sum.
pub fn sum_pieces_until_stopped<T: Send>(
    job: &Job<'_>,
    stop: &dyn Watch,
    empty: impl Fn() -> T + Sync,
    run: impl Fn(Chunk) -> T + Sync,
    add: impl Fn(T, T) -> T + Sync,
    target: Option<TargetCheck<impl Fn(&T) -> bool>>,
) -> Option<T> {
    match target {
        Some(TargetCheck { every, met }) => sum_pieces(job, every, stop, empty, run, add, met),
        None => sum_pieces(job, STOP_PIECE_CHUNKS, stop, empty, run, add, |_| false),
    }
}

/// [`sum_pieces_until_stopped`] in pieces of `step` chunks (at least 1), `done` checked after
/// each piece, each chunk's rounds told to `stop` ([`Watch::advance`]) once counted, of the
/// job's rounds.
fn sum_pieces<T: Send>(
    job: &Job<'_>,
    step: u64,
    stop: &dyn Watch,
    empty: impl Fn() -> T + Sync,
    run: impl Fn(Chunk) -> T + Sync,
    add: impl Fn(T, T) -> T + Sync,
    done: impl Fn(&T) -> bool,
) -> Option<T> {
    let step = step.max(1);
    // Progress in rounds: each chunk tells the watch its rounds once counted.
    let rounds = job.plan.rounds_in_chunks(job.range.clone());
    let mut total = empty();
    let mut start = job.range.start;
    while start < job.range.end {
        if stop.should_stop() {
            return None;
        }
        let end = start.saturating_add(step).min(job.range.end);
        let piece = sum_chunks(
            job.seed,
            job.plan,
            start..end,
            &empty,
            |chunk| {
                if stop.should_stop() {
                    return empty();
                }
                let chunk_rounds = chunk.rounds;
                let counted = run(chunk);
                stop.advance(chunk_rounds, rounds);
                counted
            },
            &add,
        );
        if stop.should_stop() {
            return None;
        }
        total = add(total, piece);
        start = end;
        if done(&total) {
            break;
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::ChunkPlan;
    use crate::pool::on_pool;
    use std::sync::atomic::{AtomicU64, Ordering};

    fn job(plan: &ChunkPlan) -> Job<'_> {
        Job::whole(3, plan)
    }

    /// Each chunk's rounds and index, so that a sum shows which chunks ran.
    fn rounds_and_indices(chunk: Chunk) -> (u64, u64) {
        (chunk.rounds, chunk.index)
    }

    fn add(a: (u64, u64), b: (u64, u64)) -> (u64, u64) {
        (a.0 + b.0, a.1 + b.1)
    }

    #[test]
    fn pieces_add_up_to_one_sum_of_every_chunk() {
        let plan = ChunkPlan::with_chunk_rounds(10_007, 100);
        let whole = sum_chunks(
            3,
            &plan,
            0..plan.chunks(),
            || (0, 0),
            rounds_and_indices,
            add,
        );
        for step in [0, 1, 7, 101, 1000] {
            let summed = on_pool(2, || {
                sum_pieces(
                    &job(&plan),
                    step,
                    &|| false,
                    || (0, 0),
                    rounds_and_indices,
                    add,
                    |_| false,
                )
            })
            .unwrap();
            assert_eq!(summed, Some(whole), "step {step}");
        }
    }

    /// The run ends after the first piece whose running sum is enough, on any thread count.
    #[test]
    fn the_run_ends_at_the_first_piece_that_is_enough() {
        let plan = ChunkPlan::with_chunk_rounds(1_000_000, 100);
        for threads in [1, 2, 3] {
            let summed = on_pool(threads, || {
                sum_pieces_until_stopped(
                    &job(&plan),
                    &|| false,
                    || (0, 0),
                    rounds_and_indices,
                    add,
                    Some(TargetCheck {
                        every: 16,
                        met: |&(rounds, _): &(u64, u64)| rounds >= 5_000,
                    }),
                )
            })
            .unwrap();
            // 50 chunks are enough: the piece holding the 50th ends at chunk 64.
            assert_eq!(summed, Some((6_400, (0..64).sum())), "{threads} threads");
        }
    }

    /// A stop asked for mid-run throws the run away, and no chunk starts after it.
    #[test]
    fn a_stop_request_ends_the_run_before_its_next_chunk() {
        let plan = ChunkPlan::with_chunk_rounds(1 << 30, 1);
        for threads in [1, 3] {
            let asked = AtomicU64::new(0);
            let ran = AtomicU64::new(0);
            let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 40;
            let summed = on_pool(threads, || {
                sum_pieces_until_stopped(
                    &job(&plan),
                    &stop,
                    || 0u64,
                    |_| {
                        ran.fetch_add(1, Ordering::Relaxed);
                        1
                    },
                    |a, b| a + b,
                    None::<TargetCheck<fn(&u64) -> bool>>,
                )
            })
            .unwrap();
            assert_eq!(summed, None, "{threads} threads");
            assert!(ran.into_inner() < 40, "{threads} threads");
        }
    }

    /// Counts the rounds a run tells its watch, and the totals it names.
    struct Tally {
        rounds: AtomicU64,
        total: AtomicU64,
    }

    impl Watch for Tally {
        fn should_stop(&self) -> bool {
            false
        }

        fn advance(&self, work: u64, total: u64) {
            self.rounds.fetch_add(work, Ordering::Relaxed);
            self.total.store(total, Ordering::Relaxed);
        }
    }

    /// Every round counted is told once, of the job's rounds, whatever the pieces and threads.
    #[test]
    fn progress_tells_every_round_once_of_the_jobs_rounds() {
        let plan = ChunkPlan::with_chunk_rounds(100_003, 1_000);
        for (threads, every) in [(1, None), (3, None), (2, Some(7))] {
            let tally = Tally {
                rounds: AtomicU64::new(0),
                total: AtomicU64::new(0),
            };
            let summed = on_pool(threads, || {
                sum_pieces_until_stopped(
                    &job(&plan),
                    &tally,
                    || (0, 0),
                    rounds_and_indices,
                    add,
                    every.map(|every| TargetCheck {
                        every,
                        met: |_: &(u64, u64)| false,
                    }),
                )
            })
            .unwrap();
            assert_eq!(summed.unwrap().0, 100_003);
            assert_eq!(tally.rounds.into_inner(), 100_003, "{threads} threads");
            assert_eq!(tally.total.into_inner(), 100_003, "{threads} threads");
        }
    }
}
