//! What every command's config uses: the game, the hand, threads, the seed's announcement, positive
//! counts and the output file.

use std::path::PathBuf;

use engine::{Command, Game, HandSpec};

use crate::cli::{Format, GameArgs, HandArgs, OutputArgs};
use crate::error::UsageError;

pub use request::seed::Seed;
pub use request::threads::MAX_THREADS;

/// The game of `--game` and `--trips-beat-straight`, for `command`.
///
/// # Errors
/// A usage error for `--trips-beat-straight` with a game other than short deck, or a game the
/// command does not play.
pub fn game(args: &GameArgs, command: Command) -> Result<Game, UsageError> {
    Ok(request::game::game(
        args.game.0,
        args.trips_beat_straight,
        command,
    )?)
}

/// The hold'em-family hand of `--cards` and `--known` in `game`, checked.
///
/// # Errors
/// A usage error when too many cards are known, or a known card is not in the game's deck.
pub fn hand_spec(args: &HandArgs, game: Game) -> Result<HandSpec, UsageError> {
    match request::odds::odds_hand(game, usize::from(args.cards), &args.known.0, &[])? {
        request::odds::OddsHand::Board(hand) => Ok(hand),
        _ => Err(UsageError::new(format!(
            "--game {game}: this command plays {}",
            Game::titles_playing(Command::Exact)
        ))),
    }
}

/// The worker count: as asked, or every core.
///
/// # Errors
/// A usage error for zero threads or more than [`MAX_THREADS`].
pub fn resolve_threads(threads: Option<usize>) -> Result<usize, UsageError> {
    Ok(request::threads::threads(threads)?)
}

/// Prints `sim {command}: no --seed given; using --seed {value}` on stderr for a drawn seed, so
/// the run can be repeated; nothing for a given one.
pub fn announce_seed(seed: Seed, command: &str) {
    if seed.drawn {
        crate::stderr_line!(
            "sim {command}: no --seed given; using --seed {}",
            seed.value
        );
    }
}

/// A count flag that must be positive.
///
/// # Errors
/// A usage error naming `flag` when `value` is 0.
pub fn positive(flag: &str, value: u64) -> Result<u64, UsageError> {
    if value == 0 {
        return Err(UsageError::new(format!("{flag} must be at least 1")));
    }
    Ok(value)
}

/// Where the table goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputSpec {
    /// The file, or `None` for stdout.
    pub path: Option<PathBuf>,
    /// The format.
    pub format: Format,
}

impl From<&OutputArgs> for OutputSpec {
    fn from(args: &OutputArgs) -> Self {
        Self {
            path: args.out.clone(),
            format: args.format,
        }
    }
}
