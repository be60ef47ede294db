//! PQL's board ranges, for `boardInRange`: items of three to five generic cards separated by
//! commas (`AK*`, `2s3s4s`, `AwKwQw`, `***Ah`), each matching the board's first cards as many
//! as it has. The flop's three cards match in any order, the turn and the river in their
//! places: on the board `AsKdJhKc3s`, `KJA` and `KJAK3` match and `AKJ3K` does not.
//!
//! ```text
//!  item     p0 p1 p2 | p3   | p4         w x y z: suit variables (same letter, same suit;
//!  board    {flop}   | turn | river               different letters, different suits)
//!  match    some order of the flop fits p0 p1 p2, the turn p3, the river p4
//! ```

use deck::Card;

use crate::generic::{Pattern, cards};

/// A board range: its items, each three to five patterns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardRange {
    items: Vec<Vec<Pattern>>,
}

/// The six orders of the flop's three cards.
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

impl BoardRange {
    /// Reads `text`: generic items of three to five cards, separated by commas.
    ///
    /// # Errors
    /// Words naming the first item that is not one.
    pub fn parse(text: &str) -> Result<BoardRange, String> {
        let mut items = Vec::new();
        for item in text.split(',') {
            let patterns = cards(item)
                .filter(|p| (3..=5).contains(&p.len()))
                .ok_or_else(|| {
                    format!(
                        "'{}' is not a board item (three to five cards, each a rank or *, then a suit, a suit variable w, x, y, z or nothing: AK*, 2s3s4s, AwKwQw)",
                        item.trim()
                    )
                })?;
            items.push(patterns);
        }
        Ok(BoardRange { items })
    }

    /// The most cards an item reads: 3 the flop, 4 to the turn, 5 the whole board.
    pub fn longest(&self) -> u8 {
        self.items.iter().map(Vec::len).max().unwrap_or(3) as u8
    }

    /// Whether the five-card `board` (dealt in street order) matches some item.
    #[inline]
    pub fn contains(&self, board: &[Card; 5]) -> bool {
        self.items.iter().any(|item| matches(item, board))
    }
}

/// Whether `board` matches `item`: some order of the flop fits its first three patterns, and
/// the later cards the rest in their places, with one suit per variable.
#[inline]
fn matches(item: &[Pattern], board: &[Card; 5]) -> bool {
    ORDERS.iter().any(|order| {
        let mut suits = [None::<u8>; 4];
        item.iter().enumerate().all(|(i, p)| {
            let card = if i < 3 { board[order[i]] } else { board[i] };
            p.fits(card) && bind(&mut suits, p.variable, card.suit())
        })
    })
}

/// Binds suit variable `variable` (if any) to `suit`: true when it was free and no other
/// variable holds the suit, or already held it.
#[inline]
fn bind(suits: &mut [Option<u8>; 4], variable: Option<usize>, suit: u8) -> bool {
    let Some(v) = variable else {
        return true;
    };
    match suits[v] {
        Some(s) => s == suit,
        None if suits.contains(&Some(suit)) => false,
        None => {
            suits[v] = Some(suit);
            true
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn board(text: &str) -> [Card; 5] {
        parse_cards(text).unwrap().try_into().unwrap()
    }

    #[test]
    fn pql_s_examples() {
        let b = board("AsKdJhKc3s");
        let has = |r: &str| BoardRange::parse(r).unwrap().contains(&b);
        assert!(!has("AKK"));
        assert!(!has("AKJ3K"));
        assert!(has("KJAK3"));
        assert!(has("KJA") && has("AK*") && has("***K") && has("J*AKc3s"));
        assert!(has("AwKxJy") && !has("AwKwJ") && has("AwKJ*3w") && !has("AwKJ*3x"));
        assert!(has("QQQ,AKJ") && !has("QQQ,22*"));
        assert!(BoardRange::parse("AK").is_err());
        assert!(BoardRange::parse("AKQJT9").is_err());
        assert!(BoardRange::parse("AKQ,").is_err());
        assert_eq!(BoardRange::parse("AKQ,****").unwrap().longest(), 4);
    }
}
