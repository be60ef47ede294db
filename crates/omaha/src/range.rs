//! Omaha ranges: specific hands, rank patterns with wildcards and suit qualifiers (a documented
//! subset of ProPokerTools' syntax), comma lists, weights and `random`.
//!
//! ```text
//!  AsKsQdJd        one hand (4, 5 or 6 cards as the spot deals)
//!  AAxx  AK**      ranks with wildcards: a hand matches when it holds at least the named ranks
//!                  (x or * is any rank, an ace included: AAxx is every hand with two aces or more)
//!  KQJT            exactly these ranks, any suits
//!  AAxx:ds         suit qualifiers: ds double-suited (two suits of exactly two cards, none of
//!                  three or more), ss single-suited (one suit of two, the others one each),
//!                  r or rainbow (no two cards of a suit; four hole cards only)
//!  AAxx:ds:0.5     a weight in (0, 1], kept in thousandths; items may repeat a hand, the later
//!                  weight wins
//!  AAxx,KKxx:ds    comma lists
//!  random          any hand, dealt from the deck
//! ```

use std::collections::HashMap;

use deck::{Card, RANK_CHARS, parse_cards};

use crate::error::OmahaError;

/// Weights are integers in thousandths, so that weighted draws stay exact.
pub const WEIGHT_SCALE: u32 = 1000;

/// Most hands a listed range may hold.
pub const MAX_RANGE_HANDS: usize = 2_000_000;

/// A hand of up to six hole cards; only the first `hole_cards` of the spot count.
pub type HoleCards = [Card; 6];

/// The bit mask of the first `n` cards of `hand`, one bit per card index.
pub fn hand_mask(hand: &HoleCards, n: usize) -> u64 {
    hand[..n].iter().fold(0, |m, c| m | 1 << c.index())
}

/// A parsed Omaha range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OmahaRange {
    /// The text as given: the player's label.
    pub text: String,
    /// Hole cards per hand.
    pub hole_cards: usize,
    /// The hands, in the order first matched.
    pub hands: Vec<HoleCards>,
    /// Weight of each hand, in thousandths.
    pub weights: Vec<u32>,
    /// `random`: any hand, dealt from the deck.
    pub random: bool,
}

/// The suit shape a qualifier asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Suits {
    Any,
    DoubleSuited,
    SingleSuited,
    Rainbow,
}

impl Suits {
    fn matches(self, per_suit: &[u8; 4]) -> bool {
        let pairs = per_suit.iter().filter(|&&n| n == 2).count();
        let most = per_suit.iter().copied().max().unwrap_or(0);
        match self {
            Suits::Any => true,
            Suits::DoubleSuited => pairs == 2 && most == 2,
            Suits::SingleSuited => pairs == 1 && most == 2,
            Suits::Rainbow => most <= 1,
        }
    }
}

/// One item of a range, parsed.
#[derive(Debug, Clone)]
enum Item {
    Hand(HoleCards),
    /// Least count of each rank.
    Pattern([u8; 13]),
}

impl OmahaRange {
    /// Parses `text` for hands of `hole_cards` (4, 5 or 6) cards.
    ///
    /// # Errors
    /// An [`OmahaError`] naming the text for bad items, qualifiers or weights, and for ranges
    /// broader than [`MAX_RANGE_HANDS`].
    pub fn parse(text: &str, hole_cards: usize) -> Result<Self, OmahaError> {
        let mut range = OmahaRange {
            text: text.to_string(),
            hole_cards,
            hands: Vec::new(),
            weights: Vec::new(),
            random: text.trim().eq_ignore_ascii_case("random"),
        };
        if range.random {
            return Ok(range);
        }
        let mut index: HashMap<u64, usize> = HashMap::new();
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(OmahaError::EmptyItem {
                    range: text.to_string(),
                });
            }
            let mut pieces = part.split(':');
            let head = pieces.next().unwrap_or_default().trim();
            let mut suits = Suits::Any;
            let mut weight = WEIGHT_SCALE;
            for q in pieces {
                let q = q.trim();
                let bad = || OmahaError::BadQualifier {
                    qualifier: q.to_string(),
                    range: text.to_string(),
                };
                match q.to_ascii_lowercase().as_str() {
                    "ds" => suits = Suits::DoubleSuited,
                    "ss" => suits = Suits::SingleSuited,
                    "r" | "rainbow" => suits = Suits::Rainbow,
                    _ => {
                        let w: f64 = q.parse().map_err(|_| bad())?;
                        if !(w > 0.0 && w <= 1.0) {
                            return Err(bad());
                        }
                        weight = (w * f64::from(WEIGHT_SCALE)).round() as u32;
                        if weight == 0 {
                            return Err(bad());
                        }
                    }
                }
            }
            let item = parse_item(head, hole_cards).ok_or_else(|| OmahaError::BadItem {
                item: head.to_string(),
                range: text.to_string(),
                hole_cards,
            })?;
            let mut add = |hand: HoleCards| -> Result<(), OmahaError> {
                let mask = hand_mask(&hand, hole_cards);
                match index.get(&mask) {
                    Some(&i) => range.weights[i] = weight,
                    None => {
                        if range.hands.len() == MAX_RANGE_HANDS {
                            return Err(OmahaError::TooBroad {
                                range: text.to_string(),
                                limit: MAX_RANGE_HANDS,
                            });
                        }
                        index.insert(mask, range.hands.len());
                        range.hands.push(hand);
                        range.weights.push(weight);
                    }
                }
                Ok(())
            };
            match item {
                Item::Hand(hand) => {
                    if suits.matches(&suit_counts(&hand[..hole_cards])) {
                        add(hand)?;
                    }
                }
                Item::Pattern(least) => {
                    for_each_hand(hole_cards, &mut |hand| {
                        let mut ranks = [0u8; 13];
                        for c in &hand[..hole_cards] {
                            ranks[usize::from(c.rank())] += 1;
                        }
                        if least.iter().zip(&ranks).all(|(l, r)| l <= r)
                            && suits.matches(&suit_counts(&hand[..hole_cards]))
                        {
                            add(*hand)
                        } else {
                            Ok(())
                        }
                    })?;
                }
            }
        }
        Ok(range)
    }

    /// The range's only hand, if it holds exactly one.
    pub fn single(&self) -> Option<HoleCards> {
        (!self.random && self.hands.len() == 1).then(|| self.hands[0])
    }

    /// Whether some hand has a weight below 1.
    pub fn is_weighted(&self) -> bool {
        self.weights.iter().any(|&w| w != WEIGHT_SCALE)
    }

    /// Drops the hands that use a card in `blocked` (a bit per card index).
    ///
    /// # Errors
    /// [`OmahaError::RangeEmptied`] when no hand is left.
    pub fn remove_blocked(&mut self, blocked: u64) -> Result<(), OmahaError> {
        if self.random {
            return Ok(());
        }
        let n = self.hole_cards;
        let mut keep = 0;
        for i in 0..self.hands.len() {
            if hand_mask(&self.hands[i], n) & blocked == 0 {
                self.hands[keep] = self.hands[i];
                self.weights[keep] = self.weights[i];
                keep += 1;
            }
        }
        self.hands.truncate(keep);
        self.weights.truncate(keep);
        if keep == 0 {
            return Err(OmahaError::RangeEmptied {
                range: self.text.clone(),
            });
        }
        Ok(())
    }
}

fn suit_counts(cards: &[Card]) -> [u8; 4] {
    let mut out = [0u8; 4];
    for c in cards {
        out[usize::from(c.suit())] += 1;
    }
    out
}

/// A specific hand of `n` distinct cards, or a pattern of `n` rank symbols.
fn parse_item(head: &str, n: usize) -> Option<Item> {
    if let Ok(cards) = parse_cards(head) {
        let distinct = cards
            .iter()
            .enumerate()
            .all(|(i, c)| !cards[..i].contains(c));
        if cards.len() != n || !distinct {
            return None;
        }
        let mut hand = [cards[0]; 6];
        hand[..n].copy_from_slice(&cards);
        return Some(Item::Hand(hand));
    }
    let symbols: Vec<char> = head.chars().collect();
    if symbols.len() != n {
        return None;
    }
    let mut least = [0u8; 13];
    for s in symbols {
        let s = s.to_ascii_uppercase();
        if s == 'X' || s == '*' {
            continue;
        }
        let rank = RANK_CHARS.iter().position(|&r| r == s)?;
        least[rank] += 1;
        if least[rank] > 4 {
            return None;
        }
    }
    Some(Item::Pattern(least))
}

/// Calls `visit` with every hand of `n` cards, in increasing card order.
fn for_each_hand(
    n: usize,
    visit: &mut impl FnMut(&HoleCards) -> Result<(), OmahaError>,
) -> Result<(), OmahaError> {
    let mut idx: Vec<u8> = (0..n as u8).collect();
    let mut hand = [Card::from_index(0); 6];
    loop {
        for (slot, &i) in idx.iter().enumerate() {
            hand[slot] = Card::from_index(i);
        }
        visit(&hand)?;
        // Next combination of n indices out of 52.
        let mut i = n;
        loop {
            if i == 0 {
                return Ok(());
            }
            i -= 1;
            if usize::from(idx[i]) < 52 - n + i {
                break;
            }
        }
        idx[i] += 1;
        for j in i + 1..n {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str, n: usize) -> usize {
        OmahaRange::parse(text, n).unwrap().hands.len()
    }

    #[test]
    fn patterns_count_as_combinatorics_says() {
        // Exactly two aces and two others, or more aces: C(4,2)·C(48,2) + C(4,3)·48 + 1.
        assert_eq!(count("AAxx", 4), 6 * 1128 + 4 * 48 + 1);
        assert_eq!(count("AA**", 4), count("AAxx", 4));
        // Four distinct named ranks: 4^4 suit choices.
        assert_eq!(count("KQJT", 4), 256);
        // Suit shapes of four distinct ranks: 2-2 (3 pairings · 4 · 3 suits = 36), 2-1-1
        // (6 pairs · 4 · 3 · 2 = 144), rainbow 4! = 24, plus 3-1 (48) and 4-0 (4): 256.
        assert_eq!(count("KQJT:ds", 4), 36);
        assert_eq!(count("KQJT:r", 4), 24);
        assert_eq!(count("KQJT:ss", 4), 144);
        assert_eq!(count("xxxx", 4), 270_725);
        assert_eq!(count("AsKsQdJd", 4), 1);
        assert_eq!(count("AsKsQdJd,AsKsQdJd:0.5", 4), 1);
        assert_eq!(count("AsKsQdJd2c", 5), 1);
        assert_eq!(count("AAKKxx", 6), count("KKAAxx", 6));
    }

    #[test]
    fn bad_items_are_named() {
        for (text, n) in [
            ("AsKsQd", 4),
            ("AsAsKdKc", 4),
            ("AAx", 4),
            ("AAAAAx", 6),
            ("AAZx", 4),
            ("AAxx:qq", 4),
            ("AAxx:1.5", 4),
            ("AAxx,", 4),
        ] {
            let err = OmahaRange::parse(text, n).unwrap_err();
            assert!(
                err.to_string()
                    .contains(text.split(',').next().unwrap().split(':').next().unwrap())
                    || err.to_string().contains(text),
                "{err}"
            );
        }
    }

    #[test]
    fn blocked_hands_are_removed() {
        let mut r = OmahaRange::parse("AsAhKdKc,AsAdKdKc", 4).unwrap();
        let ace_hearts = 1u64 << Card::new(12, 2).index();
        r.remove_blocked(ace_hearts).unwrap();
        assert_eq!(r.hands.len(), 1);
        let ace_spades = 1u64 << Card::new(12, 3).index();
        assert!(r.remove_blocked(ace_spades).is_err());
    }
}
