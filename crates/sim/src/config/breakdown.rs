//! A validated `sim equity --breakdown` run: the plain equity run's spot, method and seed in a
//! game that has breakdowns (hold'em and short deck), with threads and output.

use engine::Command;
use request::breakdown::BreakdownRequest;
use request::equity::EquityArgs as EquityRequestArgs;

use crate::cli::equity::EquityArgs;
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;

/// A validated `sim equity --breakdown` run.
#[derive(Debug, Clone)]
pub struct BreakdownConfig {
    /// The spot, method (resolved as the plain run resolves it) and seed.
    pub request: BreakdownRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&EquityArgs> for BreakdownConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        let request = BreakdownRequest::new(&EquityRequestArgs {
            game: game(&args.game, Command::Equity)?,
            players: &args.players,
            board: &args.board,
            dead: &args.dead,
            exact: args.exact.then_some(true),
            rounds: args.rounds,
            target_stderr: args.target_stderr,
            opponents: args.opponents,
            seed: args.run.seed,
        })?;
        Ok(Self {
            request,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}
