//! The hand being completed: its size and the cards fixed in it.

use deck::{Card, Deck, ShortDeck};

use crate::error::EngineError;
use crate::game::{Family, Game};

/// A hand of 5 to 7 cards of a hold'em-family [`Game`], some of them fixed (`known`), the rest dealt each
/// round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandSpec {
    game: Game,
    cards: usize,
    known: Vec<Card>,
}

impl HandSpec {
    /// A hold'em hand of `cards` cards with `known` fixed.
    ///
    /// # Errors
    /// [`EngineError::HandSize`] unless `cards` is 5 to 7 and fewer than `cards` are known;
    /// [`EngineError::DuplicateCard`] if a known card repeats.
    pub fn new(cards: usize, known: Vec<Card>) -> Result<Self, EngineError> {
        Self::of_game(Game::HOLDEM, cards, known)
    }

    /// A hand of `game` (hold'em or short deck) with `cards` cards and `known` fixed.
    ///
    /// # Errors
    /// As [`HandSpec::new`], [`EngineError::NotInDeck`] for a known card the game's deck lacks (a
    /// card below a six in short deck), [`EngineError::NotBestFive`] for a game of another family.
    pub fn of_game(game: Game, cards: usize, known: Vec<Card>) -> Result<Self, EngineError> {
        if game.family() != Family::Holdem {
            return Err(EngineError::NotBestFive { game });
        }
        if game.short_deck_rules().is_some()
            && let Some(&card) = known.iter().find(|c| !c.in_short_deck())
        {
            return Err(EngineError::NotInDeck { card, game });
        }
        if !(5..=7).contains(&cards) || known.len() >= cards {
            return Err(EngineError::HandSize {
                cards,
                known: known.len(),
            });
        }
        Deck::with_known(&known).map_err(|_| {
            let repeated = known
                .iter()
                .enumerate()
                .find(|(i, c)| known[..*i].contains(c))
                .map_or(known[0], |(_, &c)| c);
            EngineError::DuplicateCard(repeated)
        })?;
        Ok(Self { game, cards, known })
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.game
    }

    /// Cards in the final hand, 5 to 7.
    pub fn cards(&self) -> usize {
        self.cards
    }

    /// The fixed cards, fewer than [`cards`](Self::cards).
    pub fn known(&self) -> &[Card] {
        &self.known
    }

    /// Cards dealt per round on top of the known ones.
    pub fn to_deal(&self) -> usize {
        self.cards - self.known.len()
    }

    /// The known cards as text, e.g. `AsKd`.
    pub fn known_text(&self) -> String {
        self.known.iter().map(ToString::to_string).collect()
    }

    /// The 52-card deck every hold'em chunk starts from: the known cards in front, the rest in
    /// index order.
    pub fn template_deck(&self) -> Deck {
        // `new` checked that the known cards are distinct, the only way `with_known` fails.
        Deck::with_known(&self.known).unwrap_or_else(|e| unreachable!("validated known cards: {e}"))
    }

    /// The 36-card deck every short-deck chunk starts from: the known cards in front, the rest
    /// in index order.
    ///
    /// # Panics
    /// If a known card is below a six, which [`HandSpec::of_game`] refuses for short deck.
    pub fn short_template_deck(&self) -> ShortDeck {
        ShortDeck::short_with_known(&self.known)
            .unwrap_or_else(|e| panic!("a short-deck template needs short-deck cards: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_duplicates_are_checked() {
        let ak = deck::parse_cards("AsKd").unwrap();
        assert_eq!(HandSpec::new(7, ak.clone()).unwrap().to_deal(), 5);
        assert_eq!(
            HandSpec::new(5, deck::parse_cards("AsKdQhJc2c").unwrap()).unwrap_err(),
            EngineError::HandSize { cards: 5, known: 5 }
        );
        assert!(matches!(
            HandSpec::new(8, vec![]),
            Err(EngineError::HandSize { cards: 8, .. })
        ));
        let twice = deck::parse_cards("AsKdAs").unwrap_or_else(|_| vec![ak[0], ak[1], ak[0]]);
        assert_eq!(
            HandSpec::new(7, twice).unwrap_err(),
            EngineError::DuplicateCard(ak[0])
        );
    }

    #[test]
    fn short_deck_hands_refuse_low_cards() {
        let game = Game::short_deck(eval::ShortDeckRules::default());
        let low = deck::parse_cards("As5d").unwrap();
        assert_eq!(
            HandSpec::of_game(game, 7, low).unwrap_err(),
            EngineError::NotInDeck {
                card: "5d".parse().unwrap(),
                game
            }
        );
        let hand = HandSpec::of_game(game, 7, deck::parse_cards("AsKd").unwrap()).unwrap();
        assert_eq!(hand.short_template_deck().cards()[..2], hand.known()[..]);
        assert_eq!(hand.game(), game);
        let omaha = Game::plain(crate::GameId::Omaha);
        assert_eq!(
            HandSpec::of_game(omaha, 7, vec![]).unwrap_err(),
            EngineError::NotBestFive { game: omaha }
        );
    }
}
