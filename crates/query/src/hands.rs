//! The hands a player may hold, as the language receives them from a game's range syntax, and
//! the sets `inRange` tests membership in.

use deck::Card;
use engine::Game;
use engine::class_ranking::ClassRanking;
use engine::two_card_range::{PercentRanking, Range};

/// A player's hands: `hole` cards each, listed one after another, with weights in thousandths.
/// In the board games a hand is all the player's cards; a stud player's listed cards are some
/// of the seven (perhaps none), put from the seat's slot `slot` on, and the rest are dealt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hands {
    /// Cards per hand.
    pub hole: usize,
    /// The seat's card slot of a hand's first card: 0, or 2 for a stud player written
    /// `(random)Kd`, whose listed cards are up cards.
    pub slot: usize,
    /// The hands' cards, `hole` per hand.
    pub cards: Vec<Card>,
    /// Each hand's weight, in thousandths (1 to 1000).
    pub weights: Vec<u32>,
}

impl Hands {
    /// How many hands.
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// Hand `i`'s cards.
    #[inline]
    pub fn hand(&self, i: usize) -> &[Card] {
        &self.cards[i * self.hole..(i + 1) * self.hole]
    }

    /// Whether some hand weighs less than a whole.
    pub fn is_weighted(&self) -> bool {
        self.weights.iter().any(|&w| w != 1000)
    }

    /// The hands that hold none of the cards of `blocked` (a mask of card indices), in their
    /// order: kept in place, so that a list nothing blocks (every hand of a board game before
    /// its board is known) is handed back as it is.
    pub fn without(mut self, blocked: u64) -> Hands {
        let hole = self.hole;
        if blocked == 0 || hole == 0 {
            return self;
        }
        let mut kept = 0;
        for i in 0..self.len() {
            let at = i * hole;
            if mask(&self.cards[at..at + hole]) & blocked == 0 {
                if kept != i {
                    self.cards.copy_within(at..at + hole, kept * hole);
                    self.weights[kept] = self.weights[i];
                }
                kept += 1;
            }
        }
        self.cards.truncate(kept * hole);
        self.weights.truncate(kept);
        self
    }
}

/// The mask of card indices of `cards`.
#[inline]
pub fn mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1u64 << c.index())
}

/// Reads a range of the game's syntax into hands: what the request layer gives the language
/// for each player's binding and each `inRange` text.
pub trait RangeReader {
    /// The hands of `text`.
    ///
    /// # Errors
    /// The range's refusal, in words.
    fn hands(&self, text: &str) -> Result<Hands, String>;
}

/// The two-card ranges of hold'em and short deck (`QQ+,AKs`, `15%`, `random`), read by
/// [`engine::two_card_range`] with the game's ranking for percentages.
#[derive(Debug, Clone, Copy)]
pub struct TwoCardReader {
    /// The game.
    pub game: Game,
}

impl RangeReader for TwoCardReader {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let deck = self.game.spec().deck;
        if text.split(',').any(crate::generic::is_generic) {
            return generic_hands(text, &deck.cards());
        }
        let ranking = ClassRanking::of_game(self.game.id()).map(|r| r as &dyn PercentRanking);
        let range = Range::parse_ranked(text, ranking).map_err(|e| e.to_string())?;
        let lowest = deck.lowest_rank();
        let mut hands = Hands {
            hole: 2,
            slot: 0,
            cards: Vec::new(),
            weights: Vec::new(),
        };
        let combos: Vec<([Card; 2], u32)> = if range.random {
            let cards = deck.cards();
            let mut all = Vec::new();
            for (i, &a) in cards.iter().enumerate() {
                for &b in &cards[i + 1..] {
                    all.push(([a, b], 1000));
                }
            }
            all
        } else {
            range
                .combos
                .iter()
                .copied()
                .zip(range.weights.iter().copied())
                .collect()
        };
        for (combo, weight) in combos {
            if combo.iter().all(|c| c.rank() >= lowest) {
                hands.cards.extend_from_slice(&combo);
                hands.weights.push(weight);
            }
        }
        if hands.is_empty() {
            return Err(format!(
                "'{text}' holds no hand of the {} deck",
                self.game.spec().title
            ));
        }
        Ok(hands)
    }
}

/// The hands of a stud player's two down cards that `text` names: the hold'em notation a stud
/// player's down cards take in parentheses (`QQ+,AKs`, `AhKh`, `random`), read by
/// [`Range::parse`] (no percentages: stud ranks no two-card hands); weights are read and
/// ignored, and `random` is every two cards.
///
/// # Errors
/// The range's refusal, in words.
pub fn down_card_hands(text: &str) -> Result<Hands, String> {
    let range = Range::parse(text).map_err(|e| e.to_string())?;
    let mut hands = Hands {
        hole: 2,
        slot: 0,
        cards: Vec::new(),
        weights: Vec::new(),
    };
    for combo in &range.combos {
        hands.cards.extend_from_slice(combo);
        hands.weights.push(1000);
    }
    Ok(hands)
}

/// A list of PQL generic items (`AwKw,**`), every hand at full weight and listed once.
fn generic_hands(text: &str, cards: &[Card]) -> Result<Hands, String> {
    let mut seen = 0u128;
    let mut hands = Hands {
        hole: 2,
        slot: 0,
        cards: Vec::new(),
        weights: Vec::new(),
    };
    let index = |c: [Card; 2]| c[0].index() * Card::COUNT + c[1].index();
    let mut listed = vec![false; Card::COUNT * Card::COUNT];
    for item in text.split(',') {
        let combos = crate::generic::combos(item, cards).ok_or_else(|| {
            format!(
                "'{}' is not a generic item (two cards, each a rank or *, then a suit, a suit variable w, x, y, z or nothing: AwKw, A*, **)",
                item.trim()
            )
        })?;
        for combo in combos {
            if !std::mem::replace(&mut listed[index(combo)], true) {
                hands.cards.extend_from_slice(&combo);
                hands.weights.push(1000);
                seen += 1;
            }
        }
    }
    if seen == 0 {
        return Err(format!("'{text}' holds no hand of the deck"));
    }
    Ok(hands)
}

/// A set of hands, for `inRange`: each hand's card mask, sorted, found by binary search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandSet {
    masks: Vec<u64>,
}

impl HandSet {
    /// The set of `hands`.
    pub fn of(hands: &Hands) -> HandSet {
        let mut masks: Vec<u64> = (0..hands.len()).map(|i| mask(hands.hand(i))).collect();
        masks.sort_unstable();
        masks.dedup();
        HandSet { masks }
    }

    /// Whether the hand of card mask `hand` is in the set.
    #[inline]
    pub fn contains(&self, hand: u64) -> bool {
        self.masks.binary_search(&hand).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn two_card_ranges_read_classes_percentages_and_random() {
        let reader = TwoCardReader {
            game: Game::plain(GameId::Holdem),
        };
        assert_eq!(reader.hands("AKs").unwrap().len(), 4);
        assert_eq!(reader.hands("random").unwrap().len(), 1326);
        let top = reader.hands("15%").unwrap();
        assert!(top.len() > 150 && top.len() < 250, "{}", top.len());
        assert!(reader.hands("AQK").is_err());
        assert_eq!(reader.hands("AwKw,AK").unwrap().len(), 16);
        assert_eq!(reader.hands("**").unwrap().len(), 1326);
        assert!(reader.hands("AwK*,Q").is_err());
        assert_eq!(down_card_hands("QQ+,AKs").unwrap().len(), 18 + 4);
        assert_eq!(down_card_hands("random").unwrap().len(), 1326);
        assert!(down_card_hands("15%").is_err());
        assert!(down_card_hands("(QQ+)Kd").is_err());
        let short = TwoCardReader {
            game: Game::plain(GameId::ShortDeck),
        };
        assert_eq!(short.hands("random").unwrap().len(), 630);
        let set = HandSet::of(&reader.hands("AKs,QQ").unwrap());
        let aks = mask(&deck::parse_cards("AsKs").unwrap());
        assert!(set.contains(aks));
        assert!(!set.contains(mask(&deck::parse_cards("AsKd").unwrap())));
    }
}
