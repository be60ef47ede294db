//! Ranges of kept cards: a player who keeps one of several hands, each with a weight, as
//! `7c5d4h3s,8s6h4c3d:0.5` (keeps 7-5-4-3 or, half as often, 8-6-4-3). The hands of one range
//! may keep different numbers of cards (`7c5d4h3s,7c5d4h`: draws one or two); `random` in a
//! list is the hand that keeps nothing, and a percentage (`15%`, `5%-15%`) the pat hands of that
//! span of the game's ranking ([`crate::pat_percent`]).
//!
//! ```text
//!  "7c5d4h3s, 8s6h4c3d:0.5, 7c4h3s5d:0.25"
//!      │ split at commas; each item: cards or `random`, then an optional weight (:0.5)
//!      ▼ the same cards listed again (in any order): the later weight wins, as in every range
//!  hands [7c5d4h3s, 8s6h4c3d]   weights [250, 500] (thousandths)
//!      │ Spot::new: hands using a card another player keeps or a dead card are dropped
//!      ▼ (none left: an error); every combination of one hand per ranged player that shares
//!  assignments, each weighing the product of its hands' weights  no card (crate::ranged)
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use deck::{Card, parse_cards};
use engine::RangeError;
use engine::range_text::{WEIGHT_SCALE, split_item};

use crate::error::DrawError;
use crate::game::Game;
use crate::pat_percent::percent_hands;

/// What an item of a range of kept cards is, for its refusals.
const ITEM_WANT: &str = "the cards kept, each once (7c5d4h3s), random, or a percentage of the pat \
     hands (15%, 5%-15%), with an optional weight such as :0.5";

/// What a qualifier of an item is, for its refusals.
const QUALIFIER_WANT: &str = "a weight in (0, 1], such as :0.5";

/// A hasher of card masks: splitmix64's finaliser (the masks are keys of a map private to a
/// parse, so no one can choose them to collide).
#[derive(Default)]
struct MaskHasher(u64);

impl Hasher for MaskHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ z >> 31
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, mask: u64) {
        self.0 ^= mask;
    }
}

/// Each listed hand's place, by its card mask.
type Places = HashMap<u64, usize, BuildHasherDefault<MaskHasher>>;

/// A range of kept hands: each hand's cards and weight, in the order first listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptRange {
    /// The range as written (suit symbols as letters), trimmed.
    pub text: String,
    /// The cards each hand keeps (none for `random`).
    pub hands: Vec<Vec<Card>>,
    /// Each hand's weight in thousandths (1000: weight 1).
    pub weights: Vec<u32>,
}

impl KeptRange {
    /// Parses a comma-separated list of kept hands of `game` with optional weights; a
    /// percentage item is every pat hand of its span of the game's ranking.
    ///
    /// # Errors
    /// [`DrawError::Range`]: an empty item, an item that is neither cards (each once),
    /// `random` nor a percentage of the ranking, or a bad weight.
    pub fn parse(game: Game, typed: &str) -> Result<KeptRange, DrawError> {
        let letters = deck::suit_letters(typed);
        let text = letters.trim();
        let quoted = |e: RangeError| DrawError::Range(e.as_typed(typed, &letters));
        let mut range = KeptRange {
            text: text.to_string(),
            hands: Vec::new(),
            weights: Vec::new(),
        };
        // Each hand's place by its cards: a percentage lists hundreds of thousands.
        let mut places = Places::default();
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(quoted(RangeError::EmptyItem {
                    range: text.to_string(),
                }));
            }
            let item = split_item(part, text, &[], QUALIFIER_WANT).map_err(quoted)?;
            if item.body.contains('%') {
                let hands = percent_hands(game, item.body, text).map_err(quoted)?;
                if !text.contains(',') {
                    // The range is this one item, whose hands are distinct: nothing to look up.
                    range.weights = vec![item.weight; hands.len()];
                    range.hands = hands;
                    return Ok(range);
                }
                places.reserve(hands.len());
                for cards in hands {
                    range.add(&mut places, cards, item.weight);
                }
                continue;
            }
            let cards = if item.body.eq_ignore_ascii_case("random") {
                Vec::new()
            } else {
                parse_cards(item.body)
                    .ok()
                    .filter(|c| !c.is_empty())
                    .ok_or_else(|| {
                        quoted(RangeError::BadItem {
                            item: item.body.to_string(),
                            range: text.to_string(),
                            want: ITEM_WANT.to_string(),
                        })
                    })?
            };
            range.add(&mut places, cards, item.weight);
        }
        Ok(range)
    }

    /// Adds the hand `cards` of weight `weight`, or gives a hand listed before (the same cards
    /// in any order, found in `places`) that weight: a later mention overrides an earlier
    /// weight, as in the other games' ranges.
    fn add(&mut self, places: &mut Places, cards: Vec<Card>, weight: u32) {
        match places.entry(mask_of(&cards)) {
            std::collections::hash_map::Entry::Occupied(at) => self.weights[*at.get()] = weight,
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(self.hands.len());
                self.hands.push(cards);
                self.weights.push(weight);
            }
        }
    }

    /// Whether some hand has a weight below 1.
    pub fn is_weighted(&self) -> bool {
        self.weights.iter().any(|&w| w != WEIGHT_SCALE)
    }

    /// Each hand's cards as a mask of card indices.
    pub fn masks(&self) -> Vec<u64> {
        self.hands.iter().map(|h| mask_of(h)).collect()
    }

    /// The hand `i` as text: its cards as listed (`7c5d4h3s`), or `random`.
    pub fn hand_text(&self, i: usize) -> String {
        hand_text(&self.hands[i])
    }

    /// Drops the hands that use a card of `blocked` (a bit per card index).
    ///
    /// # Errors
    /// [`RangeError::RangeEmptied`] when no hand is left.
    pub(crate) fn remove_blocked(&mut self, blocked: u64) -> Result<(), DrawError> {
        let masks = self.masks();
        let mut at = 0;
        self.hands.retain(|_| {
            at += 1;
            masks[at - 1] & blocked == 0
        });
        let mut at = 0;
        self.weights.retain(|_| {
            at += 1;
            masks[at - 1] & blocked == 0
        });
        if self.hands.is_empty() {
            return Err(DrawError::Range(RangeError::RangeEmptied {
                range: self.text.clone(),
            }));
        }
        Ok(())
    }
}

/// Hands the search for one deal of the ranges may try while a spot is validated.
const FIT_SEARCH_BUDGET: u64 = 1 << 20;

/// Drops from each range the hands that use a card of `seen` (kept by a fixed player or dead)
/// and refuses ranges that no deal fits together.
///
/// # Errors
/// [`RangeError::RangeEmptied`] for a range left without hands, [`RangeError::NoDealFits`].
pub(crate) fn fit_ranges<'a>(
    ranges: impl Iterator<Item = &'a mut KeptRange>,
    seen: u64,
) -> Result<(), DrawError> {
    let mut lists: Vec<Vec<u64>> = Vec::new();
    for range in ranges {
        range.remove_blocked(seen)?;
        lists.push(range.masks());
    }
    lists.sort_by_key(Vec::len);
    if engine::masks_fit(&lists, seen, FIT_SEARCH_BUDGET) == Some(false) {
        return Err(RangeError::NoDealFits.into());
    }
    Ok(())
}

/// Kept cards as text: `7c5d4h3s`, or `random` for none.
pub fn hand_text(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "random".to_string();
    }
    cards.iter().map(ToString::to_string).collect()
}

/// The mask of `cards` (bit `i`: the card of index `i`).
pub(crate) fn mask_of(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1 << c.index())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_weights_and_later_mentions() {
        let r = KeptRange::parse(
            Game::Lowball27,
            " 7c5d4h3s, 8s6h4c3d:0.5 ,7c5d4h, random:0.2",
        )
        .unwrap();
        assert_eq!(r.hands.len(), 4);
        assert_eq!(r.weights, [1000, 500, 1000, 200]);
        assert_eq!(r.hand_text(1), "8s6h4c3d");
        assert_eq!(r.hand_text(3), "random");
        assert!(r.is_weighted());
        // The same cards in another order: one hand, the later weight.
        let r = KeptRange::parse(Game::Lowball27, "7c5d4h3s,3s4h5d7c:0.25").unwrap();
        assert_eq!((r.hands.len(), r.weights[0]), (1, 250));
        let r = KeptRange::parse(Game::Lowball27, "7♣5♦4h3s,8s6h4c3d").unwrap();
        assert_eq!(r.hand_text(0), "7c5d4h3s");
        assert!(!r.is_weighted());
    }

    #[test]
    fn percentages_are_the_pat_hands_of_their_span() {
        // The top 0.04 % of 2-7 pat hands: every offsuit 7-5-4-3-2, weighted; a hand named
        // after them takes its own weight, a span before it all of theirs.
        let r = KeptRange::parse(Game::Lowball27, "0.04%:0.5,7s5d4h3c2c:0.25").unwrap();
        assert_eq!(r.hands.len(), 1_020);
        assert_eq!(r.weights.iter().filter(|&&w| w == 500).count(), 1_019);
        let named = r
            .hands
            .iter()
            .position(|h| hand_text(h) == "7s5d4h3c2c")
            .unwrap();
        assert_eq!(r.weights[named], 250);
        assert!(r.hands.iter().all(|h| h.len() == 5));
        let both = KeptRange::parse(Game::Lowball27, "7c5d4h,0.04%,random").unwrap();
        assert_eq!(both.hands.len(), 1_022);
        let badugi = KeptRange::parse(Game::Badugi, "0.01%").unwrap();
        assert_eq!(badugi.hands.len(), 24, "the 24 four-suit A-2-3-4s");
        let err = |t: &str| KeptRange::parse(Game::Draw5, t).unwrap_err().to_string();
        assert!(
            err("0%").contains("want a share of the combos"),
            "{}",
            err("0%")
        );
        assert!(err("5%-3%").starts_with("cannot parse '5%-3%'"));
        assert!(err("7c5d,0.00001%").contains("holds no whole class"));
    }

    #[test]
    fn bad_items_are_named() {
        let err = |t: &str| {
            KeptRange::parse(Game::Lowball27, t)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err("7c5d,"), "empty item in range '7c5d,'");
        assert!(err("7c5d,7c7c").starts_with("cannot parse '7c7c' in range '7c5d,7c7c'"));
        assert!(err("7c5d,Xx").contains("'Xx'"));
        assert_eq!(
            err("7c5d,8c:2"),
            "bad weight '2' in range '7c5d,8c:2' (want a number in (0, 1])"
        );
        assert!(err("7c5d,8c:ds").starts_with("bad qualifier ':ds'"));
    }

    #[test]
    fn blocked_hands_are_dropped_until_none_is_left() {
        let mut r = KeptRange::parse(Game::Lowball27, "7c5d,8c6d:0.5,9h").unwrap();
        r.remove_blocked(1 << r.hands[0][0].index()).unwrap();
        assert_eq!((r.hands.len(), r.weights.clone()), (2, vec![500, 1000]));
        let all = r.masks().iter().fold(0, |m, x| m | x);
        assert_eq!(
            r.remove_blocked(all).unwrap_err().to_string(),
            "range '7c5d,8c6d:0.5,9h' is empty once the board, dead cards and other hands are removed"
        );
    }
}
