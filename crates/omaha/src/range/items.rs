//! The items of a range's comma list: each parsed (a specific hand, a rank pattern or
//! `random`, with its suit qualifier and weight), checked, and merged with the identical ones.

use std::collections::HashMap;

use deck::{RANK_CHARS, parse_cards};
use engine::class_ranking::percent_span_in;
use engine::range_text::{self, RangeError};

use super::hole_cards::{HoleCards, hand_mask};
use crate::error::OmahaError;

/// The suit qualifiers, as written after `:` (any case).
pub(super) const SUIT_QUALIFIERS: [&str; 4] = ["ds", "ss", "r", "rainbow"];

/// What may follow a `:` in an Omaha range, for messages.
pub(super) const QUALIFIER_WANT: &str = "ds, ss, r (rainbow) or a weight in (0, 1]";

/// The suit shape a qualifier asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Suits {
    Any,
    DoubleSuited,
    SingleSuited,
    Rainbow,
}

impl Suits {
    pub(super) fn matches(self, per_suit: &[u8; 4]) -> bool {
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
pub(super) enum Item {
    Hand(HoleCards),
    /// Least count of each rank.
    Pattern([u8; 13]),
    /// The classes of a span of the game's ranking ([`crate::ranked`]), in percent of the
    /// hands: `15%` is `(0, 15)`.
    Percent(f64, f64),
}

/// An item of a list with the same hands as another: the same hand or ranks, the same suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum ItemKey {
    Hand(u64, Suits),
    Pattern([u8; 13], Suits),
    /// A span's bounds, as bits.
    Percent(u64, u64, Suits),
}

/// One item of a list, however often the list repeats it.
#[derive(Debug)]
pub(super) struct DistinctItem {
    pub(super) item: Item,
    pub(super) suits: Suits,
    /// The weight of its last mention, in thousandths.
    pub(super) weight: u32,
    /// The position of its first mention in the list.
    pub(super) first: usize,
    /// The position of its last mention in the list.
    pub(super) last: usize,
}

/// A list's items, checked, each once, in the order of their first mention.
#[derive(Debug)]
pub(super) struct DistinctItems {
    pub(super) list: Vec<DistinctItem>,
    /// Every hand at full weight, all of them named by `random`: the range is `random`.
    pub(super) random: bool,
}

/// The suit shape of a qualifier as [`range_text::split_item`] gives it.
pub(super) fn suits_of(named: Option<&str>) -> Suits {
    match named.map(str::to_ascii_lowercase).as_deref() {
        None => Suits::Any,
        Some("ds") => Suits::DoubleSuited,
        Some("ss") => Suits::SingleSuited,
        Some(_) => Suits::Rainbow,
    }
}

/// Checks every item of `text` and merges the identical ones; percentage items are read when
/// the game is `ranked` (it has a ranking of starting hands: four-card Omaha, high and hi/lo) and refused
/// otherwise.
pub(super) fn distinct_items(
    text: &str,
    hole_cards: usize,
    ranked: bool,
) -> Result<DistinctItems, OmahaError> {
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
        let item = if split.body.contains('%') {
            percent_item(split.body, text, ranked)?
        } else {
            parse_item(split.body, hole_cards).ok_or_else(|| RangeError::BadItem {
            item: split.body.to_string(),
            range: text.to_string(),
            want: format!(
                "a hand of {hole_cards} cards, or a pattern of {hole_cards} ranks: A K Q J T 9-2, x or * for any rank"
            ),
            })?
        };
        if split.weight < range_text::WEIGHT_SCALE {
            last_weighted = Some(position);
        } else if suits == Suits::Any && split.body.eq_ignore_ascii_case("random") {
            every_hand = Some(position);
        }
        let key = match &item {
            Item::Hand(hand) => ItemKey::Hand(hand_mask(hand, hole_cards), suits),
            Item::Pattern(least) => ItemKey::Pattern(*least, suits),
            Item::Percent(from, to) => ItemKey::Percent(from.to_bits(), to.to_bits(), suits),
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

/// A percentage item (`15%`, `5%-15%`): its span when the game is `ranked`.
///
/// # Errors
/// [`RangeError::NoRanking`] in a game without a ranking, [`RangeError::BadItem`] for a span
/// that does not read.
fn percent_item(body: &str, text: &str, ranked: bool) -> Result<Item, RangeError> {
    if !ranked {
        return Err(RangeError::NoRanking {
            item: body.to_string(),
            range: text.to_string(),
        });
    }
    let (from, to) = percent_span_in(body, text)?;
    Ok(Item::Percent(from, to))
}

/// An item's name as its class: the item as written, trimmed, without its weight (`AAxx:ds`
/// for ` AAxx:0.5:ds `).
pub(super) fn item_name(part: &str, text: &str) -> String {
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

/// A specific hand of `n` distinct cards, a pattern of `n` rank symbols, or `random`.
pub(super) fn parse_item(head: &str, n: usize) -> Option<Item> {
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
    use super::*;
    use crate::range::Range;

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
            let err = Range::parse(text, n).unwrap_err();
            assert!(
                err.to_string()
                    .contains(text.split(',').next().unwrap().split(':').next().unwrap())
                    || err.to_string().contains(text),
                "{err}"
            );
        }
    }

    #[test]
    fn qualifiers_and_weights_are_refused_as_holdem_refuses_them() {
        let message = |text: &str| Range::parse(text, 4).unwrap_err().to_string();
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
        assert_eq!(Range::parse("AAxx:0.001", 4).unwrap().weights[0], 1);
        assert!(message("AAxx:1.5").starts_with("bad weight '1.5' in range 'AAxx:1.5'"));
        assert!(message("AAxx:qq").starts_with("bad qualifier ':qq' in range 'AAxx:qq'"));
        // Qualifiers in either order.
        assert_eq!(
            Range::parse("AAxx:0.5:DS", 4).unwrap(),
            Range {
                text: "AAxx:0.5:DS".into(),
                ..Range::parse("AAxx:ds:0.5", 4).unwrap()
            }
        );
    }

    #[test]
    fn repeated_items_are_listed_once_with_their_last_weight() {
        let items = distinct_items(
            "AAxx, KKxx:0.5, aa**:ds, AA**:0.25, KsKhKdKc, KcKdKhKs:0.1",
            4,
            false,
        )
        .unwrap();
        // AAxx and AA**, the same ranks, but not AAxx:ds; the same hand in any order.
        let summary: Vec<(usize, u32)> = items.list.iter().map(|i| (i.last, i.weight)).collect();
        assert_eq!(summary, [(3, 250), (1, 500), (2, 1000), (5, 100)]);
        assert!(!items.random);
        // The weights follow the last mention of each hand, wherever its item first came.
        let r = Range::parse("AAxx, KKxx:0.5, AAxx:0.25", 4).unwrap();
        let aces_kings = Range::parse("AAKK", 4).unwrap().hands;
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
}
