//! The three games of the stud family and their names.

use std::fmt;
use std::str::FromStr;

/// A game of the seven-card stud family: every player makes the best five-card hand of their
/// own seven cards.
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

    /// The stable name used on command lines and in output: `stud`, `stud-hilo`, `razz`.
    pub const fn name(self) -> &'static str {
        match self {
            Game::Stud => "stud",
            Game::StudHiLo => "stud-hilo",
            Game::Razz => "razz",
        }
    }

    /// Whether the pot splits between a high and a low hand.
    pub const fn is_hilo(self) -> bool {
        matches!(self, Game::StudHiLo)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text names none of the stud games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown stud game '{}': use stud, stud-hilo or razz",
            self.0
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for Game {
    type Err = UnknownGame;

    /// Parses a game's [`Game::name`], case-insensitively; `stud8` and `stud-hi-lo` are taken
    /// for stud hi/lo.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "stud" => Ok(Game::Stud),
            "stud-hilo" | "stud-hi-lo" | "stud8" => Ok(Game::StudHiLo),
            "razz" => Ok(Game::Razz),
            _ => Err(UnknownGame(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for game in Game::ALL {
            assert_eq!(game.name().parse::<Game>(), Ok(game));
            assert_eq!(game.to_string(), game.name());
        }
        assert_eq!("Stud8".parse::<Game>(), Ok(Game::StudHiLo));
        assert_eq!(
            "holdem".parse::<Game>().unwrap_err().to_string(),
            "unknown stud game 'holdem': use stud, stud-hilo or razz"
        );
    }
}
