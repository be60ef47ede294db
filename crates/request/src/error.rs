//! Why a request is refused. Every message is one line naming the offending input in the
//! command line's words (`--rounds`, `--board 'Xx'`); the `sim` binary prints it after `sim: `
//! with exit code 2, and the Python package raises `ValueError` with the same text. The
//! libraries' own errors are worded without flags; [`crate::error_words`] names the flags.

use std::fmt;

use engine::{CountError, EngineError, Game, MethodError, RangeError};

use crate::error_words::{Worded, commands_sentence};
use holdem::HoldemError;
use omaha::OmahaError;
use stud::StudError;

/// A request that cannot run.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum RequestError {
    /// A refusal in the request layer's own words.
    Invalid(String),
    /// A count that does not parse.
    Count(CountError),
    /// A game or rule that does not exist or does not fit the command.
    Game(String),
    /// The hand of an odds or exact run.
    Hand(EngineError),
    /// A hold'em or short-deck spot.
    Holdem(HoldemError),
    /// An Omaha spot.
    Omaha(OmahaError),
    /// A stud, stud hi/lo or razz spot or hand.
    Stud(StudError),
    /// The method refuses the spot.
    Method(MethodError),
    /// Fewer players than two, or more than the game seats, counting the opponents.
    Players(engine::PlayerCountError),
    /// A query's text, refused at its line and column.
    Query(query::QueryError),
}

impl RequestError {
    /// A refusal with this message.
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::Invalid(message.into())
    }

    /// The refusal of `game` by a command that does not play it: `--game omaha: this command
    /// plays hold'em and short deck; Omaha is played by sim equity, sim odds and sim rank`.
    pub fn not_played(game: Game, command: engine::Command) -> Self {
        Self::Game(format!(
            "--game {}: this command plays {}; {} is played by {}",
            game.name(),
            Game::titles_playing(command),
            game.spec().title,
            commands_sentence(game)
        ))
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid(message) | Self::Game(message) => f.write_str(message),
            Self::Count(error) => error.fmt(f),
            Self::Hand(error) => error.fmt(f),
            Self::Holdem(error) => Worded(error).fmt(f),
            Self::Omaha(error) => Worded(error).fmt(f),
            Self::Stud(error) => Worded(error).fmt(f),
            Self::Method(error) => Worded(error).fmt(f),
            Self::Players(error) => Worded(error).fmt(f),
            Self::Query(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for RequestError {}

impl From<CountError> for RequestError {
    fn from(error: CountError) -> Self {
        Self::Count(error)
    }
}

impl From<EngineError> for RequestError {
    fn from(error: EngineError) -> Self {
        Self::Hand(error)
    }
}

impl From<HoldemError> for RequestError {
    fn from(error: HoldemError) -> Self {
        Self::Holdem(error)
    }
}

/// A two-card range's refusal ([`engine::two_card_range::Range::parse`]): hold'em's, whose
/// ranges they are, as it was when hold'em parsed them.
impl From<RangeError> for RequestError {
    fn from(error: RangeError) -> Self {
        Self::Holdem(HoldemError::Range(error))
    }
}

impl From<OmahaError> for RequestError {
    fn from(error: OmahaError) -> Self {
        Self::Omaha(error)
    }
}

impl From<StudError> for RequestError {
    fn from(error: StudError) -> Self {
        Self::Stud(error)
    }
}

impl From<engine::PlayerCountError> for RequestError {
    fn from(error: engine::PlayerCountError) -> Self {
        Self::Players(error)
    }
}

impl From<MethodError> for RequestError {
    fn from(error: MethodError) -> Self {
        Self::Method(error)
    }
}
