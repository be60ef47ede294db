//! A playing card packed in one byte, and parsing of cards and card lists.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use crate::CardError;

/// Rank characters from deuce (index 0) to ace (index 12).
pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
/// Suit characters: clubs, diamonds, hearts, spades (indices 0 to 3).
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];

/// A card encoded as `rank * 4 + suit`, so the 52 cards are `0..52`.
///
/// Rank 0 is a deuce and 12 an ace; suits are clubs, diamonds, hearts, spades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// Number of distinct cards.
    pub const COUNT: usize = 52;

    /// The card of `rank` (0 = deuce … 12 = ace) and `suit` (0..4, `cdhs`).
    ///
    /// # Panics
    /// If `rank >= 13` or `suit >= 4`.
    #[inline]
    pub const fn new(rank: u8, suit: u8) -> Self {
        assert!(rank < 13 && suit < 4, "rank or suit out of range");
        Self(rank * 4 + suit)
    }

    /// The card with index `index` (`rank * 4 + suit`).
    ///
    /// # Panics
    /// If `index >= 52`.
    #[inline]
    pub const fn from_index(index: u8) -> Self {
        assert!(index < 52, "card index out of range");
        Self(index)
    }

    /// This card's index in `0..52`, usable to index per-card tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// This card's index as a byte, for tables of 256 entries that need no bounds check.
    #[inline]
    pub const fn to_u8(self) -> u8 {
        self.0
    }

    /// The rank, 0 (deuce) to 12 (ace).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 2
    }

    /// The suit, 0 to 3 (`c`, `d`, `h`, `s`).
    #[inline]
    pub const fn suit(self) -> u8 {
        self.0 & 3
    }

    /// All 52 cards in index order: `2c 2d 2h 2s 3c … As`.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_CHARS[self.rank() as usize],
            SUIT_CHARS[self.suit() as usize]
        )
    }
}

fn rank_from_char(c: char) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    RANK_CHARS.iter().position(|&r| r == upper).map(|r| r as u8)
}

/// The suit symbols people paste from poker sites and hand histories, filled (`♠♥♦♣`) and outlined
/// (`♤♡♢♧`), with the letters they stand for.
const SUIT_SYMBOLS: [(char, char); 8] = [
    ('♠', 's'),
    ('♤', 's'),
    ('♥', 'h'),
    ('♡', 'h'),
    ('♦', 'd'),
    ('♢', 'd'),
    ('♣', 'c'),
    ('♧', 'c'),
];

/// `text` with every suit symbol written as its letter (`A♠K♥` → `AsKh`): what every parser of
/// cards, hands and ranges reads first, so that cards pasted with symbols parse, and tables show
/// them in letters (messages quote the text as typed: [`as_typed`]). Text without symbols is
/// borrowed unchanged.
pub fn suit_letters(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| SUIT_SYMBOLS.iter().any(|&(symbol, _)| symbol == c))
    {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                SUIT_SYMBOLS
                    .iter()
                    .find(|&&(symbol, _)| symbol == c)
                    .map_or(c, |&(_, letter)| letter)
            })
            .collect(),
    )
}

/// The part of `typed` that `part`, a piece of `suit_letters(typed)` (`letters`), was read from:
/// what a message quotes, so that a person sees the text they typed (`A♠K♠`), not its letters
/// (`AsKs`). The conversion maps one character to one, so the piece's characters are found at
/// the same positions. `None` when `part` is not in `letters`.
pub fn as_typed<'a>(typed: &'a str, letters: &str, part: &str) -> Option<&'a str> {
    let at = letters.find(part)?;
    let first = letters[..at].chars().count();
    let count = part.chars().count();
    let mut starts = typed.char_indices().map(|(i, _)| i).chain([typed.len()]);
    let start = starts.nth(first)?;
    let end = if count == 0 {
        start
    } else {
        starts.nth(count - 1)?
    };
    typed.get(start..end)
}

fn suit_from_char(c: char) -> Option<u8> {
    let lower = c.to_ascii_lowercase();
    SUIT_CHARS.iter().position(|&s| s == lower).map(|s| s as u8)
}

impl FromStr for Card {
    type Err = CardError;

    /// Parses `As`, `td`, `7H`, `10h` or `A♠` (ranks and suits in either case, suits also as
    /// symbols: [`suit_letters`]).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = &*suit_letters(text);
        let malformed = || CardError::Malformed(text.to_string());
        let (rank_text, suit_text) = match text.len() {
            2 => text.split_at_checked(1).ok_or_else(malformed)?,
            3 => text.split_at_checked(2).ok_or_else(malformed)?,
            _ => return Err(malformed()),
        };
        let rank = match rank_text {
            "10" => 8,
            _ => {
                let mut chars = rank_text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => rank_from_char(c).ok_or_else(malformed)?,
                    _ => return Err(malformed()),
                }
            }
        };
        let mut chars = suit_text.chars();
        let suit = match (chars.next(), chars.next()) {
            (Some(c), None) => suit_from_char(c).ok_or_else(malformed)?,
            _ => return Err(malformed()),
        };
        Ok(Card::new(rank, suit))
    }
}

/// Parses a list of distinct cards written together (`AsKd`), spaced (`As Kd`) or comma separated
/// (`As,Kd`), in any mix, suits as letters or symbols (`A♠ K♦`).
///
/// # Errors
/// [`CardError::Malformed`] naming the first piece of text that is not a card, or
/// [`CardError::Duplicate`] naming the first card given twice.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    let text = &*suit_letters(text);
    let mut cards = Vec::new();
    let mut seen = 0u64;
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        let mut rest = word;
        while !rest.is_empty() {
            let width = if rest.starts_with("10") { 3 } else { 2 };
            let token = match rest.get(..width) {
                Some(token) => token,
                None => return Err(CardError::Malformed(rest.to_string())),
            };
            let card: Card = token.parse()?;
            if seen >> card.index() & 1 == 1 {
                return Err(CardError::Duplicate(card.to_string()));
            }
            seen |= 1 << card.index();
            cards.push(card);
            rest = &rest[width..];
        }
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for card in Card::all() {
            let text = card.to_string();
            assert_eq!(text.parse::<Card>(), Ok(card));
            assert_eq!(text.to_lowercase().parse::<Card>(), Ok(card));
            assert_eq!(text.to_uppercase().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn suit_symbols_read_as_their_letters() {
        assert_eq!(suit_letters("A♠K♥Q♦J♣"), "AsKhQdJc");
        let typed = "AA♠♠, K♥x";
        let letters = suit_letters(typed);
        assert_eq!(as_typed(typed, &letters, "AAss"), Some("AA♠♠"));
        assert_eq!(as_typed(typed, &letters, "Khx"), Some("K♥x"));
        assert_eq!(as_typed(typed, &letters, &letters), Some(typed));
        assert_eq!(as_typed(typed, &letters, ""), Some(""));
        assert_eq!(as_typed(typed, &letters, "QQ"), None);
        assert_eq!(as_typed("AsKs", "AsKs", "Ks"), Some("Ks"));
        assert_eq!(suit_letters("T♤9♡8♢7♧"), "Ts9h8d7c");
        assert!(matches!(suit_letters("AsKh"), Cow::Borrowed("AsKh")));
        assert_eq!("10♥".parse::<Card>(), "Th".parse::<Card>());
        assert_eq!(
            parse_cards("A♠ K♦,Q♣7♧").unwrap(),
            parse_cards("AsKdQc7c").unwrap()
        );
        // A symbol that is no suit is still refused, naming the text.
        assert_eq!(
            parse_cards("A★"),
            Err(CardError::Malformed("A★".to_string()))
        );
    }

    #[test]
    fn encoding_matches_rank_and_suit() {
        let ace_spades: Card = "As".parse().unwrap();
        assert_eq!((ace_spades.rank(), ace_spades.suit()), (12, 3));
        assert_eq!(ace_spades.index(), 51);
        assert_eq!("2c".parse::<Card>().unwrap().index(), 0);
        assert_eq!("10h".parse::<Card>(), "Th".parse::<Card>());
    }

    #[test]
    fn malformed_cards_are_rejected() {
        for text in ["", "A", "Ax", "1h", "11h", "Ahh", "ÄÄ", "1", "10", "h"] {
            assert!(
                matches!(text.parse::<Card>(), Err(CardError::Malformed(_))),
                "{text:?}"
            );
        }
    }

    #[test]
    fn lists_parse_in_every_notation() {
        let expected = vec![Card::new(12, 3), Card::new(11, 1), Card::new(8, 2)];
        for text in ["AsKdTh", "As Kd Th", "As,Kd,Th", " as, KD 10h ", "AsKd,10h"] {
            assert_eq!(parse_cards(text).unwrap(), expected, "{text:?}");
        }
        assert_eq!(parse_cards("").unwrap(), vec![]);
    }

    #[test]
    fn list_errors_name_the_offending_text() {
        assert_eq!(
            parse_cards("AsKdX"),
            Err(CardError::Malformed("X".to_string()))
        );
        assert_eq!(
            parse_cards("As Zz"),
            Err(CardError::Malformed("Zz".to_string()))
        );
        assert_eq!(
            parse_cards("As,Kd,as"),
            Err(CardError::Duplicate("As".to_string()))
        );
    }
}
