//! The classes of pat hands that the draw games' rankings rank ([`crate::pat_ranking`]): hands
//! of one class have one value in their game, so a ranking can take them whole.
//!
//! ```text
//!  five cards (draw5, draw5-hilo, the 2-7 and A-5 games)  7,462 rank classes
//!    the ranks, and for five distinct ranks whether the five are of one suit
//!    names: 75432o (five distinct ranks, not all one suit), 75432s (one suit), 77432 (paired),
//!           ranks from the highest down; aces last in the ace-to-five games (5432Ao, JT43Ao)
//!    combos: 1,020 (o), 4 (s), or the product of C(4, m) over the ranks held m times
//!  four cards (badugi)                                     1,092 badugi classes
//!    the hand's badugi: its size and its ranks, aces low (the value eval::badugi gives)
//!    names: 432A (a four-card badugi), K72 (three cards), 2A, A, ranks from the highest down
//! ```
//!
//! A five-card class has one value in every five-card game (its ranks decide pairs and
//! straights, the suited flag flushes; A-5 reads neither straights nor flushes, so `…o` and `…s`
//! tie there), and all its hands' suit patterns are listed by [`five_combos`].

use std::collections::HashMap;
use std::sync::OnceLock;

use deck::suit_classes::SuitClasses;
use deck::{Card, RANK_CHARS, parse_cards};

/// Five-card hands in a deck.
pub const FIVE_CARD_HANDS: u32 = 2_598_960;

/// Four-card hands in a deck.
pub const FOUR_CARD_HANDS: u32 = 270_725;

/// A five-card rank class: how many cards of each rank (deck ranks, 0 = deuce … 12 = ace), and
/// for five distinct ranks whether the five are of one suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FiveClass {
    /// Cards of each rank.
    pub counts: [u8; 13],
    /// Five distinct ranks of one suit (a flush).
    pub suited: bool,
}

impl FiveClass {
    /// The class of five distinct cards.
    pub fn of(cards: &[Card; 5]) -> FiveClass {
        let mut counts = [0u8; 13];
        for c in cards {
            counts[usize::from(c.rank())] += 1;
        }
        let suited = cards.iter().all(|c| c.suit() == cards[0].suit());
        FiveClass { counts, suited }
    }

    /// Whether the five ranks are distinct.
    pub fn distinct(&self) -> bool {
        self.counts.iter().all(|&m| m <= 1)
    }

    /// The ranks held, a bit per deck rank.
    pub fn rank_mask(&self) -> u16 {
        (0..13)
            .filter(|&r| self.counts[r] > 0)
            .fold(0, |m, r| m | 1 << r)
    }

    /// The hands of the class.
    pub fn combos(&self) -> u32 {
        if self.distinct() {
            return if self.suited { 4 } else { 1_020 };
        }
        self.counts
            .iter()
            .map(|&m| engine::choose::CHOOSE[4][usize::from(m)] as u32)
            .product()
    }

    /// The name: the ranks from the highest down, then `s` or `o` for five distinct ranks.
    pub fn name(&self) -> String {
        self.name_in((0..13).rev())
    }

    /// The name with aces low, as the ace-to-five games read them: `5432As`, `JT43Ao`.
    pub fn name_aces_low(&self) -> String {
        self.name_in((0..12).rev().chain([12]))
    }

    /// The name with the ranks in the order `ranks`.
    fn name_in(&self, ranks: impl Iterator<Item = usize>) -> String {
        let mut name: String = ranks
            .flat_map(|r| std::iter::repeat_n(RANK_CHARS[r], usize::from(self.counts[r])))
            .collect();
        if self.distinct() {
            name.push(if self.suited { 's' } else { 'o' });
        }
        name
    }

    /// One hand of the class: each rank's cards from spades down; a distinct class that is not
    /// suited puts its lowest card in hearts.
    pub fn representative(&self) -> [Card; 5] {
        five_combos(self)[0]
    }
}

/// Every hand of `class`, each a suit choice per rank (suits in the order s, h, d, c), cards
/// from the highest rank down; the flag for five distinct ranks keeps the flushes or the rest.
/// An offsuit class lists its representative first: spades with the lowest card in hearts.
pub fn five_combos(class: &FiveClass) -> Vec<[Card; 5]> {
    // Per rank held, from the highest down: every choice of its suits, suits falling.
    let choices: Vec<Vec<Vec<Card>>> = (0..13u8)
        .rev()
        .filter(|&r| class.counts[usize::from(r)] > 0)
        .map(|r| {
            let m = u32::from(class.counts[usize::from(r)]);
            (0..16u8)
                .rev()
                .filter(|set| set.count_ones() == m)
                .map(|set| {
                    (0..4u8)
                        .rev()
                        .filter(|s| set >> s & 1 == 1)
                        .map(|s| Card::new(r, s))
                        .collect()
                })
                .collect()
        })
        .collect();
    let distinct = class.distinct();
    let mut out = Vec::with_capacity(class.combos() as usize);
    let mut at = vec![0usize; choices.len()];
    loop {
        let mut hand = [Card::from_index(0); 5];
        let mut n = 0;
        for (choice, &i) in choices.iter().zip(&at) {
            for &card in &choice[i] {
                hand[n] = card;
                n += 1;
            }
        }
        let flush = hand.iter().all(|c| c.suit() == hand[0].suit());
        if !distinct || flush == class.suited {
            out.push(hand);
        }
        // The next choice: the last rank's first, as an odometer.
        let Some(k) = (0..at.len()).rev().find(|&k| at[k] + 1 < choices[k].len()) else {
            break;
        };
        at[k] += 1;
        at[k + 1..].iter_mut().for_each(|i| *i = 0);
    }
    if distinct && !class.suited {
        let at = out
            .iter()
            .position(|h| h[..4].iter().all(|c| c.suit() == 3) && h[4].suit() == 2)
            .unwrap_or(0);
        out.swap(0, at);
    }
    out
}

/// The five-card classes and their index.
struct FiveTable {
    classes: Vec<FiveClass>,
    index: HashMap<FiveClass, usize>,
}

fn five_table() -> &'static FiveTable {
    static TABLE: OnceLock<FiveTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut classes = Vec::with_capacity(7_462);
        let mut counts = [0u8; 13];
        // Rank lists from the highest down, each rank at most four times.
        fn walk(counts: &mut [u8; 13], left: u8, top: usize, out: &mut Vec<FiveClass>) {
            if left == 0 {
                let class = FiveClass {
                    counts: *counts,
                    suited: false,
                };
                out.push(class);
                if class.distinct() {
                    out.push(FiveClass {
                        suited: true,
                        ..class
                    });
                }
                return;
            }
            for r in (0..=top).rev() {
                if counts[r] < 4 {
                    counts[r] += 1;
                    walk(counts, left - 1, r, out);
                    counts[r] -= 1;
                }
            }
        }
        walk(&mut counts, 5, 12, &mut classes);
        let index = classes.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        FiveTable { classes, index }
    })
}

/// The 7,462 five-card classes, in class order.
pub fn five_classes() -> &'static [FiveClass] {
    &five_table().classes
}

/// The index of `class` among [`five_classes`].
pub fn five_index(class: &FiveClass) -> usize {
    five_table().index[class]
}

/// The class of `text`: five distinct cards (`7c5d4h3s2c`) or a class name (`75432o`).
pub fn parse_five(text: &str) -> Option<usize> {
    let text = text.trim();
    if let Ok(cards) = parse_cards(text) {
        let hand: [Card; 5] = cards.try_into().ok()?;
        return Some(five_index(&FiveClass::of(&hand)));
    }
    let (ranks, suited) = match text.strip_suffix(['s', 'o']) {
        Some(ranks) => (ranks, Some(text.ends_with('s'))),
        None => (text, None),
    };
    let mut counts = [0u8; 13];
    for ch in ranks.chars() {
        let r = RANK_CHARS
            .iter()
            .position(|&c| c == ch.to_ascii_uppercase())?;
        counts[r] += 1;
    }
    let class = FiveClass {
        counts,
        suited: suited.unwrap_or(false),
    };
    if counts.iter().map(|&m| u32::from(m)).sum::<u32>() != 5
        || counts.iter().any(|&m| m > 4)
        || class.distinct() != suited.is_some()
    {
        return None;
    }
    five_table().index.get(&class).copied()
}

/// The badugi classes: every value a four-card hand can have, best first, each with its
/// hands (cards in ascending index order).
struct BadugiTable {
    values: Vec<u32>,
    hands: Vec<Vec<[Card; 4]>>,
    names: HashMap<String, usize>,
}

fn badugi_table() -> &'static BadugiTable {
    static TABLE: OnceLock<BadugiTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut all: Vec<(u32, [Card; 4])> = Vec::with_capacity(FOUR_CARD_HANDS as usize);
        SuitClasses::<4>::for_each_set(|h| all.push((eval::badugi(h).value(), *h)));
        all.sort_by_key(|&(v, h)| (std::cmp::Reverse(v), h));
        let mut values: Vec<u32> = Vec::new();
        let mut hands: Vec<Vec<[Card; 4]>> = Vec::new();
        for (v, h) in all {
            if values.last() != Some(&v) {
                values.push(v);
                hands.push(Vec::new());
            }
            if let Some(list) = hands.last_mut() {
                list.push(h);
            }
        }
        let names = hands
            .iter()
            .enumerate()
            .map(|(c, h)| (name_of_badugi(&h[0]), c))
            .collect();
        BadugiTable {
            values,
            hands,
            names,
        }
    })
}

/// The badugi values, one per class, best first.
pub fn badugi_values() -> &'static [u32] {
    &badugi_table().values
}

/// The hands of badugi class `class`.
pub fn badugi_hands(class: usize) -> &'static [[Card; 4]] {
    badugi_table().hands.get(class).map_or(&[], Vec::as_slice)
}

/// The badugi class of the value `value`.
pub fn badugi_index(value: u32) -> Option<usize> {
    let values = badugi_values();
    values
        .binary_search_by(|v| value.cmp(v))
        .ok()
        .filter(|&i| values[i] == value)
}

/// The name of badugi class `class`: its badugi's ranks from the highest down, aces low.
pub fn badugi_name(class: usize) -> String {
    badugi_hands(class)
        .first()
        .map_or_else(String::new, name_of_badugi)
}

/// The name of the badugi class of `hand`.
fn name_of_badugi(hand: &[Card; 4]) -> String {
    let rank = eval::badugi(hand);
    rank.ranks()[..usize::from(rank.cards())]
        .iter()
        .map(|&r| {
            if r == 1 {
                'A'
            } else {
                RANK_CHARS[usize::from(r) - 2]
            }
        })
        .collect()
}

/// The badugi class of `text`: four distinct cards (`Ac2d3h4s`) or a class name (`432A`).
pub fn parse_badugi(text: &str) -> Option<usize> {
    let text = text.trim();
    if let Ok(cards) = parse_cards(text) {
        let hand: [Card; 4] = cards.try_into().ok()?;
        let distinct = (0..4).all(|i| !hand[..i].contains(&hand[i]));
        return distinct.then(|| badugi_index(eval::badugi(&hand).value()))?;
    }
    badugi_table()
        .names
        .get(&text.to_ascii_uppercase())
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_card_classes_partition_every_hand() {
        let classes = five_classes();
        assert_eq!(classes.len(), 7_462);
        let total: u32 = classes.iter().map(FiveClass::combos).sum();
        assert_eq!(total, FIVE_CARD_HANDS);
        let mut seen = vec![0u32; classes.len()];
        SuitClasses::<5>::for_each_set(|h| seen[five_index(&FiveClass::of(h))] += 1);
        for (i, class) in classes.iter().enumerate() {
            assert_eq!(seen[i], class.combos(), "{}", class.name());
            let combos = five_combos(class);
            assert_eq!(combos.len() as u32, class.combos(), "{}", class.name());
            assert!(combos.iter().all(|h| FiveClass::of(h) == *class));
            assert_eq!(parse_five(&class.name()), Some(i));
        }
    }

    #[test]
    fn five_card_names_and_hands_read_back() {
        let class = |t: &str| five_classes()[parse_five(t).unwrap()].name();
        assert_eq!(class("7c5d4h3s2c"), "75432o");
        assert_eq!(class("7c5c4c3c2c"), "75432s");
        assert_eq!(class("Ac Ad Kh Ks 2c"), "AAKK2");
        assert_eq!(class("akqj9s"), "AKQJ9s");
        let wheel = parse_five("5432Ao").unwrap();
        assert_eq!(five_classes()[wheel].name_aces_low(), "5432Ao");
        assert_eq!(five_classes()[wheel].name(), "A5432o");
        let rep = five_classes()[parse_five("75432o").unwrap()].representative();
        assert_eq!(rep, parse_cards("7s5s4s3s2h").unwrap()[..]);
        for bad in ["75432", "AAKK2o", "AAAAA", "7c5d4h3s", "7c5d4h3s3s", "XYZ"] {
            assert_eq!(parse_five(bad), None, "{bad}");
        }
    }

    #[test]
    fn badugi_classes_partition_every_hand() {
        let values = badugi_values();
        assert_eq!(values.len(), 1_092);
        let total: usize = (0..values.len()).map(|c| badugi_hands(c).len()).sum();
        assert_eq!(total as u32, FOUR_CARD_HANDS);
        assert_eq!(badugi_name(0), "432A");
        assert_eq!(parse_badugi("Ac2d3h4s"), Some(0));
        assert_eq!(parse_badugi("432a"), Some(0));
        assert_eq!(badugi_name(values.len() - 1), "K");
        for c in [5, 400, 1_000] {
            assert_eq!(parse_badugi(&badugi_name(c)), Some(c));
            let h = badugi_hands(c)[0];
            assert_eq!(badugi_index(eval::badugi(&h).value()), Some(c));
        }
        assert_eq!(parse_badugi("AcAc2d3h"), None);
        assert_eq!(parse_badugi("Ac2d3h"), None);
    }
}
