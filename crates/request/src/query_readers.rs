//! The players of every family as the query language reads them ([`query::Readers`]): hold'em's
//! two-card ranges (with percentages), the Omaha family's ranges, stud's players and the draw
//! games' kept cards. The language's crate depends on no family: this is the one place where
//! the families meet it.

use deck::Card;
use engine::{Family, Game};
use query::{Hands, RangeReader, Readers, TwoCardReader};

use crate::error::RequestError;

/// Most hands a `random` Omaha range is listed as (five-card Omaha's 2.6 million are); above
/// it (six-card Omaha's 20 million) `random` is a player listed as no card, whose hand every
/// trial deals.
pub const MAX_RANDOM_HANDS: usize = 3_000_000;

/// The readers of every family the language plays.
pub(crate) struct FamilyReaders;

impl Readers for FamilyReaders {
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        match game.family() {
            Family::Holdem => Ok(Box::new(TwoCardReader { game })),
            Family::Omaha => Ok(Box::new(OmahaReader { game })),
            Family::Stud => Ok(Box::new(StudReader { game })),
            Family::Draw => Ok(Box::new(DrawReader { game })),
        }
    }
}

/// Stud's players ([`stud::Hand::parse_in`]): the known cards in the order dealt (`AsAhKd`:
/// two down cards, then the up cards), the two down cards as a range before the up cards
/// (`(QQ+,AKs)Kd`, `(15%)Kd` by the game's ranking of third-street starts, listed as one hand
/// per combo), or `(random)Kd`, whose known cards are up cards from third street on; the seat's
/// other cards are dealt.
struct StudReader {
    /// The stud game, whose ranking reads percentages.
    game: Game,
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

/// The ranges of the Omaha family (hold'em hi/lo's two-card ranges included), read by
/// [`omaha::Range::of_game`]; `random` listed hand by hand.
struct OmahaReader {
    game: Game,
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
        let range = omaha::Range::of_game(text, self.game)
            .map_err(|e| RequestError::from(e).to_string())?;
        let mut hands = Hands {
            hole,
            slot: 0,
            cards: Vec::new(),
            weights: Vec::new(),
        };
        if range.random {
            let deck: Vec<Card> = Card::all().collect();
            let mut at = vec![0usize; hole];
            for (i, a) in at.iter_mut().enumerate() {
                *a = i;
            }
            loop {
                hands.cards.extend(at.iter().map(|&i| deck[i]));
                hands.weights.push(1000);
                // The next combination in lexicographic order.
                let Some(i) = (0..hole).rev().find(|&i| at[i] < deck.len() - hole + i) else {
                    break;
                };
                at[i] += 1;
                for j in i + 1..hole {
                    at[j] = at[j - 1] + 1;
                }
            }
            return Ok(hands);
        }
        for (cards, &weight) in range.hands.iter().zip(&range.weights) {
            hands.cards.extend_from_slice(&cards[..hole]);
            hands.weights.push(weight);
        }
        Ok(hands)
    }
}

/// A draw game's players ([`draw::Hand::parse`], as `sim equity --game lowball-27` reads
/// them): the cards kept at the one draw to come (`7c5d2h`, none to five, badugi's four) or
/// `random` (keeps nothing); the one draw fills the rest of the hand.
struct DrawReader {
    game: Game,
}

impl RangeReader for DrawReader {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let hand = draw::Hand::parse(text).map_err(|e| match e {
            draw::DrawError::BadCards { error, .. } => {
                format!("{error} (a draw player is the cards kept, or random)")
            }
            other => other.to_string(),
        })?;
        let size = self.game.hole_cards();
        if hand.kept.len() > size {
            return Err(format!(
                "keeps {} cards; a {} hand has {size}",
                hand.kept.len(),
                self.game.spec().title
            ));
        }
        Ok(Hands {
            hole: hand.kept.len(),
            slot: 0,
            cards: hand.kept,
            weights: vec![1000],
        })
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

    #[test]
    fn draw_players_are_the_cards_they_keep() {
        let reader = |id| DrawReader {
            game: Game::plain(id),
        };
        let lowball = reader(engine::GameId::Lowball27);
        let kept = lowball.hands("7c 5d 2h").unwrap();
        assert_eq!((kept.hole, kept.slot, kept.len()), (3, 0, 1));
        assert_eq!(kept.hand(0), deck::parse_cards("7c5d2h").unwrap());
        let pat = lowball.hands("9c8d6h4s2c").unwrap();
        assert_eq!(pat.hole, 5);
        let none = lowball.hands("random").unwrap();
        assert_eq!((none.hole, none.len()), (0, 1));
        assert_eq!(
            lowball.hands("7c5d2h3s4c9d").unwrap_err(),
            "keeps 6 cards; a 2-7 lowball hand has 5"
        );
        assert_eq!(
            reader(engine::GameId::Badugi)
                .hands("Ac2d3h4s5c")
                .unwrap_err(),
            "keeps 5 cards; a badugi hand has 4"
        );
        assert_eq!(
            lowball.hands("7c7c").unwrap_err(),
            "duplicate card 7c (a draw player is the cards kept, or random)"
        );
        assert!(lowball.hands("7c5x").is_err());
        assert!(lowball.hands("AA").is_err(), "no ranges in the draw games");
    }
}
