//! The classes of a breakdown: every hand of a range in the class of the first item of its
//! text that names it, read from the runs that parsing recorded.

use super::Range;
use super::items::item_name;

impl Range {
    /// The class of every hand: an index into the returned names, one name per item of the
    /// range as written (`AAxx:ds`, `AsKsQdJd`, `random`; weights left out), the hand going to
    /// the **first** item that matches it (suits and ranks; an item's weight does not matter).
    /// Items that no hand of the range keeps are dropped from the names.
    ///
    /// Reads the runs that [`Range::parse`] recorded and [`Range::remove_blocked`]
    /// keeps: one step per hand and per item. Hands changed any other way have runs no longer
    /// theirs; parse the text again.
    pub fn classes(&self) -> (Vec<String>, Vec<u32>) {
        if self.random {
            return (vec!["random".to_string()], vec![0; self.hands.len()]);
        }
        if self.two_card {
            return self.two_card_classes();
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
}

#[cfg(test)]
mod tests {
    use deck::Card;
    use engine::range_text;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::plo4_classes;
    use crate::range::hole_cards::{HoleCards, hand_mask, suit_counts};
    use crate::range::items::{Item, QUALIFIER_WANT, SUIT_QUALIFIERS, Suits, parse_item, suits_of};
    use engine::class_ranking::{midpoint_within, parse_percent_span};

    /// A hand goes to the first item that matches it; an item no hand reaches has no class.
    #[test]
    fn classes_are_the_first_matching_items() {
        let r = Range::parse("AAxx:ds:0.5, AAKK, KKxx, AsAhKsKh", 4).unwrap();
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
        let random = Range::parse("random", 4).unwrap();
        assert_eq!(random.classes().0, ["random"]);
    }

    /// Percentage items are classes like any item: `5%:ds` before `15%` takes the
    /// double-suited hands of the top 5 %, and the span the rest.
    #[test]
    fn percentage_items_are_classes() {
        let r = Range::parse_ranked("5%:ds, 1%, 15%, KKxx", 4, Some(crate::ranked::Ranked::HIGH))
            .unwrap();
        let (names, classes) = r.classes();
        assert_eq!(names, ["5%:ds", "1%", "15%", "KKxx"]);
        assert_eq!(r.classes(), classes_by_matching(&r));
        assert_eq!(classes.len(), r.hands.len());
    }

    /// The classes the slow obvious way (the implementation before the runs): every item of the
    /// text parsed again, and every hand tested against every item until one matches it.
    fn classes_by_matching(range: &Range) -> (Vec<String>, Vec<u32>) {
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
                let parsed = match parse_percent_span(item.body) {
                    Some((from, to)) if item.body.contains('%') => Item::Percent(from, to),
                    _ => parse_item(item.body, n)?,
                };
                Some((name, parsed, suits))
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
                Item::Percent(from, to) => {
                    let ranking = crate::plo4_ranking::shipped();
                    let four: Option<[deck::Card; 4]> = hand[..n].try_into().ok();
                    four.and_then(|f| ranking.find(plo4_classes::class_of(&f)))
                        .is_some_and(|e| {
                            midpoint_within(
                                e.cumulative_combos,
                                e.combos,
                                ranking.total_combos(),
                                *from,
                                *to,
                            )
                        })
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
            let Ok(mut range) = Range::parse(&text, n) else {
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
        let mut r = Range::parse("AsAhKsKh, AAxx:ds, AsAdKdKc, AAxx", 4).unwrap();
        assert_eq!(r.classes().0, ["AsAhKsKh", "AAxx:ds", "AsAdKdKc", "AAxx"]);
        let ace_of_spades = 1u64 << Card::new(12, 3).index();
        r.remove_blocked(ace_of_spades).unwrap();
        let (names, classes) = r.classes();
        assert_eq!(names, ["AAxx:ds", "AAxx"]);
        assert_eq!((names, classes), classes_by_matching(&r));
    }
}
