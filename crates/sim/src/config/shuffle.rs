//! `sim shuffle audit|tv|odds`: trials, rounds, seeds and output files, checked before any work
//! (`sim shuffle exact` has nothing to check beyond clap's ranges).

use std::path::PathBuf;

use engine::ChunkPlan;
use request::seed::Seed;
use shuffle_lab::audit::Audit;

use crate::cli::shuffle::{AuditArgs, ShuffleOddsArgs, TvArgs};
use crate::config::shared::{OutputSpec, positive, resolve_threads};
use crate::error::UsageError;
use crate::same_file::refuse_same_file;

/// A validated `sim shuffle audit` run.
#[derive(Debug, Clone)]
pub struct AuditConfig {
    /// The shuffle and what it tallies.
    pub audit: Audit,
    /// Trials.
    pub plan: ChunkPlan,
    /// The run's seed.
    pub seed: Seed,
    /// Worker threads.
    pub threads: usize,
    /// Where the summary row goes.
    pub output: OutputSpec,
    /// Where the position × card table goes, if asked.
    pub matrix: Option<PathBuf>,
}

impl TryFrom<&AuditArgs> for AuditConfig {
    type Error = UsageError;

    fn try_from(args: &AuditArgs) -> Result<Self, UsageError> {
        let audit = Audit::new(
            args.method.into(),
            usize::from(args.deck_size),
            usize::from(args.cards),
            args.riffles,
            usize::from(args.piles),
        )
        .map_err(|e| UsageError::new(e.to_string()))?;
        let trials = positive("--trials", args.trials)?;
        let threads = resolve_threads(args.run.threads)?;
        let output = OutputSpec::from(&args.output);
        if let (Some(out), Some(matrix)) = (&output.path, &args.matrix) {
            refuse_same_file(&[("--out", out), ("--matrix", matrix)])?;
        }
        Ok(Self {
            audit,
            plan: ChunkPlan::new(trials),
            seed: Seed::resolve(args.run.seed),
            threads,
            output,
            matrix: args.matrix.clone(),
        })
    }
}

/// A validated `sim shuffle tv` run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TvConfig {
    /// Cards in the deck.
    pub deck_size: usize,
    /// Riffles, from 1 to this.
    pub max_riffles: usize,
    /// Simulated trials and their seed, if asked.
    pub simulated: Option<(ChunkPlan, Seed)>,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&TvArgs> for TvConfig {
    type Error = UsageError;

    fn try_from(args: &TvArgs) -> Result<Self, UsageError> {
        let trials = args.trials.map(|t| positive("--trials", t)).transpose()?;
        Ok(Self {
            deck_size: usize::from(args.deck_size),
            max_riffles: usize::from(args.max_riffles),
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
            simulated: trials.map(|t| (ChunkPlan::new(t), Seed::resolve(args.run.seed))),
        })
    }
}

/// A validated `sim shuffle odds` run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShuffleOddsConfig {
    /// Riffles of a new deck before each deal.
    pub riffles: u32,
    /// Rounds.
    pub plan: ChunkPlan,
    /// The run's seed.
    pub seed: Seed,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&ShuffleOddsArgs> for ShuffleOddsConfig {
    type Error = UsageError;

    fn try_from(args: &ShuffleOddsArgs) -> Result<Self, UsageError> {
        let rounds = positive("--rounds", args.rounds)?;
        Ok(Self {
            riffles: args.riffles,
            plan: ChunkPlan::new(rounds),
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
            seed: Seed::resolve(args.run.seed),
        })
    }
}
