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
//!  AAxx,KKxx:ds    comma lists
//!  random          any hand, dealt from the deck
//! ```
//!
//! A pattern's hands are listed directly from its ranks (the ranks' counts, then their suits),
//! never by testing every hand of the deck, and then put in card order, the order in which
//! they would be met going through every hand.

use std::collections::HashMap;

use deck::{Card, RANK_CHARS, parse_cards};
use engine::range_text::{self, RangeError};

use crate::error::OmahaError;

/// Weights are integers in thousandths, so that weighted draws stay exact (the weights of every
/// game's ranges: [`engine::range_text`]).
pub const WEIGHT_SCALE: u32 = range_text::WEIGHT_SCALE;

/// The suit qualifiers, as written after `:` (any case).
const SUIT_QUALIFIERS: [&str; 4] = ["ds", "ss", "r", "rainbow"];

/// What may follow a `:` in an Omaha range, for messages.
const QUALIFIER_WANT: &str = "ds, ss, r (rainbow) or a weight in (0, 1]";

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
                return Err(RangeError::EmptyItem {
                    range: text.to_string(),
                }
                .into());
            }
            let item = range_text::split_item(part, text, &SUIT_QUALIFIERS, QUALIFIER_WANT)?;
            let suits = match item.named.map(str::to_ascii_lowercase).as_deref() {
                None => Suits::Any,
                Some("ds") => Suits::DoubleSuited,
                Some("ss") => Suits::SingleSuited,
                Some(_) => Suits::Rainbow,
            };
            let weight = item.weight;
            let parsed = parse_item(item.body, hole_cards).ok_or_else(|| RangeError::BadItem {
                item: item.body.to_string(),
                range: text.to_string(),
                want: format!(
                    "a hand of {hole_cards} cards, or a pattern of {hole_cards} ranks: A K Q J T 9-2, x or * for any rank"
                ),
            })?;
            let too_broad = || OmahaError::TooBroad {
                range: text.to_string(),
                limit: MAX_RANGE_HANDS,
            };
            let mut add = |mask: u64, hand: HoleCards| -> Result<(), OmahaError> {
                match index.get(&mask) {
                    Some(&i) => range.weights[i] = weight,
                    None => {
                        if range.hands.len() == MAX_RANGE_HANDS {
                            return Err(too_broad());
                        }
                        index.insert(mask, range.hands.len());
                        range.hands.push(hand);
                        range.weights.push(weight);
                    }
                }
                Ok(())
            };
            match parsed {
                Item::Hand(hand) => {
                    if suits.matches(&suit_counts(&hand[..hole_cards])) {
                        add(hand_mask(&hand, hole_cards), hand)?;
                    }
                }
                Item::Pattern(least) => {
                    let masks = pattern_masks(&least, hole_cards, suits).ok_or_else(too_broad)?;
                    for mask in masks {
                        add(mask, hand_of_mask(mask))?;
                    }
                }
            }
        }
        Ok(range)
    }

    /// The class of every hand: an index into the returned names, one name per item of the
    /// range as written (`AAxx:ds`, `AsKsQdJd`, `random`; weights left out), the hand going to
    /// the **first** item that matches it (suits and ranks; an item's weight does not matter).
    /// Items that no hand of the range keeps are dropped from the names.
    pub fn classes(&self) -> (Vec<String>, Vec<u32>) {
        let n = self.hole_cards;
        if self.random {
            return (vec!["random".to_string()], vec![0; self.hands.len()]);
        }
        // Items were checked when the range was parsed; one that fails here matches nothing.
        let items: Vec<(String, Item, Suits)> = self
            .text
            .split(',')
            .filter_map(|part| {
                let item = range_text::split_item(
                    part.trim(),
                    &self.text,
                    &SUIT_QUALIFIERS,
                    QUALIFIER_WANT,
                )
                .ok()?;
                let suits = match item.named.map(str::to_ascii_lowercase).as_deref() {
                    None => Suits::Any,
                    Some("ds") => Suits::DoubleSuited,
                    Some("ss") => Suits::SingleSuited,
                    Some(_) => Suits::Rainbow,
                };
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
        // Every hand came from an item, so some item matches it.
        let first: Vec<usize> = self
            .hands
            .iter()
            .map(|hand| {
                items
                    .iter()
                    .position(|(_, item, suits)| matches(item, *suits, hand))
                    .unwrap_or(0)
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
            return Err(RangeError::RangeEmptied {
                range: self.text.clone(),
            }
            .into());
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

/// One bit per card of each suit.
fn suit_masks() -> [u64; 4] {
    let mut masks = [0u64; 4];
    for card in Card::all() {
        masks[usize::from(card.suit())] |= 1 << card.index();
    }
    masks
}

/// The card masks of every hand of `n` cards holding at least `least[r]` cards of each rank `r`
/// and of the suit shape `suits`, in card order (as a scan of every hand would meet them); `None`
/// when there are more than [`MAX_RANGE_HANDS`], which no range may hold.
fn pattern_masks(least: &[u8; 13], n: usize, suits: Suits) -> Option<Vec<u64>> {
    /// Every subset of a rank's four cards, by size.
    fn subsets(rank: u8) -> [Vec<u64>; 5] {
        let mut by_size: [Vec<u64>; 5] = Default::default();
        for bits in 0u8..16 {
            let mask = (0..4u8)
                .filter(|s| bits & 1 << s != 0)
                .fold(0u64, |m, s| m | 1 << Card::new(rank, s).index());
            by_size[bits.count_ones() as usize].push(mask);
        }
        by_size
    }
    struct Walk<'a> {
        least: &'a [u8; 13],
        subsets: Vec<[Vec<u64>; 5]>,
        suit_masks: [u64; 4],
        suits: Suits,
        out: Vec<u64>,
    }
    impl Walk<'_> {
        /// Chooses the cards of ranks `rank..13`, `left` of them, beside `mask`.
        fn go(&mut self, rank: usize, left: usize, mask: u64) -> Option<()> {
            if rank == 13 {
                if left == 0 {
                    let per_suit = self.suit_masks.map(|s| (mask & s).count_ones() as u8);
                    if self.suits.matches(&per_suit) {
                        if self.out.len() == MAX_RANGE_HANDS {
                            return None;
                        }
                        self.out.push(mask);
                    }
                }
                return Some(());
            }
            // Cards the later ranks must still hold.
            let later: usize = self.least[rank + 1..].iter().map(|&l| usize::from(l)).sum();
            let lo = usize::from(self.least[rank]);
            let hi = 4.min(left.saturating_sub(later));
            for count in lo..=hi {
                for i in 0..self.subsets[rank][count].len() {
                    let cards = self.subsets[rank][count][i];
                    self.go(rank + 1, left - count, mask | cards)?;
                }
            }
            Some(())
        }
    }
    let mut walk = Walk {
        least,
        subsets: (0..13u8).map(subsets).collect(),
        suit_masks: suit_masks(),
        suits,
        out: Vec::new(),
    };
    walk.go(0, n, 0)?;
    // Card order compares the lowest card first: the reversed masks, largest first.
    walk.out
        .sort_unstable_by_key(|m| std::cmp::Reverse(m.reverse_bits()));
    Some(walk.out)
}

/// The hand of the cards in `mask`, lowest card first (unused slots hold the first card of the
/// deck, as every listed hand does).
fn hand_of_mask(mask: u64) -> HoleCards {
    let mut hand = [Card::from_index(0); 6];
    let mut rest = mask;
    let mut slot = 0;
    while rest != 0 && slot < hand.len() {
        hand[slot] = Card::from_index(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        slot += 1;
    }
    hand
}

/// Calls `visit` with every hand of `n` cards, in increasing card order: the slow obvious
/// oracle of [`pattern_masks`].
#[cfg(test)]
fn for_each_hand(n: usize, visit: &mut impl FnMut(&HoleCards)) {
    let mut idx: Vec<u8> = (0..n as u8).collect();
    let mut hand = [Card::from_index(0); 6];
    loop {
        for (slot, &i) in idx.iter().enumerate() {
            hand[slot] = Card::from_index(i);
        }
        visit(&hand);
        // Next combination of n indices out of 52.
        let mut i = n;
        loop {
            if i == 0 {
                return;
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
    fn blocked_hands_are_removed() {
        let mut r = OmahaRange::parse("AsAhKdKc,AsAdKdKc", 4).unwrap();
        let ace_hearts = 1u64 << Card::new(12, 2).index();
        r.remove_blocked(ace_hearts).unwrap();
        assert_eq!(r.hands.len(), 1);
        let ace_spades = 1u64 << Card::new(12, 3).index();
        assert!(r.remove_blocked(ace_spades).is_err());
    }
}
