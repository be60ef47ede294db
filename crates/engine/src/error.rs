//! The errors of the run engine.

use std::fmt;

/// What can go wrong when setting up a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// A hand of `cards` cards cannot hold `known` fixed cards (or `cards` is not 5 to 7).
    HandSize {
        /// Cards in the final hand.
        cards: usize,
        /// Fixed cards asked for.
        known: usize,
    },
    /// The same card is fixed twice.
    DuplicateCard(deck::Card),
    /// A fixed card that the game's deck does not hold.
    NotInDeck {
        /// The card.
        card: deck::Card,
        /// The game.
        game: crate::Game,
    },
    /// Too few cards are left out of the known and dead ones to complete the hand.
    CannotComplete {
        /// Cards still to deal.
        needed: usize,
        /// Cards left in the game's deck.
        left: usize,
    },
    /// A game whose hands are not five to seven cards of which the best five count.
    NotBestFive {
        /// The game.
        game: crate::Game,
    },
    /// The operating system refused the worker threads.
    ThreadPool {
        /// Threads asked for.
        threads: usize,
        /// The operating system's reason.
        reason: String,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::HandSize { cards, known } if (5..=7).contains(cards) => write!(
                f,
                "a {cards}-card hand holds at most {} known cards, not {known}",
                cards - 1
            ),
            Self::HandSize { cards, .. } => write!(f, "a hand has 5 to 7 cards, not {cards}"),
            Self::DuplicateCard(card) => write!(f, "card {card} is given twice"),
            Self::NotInDeck { card, game } => write!(
                f,
                "card {card} is not in the {}-card deck of {} (sixes to aces only)",
                game.deck_size(),
                game.spec().title
            ),
            Self::CannotComplete { needed, left } => write!(
                f,
                "the hand needs {needed} more cards but only {left} are left after the known and dead cards"
            ),
            Self::NotBestFive { game } => write!(
                f,
                "{} hands are not the best five of five to seven cards",
                game.spec().title
            ),
            Self::ThreadPool { threads, reason } => {
                write!(f, "cannot start {threads} worker threads: {reason}")
            }
        }
    }
}

impl std::error::Error for EngineError {}
