//! PQL's generic two-card syntax, for hold'em and short deck: each card a rank or `*` (any
//! rank), followed by a suit, a suit variable or nothing (any suit). Cards with the same
//! variable share a suit, different variables differ: `AwKw` is AKs, `AwKx` AKo, `A*` any ace
//! with any card, `**` any two cards.

use deck::{Card, RANK_CHARS, SUIT_CHARS};

/// The suit variables.
const VARIABLES: [char; 4] = ['w', 'x', 'y', 'z'];

/// One card of a generic item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// The rank, or any.
    pub(crate) rank: Option<u8>,
    /// A fixed suit.
    pub(crate) suit: Option<u8>,
    /// A suit variable's index.
    pub(crate) variable: Option<usize>,
}

impl Pattern {
    /// Whether `card` has the pattern's rank and fixed suit (its variable aside).
    #[inline]
    pub(crate) fn fits(&self, card: Card) -> bool {
        self.rank.is_none_or(|r| r == card.rank()) && self.suit.is_none_or(|s| s == card.suit())
    }
}

/// Reads `text` (two cards) as one generic item; `None` when it is not one.
fn patterns(text: &str) -> Option<[Pattern; 2]> {
    match cards(text)?.as_slice() {
        [a, b] => Some([*a, *b]),
        _ => None,
    }
}

/// Reads `text` as a row of generic cards, however many; `None` when a character is neither a
/// rank, `*`, a suit nor a suit variable in its place.
pub(crate) fn cards(text: &str) -> Option<Vec<Pattern>> {
    let chars: Vec<char> = text.trim().chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i].to_ascii_uppercase();
        let rank = if c == '*' {
            None
        } else {
            Some(RANK_CHARS.iter().position(|&r| r == c)? as u8)
        };
        i += 1;
        let mut pattern = Pattern {
            rank,
            suit: None,
            variable: None,
        };
        if let Some(&s) = chars.get(i) {
            let s = s.to_ascii_lowercase();
            if let Some(v) = VARIABLES.iter().position(|&v| v == s) {
                pattern.variable = Some(v);
                i += 1;
            } else if let Some(suit) = SUIT_CHARS.iter().position(|&x| x == s) {
                pattern.suit = Some(suit as u8);
                i += 1;
            }
        }
        out.push(pattern);
    }
    Some(out)
}

/// Whether `text` uses the generic syntax's own signs (a `*` or a suit variable), so that it is
/// read here rather than as a usual range item.
pub(crate) fn is_generic(text: &str) -> bool {
    text.contains('*')
        || text
            .chars()
            .any(|c| VARIABLES.contains(&c.to_ascii_lowercase()))
}

/// The combos of the generic item `text` among `cards` (the game's deck), each once; `None`
/// when the text is not a generic item.
pub(crate) fn combos(text: &str, cards: &[Card]) -> Option<Vec<[Card; 2]>> {
    let [p, q] = patterns(text)?;
    let fits = |p: &Pattern, c: Card| p.fits(c);
    let mut out = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let matches = |x: Card, y: Card| {
                fits(&p, x)
                    && fits(&q, y)
                    && match (p.variable, q.variable) {
                        (Some(v), Some(w)) if v == w => x.suit() == y.suit(),
                        (Some(_), Some(_)) => x.suit() != y.suit(),
                        _ => true,
                    }
            };
            if matches(a, b) || matches(b, a) {
                out.push([a, b]);
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generic_items_count_their_combos() {
        let deck: Vec<Card> = Card::all().collect();
        let n = |t: &str| combos(t, &deck).unwrap().len();
        assert_eq!(n("AwKw"), 4);
        assert_eq!(n("AwKx"), 12);
        assert_eq!(n("AK"), 16);
        assert_eq!(n("**"), 1326);
        assert_eq!(n("A*"), 6 + 4 * 48);
        assert_eq!(n("AwAx"), 6);
        assert_eq!(n("AhK"), 4);
        assert!(combos("AKQ", &deck).is_none());
        assert!(is_generic("AwKw") && is_generic("**") && !is_generic("AKs"));
    }
}
