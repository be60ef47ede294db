//! What can be wrong with the inputs of a hits computation, one line each, naming the bad input.

use std::fmt;

use deck::Card;
use engine::{Game, RangeError};

/// A problem with a board, the dead cards, a combo or a range.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum HitsError {
    /// A board of other than 3, 4 or 5 cards.
    BoardSize {
        /// Cards given.
        cards: usize,
    },
    /// A card given twice: on the board and dead, twice in one list, or in a combo and on the
    /// board or dead.
    DuplicateCard {
        /// The card.
        card: Card,
    },
    /// A board or dead card, or a card of a combo, that the short deck lacks (a deuce to five).
    NotInShortDeck {
        /// The card.
        card: Card,
    },
    /// A range names a combo with a card the short deck lacks.
    RangeNotInShortDeck {
        /// The range as written.
        range: String,
        /// The first such card.
        card: Card,
    },
    /// A range refused in the wording every game shares: here, no combo of it is left once the
    /// board and dead cards are removed ([`RangeError::RangeEmptied`]).
    Range(RangeError),
    /// A game that is not played with two hole cards and a board (Omaha).
    OtherFamily {
        /// The game.
        game: Game,
    },
    /// Too few cards left to deal the rest of the board to a combo ([`crate::improve()`]): the
    /// board, the dead cards and the combo leave `left` cards, `to_come` are needed.
    NoRunouts {
        /// Board cards still to come.
        to_come: usize,
        /// Cards left to deal them from.
        left: usize,
    },
}

impl fmt::Display for HitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BoardSize { cards } => write!(
                f,
                "the board takes 3, 4 or 5 cards (flop, turn or river), got {cards}"
            ),
            Self::DuplicateCard { card } => write!(
                f,
                "card {card} appears twice in the board, dead cards and hand"
            ),
            Self::NotInShortDeck { card } => write!(
                f,
                "card {card} is not in the short deck (sixes to aces only)"
            ),
            Self::RangeNotInShortDeck { range, card } => write!(
                f,
                "range '{range}' holds {card}, which is not in the short deck (sixes to aces only)"
            ),
            Self::Range(error) => error.fmt(f),
            Self::OtherFamily { game } => write!(
                f,
                "{} is not played with two hole cards and a board",
                game.spec().title
            ),
            Self::NoRunouts { to_come, left } => write!(
                f,
                "not enough cards: the rest of the board needs {to_come}, {left} are left once \
                 the board, dead cards and a hand are out"
            ),
        }
    }
}

impl std::error::Error for HitsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_line_and_name_the_input() {
        let ace: Card = "As".parse().unwrap();
        let five: Card = "5d".parse().unwrap();
        let cases = [
            (
                HitsError::BoardSize { cards: 2 },
                "the board takes 3, 4 or 5 cards (flop, turn or river), got 2",
            ),
            (
                HitsError::DuplicateCard { card: ace },
                "card As appears twice in the board, dead cards and hand",
            ),
            (
                HitsError::NotInShortDeck { card: five },
                "card 5d is not in the short deck (sixes to aces only)",
            ),
            (
                HitsError::RangeNotInShortDeck {
                    range: "A5s".into(),
                    card: five,
                },
                "range 'A5s' holds 5d, which is not in the short deck (sixes to aces only)",
            ),
            (
                HitsError::Range(RangeError::RangeEmptied {
                    range: "AhKh".into(),
                }),
                "range 'AhKh' is empty once the board, dead cards and other hands are removed",
            ),
            (
                HitsError::OtherFamily {
                    game: Game::plain(engine::GameId::Omaha),
                },
                "Omaha is not played with two hole cards and a board",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
            assert!(!message.contains('\n'));
        }
    }
}
