//! The Omaha family's players as the query language reads them (hold'em hi/lo's two-card
//! ranges included): [`omaha::Range::of_game`]'s ranges, `random` listed hand by hand.

use deck::Card;
use engine::Game;
use query::{Hands, RangeReader};

use crate::error::RequestError;

/// Most hands a `random` Omaha range is listed as (five-card Omaha's 2.6 million are); above
/// it (six-card Omaha's 20 million) `random` is a player listed as no card, whose hand every
/// trial deals.
pub const MAX_RANDOM_HANDS: usize = 3_000_000;

/// The ranges of the Omaha family (hold'em hi/lo's two-card ranges included), read by
/// [`omaha::Range::of_game`]; `random` listed hand by hand.
pub(crate) struct OmahaReader {
    /// The Omaha game.
    pub(crate) game: Game,
}

impl RangeReader for OmahaReader {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let hole = self.game.hole_cards();
        let total = engine::choose::choose(52, hole) as usize;
        let trimmed = text.trim();
        let every = trimmed.eq_ignore_ascii_case("random")
            || (trimmed.len() == hole && trimmed.chars().all(|c| c == '*'));
        if every && total > MAX_RANDOM_HANDS {
            // Too many to list: one hand of no card, the seat's cards dealt in every trial.
            return Ok(Hands {
                hole: 0,
                slot: 0,
                cards: Vec::new(),
                weights: vec![1000],
            });
        }
        if every {
            return Ok(every_hand(hole));
        }
        let range = omaha::Range::of_game(text, self.game)
            .map_err(|e| RequestError::from(e).to_string())?;
        if range.random {
            return Ok(every_hand(hole));
        }
        let mut hands = Hands {
            hole,
            slot: 0,
            cards: Vec::with_capacity(range.hands.len() * hole),
            weights: Vec::with_capacity(range.hands.len()),
        };
        for (cards, &weight) in range.hands.iter().zip(&range.weights) {
            hands.cards.extend_from_slice(&cards[..hole]);
            hands.weights.push(weight);
        }
        Ok(hands)
    }
}

/// Every hand of `hole` cards of the 52, in the lexicographic order of the deck's card order,
/// each at full weight: `random` listed without reading it as a pattern.
fn every_hand(hole: usize) -> Hands {
    let deck: Vec<Card> = Card::all().collect();
    let total = engine::choose::choose(deck.len(), hole) as usize;
    let mut hands = Hands {
        hole,
        slot: 0,
        cards: Vec::with_capacity(total * hole),
        weights: vec![1000; total],
    };
    let mut at: Vec<usize> = (0..hole).collect();
    loop {
        hands.cards.extend(at.iter().map(|&i| deck[i]));
        // The next combination in lexicographic order.
        let Some(i) = (0..hole).rev().find(|&i| at[i] < deck.len() - hole + i) else {
            break;
        };
        at[i] += 1;
        for j in i + 1..hole {
            at[j] = at[j - 1] + 1;
        }
    }
    hands
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn omaha_random_hands_are_listed_or_dealt() {
        let random = OmahaReader {
            game: Game::plain(engine::GameId::OmahaHilo),
        }
        .hands("random")
        .unwrap();
        assert_eq!(random.len(), 270_725, "C(52, 4)");
        // Six-card Omaha's 20 million random hands are dealt, not listed: one hand of no card.
        let six = OmahaReader {
            game: Game::plain(engine::GameId::Omaha6),
        };
        for text in ["random", "******"] {
            let hands = six.hands(text).unwrap();
            assert_eq!((hands.hole, hands.len()), (0, 1), "{text}");
        }
        assert_eq!(six.hands("AAKK**").unwrap().hole, 6);
    }
}
