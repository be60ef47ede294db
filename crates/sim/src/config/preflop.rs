//! `sim preflop`: the table (matrix or classes against random hands), its game and seed.

use std::path::PathBuf;
use std::time::Duration;

use engine::{Command, Game};
use request::preflop::{PreflopRequest, PreflopTable};

use crate::cli::preflop::PreflopArgs;
use crate::config::long_run::checkpoint_interval;
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;
use crate::same_file::refuse_same_file;

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
    /// Checkpoint file of the table against random hands.
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoint saves.
    pub checkpoint_every: Duration,
    /// No progress bar and no summary.
    pub quiet: bool,
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
        let checkpoint = args.saving.checkpoint.clone();
        let checkpoint_every = checkpoint_interval(&args.saving)?;
        if let Some(path) = &checkpoint {
            if args.matrix {
                return Err(UsageError::new(
                    "--checkpoint is for the table against random hands: --matrix counts exactly \
                     and only stops",
                ));
            }
            if args.run.seed.is_none() {
                return Err(UsageError::new(
                    "--checkpoint needs --seed, so that the rerun finishes the same table",
                ));
            }
            if let Some(out) = &args.output.out {
                refuse_same_file(&[("--out", out), ("--checkpoint", path)])?;
            }
        }
        Ok(Self {
            game: request.game,
            table: request.table,
            threads,
            output: OutputSpec::from(&args.output),
            checkpoint,
            checkpoint_every,
            quiet: args.quiet,
        })
    }
}
