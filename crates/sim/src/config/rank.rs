//! The validated configuration of `sim rank`.

use engine::Command;
use request::rank::{RankAsk, RankRequest};

use crate::cli::rank::RankArgs;
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;

/// A validated `sim rank` run.
#[derive(Debug, Clone)]
pub struct RankConfig {
    /// The game and what to give.
    pub request: RankRequest,
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
        // The games with a ranking are those with preflop tables: hold'em and short deck.
        let game = game(&args.game, Command::Preflop)?;
        Ok(Self {
            request: RankRequest::new(
                game,
                RankAsk {
                    ranking: args.ranking.as_deref(),
                    hand: args.hand.as_deref(),
                    top: args.top.as_deref(),
                    build: args.build,
                },
            )?,
            threads: resolve_threads(args.threads)?,
            output: OutputSpec::from(&args.output),
            quiet: args.quiet,
        })
    }
}
