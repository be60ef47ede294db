//! Exact table requests (`sim exact`, Python's `exact`): every completion of a hand's known
//! cards counted, combinatorially or by visiting each hand.

use deck::Card;
use engine::exact_counts::{combinatorial_counts, enumerate_counts_of};
use engine::{CategoryCounts, Command, Game, HandSpec};

use crate::error::RequestError;
use crate::odds::{OddsHand, odds_hand};

/// How exact counts are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExactMethod {
    /// Combinatorially when that is possible (hold'em without known or dead cards), otherwise by
    /// visiting every hand.
    Auto,
    /// From rank multisets and suit patterns, without visiting hands: hold'em, no known or dead
    /// cards.
    Combinatorial,
    /// Visiting every completion.
    Enumerate,
}

impl ExactMethod {
    /// The method named `auto`, `combinatorial` or `enumerate`.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for any other name.
    pub fn named(name: &str) -> Result<Self, RequestError> {
        match name {
            "auto" => Ok(Self::Auto),
            "combinatorial" => Ok(Self::Combinatorial),
            "enumerate" => Ok(Self::Enumerate),
            other => Err(RequestError::invalid(format!(
                "--method '{other}': want auto, combinatorial or enumerate"
            ))),
        }
    }
}

/// A validated exact run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExactRequest {
    /// The hand.
    pub hand: HandSpec,
    /// How to count: never [`ExactMethod::Auto`] (resolved here).
    pub method: ExactMethod,
}

impl ExactRequest {
    /// Validates an exact run of `cards` cards with `known` fixed and `dead` out of play in
    /// `game`.
    ///
    /// # Errors
    /// [`RequestError`] for a game without exact tables, a bad hand or dead cards, or a
    /// combinatorial count of known or dead cards or of short deck.
    pub fn new(
        game: Game,
        cards: usize,
        known: &[Card],
        dead: &[Card],
        method: ExactMethod,
    ) -> Result<Self, RequestError> {
        if !game.plays(Command::Exact) {
            return Err(RequestError::not_played(game, Command::Exact));
        }
        let OddsHand::Board(hand) = odds_hand(game, cards, known, dead)? else {
            return Err(RequestError::not_played(game, Command::Exact));
        };
        let holdem = hand.game() == Game::HOLDEM;
        let plain = hand.known().is_empty() && hand.dead().is_empty();
        let method = match method {
            ExactMethod::Auto if plain && holdem => ExactMethod::Combinatorial,
            ExactMethod::Auto => ExactMethod::Enumerate,
            ExactMethod::Combinatorial if !hand.known().is_empty() => {
                return Err(RequestError::invalid(
                    "--method combinatorial counts hands without known cards; use --method enumerate",
                ));
            }
            ExactMethod::Combinatorial if !hand.dead().is_empty() => {
                return Err(RequestError::invalid(
                    "--method combinatorial counts hands without dead cards; use --method enumerate",
                ));
            }
            ExactMethod::Combinatorial if !holdem => {
                return Err(RequestError::invalid(
                    "--method combinatorial counts hold'em hands; short deck is counted with --method enumerate",
                ));
            }
            method => method,
        };
        Ok(Self { hand, method })
    }

    /// The counts, on the current rayon pool (dead cards are never dealt).
    pub fn counts(&self) -> CategoryCounts {
        match self.method {
            ExactMethod::Combinatorial => combinatorial_counts(self.hand.cards()),
            _ => enumerate_counts_of(&self.hand),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn auto_picks_the_fastest_method_and_refusals_name_the_flag() {
        let request = ExactRequest::new(Game::HOLDEM, 5, &[], &[], ExactMethod::Auto).unwrap();
        assert_eq!(request.method, ExactMethod::Combinatorial);
        assert_eq!(request.counts().total(), 2_598_960);
        let short = Game::plain(GameId::ShortDeck);
        let request = ExactRequest::new(short, 5, &[], &[], ExactMethod::Auto).unwrap();
        assert_eq!(request.method, ExactMethod::Enumerate);
        assert_eq!(request.counts().total(), 376_992);
        let ah = deck::parse_cards("Ah").unwrap();
        for (game, known, message) in [
            (
                Game::HOLDEM,
                &ah[..],
                "--method combinatorial counts hands without known cards; use --method enumerate",
            ),
            (
                short,
                &[][..],
                "--method combinatorial counts hold'em hands; short deck is counted with --method enumerate",
            ),
            (
                Game::plain(GameId::Omaha),
                &[][..],
                "--game omaha: this command plays hold'em, short deck, seven-card stud, stud hi/lo and razz; Omaha is played by sim equity and sim odds",
            ),
        ] {
            assert_eq!(
                ExactRequest::new(game, 7, known, &[], ExactMethod::Combinatorial)
                    .unwrap_err()
                    .to_string(),
                message
            );
        }
        assert_eq!(
            ExactMethod::named("x").unwrap_err().to_string(),
            "--method 'x': want auto, combinatorial or enumerate"
        );
    }

    #[test]
    fn dead_cards_are_enumerated_and_refused_by_the_combinatorial_count() {
        let dead = deck::parse_cards("2c7h").unwrap();
        let request = ExactRequest::new(Game::HOLDEM, 5, &[], &dead, ExactMethod::Auto).unwrap();
        assert_eq!(request.method, ExactMethod::Enumerate);
        assert_eq!(request.counts().total(), 2_118_760); // C(50, 5)
        assert_eq!(
            ExactRequest::new(Game::HOLDEM, 5, &[], &dead, ExactMethod::Combinatorial)
                .unwrap_err()
                .to_string(),
            "--method combinatorial counts hands without dead cards; use --method enumerate"
        );
        let short = Game::plain(GameId::ShortDeck);
        assert_eq!(
            ExactRequest::new(short, 5, &[], &dead, ExactMethod::Auto)
                .unwrap_err()
                .to_string(),
            "card 2c is not in the 36-card deck of short deck (sixes to aces only)"
        );
    }
}
