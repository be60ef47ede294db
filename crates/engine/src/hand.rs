//! The hand being completed: its size, the cards fixed in it and the cards out of play.

use deck::{Card, Deck, ShortDeck};

use crate::error::EngineError;
use crate::game::{Family, Game};

/// A hand of 5 to 7 cards of a hold'em-family [`Game`], some of them fixed (`known`), the rest dealt each
/// round from the game's deck less the `dead` cards (none unless [`HandSpec::with_dead`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandSpec {
    game: Game,
    cards: usize,
    known: Vec<Card>,
    dead: Vec<Card>,
}

/// Checks `dead` cards beside `known` ones in `game`'s deck, with `needed` more cards to deal:
/// every dead card in the deck, none repeated or known, and `needed` cards left after both.
///
/// # Errors
/// [`EngineError::NotInDeck`], [`EngineError::DuplicateCard`] or
/// [`EngineError::CannotComplete`].
pub fn check_dead(
    game: Game,
    known: &[Card],
    dead: &[Card],
    needed: usize,
) -> Result<(), EngineError> {
    for (i, &card) in dead.iter().enumerate() {
        if game.short_deck_rules().is_some() && !card.in_short_deck() {
            return Err(EngineError::NotInDeck { card, game });
        }
        if known.contains(&card) || dead[..i].contains(&card) {
            return Err(EngineError::DuplicateCard(card));
        }
    }
    // Distinct, in the deck and not known: the dead cards fit beside the known ones.
    let left = game.deck_size().saturating_sub(known.len() + dead.len());
    if needed > left {
        return Err(EngineError::CannotComplete { needed, left });
    }
    Ok(())
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
        Ok(Self {
            game,
            cards,
            known,
            dead: Vec::new(),
        })
    }

    /// The same hand with `dead` cards out of play: never dealt, as if folded or seen.
    ///
    /// # Errors
    /// As [`check_dead`]: a dead card not in the game's deck, repeated or known, or too many to
    /// complete the hand.
    pub fn with_dead(self, dead: Vec<Card>) -> Result<Self, EngineError> {
        check_dead(self.game, &self.known, &dead, self.to_deal())?;
        Ok(Self { dead, ..self })
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

    /// The cards out of play (often none).
    pub fn dead(&self) -> &[Card] {
        &self.dead
    }

    /// The dead cards as text, e.g. `2c7d` (empty without any).
    pub fn dead_text(&self) -> String {
        self.dead.iter().map(ToString::to_string).collect()
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
    /// index order, the dead cards last ([`Deck::bury`]).
    pub fn template_deck(&self) -> Deck {
        // `new` checked that the known cards are distinct, the only way `with_known` fails, and
        // `with_dead` that the dead ones are distinct, unknown and fit, the only ways `bury` fails.
        let mut deck = Deck::with_known(&self.known)
            .unwrap_or_else(|e| unreachable!("validated known cards: {e}"));
        deck.bury(&self.dead)
            .unwrap_or_else(|e| unreachable!("validated dead cards: {e}"));
        deck
    }

    /// The 36-card deck every short-deck chunk starts from: the known cards in front, the rest
    /// in index order, the dead cards last.
    ///
    /// # Panics
    /// If a known or dead card is below a six, which [`HandSpec::of_game`] and
    /// [`HandSpec::with_dead`] refuse for short deck.
    pub fn short_template_deck(&self) -> ShortDeck {
        let mut deck = ShortDeck::short_with_known(&self.known)
            .unwrap_or_else(|e| panic!("a short-deck template needs short-deck cards: {e}"));
        deck.bury(&self.dead)
            .unwrap_or_else(|e| panic!("a short-deck template needs short-deck cards: {e}"));
        deck
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
    fn dead_cards_are_checked_and_buried_last() {
        let hand = HandSpec::new(7, deck::parse_cards("AsKd").unwrap()).unwrap();
        let dead = deck::parse_cards("2c7h").unwrap();
        let with_dead = hand.clone().with_dead(dead.clone()).unwrap();
        assert_eq!(
            (with_dead.dead(), with_dead.dead_text()),
            (&dead[..], "2c7h".into())
        );
        assert_eq!(&with_dead.template_deck().cards()[50..], &dead[..]);
        let as_ = deck::parse_cards("As").unwrap();
        assert_eq!(
            hand.clone().with_dead(as_.clone()).unwrap_err(),
            EngineError::DuplicateCard(as_[0])
        );
        assert_eq!(
            hand.clone().with_dead(vec![dead[0], dead[0]]).unwrap_err(),
            EngineError::DuplicateCard(dead[0])
        );
        let all_but_four: Vec<Card> = Card::all()
            .filter(|c| !hand.known().contains(c))
            .skip(4)
            .collect();
        assert_eq!(
            hand.clone().with_dead(all_but_four).unwrap_err(),
            EngineError::CannotComplete { needed: 5, left: 4 }
        );
        let all_but_five: Vec<Card> = Card::all()
            .filter(|c| !hand.known().contains(c))
            .skip(5)
            .collect();
        assert!(hand.with_dead(all_but_five).is_ok());
        let short = Game::short_deck(eval::ShortDeckRules::default());
        let short_hand = HandSpec::of_game(short, 7, vec![]).unwrap();
        assert_eq!(
            short_hand.clone().with_dead(dead.clone()).unwrap_err(),
            EngineError::NotInDeck {
                card: dead[0],
                game: short
            }
        );
        let sevens = deck::parse_cards("7h7c").unwrap();
        let buried = short_hand
            .with_dead(sevens.clone())
            .unwrap()
            .short_template_deck();
        assert_eq!(&buried.cards()[34..], &sevens[..]);
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
