//! The long-run options of `sim odds` (precision target, checkpoint, shard, quiet) and the loop
//! that ties the driver to them.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;

use crate::checkpoint::Checkpoint;
use crate::config::OddsConfig;
use crate::count::parse_count;
use crate::error::UsageError;
use crate::identity::RunIdentity;
use crate::interrupt;
use crate::progress::RoundsBar;
use crate::shard::Shard;
use engine::CategoryCounts;
use engine::driver::{self, CHUNKS_PER_THREAD, Job, Progress, Stop};
use engine::odds_loop::run_chunk;

/// The rounds cap of a `--target-stderr` run without `--max-rounds`.
pub const DEFAULT_MAX_ROUNDS: u64 = 1_000_000_000;

/// How often a checkpointed run saves without `--checkpoint-every` (it also saves on Ctrl-C).
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

/// Long-run options of `sim odds`.
#[derive(Debug, Clone, Args)]
pub struct LongRunArgs {
    /// Deal until every category's standard error is below E (checked after every chunk of
    /// 2^20 rounds, so a seed always stops at the same point), at most --max-rounds.
    #[arg(long, value_name = "E", conflicts_with = "rounds")]
    pub target_stderr: Option<f64>,
    /// The most rounds a --target-stderr run deals [default: 1G].
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub max_rounds: Option<u64>,
    /// Save progress to FILE every few seconds and on Ctrl-C; rerunning the same command resumes.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves [default: 5].
    #[arg(long, value_name = "SECONDS")]
    pub checkpoint_every: Option<f64>,
    /// Run only shard I of N (from 0) and write a shard file for `sim merge`; `auto` reads
    /// SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT or JOB_COMPLETION_INDEX/SIM_SHARD_COUNT.
    #[arg(long, value_name = "I/N|auto")]
    pub shard: Option<String>,
    /// No progress bar and no summary on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Validated long-run options.
#[derive(Debug, Clone, PartialEq)]
pub struct LongRunConfig {
    /// Stop once every standard error is below this.
    pub target_stderr: Option<f64>,
    /// Checkpoint file.
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoint saves.
    pub checkpoint_every: Duration,
    /// This process's shard.
    pub shard: Option<Shard>,
    /// No bar, no summary.
    pub quiet: bool,
}

impl LongRunConfig {
    /// Validates the options; `seeded` tells whether `--seed` was given.
    ///
    /// # Errors
    /// A usage error for a target that is not a positive number, a shard with a target, or a
    /// checkpoint or shard without a seed.
    pub fn new(args: &LongRunArgs, seeded: bool) -> Result<Self, UsageError> {
        if let Some(e) = args.target_stderr
            && !(e.is_finite() && e > 0.0)
        {
            return Err(UsageError::new(format!(
                "--target-stderr {e} must be a positive number"
            )));
        }
        if args.max_rounds.is_some() && args.target_stderr.is_none() {
            return Err(UsageError::new(
                "--max-rounds caps a --target-stderr run; use --rounds for a fixed count",
            ));
        }
        let checkpoint_every = match args.checkpoint_every {
            None => CHECKPOINT_EVERY,
            Some(_) if args.checkpoint.is_none() => {
                return Err(UsageError::new(
                    "--checkpoint-every needs --checkpoint FILE",
                ));
            }
            Some(s) => Duration::try_from_secs_f64(s)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    UsageError::new(format!(
                        "--checkpoint-every {s}: expected a positive number of seconds"
                    ))
                })?,
        };
        let shard = match &args.shard {
            Some(text) => Some(Shard::parse(text, |name| std::env::var(name).ok())?),
            None => None,
        };
        if shard.is_some() && args.target_stderr.is_some() {
            return Err(UsageError::new(
                "--shard cannot be combined with --target-stderr: the stopping point depends on every shard's counts",
            ));
        }
        if !seeded && (shard.is_some() || args.checkpoint.is_some()) {
            let flag = if shard.is_some() {
                "--shard"
            } else {
                "--checkpoint"
            };
            return Err(UsageError::new(format!(
                "{flag} needs --seed, so that every process runs the same plan"
            )));
        }
        Ok(Self {
            target_stderr: args.target_stderr,
            checkpoint: args.checkpoint.clone(),
            checkpoint_every,
            shard,
            quiet: args.quiet,
        })
    }
}

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
/// to the checkpoint, draws the bar, stops on the target or Ctrl-C.
///
/// # Errors
/// Checkpoint problems (a refused or unwritable checkpoint).
pub fn execute(config: &OddsConfig) -> anyhow::Result<Outcome> {
    let plan = &config.plan;
    let range = match config.long.shard {
        Some(shard) => shard.range(plan.chunks()),
        None => 0..plan.chunks(),
    };
    let identity = RunIdentity::of(config);
    let bounds = (range.start, range.end);
    let mut progress = Progress {
        first: range.start,
        next: range.start,
        counts: CategoryCounts::default(),
    };
    if let Some(path) = &config.long.checkpoint
        && let Some(saved) = Checkpoint::load(path, &identity, bounds)?
    {
        progress.next = saved.next_chunk;
        progress.counts = saved.counts;
    }
    let resumed = progress.counts.total();
    let total: u64 = range.clone().map(|c| plan.rounds_in(c)).sum();
    let mut bar = RoundsBar::new(total, config.long.quiet);
    let mut last_save = Instant::now();
    let save = |p: &Progress<CategoryCounts>| -> anyhow::Result<()> {
        match &config.long.checkpoint {
            Some(path) => Checkpoint::new(&identity, bounds, p.next, p.counts)?.save(path),
            None => Ok(()),
        }
    };
    let wave = CHUNKS_PER_THREAD * rayon::current_num_threads() as u64;
    let job = Job {
        seed: config.seed,
        plan,
        range,
    };
    let template = config.hand.template_deck();
    let target = config.long.target_stderr;
    let stop = driver::drive(
        &job,
        wave,
        &mut progress,
        |chunk| run_chunk(&config.hand, &template, chunk),
        |counts: &CategoryCounts| target.is_some_and(|t| counts.every_std_error_below(t)),
        interrupt::requested,
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
