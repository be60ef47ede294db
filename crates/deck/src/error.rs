//! Errors for parsing cards and building decks.

use std::fmt;

/// Why a card, a card list or a deck could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardError {
    /// The text is not a card such as `As`, `td` or `10h`.
    Malformed(String),
    /// The same card appears twice.
    Duplicate(String),
    /// A card below a six, which the 36-card short deck does not hold.
    NotInShortDeck(String),
    /// More known cards than the deck or hand can hold.
    TooMany {
        /// How many cards were given.
        given: usize,
        /// The most that fit.
        limit: usize,
    },
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed(text) => write!(
                f,
                "malformed card {text:?}: expected a rank (2-9, T or 10, J, Q, K, A) then a suit (c, d, h, s)"
            ),
            Self::Duplicate(text) => write!(f, "duplicate card {text}"),
            Self::NotInShortDeck(text) => write!(
                f,
                "card {text} is not in the short deck (sixes to aces only)"
            ),
            Self::TooMany { given, limit } => {
                write!(f, "{given} cards given but at most {limit} fit")
            }
        }
    }
}

impl std::error::Error for CardError {}
