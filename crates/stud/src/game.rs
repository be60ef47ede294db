//! The three games of the stud family, as the engine's game list names them.

use std::fmt;
use std::str::FromStr;

use engine::{Family, GAMES, GameId};

/// A game of the seven-card stud family: every player makes the best five-card hand of their
/// own seven cards. Its name, limits and rules are its entry in [`engine::GAMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Seven-card stud: the best high hand takes the pot.
    Stud,
    /// Stud hi/lo, eight or better: the best high hand takes half the pot and the best low of
    /// five distinct ranks eight or lower (aces low, straights and flushes ignored) the other
    /// half; with no qualifying low the high hand takes the whole pot.
    StudHiLo,
    /// Razz, ace-to-five lowball: the lowest hand takes the pot (aces low, straights and
    /// flushes do not count, pairs count against a hand).
    Razz,
}

impl Game {
    /// The three games.
    pub const ALL: [Game; 3] = [Game::Stud, Game::StudHiLo, Game::Razz];

    /// The game's id in the engine's list.
    pub const fn id(self) -> GameId {
        match self {
            Game::Stud => GameId::Stud,
            Game::StudHiLo => GameId::StudHilo,
            Game::Razz => GameId::Razz,
        }
    }

    /// The game of `id`, if it is a stud game.
    pub const fn of(id: GameId) -> Option<Game> {
        match id {
            GameId::Stud => Some(Game::Stud),
            GameId::StudHilo => Some(Game::StudHiLo),
            GameId::Razz => Some(Game::Razz),
            _ => None,
        }
    }

    /// The list's name: `stud`, `stud-hilo`, `razz`.
    pub const fn name(self) -> &'static str {
        self.id().spec().name
    }

    /// Whether the pot splits between a high and a low hand.
    pub const fn is_hilo(self) -> bool {
        let spec = self.id().spec();
        spec.high.is_some() && spec.low.is_some()
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl TryFrom<GameId> for Game {
    type Error = UnknownGame;

    fn try_from(id: GameId) -> Result<Self, Self::Error> {
        Game::of(id).ok_or_else(|| UnknownGame(id.spec().name.to_string()))
    }
}

/// The text names none of the stud games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = GAMES
            .iter()
            .filter(|g| g.family == Family::Stud)
            .map(|g| g.name)
            .collect();
        let list = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        };
        write!(f, "unknown stud game '{}': use {list}", self.0)
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for Game {
    type Err = UnknownGame;

    /// Parses a game's name in the list ([`Game::name`]).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        GameId::from_name(text)
            .and_then(Game::of)
            .ok_or_else(|| UnknownGame(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_the_list() {
        for game in Game::ALL {
            assert_eq!(game.name().parse::<Game>(), Ok(game));
            assert_eq!(game.to_string(), game.name());
            assert_eq!(Game::try_from(game.id()), Ok(game));
            assert_eq!(game.id().spec().family, Family::Stud);
        }
        assert_eq!(Game::of(GameId::Holdem), None);
        assert!(Game::StudHiLo.is_hilo() && !Game::Razz.is_hilo() && !Game::Stud.is_hilo());
        assert_eq!(
            "holdem".parse::<Game>().unwrap_err().to_string(),
            "unknown stud game 'holdem': use stud, stud-hilo or razz"
        );
    }
}
