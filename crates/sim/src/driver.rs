//! The long-run driver of `sim odds`: chunks in plan order, in waves run in parallel, with the
//! precision check, progress, checkpoints and Ctrl-C handled between waves, never in the hot loop.
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

use std::ops::Range;

use rayon::prelude::*;

use crate::config::HandSpec;
use crate::counts::CategoryCounts;
use crate::odds::{run_chunk, template_deck};
use crate::plan::ChunkPlan;

/// Chunks per wave and worker thread: enough to keep every thread busy between pauses, few
/// enough that a pause comes every few tenths of a second.
pub const CHUNKS_PER_THREAD: u64 = 4;

/// How far a run got: every chunk in `first..next` is counted in `counts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The first chunk of the range.
    pub first: u64,
    /// The first chunk not yet counted.
    pub next: u64,
    /// Counts of the chunks done.
    pub counts: CategoryCounts,
}

/// Why the driver stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Every chunk of the range is counted.
    Finished,
    /// Every category's standard error fell below the target.
    TargetMet,
    /// The caller asked to stop (Ctrl-C) at a wave boundary.
    Interrupted,
}

/// Whether every category's standard error, `sqrt(p (1 - p) / n)` as in the report, is below
/// `target`.
pub fn meets_target(counts: &CategoryCounts, target: f64) -> bool {
    let n = counts.total();
    if n == 0 {
        return false;
    }
    let n = n as f64;
    counts.0.iter().all(|&c| {
        let p = c as f64 / n;
        (p * (1.0 - p) / n).sqrt() < target
    })
}

/// What to run: chunks `range` of `plan` for `hand` and `seed`, stopping early at `target`.
#[derive(Debug, Clone, PartialEq)]
pub struct Job<'a> {
    /// The hand.
    pub hand: &'a HandSpec,
    /// The run's seed.
    pub seed: u64,
    /// The whole run's chunk plan.
    pub plan: &'a ChunkPlan,
    /// The chunks this process runs (all of them, or a shard's).
    pub range: Range<u64>,
    /// Stop once every standard error is below this.
    pub target: Option<f64>,
}

/// Runs the chunks `progress.next..job.range.end` on the current rayon pool, `wave` chunks at a
/// time, updating `progress` in chunk order.
///
/// Before each wave `interrupted()` is asked whether to stop; after each wave `after_wave` sees
/// the progress (to draw a bar or save a checkpoint). With a `target`, the run stops after the
/// first chunk at which [`meets_target`] holds.
///
/// # Errors
/// Whatever `after_wave` returns.
pub fn drive(
    job: &Job<'_>,
    wave: u64,
    progress: &mut Progress,
    interrupted: impl Fn() -> bool,
    mut after_wave: impl FnMut(&Progress) -> anyhow::Result<()>,
) -> anyhow::Result<Stop> {
    let Job {
        hand,
        seed,
        plan,
        ref range,
        target,
    } = *job;
    let template = template_deck(hand);
    let wave = wave.max(1);
    while progress.next < range.end {
        if interrupted() {
            return Ok(Stop::Interrupted);
        }
        let end = progress.next.saturating_add(wave).min(range.end);
        let per_chunk: Vec<CategoryCounts> = (progress.next..end)
            .into_par_iter()
            .map(|chunk| run_chunk(hand, &template, seed, plan, chunk))
            .collect();
        for counts in per_chunk {
            progress.counts += counts;
            progress.next += 1;
            if target.is_some_and(|t| meets_target(&progress.counts, t)) {
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
    use crate::odds::simulate;
    use crate::pool::on_pool;

    static HAND: HandSpec = HandSpec {
        cards: 7,
        known: Vec::new(),
    };

    fn job(plan: &ChunkPlan, seed: u64, target: Option<f64>) -> Job<'_> {
        Job {
            hand: &HAND,
            seed,
            plan,
            range: 0..plan.chunks(),
            target,
        }
    }

    fn fresh() -> Progress {
        Progress {
            first: 0,
            next: 0,
            counts: CategoryCounts::default(),
        }
    }

    /// Runs `job` to the end (or its target) in waves of `wave` chunks.
    fn run(job: &Job<'_>, wave: u64, progress: &mut Progress) -> Stop {
        drive(job, wave, progress, || false, |_| Ok(())).unwrap()
    }

    #[test]
    fn waves_add_up_to_the_one_shot_simulation() {
        let plan = ChunkPlan::with_chunk_rounds(10_007, 1000);
        let expected = simulate(&HAND, 5, &plan);
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
        assert!(meets_target(&first.counts, 2e-3));
        for (wave, threads) in [(7, 2), (100, 3)] {
            assert_eq!(stop_at(wave, threads), (Stop::TargetMet, first));
        }
        // One chunk fewer does not meet the target: the rule stops at the first chunk that does.
        let shorter = ChunkPlan::with_chunk_rounds((first.next - 1) * (1 << 12), 1 << 12);
        let mut before = fresh();
        run(&job(&shorter, 9, None), 8, &mut before);
        assert!(!meets_target(&before.counts, 2e-3));
    }

    #[test]
    fn an_interrupt_stops_between_waves_and_resumes_to_the_same_counts() {
        let plan = ChunkPlan::with_chunk_rounds(50_000, 1000);
        let mut whole = fresh();
        run(&job(&plan, 3, None), 4, &mut whole);
        let mut part = fresh();
        let waves = std::cell::Cell::new(0);
        let stop = drive(
            &job(&plan, 3, None),
            4,
            &mut part,
            || waves.get() == 3,
            |_| {
                waves.set(waves.get() + 1);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!((stop, part.next), (Stop::Interrupted, 12));
        run(&job(&plan, 3, None), 5, &mut part);
        assert_eq!(part, whole);
    }
}
