//! What can go wrong before an Omaha computation starts. Messages are one line and name the
//! offending text; the `sim` binary prints them as usage errors.

use std::fmt;

use engine::RangeError;

use crate::Variant;

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
    /// Fewer than 2 players, or more than the game allows.
    PlayerCount {
        /// Players asked for.
        players: usize,
        /// The game.
        variant: Variant,
    },
    /// A board of other than 0, 3, 4 or 5 cards.
    BoardSize {
        /// Cards given.
        cards: usize,
    },
    /// A card is used twice among board, dead cards and fixed hands.
    DuplicateCard {
        /// The card, as text.
        card: String,
    },
    /// Exact enumeration asked with a `random` or weighted player.
    ExactNeedsHands {
        /// The range.
        range: String,
    },
    /// Exact enumeration of more boards than allowed.
    TooManyBoards {
        /// Boards it would visit.
        boards: u128,
        /// The limit.
        limit: u128,
    },
    /// A Monte Carlo run of zero rounds.
    NoRounds,
    /// A standard-error target outside (0, 1).
    BadTarget {
        /// The target.
        target: f64,
    },
    /// More known hole cards than a hand holds.
    TooManyKnown {
        /// Known cards given.
        known: usize,
        /// Hole cards per hand.
        hole_cards: usize,
    },
}

impl fmt::Display for OmahaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Range(e) => e.fmt(f),
            Self::TooBroad { range, limit } => write!(
                f,
                "range '{range}' holds more than {limit} hands; narrow it or use 'random'"
            ),
            Self::PlayerCount { players, variant } => write!(
                f,
                "{players} players: {variant} takes 2 to {} players",
                variant.max_players()
            ),
            Self::BoardSize { cards } => {
                write!(f, "a board has 0, 3, 4 or 5 cards, not {cards}")
            }
            Self::DuplicateCard { card } => write!(f, "card {card} is used twice"),
            Self::ExactNeedsHands { range } => write!(
                f,
                "exact Omaha equity needs hands or unweighted ranges; '{range}' is random or weighted (use Monte Carlo)"
            ),
            Self::TooManyBoards { boards, limit } => write!(
                f,
                "exact enumeration would visit {boards} hand combinations × boards, more than {limit}; use Monte Carlo"
            ),
            Self::NoRounds => write!(f, "--rounds must be at least 1"),
            Self::BadTarget { target } => {
                write!(f, "--target-stderr {target} must lie between 0 and 1")
            }
            Self::TooManyKnown { known, hole_cards } => {
                write!(f, "{known} known hole cards, but a hand holds {hole_cards}")
            }
        }
    }
}

impl std::error::Error for OmahaError {}

impl From<RangeError> for OmahaError {
    fn from(e: RangeError) -> Self {
        Self::Range(e)
    }
}
