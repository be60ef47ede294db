//! The long-run options of `sim odds` (precision target, checkpoint, shard, quiet) and the loop
//! that ties the driver to them.

use std::time::Instant;

use crate::checkpoint::Checkpoint;
use crate::claim::Claim;
use crate::config::OddsConfig;
use crate::interrupt;
use crate::progress::RoundsBar;
use engine::CategoryCounts;
use engine::driver::{CHUNKS_PER_THREAD, Progress, Stop};

/// Where a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Why it stopped.
    pub stop: Stop,
    /// Its chunks and counts.
    pub progress: Progress<CategoryCounts>,
    /// Rounds dealt by this process (not those loaded from a checkpoint).
    pub rounds_here: u64,
}

/// Runs `config`'s chunks (its shard's, if any) on the current rayon pool: resumes from and saves
/// to the checkpoint (`claim`, taken on `config`'s `--checkpoint`), draws the bar, stops on the
/// target or a stop signal.
///
/// # Errors
/// Checkpoint problems (a refused or unwritable checkpoint).
pub fn execute(config: &OddsConfig, mut claim: Option<&mut Claim>) -> anyhow::Result<Outcome> {
    let plan = &config.request.plan;
    let range = match config.long.shard {
        Some(shard) => shard.range(plan.chunks()),
        None => 0..plan.chunks(),
    };
    let identity = config.identity();
    let bounds = (range.start, range.end);
    let mut progress = Progress {
        first: range.start,
        next: range.start,
        counts: CategoryCounts::default(),
    };
    if let Some(path) = claim.as_ref().map(|c| c.path())
        && let Some(saved) = Checkpoint::load(path, &identity, bounds)?
    {
        progress.next = saved.next_chunk;
        progress.counts = saved.counts;
        if !config.long.quiet {
            crate::stderr_line!(
                "sim odds: resuming from checkpoint {} at chunk {} of {}",
                path.display(),
                saved.next_chunk,
                plan.chunks()
            );
        }
    }
    let resumed = progress.counts.total();
    // Counted without visiting the chunks: a plan of 2^64 rounds has 2^44 of them.
    let total = plan.rounds_in_chunks(range.clone());
    let mut bar = RoundsBar::new(total, resumed, config.long.quiet);
    let mut last_save = Instant::now();
    let mut save = |p: &Progress<CategoryCounts>| -> anyhow::Result<()> {
        match claim.as_deref_mut() {
            Some(claim) => Checkpoint::new(&identity, bounds, p.next, p.counts)?.save_to(claim),
            None => Ok(()),
        }
    };
    let wave = CHUNKS_PER_THREAD * rayon::current_num_threads() as u64;
    let stop = config.request.drive(
        range,
        wave,
        &mut progress,
        interrupt::stop_requested,
        |p| -> anyhow::Result<()> {
            bar.update(p.counts.total());
            if last_save.elapsed() >= config.long.checkpoint_every {
                save(p)?;
                last_save = Instant::now();
            }
            Ok(())
        },
    )?;
    bar.finish();
    if stop == Stop::Interrupted {
        save(&progress)?;
    }
    Ok(Outcome {
        stop,
        progress,
        rounds_here: progress.counts.total() - resumed,
    })
}
