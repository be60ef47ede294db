//! `sim odds`: the request (game, hand, rounds, target, seed) and the long-run options.

use engine::Command;
use request::odds::{OddsArgs as OddsRequestArgs, OddsRequest};

use crate::cli::OddsArgs;
use crate::config::long_run::LongRunConfig;
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;
use crate::identity::RunIdentity;
use crate::same_file::refuse_same_file;

/// A validated `sim odds` run.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsConfig {
    /// The hand, rounds, seed and target.
    pub request: OddsRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
    /// Checkpoint, shard, quiet.
    pub long: LongRunConfig,
}

impl TryFrom<&OddsArgs> for OddsConfig {
    type Error = UsageError;

    fn try_from(args: &OddsArgs) -> Result<Self, UsageError> {
        if let (Some(out), Some(checkpoint)) = (&args.output.out, &args.long.saving.checkpoint) {
            refuse_same_file(&[("--out", out), ("--checkpoint", checkpoint)])?;
        }
        let game = game(&args.game, Command::Odds)?;
        let dead = request::cards::cards("dead", &args.dead)?;
        let request = OddsRequest::new(&request_args(args, game, &dead))?;
        if !request.deals_board_hands() {
            refuse_long_run_files(args, game)?;
        }
        Ok(Self {
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
            long: LongRunConfig::new(&args.long, args.run.seed.is_some())?,
            request,
        })
    }
}

/// The request's arguments of `args` in `game`, with `dead` (`--dead`'s cards) out of play.
fn request_args<'a>(
    args: &'a OddsArgs,
    game: engine::Game,
    dead: &'a [deck::Card],
) -> OddsRequestArgs<'a> {
    OddsRequestArgs {
        game,
        cards: usize::from(args.hand.cards),
        known: &args.hand.known.0,
        dead,
        rounds: args.long.target_stderr.is_none().then_some(args.rounds),
        target_stderr: args.long.target_stderr,
        max_rounds: args.long.max_rounds,
        seed: args.run.seed,
        options: &args.options.values,
    }
}

/// Refuses checkpoint and shard files outside the board games: those run in one go (the files
/// record board hands).
fn refuse_long_run_files(args: &OddsArgs, game: engine::Game) -> Result<(), UsageError> {
    let unsupported = [
        (args.long.saving.checkpoint.is_some(), "--checkpoint"),
        (
            args.long.saving.checkpoint_every.is_some(),
            "--checkpoint-every",
        ),
        (args.long.shard.is_some(), "--shard"),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|(given, _)| *given) {
        return Err(UsageError::new(format!(
            "{flag} is not supported with --game {game}"
        )));
    }
    Ok(())
}

impl OddsConfig {
    /// The arguments that define this run's counts, as checkpoints and shard files record them.
    pub fn identity(&self) -> RunIdentity {
        RunIdentity {
            game: RunIdentity::game_of(self.request.game()),
            cards: self.request.cards(),
            known: self.request.known_text(),
            dead: self.request.dead_text(),
            rounds: self.request.plan.rounds,
            chunk_rounds: self.request.plan.chunk_rounds,
            seed: self.request.seed.value,
            target_stderr: self.request.target_stderr,
        }
    }
}
