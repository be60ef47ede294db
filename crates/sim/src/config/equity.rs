//! `sim equity`: the spot of any game (players, board, dead cards) and its method.

use engine::Command;
use request::equity::{EquityArgs as EquityRequestArgs, EquityRequest};

use crate::cli::equity::EquityArgs;
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;

/// A validated `sim equity` run.
#[derive(Debug, Clone)]
pub struct EquityConfig {
    /// The spot, its method (never `Auto`) and seed.
    pub request: EquityRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&EquityArgs> for EquityConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        let request = EquityRequest::new(&request_args(args)?)?;
        Ok(Self {
            request,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}

/// The request layer's arguments of `sim equity`'s flags (shared by the plain run and
/// `--breakdown`).
///
/// # Errors
/// A usage error for a game that plays no equity.
pub fn request_args(args: &EquityArgs) -> Result<EquityRequestArgs<'_>, UsageError> {
    Ok(EquityRequestArgs {
        game: game(&args.game, Command::Equity)?,
        players: &args.players,
        board: &args.board,
        dead: &args.dead,
        exact: args.exact.then_some(true),
        rounds: args.rounds,
        target_stderr: args.target_stderr,
        opponents: args.opponents,
        seed: args.run.seed,
        options: &args.options.values,
        ranking: args.ranking.as_deref(),
    })
}
