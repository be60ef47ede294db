//! The validated configuration of `sim rank`.

use engine::Command;
use std::path::PathBuf;

use request::rank::{RankAsk, RankRun};

use crate::cli::rank::RankArgs;
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;
use crate::shard::Shard;

/// A validated `sim rank` run.
#[derive(Debug, Clone)]
pub struct RankConfig {
    /// The game and what to give.
    pub request: RankRun,
    /// The ranking files to merge (`--merge`).
    pub merge: Vec<PathBuf>,
    /// Worker threads (for --build).
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
    /// No progress bar and no summary.
    pub quiet: bool,
}

impl TryFrom<&RankArgs> for RankConfig {
    type Error = UsageError;

    fn try_from(args: &RankArgs) -> Result<Self, UsageError> {
        let game = game(&args.game, Command::Rank)?;
        let shard = match &args.shard {
            Some(text) => {
                let shard = Shard::parse(text, |name| std::env::var(name).ok())?;
                Some((shard.index, shard.count))
            }
            None => None,
        };
        Ok(Self {
            request: RankRun::new(
                game,
                RankAsk {
                    ranking: args.ranking.as_deref(),
                    hand: args.hand.as_deref(),
                    top: args.top.as_deref(),
                    build: args.build,
                    rounds: args.rounds,
                    seed: args.seed,
                    shard,
                    merge: !args.merge.is_empty(),
                },
            )?,
            merge: args.merge.clone(),
            threads: resolve_threads(args.threads)?,
            output: OutputSpec::from(&args.output),
            quiet: args.quiet,
        })
    }
}
