//! A validated `sim equity --boards 2` or `--runs N` run: the request layer's runout request
//! (hold'em, short deck, hold'em hi/lo, Omaha, Courchevel), with threads and output.

use engine::Command;
use request::runouts::{RunoutArgs, RunoutRequest};

use crate::cli::equity::EquityArgs;
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;

/// A validated runout run.
#[derive(Debug, Clone)]
pub struct RunoutsConfig {
    /// The hands, the boards, the method and the seed.
    pub request: RunoutRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

/// Whether `sim equity`'s flags ask for a runout (`--boards`, `--runs` or `--board2`).
pub fn asked(args: &EquityArgs) -> bool {
    args.boards.is_some() || args.runs.is_some() || args.board2.is_some()
}

impl TryFrom<&EquityArgs> for RunoutsConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        let flag = if args.runs.is_some() {
            "--runs"
        } else {
            "--boards"
        };
        for (given, other) in [
            (args.streets, "--streets"),
            (args.breakdown, "--breakdown"),
            (args.distribution, "--distribution"),
            (args.target_stderr.is_some(), "--target-stderr"),
        ] {
            if given {
                return Err(UsageError::new(format!(
                    "{flag} cannot be used with {other}"
                )));
            }
        }
        if let Some(option) = args.options.first_flag() {
            return Err(UsageError::new(format!(
                "{flag} cannot be used with {option}"
            )));
        }
        let request = RunoutRequest::new(&RunoutArgs {
            board: &args.board,
            board2: args.board2.as_deref(),
            dead: &args.dead,
            boards: args.boards,
            runs: args.runs,
            exact: args.exact.then_some(true),
            rounds: args.rounds,
            seed: args.run.seed,
            opponents: args.opponents,
            ..RunoutArgs::new(game(&args.game, Command::Equity)?, &args.players)
        })?;
        Ok(Self {
            request,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}
