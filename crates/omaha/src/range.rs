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
//! ([`OmahaRange::classes`]) cost a step per hand and per item, however long the list.
//!
//! ```text
//!  "AAxx:ds, AAKK, KKxx"   hands: [ AAxx:ds ……… | AAKK (not ds) … | KKxx (no two aces) ……… ]
//!                          runs:  (item 0, 864)   (item 1, 30)      (item 2, 6925)
//! ```

use std::collections::HashMap;

use deck::{Card, RANK_CHARS, parse_cards};
use engine::range_text::{self, RangeError};

use crate::error::OmahaError;

mod listing;

#[cfg(test)]
use listing::for_each_hand;
use listing::{Places, hand_of_mask, pattern_masks};

/// Weights are integers in thousandths, so that weighted draws stay exact (the weights of every
/// game's ranges: [`engine::range_text`]).
pub const WEIGHT_SCALE: u32 = range_text::WEIGHT_SCALE;

/// The suit qualifiers, as written after `:` (any case).
const SUIT_QUALIFIERS: [&str; 4] = ["ds", "ss", "r", "rainbow"];

/// What may follow a `:` in an Omaha range, for messages.
const QUALIFIER_WANT: &str = "ds, ss, r (rainbow) or a weight in (0, 1]";

/// Most hands a listed range may hold.
pub const MAX_RANGE_HANDS: usize = 2_000_000;

/// Most hands the different items of a list may name between them, a hand counted again for
/// each different item that names it (identical items count once): ten times
/// [`MAX_RANGE_HANDS`], a bound on the work of parsing any list, about a second.
pub const MAX_LISTED_HANDS: usize = 10 * MAX_RANGE_HANDS;

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
    /// The hands in runs, one per item of the text that names hands before any earlier item
    /// does, in the text's order: the classes of [`OmahaRange::classes`]. Kept by
    /// [`OmahaRange::parse`] and [`OmahaRange::remove_blocked`].
    first_named: Vec<FirstNamed>,
}

/// The hands of a range that one item of its text names first: consecutive in
/// [`OmahaRange::hands`], since a list places its hands item by item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FirstNamed {
    /// The item's place in the comma list, 0 for the first.
    item: usize,
    /// How many consecutive hands it names first.
    hands: usize,
}

/// The suit shape a qualifier asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
        // Suits pasted as symbols (`A♠K♠`) read as letters, here and in the tables; messages
        // quote the text as typed.
        let letters = deck::suit_letters(text);
        Self::parse_letters(&letters, hole_cards).map_err(|e| e.as_typed(text, &letters))
    }

    /// [`OmahaRange::parse`] of a text with its suits in letters.
    fn parse_letters(text: &str, hole_cards: usize) -> Result<Self, OmahaError> {
        let mut range = OmahaRange {
            text: text.to_string(),
            hole_cards,
            hands: Vec::new(),
            weights: Vec::new(),
            random: text.trim().eq_ignore_ascii_case("random"),
            first_named: Vec::new(),
        };
        if range.random {
            return Ok(range);
        }
        let items = distinct_items(text, hole_cards)?;
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

    /// The class of every hand: an index into the returned names, one name per item of the
    /// range as written (`AAxx:ds`, `AsKsQdJd`, `random`; weights left out), the hand going to
    /// the **first** item that matches it (suits and ranks; an item's weight does not matter).
    /// Items that no hand of the range keeps are dropped from the names.
    ///
    /// Reads the runs that [`OmahaRange::parse`] recorded and [`OmahaRange::remove_blocked`]
    /// keeps: one step per hand and per item. Hands changed any other way have runs no longer
    /// theirs; parse the text again.
    pub fn classes(&self) -> (Vec<String>, Vec<u32>) {
        if self.random {
            return (vec!["random".to_string()], vec![0; self.hands.len()]);
        }
        // The runs come in the text's order: one walk through the items finds them all.
        let mut items = self.text.split(',').enumerate();
        let mut names = Vec::with_capacity(self.first_named.len());
        let mut classes = Vec::with_capacity(self.hands.len());
        for run in &self.first_named {
            let name = items
                .find(|&(at, _)| at == run.item)
                .map(|(_, part)| item_name(part, &self.text))
                .unwrap_or_default();
            // At most one class per hand, and at most MAX_RANGE_HANDS hands: a u32 holds it.
            let class = names.len() as u32;
            names.push(name);
            classes.extend(std::iter::repeat_n(class, run.hands));
        }
        debug_assert_eq!(classes.len(), self.hands.len());
        (names, classes)
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

/// An item of a list with the same hands as another: the same hand or ranks, the same suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum ItemKey {
    Hand(u64, Suits),
    Pattern([u8; 13], Suits),
}

/// One item of a list, however often the list repeats it.
#[derive(Debug)]
struct DistinctItem {
    item: Item,
    suits: Suits,
    /// The weight of its last mention, in thousandths.
    weight: u32,
    /// The position of its first mention in the list.
    first: usize,
    /// The position of its last mention in the list.
    last: usize,
}

/// A list's items, checked, each once, in the order of their first mention.
#[derive(Debug)]
struct DistinctItems {
    list: Vec<DistinctItem>,
    /// Every hand at full weight, all of them named by `random`: the range is `random`.
    random: bool,
}

/// The suit shape of a qualifier as [`range_text::split_item`] gives it.
fn suits_of(named: Option<&str>) -> Suits {
    match named.map(str::to_ascii_lowercase).as_deref() {
        None => Suits::Any,
        Some("ds") => Suits::DoubleSuited,
        Some("ss") => Suits::SingleSuited,
        Some(_) => Suits::Rainbow,
    }
}

/// Checks every item of `text` and merges the identical ones.
fn distinct_items(text: &str, hole_cards: usize) -> Result<DistinctItems, OmahaError> {
    let mut list: Vec<DistinctItem> = Vec::new();
    let mut index: HashMap<ItemKey, usize> = HashMap::new();
    // The last plain `random` (no suit qualifier, full weight), and the last item below full
    // weight: when the first comes later, every hand ends at full weight.
    let (mut every_hand, mut last_weighted) = (None, None);
    for (position, part) in text.split(',').enumerate() {
        let part = part.trim();
        if part.is_empty() {
            return Err(RangeError::EmptyItem {
                range: text.to_string(),
            }
            .into());
        }
        let split = range_text::split_item(part, text, &SUIT_QUALIFIERS, QUALIFIER_WANT)?;
        let suits = suits_of(split.named);
        let item = parse_item(split.body, hole_cards).ok_or_else(|| RangeError::BadItem {
            item: split.body.to_string(),
            range: text.to_string(),
            want: format!(
                "a hand of {hole_cards} cards, or a pattern of {hole_cards} ranks: A K Q J T 9-2, x or * for any rank"
            ),
        })?;
        if split.weight < WEIGHT_SCALE {
            last_weighted = Some(position);
        } else if suits == Suits::Any && split.body.eq_ignore_ascii_case("random") {
            every_hand = Some(position);
        }
        let key = match &item {
            Item::Hand(hand) => ItemKey::Hand(hand_mask(hand, hole_cards), suits),
            Item::Pattern(least) => ItemKey::Pattern(*least, suits),
        };
        let at = *index.entry(key).or_insert_with(|| {
            list.push(DistinctItem {
                item,
                suits,
                weight: split.weight,
                first: position,
                last: position,
            });
            list.len() - 1
        });
        list[at].weight = split.weight;
        list[at].last = position;
    }
    let random = every_hand.is_some() && every_hand > last_weighted;
    Ok(DistinctItems { list, random })
}

/// An item's name as its class: the item as written, trimmed, without its weight (`AAxx:ds`
/// for ` AAxx:0.5:ds `).
fn item_name(part: &str, text: &str) -> String {
    let part = part.trim();
    match range_text::split_item(part, text, &SUIT_QUALIFIERS, QUALIFIER_WANT) {
        Ok(item) => match item.named {
            Some(q) => format!("{}:{q}", item.body),
            None => item.body.to_string(),
        },
        // Every item was checked when the range was parsed.
        Err(_) => part.to_string(),
    }
}

fn suit_counts(cards: &[Card]) -> [u8; 4] {
    let mut out = [0u8; 4];
    for c in cards {
        out[usize::from(c.suit())] += 1;
    }
    out
}

/// A specific hand of `n` distinct cards, a pattern of `n` rank symbols, or `random`.
fn parse_item(head: &str, n: usize) -> Option<Item> {
    if head.eq_ignore_ascii_case("random") {
        // Every hand, as the pattern of wildcards only.
        return Some(Item::Pattern([0; 13]));
    }
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

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    fn count(text: &str, n: usize) -> usize {
        OmahaRange::parse(text, n).unwrap().hands.len()
    }

    /// A hand goes to the first item that matches it; an item no hand reaches has no class.
    #[test]
    fn classes_are_the_first_matching_items() {
        let r = OmahaRange::parse("AAxx:ds:0.5, AAKK, KKxx, AsAhKsKh", 4).unwrap();
        let (names, classes) = r.classes();
        assert_eq!(names, ["AAxx:ds", "AAKK", "KKxx"]);
        assert_eq!(classes.len(), r.hands.len());
        for (hand, &c) in r.hands.iter().zip(&classes) {
            let aces = hand[..4].iter().filter(|c| c.rank() == 12).count();
            let suits = suit_counts(&hand[..4]);
            let ds = suits.iter().filter(|&&n| n == 2).count() == 2;
            let want = if aces >= 2 && ds {
                0
            } else if aces >= 2 {
                1
            } else {
                2
            };
            assert_eq!(c, want, "{hand:?}");
        }
        let random = OmahaRange::parse("random", 4).unwrap();
        assert_eq!(random.classes().0, ["random"]);
    }

    /// The classes the slow obvious way (the implementation before the runs): every item of the
    /// text parsed again, and every hand tested against every item until one matches it.
    fn classes_by_matching(range: &OmahaRange) -> (Vec<String>, Vec<u32>) {
        let n = range.hole_cards;
        if range.random {
            return (vec!["random".to_string()], vec![0; range.hands.len()]);
        }
        let items: Vec<(String, Item, Suits)> = range
            .text
            .split(',')
            .filter_map(|part| {
                let item = range_text::split_item(
                    part.trim(),
                    &range.text,
                    &SUIT_QUALIFIERS,
                    QUALIFIER_WANT,
                )
                .ok()?;
                let suits = suits_of(item.named);
                let name = match item.named {
                    Some(q) => format!("{}:{q}", item.body),
                    None => item.body.to_string(),
                };
                Some((name, parse_item(item.body, n)?, suits))
            })
            .collect();
        let matches = |item: &Item, suits: Suits, hand: &HoleCards| {
            if !suits.matches(&suit_counts(&hand[..n])) {
                return false;
            }
            match item {
                Item::Hand(h) => hand_mask(h, n) == hand_mask(hand, n),
                Item::Pattern(least) => {
                    let mut ranks = [0u8; 13];
                    for c in &hand[..n] {
                        ranks[usize::from(c.rank())] += 1;
                    }
                    ranks.iter().zip(least).all(|(r, l)| r >= l)
                }
            }
        };
        let first: Vec<usize> = range
            .hands
            .iter()
            .map(|hand| {
                items
                    .iter()
                    .position(|(_, item, suits)| matches(item, *suits, hand))
                    .expect("every hand of a range matches one of its items")
            })
            .collect();
        let mut class_of_item = vec![u32::MAX; items.len()];
        for &i in &first {
            class_of_item[i] = 0;
        }
        let mut names = Vec::new();
        for (i, class) in class_of_item.iter_mut().enumerate() {
            if *class == 0 {
                *class = names.len() as u32;
                names.push(items[i].0.clone());
            }
        }
        (names, first.iter().map(|&i| class_of_item[i]).collect())
    }

    /// A random item of a list of hands of `n` cards: a specific hand (mostly of the four
    /// highest ranks, so that hands and patterns overlap), a pattern with wildcards (`x` or
    /// `*`, as many as keeps the oracle quick), or `random` (only at full weight and with no
    /// suit qualifier past four cards, where it would be broader than a range may be), with or
    /// without a suit qualifier and a weight, in either order, any case, with spaces.
    fn random_item(rng: &mut StdRng, n: usize) -> String {
        const RANKS: &[u8] = b"AKQJT98765432";
        let high_rank = |rng: &mut StdRng| {
            let top = if rng.random_bool(0.7) { 4 } else { 13 };
            rng.random_range(0..top)
        };
        let kind = rng.random_range(0..40);
        let body = if kind < 12 {
            let mut cards: Vec<(usize, usize)> = Vec::new();
            while cards.len() < n {
                let card = (high_rank(rng), rng.random_range(0..4));
                if !cards.contains(&card) {
                    cards.push(card);
                }
            }
            // Cards may stand apart, and a ten may be written 10.
            let gap = if rng.random_bool(0.1) { " " } else { "" };
            cards
                .iter()
                .map(|&(rank, suit)| {
                    let rank = match RANKS[rank] {
                        b'T' if rng.random_bool(0.5) => "10".to_string(),
                        symbol => (symbol as char).to_string(),
                    };
                    format!("{rank}{}", ['c', 'd', 'h', 's'][suit])
                })
                .collect::<Vec<_>>()
                .join(gap)
        } else if kind < 38 {
            let most_wild = match n {
                4 if rng.random_bool(0.02) => 4,
                4 => 3,
                _ => 2,
            };
            let wild = rng.random_range(0..=most_wild);
            let mut counts = [0u8; 13];
            let mut symbols: Vec<char> = Vec::new();
            for slot in 0..n {
                if slot < wild {
                    symbols.push(if rng.random_bool(0.5) { 'x' } else { '*' });
                    continue;
                }
                let rank = loop {
                    let rank = high_rank(rng);
                    if counts[rank] < 4 {
                        break rank;
                    }
                };
                counts[rank] += 1;
                let symbol = RANKS[rank] as char;
                symbols.push(if rng.random_bool(0.1) {
                    symbol.to_ascii_lowercase()
                } else {
                    symbol
                });
            }
            // Wildcards anywhere: AxKx is AKxx.
            let at = rng.random_range(0..n);
            symbols.rotate_left(at);
            symbols.into_iter().collect()
        } else if n > 4 {
            return ["random", "RANDOM"][rng.random_range(0..2)].to_string();
        } else {
            ["random", "RANDOM", "Random"][rng.random_range(0..3)].to_string()
        };
        let mut tail = Vec::new();
        if rng.random_bool(0.4) {
            let qualifiers = ["ds", "ss", "r", "rainbow", "DS", "Ss"];
            tail.push(qualifiers[rng.random_range(0..qualifiers.len())].to_string());
        }
        if rng.random_bool(0.4) {
            tail.push(format!(
                "{}",
                f64::from(rng.random_range(1..=1000u32)) / 1000.0
            ));
        }
        if rng.random_bool(0.5) {
            tail.reverse();
        }
        let item = tail.iter().fold(body, |item, t| format!("{item}:{t}"));
        if rng.random_bool(0.1) {
            format!(" {item} ")
        } else {
            item
        }
    }

    /// The classes read from the runs are those of the slow obvious way, names and hands alike,
    /// on seeded random lists of specific hands, patterns and `random`, with suit qualifiers,
    /// weights and repeated items, parsed and then with some cards blocked.
    #[test]
    fn classes_are_those_of_the_slow_oracle_on_random_lists() {
        let mut rng = StdRng::seed_from_u64(203);
        let (mut compared, mut dropped, mut random, mut random_inside) = (0, 0, 0, 0);
        for round in 0..250 {
            let n = [4, 4, 4, 5, 6][round % 5];
            let mut items: Vec<String> = Vec::new();
            for _ in 0..rng.random_range(1..12) {
                // Repeat an earlier item now and then: as it was, in another case or with
                // another weight.
                let item = if !items.is_empty() && rng.random_bool(0.3) {
                    let earlier = items[rng.random_range(0..items.len())].clone();
                    match rng.random_range(0..3) {
                        0 => earlier,
                        1 => earlier.to_ascii_uppercase(),
                        _ => format!("{}:0.25", earlier.split(':').next().unwrap_or_default()),
                    }
                } else {
                    random_item(&mut rng, n)
                };
                items.push(item);
            }
            let text = items.join(",");
            // Lists the parser refuses (an item with two weights or two suit qualifiers, a
            // list broader than a range may be) are not lists to compare.
            let Ok(mut range) = OmahaRange::parse(&text, n) else {
                continue;
            };
            let oracle = classes_by_matching(&range);
            assert_eq!(range.classes(), oracle, "{text}");
            compared += 1;
            random += usize::from(range.random);
            random_inside += usize::from(
                !range.random
                    && oracle
                        .0
                        .iter()
                        .any(|name| name.eq_ignore_ascii_case("random")),
            );
            dropped += usize::from(oracle.0.len() < text.split(',').count());
            // Dead cards: the hands holding them go, and with them the items left with none.
            if rng.random_bool(0.5) {
                let blocked = (0..rng.random_range(1..4))
                    .fold(0u64, |mask, _| mask | 1 << rng.random_range(32..52));
                let _ = range.remove_blocked(blocked);
                assert_eq!(
                    range.classes(),
                    classes_by_matching(&range),
                    "{text} {blocked:#x}"
                );
            }
        }
        // Most lists parse; some are random, some hold random as a class, many drop an item (a
        // repeat, or one whose hands earlier items name).
        assert!(
            compared > 200 && random > 5 && random_inside > 5 && dropped > 50,
            "{compared} {random} {random_inside} {dropped}"
        );
    }

    /// Dead cards drop the hands that hold them; an item left with no hand has no class.
    #[test]
    fn items_whose_hands_are_all_blocked_lose_their_class() {
        let mut r = OmahaRange::parse("AsAhKsKh, AAxx:ds, AsAdKdKc, AAxx", 4).unwrap();
        assert_eq!(r.classes().0, ["AsAhKsKh", "AAxx:ds", "AsAdKdKc", "AAxx"]);
        let ace_of_spades = 1u64 << Card::new(12, 3).index();
        r.remove_blocked(ace_of_spades).unwrap();
        let (names, classes) = r.classes();
        assert_eq!(names, ["AAxx:ds", "AAxx"]);
        assert_eq!((names, classes), classes_by_matching(&r));
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

    const SHAPES: [(&str, Suits); 4] = [
        ("", Suits::Any),
        (":ds", Suits::DoubleSuited),
        (":ss", Suits::SingleSuited),
        (":r", Suits::Rainbow),
    ];

    /// The hands of `pattern` with each of [`SHAPES`] as the slow obvious way finds them: every
    /// hand of the deck, in order, tested against the ranks and the suit shape.
    fn oracle(pattern: &str, n: usize) -> [Vec<HoleCards>; 4] {
        let Some(Item::Pattern(least)) = parse_item(pattern, n) else {
            panic!("{pattern} is a pattern");
        };
        let mut out: [Vec<HoleCards>; 4] = Default::default();
        for_each_hand(n, &mut |hand| {
            let mut ranks = [0u8; 13];
            for c in &hand[..n] {
                ranks[usize::from(c.rank())] += 1;
            }
            if least.iter().zip(&ranks).all(|(l, r)| l <= r) {
                for (list, (_, suits)) in out.iter_mut().zip(SHAPES) {
                    if suits.matches(&suit_counts(&hand[..n])) {
                        list.push(*hand);
                    }
                }
            }
        });
        out
    }

    #[test]
    fn patterns_list_the_hands_the_oracle_finds_in_its_order() {
        for (pattern, n) in [
            ("AAxx", 4),
            ("KQJT", 4),
            ("xxxx", 4),
            ("A2xx", 4),
            ("AAAA", 4),
            ("T9*x", 4),
            ("AAKxx", 5),
            ("QQQxx", 5),
            ("AKQJT9", 6),
            ("AAKKxx", 6),
        ] {
            let expected = oracle(pattern, n);
            for ((qualifier, _), hands) in SHAPES.iter().zip(expected) {
                let listed = OmahaRange::parse(&format!("{pattern}{qualifier}"), n).unwrap();
                assert_eq!(listed.hands, hands, "{pattern}{qualifier}");
                assert!(listed.weights.iter().all(|&w| w == WEIGHT_SCALE));
            }
        }
    }

    #[test]
    fn patterns_broader_than_a_range_may_be_are_refused() {
        // C(52, 5) = 2,598,960 hands; with a suit shape far fewer, and accepted.
        assert!(matches!(
            OmahaRange::parse("xxxxx", 5),
            Err(OmahaError::TooBroad { .. })
        ));
        assert!(count("xxxxx:ds", 5) < MAX_RANGE_HANDS);
        assert!(matches!(
            OmahaRange::parse("xxxxxx", 6),
            Err(OmahaError::TooBroad { .. })
        ));
    }

    #[test]
    fn qualifiers_and_weights_are_refused_as_holdem_refuses_them() {
        let message = |text: &str| OmahaRange::parse(text, 4).unwrap_err().to_string();
        // One suit qualifier and one weight per item.
        assert_eq!(
            message("AAxx:ds:r"),
            "'AAxx:ds:r' in range 'AAxx:ds:r' has two suit qualifiers; give one"
        );
        assert!(message("KKxx,AAxx:ss:ss").contains("two suit qualifiers"));
        assert_eq!(
            message("AAxx:0.5:0.001"),
            "'AAxx:0.5:0.001' in range 'AAxx:0.5:0.001' has two weights; give one"
        );
        // The same mistakes in hold'em give messages of the same form.
        assert_eq!(
            engine::range_text::split_item("AKs:0.5:0.5", "AKs:0.5:0.5", &[], "a weight")
                .unwrap_err()
                .to_string(),
            "'AKs:0.5:0.5' in range 'AKs:0.5:0.5' has two weights; give one"
        );
        // Below the smallest weight: refused, never rounded up to it.
        assert_eq!(
            message("AAxx:0.0004"),
            "weight '0.0004' in range 'AAxx:0.0004' is below 0.001, the smallest weight"
        );
        assert!(message("AAxx:0.0005").contains("below 0.001"));
        assert_eq!(OmahaRange::parse("AAxx:0.001", 4).unwrap().weights[0], 1);
        assert!(message("AAxx:1.5").starts_with("bad weight '1.5' in range 'AAxx:1.5'"));
        assert!(message("AAxx:qq").starts_with("bad qualifier ':qq' in range 'AAxx:qq'"));
        // Qualifiers in either order.
        assert_eq!(
            OmahaRange::parse("AAxx:0.5:DS", 4).unwrap(),
            OmahaRange {
                text: "AAxx:0.5:DS".into(),
                ..OmahaRange::parse("AAxx:ds:0.5", 4).unwrap()
            }
        );
    }

    #[test]
    fn a_long_list_of_patterns_parses_quickly() {
        // Issue 24: 5,000 items took over 30 s when every pattern tested every hand of the
        // deck. Each of these lists its few hands directly.
        let ranks = "AKQJT98765432";
        let items: Vec<String> = (0..5000)
            .map(|i| {
                let r = |k: usize| ranks.as_bytes()[(i / 13usize.pow(k as u32)) % 13] as char;
                format!("{}{}{}{}", r(0), r(1), r(2), r(3))
            })
            .filter(|p| {
                // At most four of a rank.
                ranks.chars().all(|c| p.matches(c).count() <= 4)
            })
            .collect();
        let text = items.join(",");
        let started = std::time::Instant::now();
        let range = OmahaRange::parse(&text, 4).unwrap();
        let elapsed = started.elapsed();
        assert!(range.hands.len() > 100_000, "{}", range.hands.len());
        // Generous for a loaded machine: the list takes about 0.1 s on one core.
        assert!(elapsed.as_secs_f64() < 10.0, "{elapsed:?}");
    }

    #[test]
    fn a_long_list_of_broad_patterns_parses_quickly() {
        // Each `xxxx` took about 38 ms when every hand a list named was looked up in a hash
        // map, so these 3,000 items took over a minute; now each different item is listed once
        // and a hand costs a few nanoseconds. The hands and weights are those of the items
        // written once, in the same order.
        let text = [["xxxx"; 1000], ["Axxx"; 1000], ["xxxx:0.5"; 1000]]
            .concat()
            .join(",");
        let started = std::time::Instant::now();
        let range = OmahaRange::parse(&text, 4).unwrap();
        let elapsed = started.elapsed();
        assert_eq!(
            range,
            OmahaRange {
                text: text.clone(),
                ..OmahaRange::parse("xxxx,Axxx,xxxx:0.5", 4).unwrap()
            }
        );
        assert!(range.weights.iter().all(|&w| w == 500));
        // Generous for a loaded machine: the list takes about 15 ms on one core.
        assert!(elapsed.as_secs_f64() < 5.0, "{elapsed:?}");
    }

    #[test]
    fn repeated_items_are_listed_once_with_their_last_weight() {
        let items = distinct_items(
            "AAxx, KKxx:0.5, aa**:ds, AA**:0.25, KsKhKdKc, KcKdKhKs:0.1",
            4,
        )
        .unwrap();
        // AAxx and AA**, the same ranks, but not AAxx:ds; the same hand in any order.
        let summary: Vec<(usize, u32)> = items.list.iter().map(|i| (i.last, i.weight)).collect();
        assert_eq!(summary, [(3, 250), (1, 500), (2, 1000), (5, 100)]);
        assert!(!items.random);
        // The weights follow the last mention of each hand, wherever its item first came.
        let r = OmahaRange::parse("AAxx, KKxx:0.5, AAxx:0.25", 4).unwrap();
        let aces_kings = OmahaRange::parse("AAKK", 4).unwrap().hands;
        for (hand, &w) in r.hands.iter().zip(&r.weights) {
            let aces = hand[..4].iter().filter(|c| c.rank() == 12).count();
            let want = if aces >= 2 { 250 } else { 500 };
            assert_eq!(w, want, "{hand:?}");
        }
        let first_kings = r
            .hands
            .iter()
            .position(|h| h[..4].iter().all(|c| c.rank() != 12));
        // AAxx placed every hand with two aces first, AAKK among them.
        assert!(
            aces_kings
                .iter()
                .all(|h| r.hands[..first_kings.unwrap()].contains(h))
        );
    }

    #[test]
    fn lists_naming_too_many_hands_between_their_items_are_refused() {
        // PLO6: two aces with up to four more named ranks, each with three suit shapes: 2,382
        // different items naming 1.24 M different hands, tens of millions of times in all.
        let others: Vec<char> = "KQJT98765432".chars().collect();
        let mut items = Vec::new();
        let mut named = |ranks: &str| {
            for q in ["", ":ds", ":ss"] {
                items.push(format!("AA{ranks}{}{q}", "x".repeat(4 - ranks.len())));
            }
        };
        named("");
        for a in 0..12 {
            named(&format!("{}", others[a]));
            for b in a + 1..12 {
                named(&format!("{}{}", others[a], others[b]));
                for c in b + 1..12 {
                    named(&format!("{}{}{}", others[a], others[b], others[c]));
                    for d in c + 1..12 {
                        named(&format!(
                            "{}{}{}{}",
                            others[a], others[b], others[c], others[d]
                        ));
                    }
                }
            }
        }
        assert_eq!(items.len(), 2382);
        let text = items.join(",");
        let started = std::time::Instant::now();
        let parsed = OmahaRange::parse(&text, 6);
        let elapsed = started.elapsed();
        let Err(err) = parsed else {
            panic!("{} different items accepted", items.len());
        };
        assert!(
            err == OmahaError::TooManyListed {
                range: text.clone(),
                limit: MAX_LISTED_HANDS
            },
            "{:.200}",
            err.to_string()
        );
        let message = err.to_string();
        assert!(message.starts_with("the items of range 'AAxxxx,AAxxxx:ds,"));
        assert!(message.ends_with(
            "' name more than 20000000 hands between them (a hand counted once for each \
             different item naming it); use fewer overlapping items, or 'random'"
        ));
        // Generous for a loaded machine: about a second at most.
        assert!(elapsed.as_secs_f64() < 10.0, "{elapsed:?}");
        // The first of them are fine.
        assert!(OmahaRange::parse(&items[..30].join(","), 6).is_ok());
    }

    #[test]
    fn random_in_a_list_is_every_hand() {
        let parse = |text: &str, n| OmahaRange::parse(text, n).unwrap();
        // Every hand at full weight: random itself, dealt from the deck, in every game.
        for n in [4, 5, 6] {
            let aces = format!("AA{}", "x".repeat(n - 2));
            for text in [
                "random,random".to_string(),
                format!(" Random , {aces}"),
                format!("{aces}:0.5,random"),
                format!("{aces}:ds,random"),
            ] {
                let r = parse(&text, n);
                assert!(r.random && r.hands.is_empty(), "{text}");
                assert_eq!(r.text, text);
                assert_eq!(r.classes().0, ["random"]);
            }
        }
        // A weight after the last plain random: every hand listed, as xxxx lists them.
        let r = parse("random,AAxx:0.5", 4);
        assert!(!r.random);
        assert_eq!(r.hands, parse("xxxx", 4).hands);
        assert_eq!(r.weights, parse("xxxx,AAxx:0.5", 4).weights);
        assert_eq!(r.classes().0, ["random"]);
        // A weight or a suit qualifier on random itself.
        assert_eq!(parse("random:0.5", 4).weights, parse("xxxx:0.5", 4).weights);
        assert_eq!(parse("RANDOM:ds", 4).hands, parse("xxxx:ds", 4).hands);
        assert!(parse("random:ds,AAxx", 4).hands.len() < 270_725);
        // Every hand of five or six cards is more than a range may list.
        assert!(matches!(
            OmahaRange::parse("random:0.5", 5),
            Err(OmahaError::TooBroad { .. })
        ));
        // The other items are still checked.
        assert_eq!(
            OmahaRange::parse("random,AAZx", 4).unwrap_err().to_string(),
            "cannot parse 'AAZx' in range 'random,AAZx' (want a hand of 4 cards, or a pattern \
             of 4 ranks: A K Q J T 9-2, x or * for any rank)"
        );
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
