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
//!  AAxx:ds:0.5     a weight in (0, 1], at least 0.001, kept in thousandths; at most one suit
//!                  qualifier and one weight per item (the checks and messages of hold'em's
//!                  ranges, engine::range_text); items may repeat a hand, the later weight wins
//!  AAxx,KKxx:ds    comma lists: a hand keeps the place of its first mention, the weight of
//!                  its last
//!  random          any hand, dealt from the deck. In a list, every hand (as xxxx), with its
//!                  weight and suit qualifier: AAxx:0.5,random leaves every hand at full weight
//!                  and is random itself; random,AAxx:0.5 lists every hand, two aces at half
//! ```
//!
//! A pattern's hands are listed directly from its ranks, lowest card first, so they come in
//! card order, the order in which they would be met going through every hand. A list checks
//! every item, lists each different item once (a repeated item only moves its weight to the
//! later mention) and finds the hands it has named before in a table with one place per hand
//! (`listing`); the hands its different items name between them are bounded
//! ([`MAX_LISTED_HANDS`]), so that no list, however long, takes more than about a second.
//!
//! The hands are placed item by item, so those an item names first (before any earlier item
//! does) are consecutive: the range keeps one run per such item, and the classes of a breakdown
//! ([`Range::classes`]) cost a step per hand and per item, however long the list.
//!
//! ```text
//!  "AAxx:ds, AAKK, KKxx"   hands: [ AAxx:ds ……… | AAKK (not ds) … | KKxx (no two aces) ……… ]
//!                          runs:  (item 0, 864)   (item 1, 30)      (item 2, 6925)
//! ```

use engine::range_text::{self, RangeError};

use crate::error::OmahaError;
use crate::ranked::Ranked;

mod classes;
mod hole_cards;
mod items;
mod listing;
mod two_card;

use hole_cards::suit_counts;
pub use hole_cards::{HoleCards, hand_mask};
use items::{Item, distinct_items};
use listing::{Places, hand_of_mask, pattern_masks};

/// Weights are integers in thousandths, so that weighted draws stay exact (the weights of every
/// game's ranges: [`engine::range_text`]).
pub const WEIGHT_SCALE: u32 = range_text::WEIGHT_SCALE;

/// Most hands a listed range may hold: 2²², the breakdown's limit on combinations too; a fifth
/// of six-card Omaha's 20,358,520 hands (`20%` is 4,071,704), all 2,598,960 of five cards.
pub const MAX_RANGE_HANDS: usize = 4_194_304;

/// Most hands the different items of a list may name between them, a hand counted again for
/// each different item that names it (identical items count once): about five times
/// [`MAX_RANGE_HANDS`], a bound on the work of parsing any list, about a second.
pub const MAX_LISTED_HANDS: usize = 20_000_000;

/// A parsed Omaha range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
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
    /// The hands in runs, one per item of the text that names hands before any earlier item
    /// does, in the text's order: the classes of [`Range::classes`]. Kept by
    /// [`Range::parse`] and [`Range::remove_blocked`].
    first_named: Vec<FirstNamed>,
    /// Written in hold'em's two-card syntax ([`Range::parse_two_card`]): its classes are
    /// hold'em's starting-hand classes.
    two_card: bool,
}

/// The hands of a range that one item of its text names first: consecutive in
/// [`Range::hands`], since a list places its hands item by item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FirstNamed {
    /// The item's place in the comma list, 0 for the first.
    item: usize,
    /// How many consecutive hands it names first.
    hands: usize,
}

impl Range {
    /// Parses `text` for hands of `hole_cards` (4, 5 or 6) cards.
    ///
    /// Every item is checked first, and identical items (the same hand or ranks and the same
    /// suit qualifier, whatever the case, order or wildcard symbol) are listed once: the first
    /// mention places the item's hands, the last sets their weight. A list in which every hand
    /// ends at full weight and `random` names them all is `random` itself.
    ///
    /// # Errors
    /// An [`OmahaError`] naming the text for bad items, qualifiers or weights, for ranges
    /// broader than [`MAX_RANGE_HANDS`] and for lists whose different items name more than
    /// [`MAX_LISTED_HANDS`] hands between them.
    pub fn parse(text: &str, hole_cards: usize) -> Result<Self, OmahaError> {
        Self::parse_ranked(text, hole_cards, None)
    }

    /// [`Range::parse`], reading percentage items (`15%`, `5%-15%:ds`) by the ranking `ranked`
    /// of hands of `hole_cards` cards (the game's: high in Omaha, pot share in Omaha hi/lo, of
    /// four or five cards, [`Ranked::of`]; [`Range::of_game`] picks it), refusing them without
    /// one.
    ///
    /// # Errors
    /// As [`Range::parse`], and a span that selects no whole class.
    pub fn parse_ranked(
        text: &str,
        hole_cards: usize,
        ranked: Option<Ranked>,
    ) -> Result<Self, OmahaError> {
        // Suits pasted as symbols (`A♠K♠`) read as letters, here and in the tables; messages
        // quote the text as typed.
        let letters = deck::suit_letters(text);
        Self::parse_letters(
            &letters,
            hole_cards,
            ranked.filter(|r| r.cards() == hole_cards),
        )
        .map_err(|e| e.as_typed(text, &letters))
    }

    /// [`Range::parse_ranked`] of a text with its suits in letters.
    fn parse_letters(
        text: &str,
        hole_cards: usize,
        ranked: Option<Ranked>,
    ) -> Result<Self, OmahaError> {
        let mut range = Range {
            text: text.to_string(),
            hole_cards,
            hands: Vec::new(),
            weights: Vec::new(),
            random: text.trim().eq_ignore_ascii_case("random"),
            first_named: Vec::new(),
            two_card: false,
        };
        if range.random {
            return Ok(range);
        }
        let items = distinct_items(text, hole_cards, ranked.is_some())?;
        if items.random {
            range.random = true;
            return Ok(range);
        }
        let too_broad = || OmahaError::TooBroad {
            range: text.to_string(),
            limit: MAX_RANGE_HANDS,
        };
        // One item lists distinct hands: it needs no table to find them again.
        let mut places = (items.list.len() > 1).then(|| Places::new(hole_cards));
        // The position of the item that set each hand's weight: a later one sets it again.
        let mut set_by: Vec<usize> = Vec::new();
        let mut named = 0usize;
        for item in &items.list {
            let placed_before = range.hands.len();
            let mut add = |mask: u64, hand: HoleCards| -> Result<(), OmahaError> {
                match places.as_ref().and_then(|p| p.get(mask)) {
                    Some(at) => {
                        if set_by[at] < item.last {
                            range.weights[at] = item.weight;
                            set_by[at] = item.last;
                        }
                    }
                    None => {
                        if range.hands.len() == MAX_RANGE_HANDS {
                            return Err(too_broad());
                        }
                        if let Some(places) = places.as_mut() {
                            places.set(mask, range.hands.len());
                        }
                        range.hands.push(hand);
                        range.weights.push(item.weight);
                        set_by.push(item.last);
                    }
                }
                Ok(())
            };
            match &item.item {
                Item::Hand(hand) => {
                    named += 1;
                    if item.suits.matches(&suit_counts(&hand[..hole_cards])) {
                        add(hand_mask(hand, hole_cards), *hand)?;
                    }
                }
                Item::Pattern(least) => {
                    let masks =
                        pattern_masks(least, hole_cards, item.suits).ok_or_else(too_broad)?;
                    named += masks.len();
                    if named > MAX_LISTED_HANDS {
                        return Err(OmahaError::TooManyListed {
                            range: text.to_string(),
                            limit: MAX_LISTED_HANDS,
                        });
                    }
                    for mask in masks {
                        add(mask, hand_of_mask(mask))?;
                    }
                }
                Item::Percent(from, to) => {
                    let before = named;
                    // Percentages are refused without a ranking: `ranked` is there.
                    if let Some(ranked) = ranked {
                        for class in ranked.span(*from, *to) {
                            let mut added = Ok(());
                            ranked.for_each_hand(class, |cards| {
                                named += 1;
                                if added.is_ok() && item.suits.matches(&suit_counts(cards)) {
                                    let mut hand = [cards[0]; 6];
                                    hand[..cards.len()].copy_from_slice(cards);
                                    added = add(hand_mask(&hand, cards.len()), hand);
                                }
                            });
                            added?;
                        }
                    }
                    if named == before {
                        return Err(RangeError::PercentSelectsNothing {
                            item: items::item_name(
                                text.split(',').nth(item.first).unwrap_or_default(),
                                text,
                            ),
                            range: text.to_string(),
                        }
                        .into());
                    }
                    if named > MAX_LISTED_HANDS {
                        return Err(OmahaError::TooManyListed {
                            range: text.to_string(),
                            limit: MAX_LISTED_HANDS,
                        });
                    }
                }
            }
            // An item names a hand first exactly when it matches it and no earlier item does:
            // the items keep the order of their first mentions, and every mention of an item
            // matches the same hands, so the first mention of the item placing a hand is the
            // first item of the text matching it.
            let placed = range.hands.len() - placed_before;
            if placed > 0 {
                range.first_named.push(FirstNamed {
                    item: item.first,
                    hands: placed,
                });
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
    /// [`RangeError::RangeEmptied`] when no hand is left.
    pub fn remove_blocked(&mut self, blocked: u64) -> Result<(), OmahaError> {
        if self.random {
            return Ok(());
        }
        let n = self.hole_cards;
        let stays = |hand: &HoleCards| hand_mask(hand, n) & blocked == 0;
        let mut start = 0;
        for run in &mut self.first_named {
            let end = (start + run.hands).min(self.hands.len());
            run.hands = self.hands[start..end].iter().filter(|h| stays(h)).count();
            start = end;
        }
        // An item none of whose hands is left names none.
        self.first_named.retain(|run| run.hands > 0);
        let mut keep = 0;
        for i in 0..self.hands.len() {
            if stays(&self.hands[i]) {
                self.hands[keep] = self.hands[i];
                self.weights[keep] = self.weights[i];
                keep += 1;
            }
        }
        self.hands.truncate(keep);
        self.weights.truncate(keep);
        if keep == 0 {
            return Err(RangeError::RangeEmptied {
                range: self.text.clone(),
            }
            .into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
