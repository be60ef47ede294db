//! The wave driver of long runs: chunks in plan order, in waves run in parallel, with the
//! stopping rule checked after every chunk and progress, checkpoints and signals handled between
//! waves, never in the hot loop.
//!
//! ```text
//!  chunks  first ─────────────────────────────────────────────▶ end
//!  waves   [ 4×threads chunks ][ 4×threads chunks ][ …           (parallel inside, a pause between)
//!  target  ▲ ▲ ▲ ▲ ▲ ▲ …  checked after every chunk, in chunk order
//! ```
//!
//! A wave's per-chunk counts are added in chunk order and the precision target is checked after
//! each chunk, so the stopping chunk depends only on (seed, plan, inputs); chunks a wave ran past
//! the stopping point are discarded. Waves only set how often the pause comes.
//!
//! A stop request is also asked before each chunk of a wave starts: a wave on a loaded machine
//! can take seconds, a chunk takes milliseconds. The chunks done before the first skipped one
//! count; the rest of the wave is discarded, and a resumed run deals it again.

use std::ops::{AddAssign, Range};

use crate::chunks::{Chunk, map_chunks};
use crate::plan::ChunkPlan;

/// Chunks per wave and worker thread: enough to keep every thread busy between pauses, few
/// enough that a pause comes every few tenths of a second.
pub const CHUNKS_PER_THREAD: u64 = 4;

/// How far a run got: every chunk in `first..next` is counted in `counts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress<T> {
    /// The first chunk of the range.
    pub first: u64,
    /// The first chunk not yet counted.
    pub next: u64,
    /// Counts of the chunks done.
    pub counts: T,
}

/// Why the driver stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Every chunk of the range is counted.
    Finished,
    /// The stopping rule held.
    TargetMet,
    /// The caller asked to stop (Ctrl-C, SIGTERM) at a wave boundary.
    Interrupted,
}

/// What to run: chunks `range` of `plan` with `seed`.
#[derive(Debug, Clone, PartialEq)]
pub struct Job<'a> {
    /// The run's seed.
    pub seed: u64,
    /// The whole run's chunk plan.
    pub plan: &'a ChunkPlan,
    /// The chunks this process runs (all of them, or a shard's).
    pub range: Range<u64>,
}

/// Runs the chunks `progress.next..job.range.end` on the current rayon pool, `wave` chunks at a
/// time, adding each chunk's `work` to `progress` in chunk order (`work` returns `None` when it
/// stopped inside a chunk because `interrupted()` said so; that chunk is not counted).
///
/// After every chunk `done` sees the counts so far: once it returns true the run stops
/// ([`Stop::TargetMet`]), so the stopping chunk depends only on (seed, plan, inputs). Before each
/// wave, and before each chunk of a wave starts, `interrupted()` is asked whether to stop: the
/// run then stops ([`Stop::Interrupted`]) with the chunks counted before the first one skipped.
/// After each wave `after_wave` sees the progress (to draw a bar or save a checkpoint).
///
/// # Errors
/// Whatever `after_wave` returns.
pub fn drive<T, E>(
    job: &Job<'_>,
    wave: u64,
    progress: &mut Progress<T>,
    work: impl Fn(Chunk) -> Option<T> + Sync,
    done: impl Fn(&T) -> bool,
    interrupted: impl Fn() -> bool + Sync,
    mut after_wave: impl FnMut(&Progress<T>) -> Result<(), E>,
) -> Result<Stop, E>
where
    T: Send + AddAssign,
{
    let wave = wave.max(1);
    while progress.next < job.range.end {
        if interrupted() {
            return Ok(Stop::Interrupted);
        }
        let end = progress.next.saturating_add(wave).min(job.range.end);
        let chunk_unless_stopped = |chunk| if interrupted() { None } else { work(chunk) };
        for counts in map_chunks(job.seed, job.plan, progress.next..end, chunk_unless_stopped) {
            let Some(counts) = counts else {
                return Ok(Stop::Interrupted);
            };
            progress.counts += counts;
            progress.next += 1;
            if done(&progress.counts) {
                after_wave(progress)?;
                return Ok(Stop::TargetMet);
            }
        }
        after_wave(progress)?;
    }
    Ok(Stop::Finished)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::category_counts::CategoryCounts;
    use crate::hand::HandSpec;
    use crate::odds_loop::{OddsChunks, simulate};
    use crate::pool::on_pool;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn hand() -> HandSpec {
        HandSpec::new(7, Vec::new()).unwrap()
    }

    /// A job over all of `plan` with an optional precision target.
    struct TargetJob<'a> {
        job: Job<'a>,
        target: Option<f64>,
    }

    fn job(plan: &ChunkPlan, seed: u64, target: Option<f64>) -> TargetJob<'_> {
        TargetJob {
            job: Job {
                seed,
                plan,
                range: 0..plan.chunks(),
            },
            target,
        }
    }

    fn fresh() -> Progress<CategoryCounts> {
        Progress {
            first: 0,
            next: 0,
            counts: CategoryCounts::default(),
        }
    }

    /// Runs `job` until `interrupted` in waves of `wave` chunks, calling `after_wave`.
    fn drive_odds(
        job: &TargetJob<'_>,
        wave: u64,
        progress: &mut Progress<CategoryCounts>,
        interrupted: impl Fn() -> bool + Sync,
        after_wave: impl FnMut(&Progress<CategoryCounts>) -> Result<(), ()>,
    ) -> Stop {
        let hand = hand();
        let chunks = OddsChunks::new(&hand);
        let target = job.target;
        drive(
            &job.job,
            wave,
            progress,
            |chunk| Some(chunks.run(chunk)),
            |counts: &CategoryCounts| target.is_some_and(|t| counts.every_std_error_below(t)),
            interrupted,
            after_wave,
        )
        .unwrap()
    }

    /// Runs `job` to the end (or its target) in waves of `wave` chunks.
    fn run(job: &TargetJob<'_>, wave: u64, progress: &mut Progress<CategoryCounts>) -> Stop {
        drive_odds(job, wave, progress, || false, |_| Ok(()))
    }

    #[test]
    fn waves_add_up_to_the_one_shot_simulation() {
        let plan = ChunkPlan::with_chunk_rounds(10_007, 1000);
        let expected = simulate(&hand(), 5, &plan);
        for wave in [1, 3, 64] {
            let mut progress = fresh();
            assert_eq!(
                run(&job(&plan, 5, None), wave, &mut progress),
                Stop::Finished
            );
            assert_eq!(progress.counts, expected);
            assert_eq!(progress.next, plan.chunks());
        }
    }

    #[test]
    fn the_stopping_chunk_does_not_depend_on_waves_or_threads() {
        let plan = ChunkPlan::with_chunk_rounds(1 << 22, 1 << 12);
        let stop_at = |wave, threads| {
            on_pool(threads, || {
                let mut progress = fresh();
                (
                    run(&job(&plan, 9, Some(2e-3)), wave, &mut progress),
                    progress,
                )
            })
            .unwrap()
        };
        let (stop, first) = stop_at(1, 1);
        assert_eq!(stop, Stop::TargetMet);
        assert!(
            first.next > 1 && first.next < plan.chunks(),
            "{}",
            first.next
        );
        assert!(first.counts.every_std_error_below(2e-3));
        for (wave, threads) in [(7, 2), (100, 3)] {
            assert_eq!(stop_at(wave, threads), (Stop::TargetMet, first));
        }
        // One chunk fewer does not meet the target: the rule stops at the first chunk that does.
        let shorter = ChunkPlan::with_chunk_rounds((first.next - 1) * (1 << 12), 1 << 12);
        let mut before = fresh();
        run(&job(&shorter, 9, None), 8, &mut before);
        assert!(!before.counts.every_std_error_below(2e-3));
    }

    #[test]
    fn an_interrupt_stops_between_waves_and_resumes_to_the_same_counts() {
        let plan = ChunkPlan::with_chunk_rounds(50_000, 1000);
        let mut whole = fresh();
        run(&job(&plan, 3, None), 4, &mut whole);
        let mut part = fresh();
        let waves = AtomicUsize::new(0);
        let stop = drive_odds(
            &job(&plan, 3, None),
            4,
            &mut part,
            || waves.load(Ordering::SeqCst) == 3,
            |_| {
                waves.fetch_add(1, Ordering::SeqCst);
                Ok(())
            },
        );
        assert_eq!((stop, part.next), (Stop::Interrupted, 12));
        run(&job(&plan, 3, None), 5, &mut part);
        assert_eq!(part, whole);
    }

    #[test]
    fn an_interrupt_inside_a_wave_keeps_the_chunks_before_it() {
        let plan = ChunkPlan::with_chunk_rounds(50_000, 1000);
        let mut whole = fresh();
        run(&job(&plan, 3, None), 4, &mut whole);
        // Asked once before the wave, then once per chunk: the fourth question is the third
        // chunk's, which is skipped with every chunk after it.
        let asked = AtomicUsize::new(0);
        let mut part = fresh();
        let stop = on_pool(1, || {
            drive_odds(
                &job(&plan, 3, None),
                50,
                &mut part,
                || asked.fetch_add(1, Ordering::SeqCst) >= 3,
                |_| Ok(()),
            )
        })
        .unwrap();
        assert_eq!((stop, part.next), (Stop::Interrupted, 2));
        run(&job(&plan, 3, None), 7, &mut part);
        assert_eq!(part, whole);
    }
}
