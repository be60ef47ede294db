//! The errors of the shuffle lab.

use std::fmt;

/// A shuffle or deal that cannot be set up. The messages name the `sim` flags that set each
/// value, so that the command line can show them as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShuffleLabError {
    /// A partial shuffle asked to deal more cards than the deck holds.
    CardsExceedDeck {
        /// Cards to deal.
        cards: usize,
        /// Cards in the deck.
        deck_size: usize,
    },
    /// The hands of a deal need more than 52 cards.
    HandsExceedDeck {
        /// Hands per deal.
        players: usize,
        /// Cards per hand.
        cards_each: usize,
    },
    /// The number of distinct deals does not fit 128-bit arithmetic, which the direct method
    /// needs.
    DealsOverflow {
        /// Hands per deal.
        players: usize,
        /// Cards per hand.
        cards_each: usize,
    },
}

impl fmt::Display for ShuffleLabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::CardsExceedDeck { cards, deck_size } => {
                write!(f, "--cards {cards} exceeds --deck-size {deck_size}")
            }
            Self::HandsExceedDeck {
                players,
                cards_each,
            } => write!(
                f,
                "--players {players} × --cards-each {cards_each} = {} cards, more than 52",
                players * cards_each
            ),
            Self::DealsOverflow {
                players,
                cards_each,
            } => write!(
                f,
                "--method direct: the number of deals of {players} hands of {cards_each} \
                 exceeds 128-bit arithmetic; use --method piles"
            ),
        }
    }
}

impl std::error::Error for ShuffleLabError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_flags() {
        let e = ShuffleLabError::CardsExceedDeck {
            cards: 9,
            deck_size: 8,
        };
        assert_eq!(e.to_string(), "--cards 9 exceeds --deck-size 8");
        let e = ShuffleLabError::HandsExceedDeck {
            players: 5,
            cards_each: 13,
        };
        assert_eq!(
            e.to_string(),
            "--players 5 × --cards-each 13 = 65 cards, more than 52"
        );
    }
}
