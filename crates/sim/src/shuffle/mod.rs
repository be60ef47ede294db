//! `sim shuffle`: how random are shuffles? Exact enumeration of small decks, chi-square audits of
//! position × card tables, the total-variation distance of riffles to uniform, and poker odds
//! after a few riffles of a new deck.
//!
//! The shuffle models themselves live in the `deck` crate; this module only runs and reports
//! them, with the same chunked seeding as `sim odds` (output independent of `--threads`).

pub mod audit;
pub mod exact;
pub mod odds;
pub mod paths;
pub mod tv;

use clap::{Args, Subcommand};

use crate::error::UsageError;

/// Arguments of `sim shuffle`.
#[derive(Debug, Clone, Args)]
pub struct ShuffleArgs {
    /// What to measure.
    #[command(subcommand)]
    pub command: ShuffleCommand,
}

/// The `sim shuffle` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum ShuffleCommand {
    /// Enumerate every sequence of random choices of a small deck's shuffle.
    Exact(exact::ShuffleExactArgs),
    /// Chi-square test of the position × card frequencies of a shuffle.
    Audit(audit::AuditArgs),
    /// Total-variation distance to uniform after 1..K riffles, exact and simulated.
    Tv(tv::TvArgs),
    /// Seven-card category probabilities after K riffles of a new deck.
    Odds(odds::ShuffleOddsArgs),
}

/// Runs `sim shuffle …`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &ShuffleArgs) -> anyhow::Result<()> {
    match &args.command {
        ShuffleCommand::Exact(args) => exact::run(args),
        ShuffleCommand::Audit(args) => audit::run(args),
        ShuffleCommand::Tv(args) => tv::run(args),
        ShuffleCommand::Odds(args) => odds::run(args),
    }
}

/// The run's seed: as given, or drawn at random and announced on stderr so the run can be
/// repeated.
pub(crate) fn resolve_seed(command: &str, seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let seed = rand::random();
        eprintln!("sim {command}: no --seed given; using --seed {seed}");
        seed
    })
}

/// A count flag that must be positive.
pub(crate) fn positive(flag: &str, value: u64) -> Result<u64, UsageError> {
    if value == 0 {
        return Err(UsageError::new(format!("{flag} must be at least 1")));
    }
    Ok(value)
}
