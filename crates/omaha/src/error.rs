//! What can go wrong before an Omaha computation starts. Messages are one line and name the
//! offending text, without the command line's flags: the request layer words the refusals that
//! concern a flag, and the `sim` binary prints them as usage errors.

use std::fmt;

use engine::streets::TooManyDeals;
use engine::{BreakdownError, Game, MethodError, RangeError};

/// A problem with the inputs of an Omaha computation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum OmahaError {
    /// A range's text is refused, or the ranges cannot be dealt together (the wording every
    /// game shares).
    Range(RangeError),
    /// A range matches more hands than a range may list.
    TooBroad {
        /// The range.
        range: String,
        /// The most hands a listed range may hold.
        limit: usize,
    },
    /// The different items of a list name more hands between them than a list may, a hand
    /// counted again for each different item that names it.
    TooManyListed {
        /// The range.
        range: String,
        /// The most hands the items of a list may name.
        limit: usize,
    },
    /// Fewer than 2 players, or more than the game seats.
    PlayerCount(engine::PlayerCountError),
    /// A board of a size the game does not deal (every Omaha game 0, 3, 4 or 5 cards,
    /// Courchevel also 1).
    BoardSize {
        /// The game.
        game: Game,
        /// Cards given.
        cards: usize,
    },
    /// A card is used twice among board, dead cards and fixed hands.
    DuplicateCard {
        /// The card, as text.
        card: String,
    },
    /// The method refuses the spot (exact limits, rounds, target).
    Method(MethodError),
    /// A breakdown past its limits.
    Breakdown(BreakdownError),
    /// More known hole cards than a hand holds.
    TooManyKnown {
        /// Known cards given.
        known: usize,
        /// Hole cards per hand.
        hole_cards: usize,
    },
    /// Street-by-street equity by Monte Carlo weighs the next cards by card removal, and the
    /// ranges have too many joint deals to weigh them.
    NextCardWeights(TooManyDeals),
}

impl OmahaError {
    /// The error of a range read as `letters` (its suit symbols as letters) quoting the text as
    /// `typed` ([`RangeError::as_typed`]).
    pub fn as_typed(self, typed: &str, letters: &str) -> Self {
        let quote =
            |text: String| deck::as_typed(typed, letters, &text).map_or(text, str::to_string);
        match self {
            Self::Range(e) => Self::Range(e.as_typed(typed, letters)),
            Self::TooBroad { range, limit } => Self::TooBroad {
                range: quote(range),
                limit,
            },
            Self::TooManyListed { range, limit } => Self::TooManyListed {
                range: quote(range),
                limit,
            },
            other => other,
        }
    }
}

impl fmt::Display for OmahaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Range(e) => e.fmt(f),
            Self::Breakdown(e) => e.fmt(f),
            Self::TooBroad { range, limit } => write!(
                f,
                "range '{range}' holds more than {limit} hands; narrow it or use 'random'"
            ),
            Self::TooManyListed { range, limit } => write!(
                f,
                "the items of range '{range}' name more than {limit} hands between them (a hand \
                 counted once for each different item naming it); use fewer overlapping items, \
                 or 'random'"
            ),
            Self::PlayerCount(e) => e.fmt(f),
            Self::BoardSize { game, cards } => write!(
                f,
                "a board in {game} has {} cards, not {cards}",
                game.board_sizes_words()
            ),
            Self::DuplicateCard { card } => write!(f, "card {card} is used twice"),
            Self::Method(error) => error.fmt(f),
            Self::TooManyKnown { known, hole_cards } => {
                write!(f, "{known} known hole cards, but a hand holds {hole_cards}")
            }
            Self::NextCardWeights(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OmahaError {}

impl From<MethodError> for OmahaError {
    fn from(error: MethodError) -> Self {
        Self::Method(error)
    }
}

impl From<BreakdownError> for OmahaError {
    fn from(e: BreakdownError) -> Self {
        Self::Breakdown(e)
    }
}

impl From<RangeError> for OmahaError {
    fn from(e: RangeError) -> Self {
        Self::Range(e)
    }
}
