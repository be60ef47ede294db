//! `game=`: the games of the game list ([`engine::GAMES`]), checked as `sim`'s
//! `config::variant` checks `--game` (the same names and messages).

use engine::{Family, GameId};
use pyo3::PyResult;

use crate::errors::value_error;

/// A game: hold'em or short deck (the `engine`/`holdem` crates), or an Omaha game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Game {
    /// Hold'em or short deck.
    Holdem(engine::Game),
    /// One of the six Omaha games.
    Omaha(engine::Game),
}

impl Game {
    /// The game named `name`, with short deck's `trips_beat_straight` rule.
    pub(crate) fn parse(name: &str, trips_beat_straight: bool) -> PyResult<Self> {
        let game = engine::Game::named(name, trips_beat_straight)
            .ok_or_else(|| value_error(format!("--game '{name}': want {}", GameId::names())))?
            .map_err(value_error)?;
        Ok(match game.family() {
            Family::Holdem => Self::Holdem(game),
            Family::Omaha => Self::Omaha(game),
        })
    }

    /// The hold'em or short-deck game, or the command line's refusal of Omaha for commands
    /// that play only those.
    pub(crate) fn holdem_only(self, command: engine::Command) -> PyResult<engine::Game> {
        match self {
            Self::Holdem(game) => Ok(game),
            Self::Omaha(game) => Err(value_error(format!(
                "--game {}: this command plays {}; {} is played by {}",
                game.name(),
                engine::Game::titles_playing(command),
                game.spec().title,
                game.commands_sentence()
            ))),
        }
    }
}

/// The `game` entry of a result's parameters: absent for hold'em, as in `sim`'s JSON.
pub(crate) fn game_name(game: engine::Game) -> Option<&'static str> {
    (game != engine::Game::HOLDEM).then(|| game.name())
}
