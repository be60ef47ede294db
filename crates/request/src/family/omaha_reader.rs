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
    let mut cards = Vec::with_capacity(total * hole);
    // The family's hands hold 2 (hold'em hi/lo) to 6 cards.
    debug_assert!((2..=6).contains(&hole));
    match hole {
        2 => every_hand_of::<2>(&deck, &mut cards),
        3 => every_hand_of::<3>(&deck, &mut cards),
        4 => every_hand_of::<4>(&deck, &mut cards),
        5 => every_hand_of::<5>(&deck, &mut cards),
        _ => every_hand_of::<6>(&deck, &mut cards),
    }
    Hands {
        hole,
        slot: 0,
        cards,
        weights: vec![1000; total],
    }
}

/// Appends every hand of `H` cards of `deck` to `cards`, in lexicographic order of their
/// places, each copied as a block of `H`.
fn every_hand_of<const H: usize>(deck: &[Card], cards: &mut Vec<Card>) {
    /// Fills places `depth..H` of `hand` from `deck[from..]`, in order.
    fn fill<const H: usize>(
        deck: &[Card],
        from: usize,
        depth: usize,
        hand: &mut [Card; H],
        cards: &mut Vec<Card>,
    ) {
        if depth + 1 == H {
            for &card in &deck[from..] {
                hand[depth] = card;
                cards.extend_from_slice(hand);
            }
            return;
        }
        for at in from..=deck.len() - (H - depth) {
            hand[depth] = deck[at];
            fill(deck, at + 1, depth + 1, hand, cards);
        }
    }
    if deck.len() >= H {
        let mut hand = [deck[0]; H];
        fill(deck, 0, 0, &mut hand, cards);
    }
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
