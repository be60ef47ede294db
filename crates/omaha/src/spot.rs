//! A validated Omaha spot: the spot, one range per player, the board and the dead cards.

use deck::Card;

use crate::error::OmahaError;
use crate::range::{OmahaRange, hand_mask};
use engine::Game;

/// A spot that can be dealt: 2 to the spot's limit of players, a board of 0, 3, 4 or 5 cards,
/// no card used twice, and every range stripped of the hands that collide with the board, the
/// dead cards or a fixed hand.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// The spot.
    pub game: Game,
    /// One range per player, in seat order.
    pub players: Vec<OmahaRange>,
    /// Community cards known.
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
}

impl Spot {
    /// Validates a spot.
    ///
    /// # Errors
    /// An [`OmahaError`] for a player count outside the spot's limits, a bad board size, a
    /// card used twice, a range emptied by the known cards, or more cards than a deck holds.
    pub fn new(
        game: Game,
        mut players: Vec<OmahaRange>,
        board: Vec<Card>,
        dead: Vec<Card>,
    ) -> Result<Self, OmahaError> {
        if players.len() < 2 || players.len() > game.max_players() {
            return Err(OmahaError::PlayerCount {
                players: players.len(),
                game,
            });
        }
        if !matches!(board.len(), 0 | 3 | 4 | 5) {
            return Err(OmahaError::BoardSize { cards: board.len() });
        }
        let mut known = 0u64;
        for &c in board.iter().chain(&dead) {
            if known & 1 << c.index() != 0 {
                return Err(OmahaError::DuplicateCard {
                    card: c.to_string(),
                });
            }
            known |= 1 << c.index();
        }
        let needed = players.len() * game.hole_cards() + 5 + dead.len();
        if needed > 52 {
            return Err(OmahaError::NotEnoughCards { needed });
        }
        // Fixed hands first, in seat order: each blocks the cards of the next.
        for range in players.iter_mut().filter(|r| r.single().is_some()) {
            range.remove_blocked(known)?;
            known |= hand_mask(&range.hands[0], game.hole_cards());
        }
        for range in players.iter_mut().filter(|r| r.single().is_none()) {
            range.remove_blocked(known)?;
        }
        Ok(Spot {
            game,
            players,
            board,
            dead,
        })
    }

    /// Board and dead cards, one bit per card index.
    pub fn known_mask(&self) -> u64 {
        self.board
            .iter()
            .chain(&self.dead)
            .fold(0, |m, c| m | 1 << c.index())
    }

    /// Board cards still to come.
    pub fn to_deal(&self) -> usize {
        5 - self.board.len()
    }

    /// Whether every player holds exactly one hand.
    pub fn all_fixed(&self) -> bool {
        self.players.iter().all(|r| r.single().is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn ranges(texts: &[&str], n: usize) -> Vec<OmahaRange> {
        texts
            .iter()
            .map(|t| OmahaRange::parse(t, n).unwrap())
            .collect()
    }

    #[test]
    fn spots_that_cannot_be_dealt_are_refused() {
        let v = Game::plain(engine::GameId::Omaha);
        let two = ranges(&["AsAhKdKc", "QsQhJdJc"], 4);
        assert!(Spot::new(v, two.clone(), vec![], vec![]).is_ok());
        assert!(matches!(
            Spot::new(v, ranges(&["AsAhKdKc"], 4), vec![], vec![]),
            Err(OmahaError::PlayerCount { .. })
        ));
        let clash = ranges(&["AsAhKdKc", "AsQhJdJc"], 4);
        let err = Spot::new(v, clash, vec![], vec![]).unwrap_err();
        assert!(err.to_string().contains("AsQhJdJc"), "{err}");
        let board = parse_cards("As2c3c").unwrap();
        assert!(matches!(
            Spot::new(v, two.clone(), board, vec![]),
            Err(OmahaError::RangeEmptied { .. })
        ));
        assert!(matches!(
            Spot::new(v, two, parse_cards("2c3c").unwrap(), vec![]),
            Err(OmahaError::BoardSize { cards: 2 })
        ));
        let eight = ranges(&["random"; 8], 6);
        assert!(matches!(
            Spot::new(Game::plain(engine::GameId::Omaha6), eight, vec![], vec![]),
            Err(OmahaError::PlayerCount { players: 8, .. })
        ));
    }
}
