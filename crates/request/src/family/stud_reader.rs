//! Stud's players as the query language reads them.

use engine::Game;
use query::{Hands, RangeReader};

/// Stud's players ([`stud::Hand::parse_in`]): the known cards in the order dealt (`AsAhKd`:
/// two down cards, then the up cards), the two down cards as a range before the up cards
/// (`(QQ+,AKs)Kd`, `(15%)Kd` by the game's ranking of third-street starts, listed as one hand
/// per combo), or `(random)Kd`, whose known cards are up cards from third street on; the seat's
/// other cards are dealt.
pub(crate) struct StudReader {
    /// The stud game, whose ranking reads percentages.
    pub(crate) game: Game,
}

impl RangeReader for StudReader {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let hand = match stud::Game::of(self.game.id()) {
            Some(game) => stud::Hand::parse_in(game, text),
            None => stud::Hand::parse(text),
        }
        .map_err(|e| e.to_string())?;
        let down_unknown = text
            .trim()
            .strip_prefix('(')
            .and_then(|inner| inner.split_once(')'))
            .is_some_and(|(range, _)| range.trim().eq_ignore_ascii_case("random"));
        if hand.mask().count_ones() as usize != hand.cards.len() {
            return Err("a card is given twice".into());
        }
        let mut hands = Hands {
            hole: hand.held(),
            slot: if down_unknown { 2 } else { 0 },
            cards: Vec::new(),
            weights: Vec::new(),
        };
        if hands.slot + hands.hole > stud::spot::HAND_CARDS {
            return Err(format!(
                "two unknown down cards and {} up cards are more than seven cards",
                hands.hole
            ));
        }
        match &hand.down {
            None => {
                hands.cards.extend_from_slice(&hand.cards);
                hands.weights.push(1000);
            }
            Some(range) => {
                // The down cards never hold one of the player's own known cards (the other
                // players' clash at the deal).
                let own = hand.mask();
                for (combo, &weight) in range.combos.iter().zip(&range.weights) {
                    if engine::two_card_range::combo_mask(*combo) & own != 0 {
                        continue;
                    }
                    hands.cards.extend_from_slice(combo);
                    hands.cards.extend_from_slice(&hand.cards);
                    hands.weights.push(weight);
                }
                if hands.is_empty() {
                    return Err("every hand of the down cards' range holds a known card".into());
                }
            }
        }
        Ok(hands)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stud_players_keep_where_their_cards_sit() {
        let read = |t: &str| {
            StudReader {
                game: Game::plain(engine::GameId::Stud),
            }
            .hands(t)
        };
        let up = read("(random)Kd").unwrap();
        assert_eq!(
            (up.hole, up.slot, up.len()),
            (1, 2, 1),
            "an up card from third street"
        );
        let known = read("AsAhKd").unwrap();
        assert_eq!((known.hole, known.slot, known.len()), (3, 0, 1));
        let single = read("(AsAh)Kd").unwrap();
        assert_eq!(
            (single.hole, single.slot),
            (3, 0),
            "one hand is two known down cards"
        );
        assert_eq!(single.hand(0)[2], deck::parse_cards("Kd").unwrap()[0]);
        // KK with a king known: the combos holding it are dropped, three of six left.
        let ranged = read("(KK)Kd7c").unwrap();
        assert_eq!((ranged.hole, ranged.slot, ranged.len()), (4, 0, 3));
        let none = read("random").unwrap();
        assert_eq!((none.hole, none.len()), (0, 1));
        assert!(read("(random)AsKsQsJsTs9s").is_err());
        assert!(read("(KdKs)Kd").is_err());
    }
}
