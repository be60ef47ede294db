//! What can go wrong before an Omaha computation starts. Messages are one line and name the
//! offending text; the `sim` binary prints them as usage errors.

use std::fmt;

use crate::Variant;

/// A problem with the inputs of an Omaha computation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum OmahaError {
    /// A comma-separated range has an empty item.
    EmptyItem {
        /// The whole range.
        range: String,
    },
    /// An item is neither a hand of the game's size nor a rank pattern of that size.
    BadItem {
        /// The item.
        item: String,
        /// The whole range.
        range: String,
        /// Hole cards per hand in this game.
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
    /// The hands, board and dead cards need more cards than a deck has.
    NotEnoughCards {
        /// Cards needed.
        needed: usize,
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
            Self::PlayerCount { players, variant } => write!(
                f,
                "{players} players: {variant} takes 2 to {} players",
                variant.max_players()
            ),
            Self::BoardSize { cards } => {
                write!(f, "a board has 0, 3, 4 or 5 cards, not {cards}")
            }
            Self::DuplicateCard { card } => write!(f, "card {card} is used twice"),
            Self::NotEnoughCards { needed } => {
                write!(f, "the hands and board need {needed} cards; a deck has 52")
            }
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
