//! The driver of long runs: chunks handed to the workers in plan order, one at a time, their
//! counts added in chunk order as they come in, the stopping rule checked after every chunk, and
//! progress and checkpoints reported every wave of chunks, never in the hot loop and never with
//! a worker waiting for another.
//!
//! ```text
//!  chunks   first ─────────────────────────────────────────────▶ end
//!  workers  each takes the next chunk not yet started, as soon as it is free
//!  counted  in chunk order: a chunk that ends early waits for those before it
//!  target   ▲ ▲ ▲ ▲ ▲ ▲ …  checked after every chunk counted
//!  reports  every `wave` chunks counted (4×threads): progress bar, checkpoint
//! ```
//!
//! The counts are added in chunk order and the precision target is checked after each chunk, so
//! the stopping chunk depends only on (seed, plan, inputs); chunks run past the stopping point
//! are discarded. A wave only sets how often progress is reported.
//!
//! A stop request is asked before each chunk starts: chunks under way finish (or stop inside,
//! if their work asks too), none starts after. The chunks counted before the first one not run
//! count; the rest are discarded, and a resumed run deals them again.
//!
//! Waves used to be run in parallel with a pause between them, every worker waiting for the
//! slowest at each pause: two threads of `sim odds` were busy 97 % of the time, and the wait
//! grows with the thread count (with 4 chunks a thread, up to a quarter of a wave). Now a
//! worker never waits while chunks are left.

use std::collections::BTreeMap;
use std::ops::{AddAssign, Range};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::chunks::Chunk;
use crate::plan::ChunkPlan;

/// Chunks per report and worker thread: often enough for a lively progress bar and timely
/// checkpoints, seldom enough that reporting costs nothing measurable.
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
    /// The caller asked to stop (Ctrl-C, SIGTERM) before every chunk was run.
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

impl<'a> Job<'a> {
    /// Every chunk of `plan` with `seed`.
    pub fn whole(seed: u64, plan: &'a ChunkPlan) -> Self {
        Self {
            seed,
            plan,
            range: 0..plan.chunks(),
        }
    }
}

/// Runs the chunks `progress.next..job.range.end` on every thread of the current rayon pool,
/// each worker taking the next chunk not yet started, and adds each chunk's `work` to
/// `progress` in chunk order (`work` returns `None` when it stopped inside a chunk because
/// `interrupted()` said so; that chunk is not counted).
///
/// After every chunk counted `done` sees the counts so far: once it returns true the run stops
/// ([`Stop::TargetMet`]), so the stopping chunk depends only on (seed, plan, inputs). Before
/// each chunk starts, `interrupted()` is asked whether to stop: the run then stops
/// ([`Stop::Interrupted`]) with the chunks counted before the first one not run. Every `wave`
/// chunks counted, at the last chunk and when the target is met, `report` sees the progress (to
/// draw a bar or save a checkpoint); it is called on whichever worker counted the chunk, one
/// call at a time, while the other workers go on dealing.
///
/// # Errors
/// Whatever `report` returns; the run stops at its first error.
pub fn drive<T, E>(
    job: &Job<'_>,
    wave: u64,
    progress: &mut Progress<T>,
    work: impl Fn(Chunk) -> Option<T> + Sync,
    done: impl Fn(&T) -> bool + Sync,
    interrupted: impl Fn() -> bool + Sync,
    report: impl FnMut(&Progress<T>) -> Result<(), E> + Send,
) -> Result<Stop, E>
where
    T: Send + AddAssign,
    E: Send,
{
    let end = job.range.end;
    if progress.next >= end {
        return Ok(Stop::Finished);
    }
    let wave = wave.max(1);
    let next_chunk = AtomicU64::new(progress.next);
    let halt = AtomicBool::new(false);
    let in_order = Mutex::new(InOrder {
        next_report: progress.next.saturating_add(wave),
        progress,
        early: BTreeMap::new(),
        outcome: None,
        wave,
        end,
        report,
    });
    rayon::broadcast(|_| {
        while !halt.load(Ordering::Relaxed) {
            let index = next_chunk.fetch_add(1, Ordering::Relaxed);
            if index >= end {
                break;
            }
            let counts = if interrupted() {
                None
            } else {
                work(Chunk::new(job.seed, job.plan, index))
            };
            // A chunk not run ends the run at once, wherever it lies: the chunks before it still
            // under way are counted, and no other starts.
            let not_run = counts.is_none();
            let ended = in_order
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .count(index, counts, &done);
            if ended || not_run {
                halt.store(true, Ordering::Relaxed);
            }
        }
    });
    let in_order = in_order
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    in_order
        .outcome
        .unwrap_or(Ok(if in_order.progress.next == end {
            Stop::Finished
        } else {
            Stop::Interrupted
        }))
}

/// The driver's shared state: the progress counted in chunk order, the chunks finished ahead of
/// it, and how the run ended once it has.
struct InOrder<'p, T, E, F> {
    progress: &'p mut Progress<T>,
    /// Chunks finished while an earlier one is still under way: their counts, or `None` if not
    /// run.
    early: BTreeMap<u64, Option<T>>,
    /// The stop, or the report's error, once the run has ended.
    outcome: Option<Result<Stop, E>>,
    /// Progress is reported when `progress.next` reaches this.
    next_report: u64,
    /// Chunks counted between two reports.
    wave: u64,
    /// The end of the job's range: progress is reported there too.
    end: u64,
    /// The caller's report (progress bar, checkpoint).
    report: F,
}

impl<T, E, F> InOrder<'_, T, E, F>
where
    T: AddAssign,
    F: FnMut(&Progress<T>) -> Result<(), E>,
{
    /// Takes chunk `index`'s counts (`None`: not run) and counts every chunk now next in
    /// order; true once the run has ended.
    fn count(&mut self, index: u64, counts: Option<T>, done: &impl Fn(&T) -> bool) -> bool {
        if self.outcome.is_some() {
            return true;
        }
        self.early.insert(index, counts);
        while let Some(entry) = self.early.first_entry() {
            if *entry.key() != self.progress.next {
                break;
            }
            let Some(counts) = entry.remove() else {
                self.outcome = Some(Ok(Stop::Interrupted));
                return true;
            };
            self.progress.counts += counts;
            self.progress.next += 1;
            if done(&self.progress.counts) {
                self.outcome = Some((self.report)(self.progress).map(|()| Stop::TargetMet));
                return true;
            }
            if self.progress.next == self.next_report || self.progress.next == self.end {
                self.next_report = self.progress.next.saturating_add(self.wave);
                if let Err(error) = (self.report)(self.progress) {
                    self.outcome = Some(Err(error));
                    return true;
                }
            }
        }
        false
    }
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
            job: Job::whole(seed, plan),
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

    /// Runs `job` until `interrupted` in waves of `wave` chunks, calling `report`.
    fn drive_odds(
        job: &TargetJob<'_>,
        wave: u64,
        progress: &mut Progress<CategoryCounts>,
        interrupted: impl Fn() -> bool + Sync,
        report: impl FnMut(&Progress<CategoryCounts>) -> Result<(), ()> + Send,
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
            report,
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
    fn an_interrupt_after_a_report_stops_there_and_resumes_to_the_same_counts() {
        let plan = ChunkPlan::with_chunk_rounds(50_000, 1000);
        let mut whole = fresh();
        run(&job(&plan, 3, None), 4, &mut whole);
        let mut part = fresh();
        let reports = AtomicUsize::new(0);
        // One worker: the third report comes after chunk 11, and chunk 12 is the next asked.
        let stop = on_pool(1, || {
            drive_odds(
                &job(&plan, 3, None),
                4,
                &mut part,
                || reports.load(Ordering::SeqCst) == 3,
                |_| {
                    reports.fetch_add(1, Ordering::SeqCst);
                    Ok(())
                },
            )
        })
        .unwrap();
        assert_eq!((stop, part.next), (Stop::Interrupted, 12));
        run(&job(&plan, 3, None), 5, &mut part);
        assert_eq!(part, whole);
    }

    #[test]
    fn an_interrupt_keeps_the_chunks_before_it() {
        let plan = ChunkPlan::with_chunk_rounds(50_000, 1000);
        let mut whole = fresh();
        run(&job(&plan, 3, None), 4, &mut whole);
        // Asked once per chunk, before it starts: the fourth question is chunk 3's, which is not
        // run, and no chunk after it is.
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
        assert_eq!((stop, part.next), (Stop::Interrupted, 3));
        assert_eq!(asked.load(Ordering::SeqCst), 4);
        run(&job(&plan, 3, None), 7, &mut part);
        assert_eq!(part, whole);
    }

    #[test]
    fn an_interrupt_on_any_threads_resumes_to_the_same_counts() {
        let plan = ChunkPlan::with_chunk_rounds(200_000, 1000);
        let mut whole = fresh();
        run(&job(&plan, 3, None), 4, &mut whole);
        for threads in [2, 3, 5] {
            let asked = AtomicUsize::new(0);
            let mut part = fresh();
            let stop = on_pool(threads, || {
                drive_odds(
                    &job(&plan, 3, None),
                    4,
                    &mut part,
                    || asked.fetch_add(1, Ordering::SeqCst) >= 40,
                    |_| Ok(()),
                )
            })
            .unwrap();
            assert_eq!(stop, Stop::Interrupted, "{threads} threads");
            // Chunks 0..40 were each asked about first, and none after a refusal started.
            assert!(part.next <= 40, "{threads} threads: {}", part.next);
            assert!(
                asked.load(Ordering::SeqCst) <= 40 + threads,
                "{threads} threads"
            );
            run(&job(&plan, 3, None), 7, &mut part);
            assert_eq!(part, whole, "{threads} threads");
        }
    }

    #[test]
    fn a_report_error_stops_the_run_and_is_returned() {
        let plan = ChunkPlan::with_chunk_rounds(50_000, 1000);
        let hand = hand();
        let chunks = OddsChunks::new(&hand);
        let reports = AtomicUsize::new(0);
        let mut progress = fresh();
        let outcome = on_pool(2, || {
            drive(
                &job(&plan, 3, None).job,
                4,
                &mut progress,
                |chunk| Some(chunks.run(chunk)),
                |_| false,
                || false,
                |p| {
                    reports.fetch_add(1, Ordering::SeqCst);
                    if p.next >= 8 { Err(p.next) } else { Ok(()) }
                },
            )
        })
        .unwrap();
        assert_eq!(outcome, Err(8));
        assert_eq!(reports.load(Ordering::SeqCst), 2);
        assert_eq!(progress.next, 8);
    }

    #[test]
    fn reports_come_every_wave_and_at_the_last_chunk_in_order() {
        let plan = ChunkPlan::with_chunk_rounds(50_000, 1000);
        for threads in [1, 2, 4] {
            let seen = Mutex::new(Vec::new());
            let mut progress = fresh();
            let stop = on_pool(threads, || {
                drive_odds(
                    &job(&plan, 3, None),
                    8,
                    &mut progress,
                    || false,
                    |p| {
                        seen.lock().unwrap().push(p.next);
                        Ok(())
                    },
                )
            })
            .unwrap();
            assert_eq!(stop, Stop::Finished);
            assert_eq!(
                seen.into_inner().unwrap(),
                [8, 16, 24, 32, 40, 48, 50],
                "{threads} threads"
            );
        }
    }
}
