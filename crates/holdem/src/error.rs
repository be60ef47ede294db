//! What can go wrong before an equity computation starts: ranges that do not parse, spots that
//! cannot be dealt, limits a method refuses.
//!
//! The messages are one line each and name the offending text, without the command line's
//! flags: the request layer words the refusals that concern a flag (`--board`, `--rounds`,
//! `--breakdown`) for the person who typed it.

use std::fmt;

use deck::Card;
use engine::RangeError;

use engine::{MethodError, PlayerCountError};

/// A problem with the inputs of an equity computation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum HoldemError {
    /// A range's text is refused, or the ranges cannot be dealt together (the wording every
    /// game shares).
    Range(RangeError),
    /// Fewer than 2 players, or more than the game seats.
    PlayerCount(engine::PlayerCountError),
    /// A board of other than 0, 3, 4 or 5 cards.
    BoardSize {
        /// Cards given.
        cards: usize,
    },
    /// A card is both on the board and dead, or listed twice.
    DuplicateCard {
        /// The card.
        card: Card,
    },
    /// A fixed hand shares a card with the board, the dead cards or another fixed hand.
    HandConflict {
        /// The hand as given.
        hand: String,
    },
    /// An exact run would have to list too many combinations of range combos.
    TooManyAssignments,
    /// A card (on the board, dead, or in a range) that the game's deck lacks: in short deck,
    /// a deuce to five.
    NotInDeck {
        /// Where it was given: the card itself, or `range '…'`.
        what: String,
        /// The card.
        card: Card,
    },
    /// A game that is not played with two hole cards and a board.
    OtherFamily {
        /// The game.
        game: engine::Game,
    },
    /// The method refuses the spot (exact limits, rounds, target).
    Method(MethodError),
    /// A Monte Carlo breakdown ([`mod@crate::breakdown`]) lists every combination of the players'
    /// hands, and there are more than it lists.
    BreakdownTooWide {
        /// Combinations of the players' hands (conflicts ignored).
        combinations: u128,
        /// The most a breakdown lists.
        limit: u128,
    },
    /// A Monte Carlo breakdown's weights are too many and too varied to share rounds out by.
    BreakdownWeights,
    /// Street-by-street equity by Monte Carlo weighs the next cards by card removal, and the
    /// ranges have too many joint deals to weigh them.
    NextCardWeights {
        /// Joint deals × next cards it visits at most.
        limit: u128,
    },
}

impl fmt::Display for HoldemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Range(e) => e.fmt(f),
            Self::PlayerCount(e) => e.fmt(f),
            Self::BoardSize { cards } => {
                write!(f, "the board takes 0, 3, 4 or 5 cards, got {cards}")
            }
            Self::DuplicateCard { card } => {
                write!(f, "card {card} appears twice in the board and dead cards")
            }
            Self::HandConflict { hand } => write!(
                f,
                "hand {hand} conflicts with the board, dead cards or another hand"
            ),
            Self::TooManyAssignments => {
                f.write_str("too many combinations of range hands to enumerate")
            }
            Self::NotInDeck { what, card } if what == &card.to_string() => write!(
                f,
                "card {card} is not in the short deck (sixes to aces only)"
            ),
            Self::NotInDeck { what, card } => write!(
                f,
                "{what} holds {card}, which is not in the short deck (sixes to aces only)"
            ),
            Self::OtherFamily { game } => write!(
                f,
                "{} is not played with two hole cards and a board",
                game.spec().title
            ),
            Self::Method(error) => error.fmt(f),
            Self::BreakdownTooWide {
                combinations,
                limit,
            } => write!(
                f,
                "a breakdown by Monte Carlo lists every combination of the players' hands: \
                 these ranges have {combinations} (limit {limit}); narrow a range or count exactly"
            ),
            Self::BreakdownWeights => f.write_str(
                "a breakdown by Monte Carlo cannot share rounds out by these weights; \
                 use fewer weighted ranges or count exactly",
            ),
            Self::NextCardWeights { limit } => {
                engine::streets::TooManyDeals { limit: *limit }.fmt(f)
            }
        }
    }
}

impl std::error::Error for HoldemError {}

impl From<PlayerCountError> for HoldemError {
    fn from(e: PlayerCountError) -> Self {
        Self::PlayerCount(e)
    }
}

impl From<MethodError> for HoldemError {
    fn from(error: MethodError) -> Self {
        Self::Method(error)
    }
}

impl From<RangeError> for HoldemError {
    fn from(e: RangeError) -> Self {
        Self::Range(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_input_without_flags() {
        assert_eq!(
            HoldemError::PlayerCount(PlayerCountError {
                game: engine::GameId::Holdem,
                players: 11
            })
            .to_string(),
            "holdem takes 2 to 10 players, got 11"
        );
        assert_eq!(
            HoldemError::from(MethodError::TooMuchWork {
                cost: 7,
                limit: crate::EXACT_LIMITS.max,
                unit: crate::EXACT_LIMITS.unit
            })
            .to_string(),
            "an exact count would visit up to 7 outcomes (limit 100000000000)"
        );
        assert_eq!(
            HoldemError::BoardSize { cards: 2 }.to_string(),
            "the board takes 0, 3, 4 or 5 cards, got 2"
        );
        assert_eq!(
            HoldemError::TooManyAssignments.to_string(),
            "too many combinations of range hands to enumerate"
        );
    }
}
