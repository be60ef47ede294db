//! `sim preflop`: the table (matrix or classes against random hands), its game and seed.

use engine::{Command, Game};
use request::preflop::{PreflopRequest, PreflopTable};

use crate::cli::preflop::PreflopArgs;
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;

/// A validated `sim preflop` run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreflopConfig {
    /// The game.
    pub game: Game,
    /// The table.
    pub table: PreflopTable,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&PreflopArgs> for PreflopConfig {
    type Error = UsageError;

    fn try_from(args: &PreflopArgs) -> Result<Self, UsageError> {
        let threads = resolve_threads(args.run.threads)?;
        let request = PreflopRequest::new(
            game(&args.game, Command::Preflop)?,
            args.matrix,
            args.opponents.as_deref(),
            args.rounds,
            args.run.seed,
        )?;
        Ok(Self {
            game: request.game,
            table: request.table,
            threads,
            output: OutputSpec::from(&args.output),
        })
    }
}
