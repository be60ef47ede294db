//! What can go wrong before an Omaha computation starts. Messages are one line and name the
//! offending text; the `sim` binary prints them as usage errors.

use std::fmt;

use engine::{Game, MethodError};

/// A problem with the inputs of an Omaha computation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum OmahaError {
    /// A comma-separated range has an empty item.
    EmptyItem {
        /// The whole range.
        range: String,
    },
    /// An item is neither a hand of the spot's size nor a rank pattern of that size.
    BadItem {
        /// The item.
        item: String,
        /// The whole range.
        range: String,
        /// Hole cards per hand in this spot.
        hole_cards: usize,
    },
    /// A qualifier after `:` is neither `ds`, `ss`, `r`/`rainbow` nor a weight in (0, 1].
    BadQualifier {
        /// The qualifier.
        qualifier: String,
        /// The whole range.
        range: String,
    },
    /// A range matches more hands than a range may list.
    TooBroad {
        /// The range.
        range: String,
        /// The most hands a listed range may hold.
        limit: usize,
    },
    /// No hand of a range can be dealt with the board, dead cards and fixed hands.
    RangeEmptied {
        /// The range.
        range: String,
    },
    /// Fewer than 2 players, or more than the spot allows.
    PlayerCount {
        /// Players asked for.
        players: usize,
        /// The spot.
        game: Game,
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
    /// The hands, board and dead cards need more cards than a deck has.
    NotEnoughCards {
        /// Cards needed.
        needed: usize,
    },
    /// The method refuses the spot (exact limits, rounds, target).
    Method(MethodError),
    /// The ranges almost never fit together (rejection sampling would not end).
    RangesRarelyFit,
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
            Self::EmptyItem { range } => write!(f, "range '{range}' has an empty item"),
            Self::BadItem {
                item,
                range,
                hole_cards,
            } => write!(
                f,
                "range '{range}': '{item}' is not a hand of {hole_cards} cards or a pattern of {hole_cards} ranks (A K Q J T 9-2, x or * for any rank)"
            ),
            Self::BadQualifier { qualifier, range } => write!(
                f,
                "range '{range}': ':{qualifier}' is not ds, ss, r (rainbow) or a weight in (0, 1]"
            ),
            Self::TooBroad { range, limit } => write!(
                f,
                "range '{range}' holds more than {limit} hands; narrow it or use 'random'"
            ),
            Self::RangeEmptied { range } => write!(
                f,
                "range '{range}' has no hand that can be dealt beside the board, dead cards and other hands"
            ),
            Self::PlayerCount { players, game } => write!(
                f,
                "{players} players: {game} takes 2 to {} players",
                game.max_players()
            ),
            Self::BoardSize { cards } => {
                write!(f, "a board has 0, 3, 4 or 5 cards, not {cards}")
            }
            Self::DuplicateCard { card } => write!(f, "card {card} is used twice"),
            Self::NotEnoughCards { needed } => {
                write!(f, "the hands and board need {needed} cards; a deck has 52")
            }
            Self::Method(error) => error.fmt(f),
            Self::RangesRarelyFit => write!(
                f,
                "the ranges almost never fit together without sharing a card"
            ),
            Self::TooManyKnown { known, hole_cards } => {
                write!(f, "{known} known hole cards, but a hand holds {hole_cards}")
            }
        }
    }
}

impl std::error::Error for OmahaError {}

impl From<MethodError> for OmahaError {
    fn from(error: MethodError) -> Self {
        Self::Method(error)
    }
}
