//! What can go wrong before a stud computation starts. Messages are one line, name the
//! offending input and are worded for the person who typed it, without the command line's
//! flags: the request layer words the refusals that concern a flag, and the command line prints
//! them as usage errors.

use std::fmt;

use deck::{Card, CardError};
use engine::{BreakdownError, GameId, MethodError, RangeError};

/// A problem with the inputs of a stud computation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum StudError {
    /// A range's text is refused, or the ranges cannot be dealt together (the wording every
    /// game shares).
    Range(RangeError),
    /// A breakdown past its limits, or without a ranged player.
    Breakdown(BreakdownError),
    /// The method refuses the spot (exact limits, rounds, target).
    Method(MethodError),
    /// A game of another family.
    OtherFamily {
        /// The game.
        game: GameId,
    },
    /// Fewer than 2 or more than 8 players.
    PlayerCount(engine::PlayerCountError),
    /// A player's cards do not parse.
    BadCards {
        /// The player as written.
        player: String,
        /// What is wrong with the cards.
        error: CardError,
    },
    /// The dead cards do not parse.
    BadDead {
        /// What is wrong with them.
        error: CardError,
    },
    /// A down-card range does not parse.
    BadRange {
        /// The player as written.
        player: String,
        /// What is wrong with the range.
        error: RangeError,
    },
    /// A `(` without its `)`, or text before the `(`.
    Parenthesis {
        /// The player as written.
        player: String,
    },
    /// A percentage of third-street starts (`15%`) without the door card it is read with.
    PercentWithoutDoor {
        /// The player as written.
        player: String,
    },
    /// More cards than a stud hand holds.
    TooManyCards {
        /// The player as written.
        player: String,
        /// Cards given (two for a down-card range).
        cards: usize,
    },
    /// A card given twice among the players and the dead cards.
    DuplicateCard {
        /// The card.
        card: Card,
    },
    /// With a shared last card, a player already holding seven cards.
    SeventhCardShared {
        /// The player as written.
        player: String,
        /// Cards left in the deck.
        left: usize,
    },
    /// Too few cards left even with the last card shared.
    CannotDeal {
        /// Cards the players still need with a shared last card.
        needed: usize,
        /// Cards left in the deck.
        left: usize,
    },
}

impl fmt::Display for StudError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Range(e) => e.fmt(f),
            Self::Breakdown(e) => e.fmt(f),
            Self::Method(e) => e.fmt(f),
            Self::OtherFamily { game } => write!(f, "{game} is not a stud game"),
            Self::PlayerCount(e) => e.fmt(f),
            Self::BadCards { player, error } => write!(f, "player '{player}': {error}"),
            Self::BadDead { error } => write!(f, "dead cards: {error}"),
            Self::BadRange { player, error } => write!(f, "player '{player}': {error}"),
            Self::Parenthesis { player } => write!(
                f,
                "player '{player}': write the two down cards' range first, in parentheses, then the known cards: (QQ+,AKs)Kd"
            ),
            Self::PercentWithoutDoor { player } => write!(
                f,
                "player '{player}': a percentage ranks three-card starts, so it needs the door card after it: write the down cards' range in parentheses, then the up cards, as in (15%)Kd"
            ),
            Self::TooManyCards { player, cards } => write!(
                f,
                "player '{player}' has {cards} cards; a stud hand has 7 (a down-card range counts as 2)"
            ),
            Self::DuplicateCard { card } => {
                write!(
                    f,
                    "card {card} is given twice among the players and dead cards"
                )
            }
            Self::SeventhCardShared { player, left } => write!(
                f,
                "player '{player}' has seven cards, but with {left} cards left the seventh card is one community card shared by all"
            ),
            Self::CannotDeal { needed, left } => write!(
                f,
                "the players need {needed} more cards but {left} are left, even with the last card shared as a community card"
            ),
        }
    }
}

impl std::error::Error for StudError {}

impl From<BreakdownError> for StudError {
    fn from(e: BreakdownError) -> Self {
        Self::Breakdown(e)
    }
}

impl From<RangeError> for StudError {
    fn from(e: RangeError) -> Self {
        Self::Range(e)
    }
}

impl From<MethodError> for StudError {
    fn from(e: MethodError) -> Self {
        Self::Method(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_input() {
        assert_eq!(
            StudError::PlayerCount(engine::PlayerCountError {
                game: engine::GameId::Razz,
                players: 9
            })
            .to_string(),
            "razz takes 2 to 8 players, got 9"
        );
        assert_eq!(
            StudError::CannotDeal { needed: 9, left: 8 }.to_string(),
            "the players need 9 more cards but 8 are left, even with the last card shared as a community card"
        );
    }
}
