//! The third-street starts of the stud games up to suit relabelling: 1,755 classes of the
//! C(52, 3) = 22,100 three-card starts (two down cards and the door card).
//!
//! The door card is not told apart from the down cards: against one random hand played to the
//! seventh card without folding, the equity of a start depends only on its three cards, so
//! `(AsKs)Qh` and `(KsQh)As` share a class. Two starts share a class when a relabelling of the
//! suits turns one into the other:
//!
//! ```text
//!  trips            13 ranks                        1 suit pattern     13 classes   4 combos
//!  a pair + kicker  13 · 12                         2 (kicker suited    312          12 each
//!                                                      to a pair card,
//!                                                      or not)
//!  three ranks      C(13, 3) = 286                  5 (all suited,     1,430        4 / 12 /
//!                                                      one odd card ×3,              24
//!                                                      rainbow)
//!  in all                                                              1,755        22,100
//! ```
//!
//! A class is written by its *canonical name*, a stud hand of three known cards: the
//! representative whose cards, from the highest rank down (equal ranks by suit), use the suits
//! `s`, `h`, `d` in that order of first appearance, the smallest such list: `AsAhAd` (rolled-up
//! aces), `AsAhKs` (aces with a king of a pair card's suit), `AsAhKd`, `AsKsQs`, `AsKhQh`,
//! `AsKhQd`. Any three distinct cards read as their class, so a name parses back, and it is a
//! player of `sim equity --game stud` as written.
//!
//! ```
//! use stud::start_classes::{class_count, combos, name, parse_class};
//! let class = parse_class("Kd Qc Kc").unwrap();
//! assert_eq!(name(class), "KsKhQs");
//! assert_eq!(combos(class), 12);
//! assert_eq!(class_count(), 1_755);
//! ```

use std::sync::OnceLock;

use deck::{Card, RANK_CHARS};

/// Three-card starts: C(52, 3).
pub const STARTS: u32 = 22_100;

/// Suit letters of canonical names, by label: the first suit to appear is `s`.
const NAME_SUITS: [char; 4] = ['s', 'h', 'd', 'c'];

/// The key of a start: its suits' rank masks sorted from the largest down, packed 13 bits each.
pub fn key_of(cards: &[Card; 3]) -> u64 {
    let mut masks = [0u16; 4];
    for c in cards {
        masks[usize::from(c.suit())] |= 1 << c.rank();
    }
    masks.sort_unstable_by(|a, b| b.cmp(a));
    masks
        .iter()
        .fold(0, |key, &m| (key << 13) | u64::from(m & 0x1FFF))
}

/// The four rank masks of `key`, largest first.
fn unpack(key: u64) -> [u16; 4] {
    [3, 2, 1, 0].map(|i| ((key >> (13 * i)) & 0x1FFF) as u16)
}

/// The combos of the class of `key`: 24 relabellings of the suits over those that leave the
/// masks as they are (equal masks swapped, empty suits included).
fn combos_of_key(key: u64) -> u32 {
    let masks = unpack(key);
    let mut fixing = 1;
    let mut i = 0;
    while i < 4 {
        let run = masks[i..].iter().take_while(|&&m| m == masks[i]).count();
        fixing *= (1..=run as u32).product::<u32>();
        i += run;
    }
    24 / fixing
}

/// Calls `f` on every three-card start, cards in ascending index order.
pub fn for_each_start(mut f: impl FnMut(&[Card; 3])) {
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                f(&[a, b, c].map(Card::from_index));
            }
        }
    }
}

/// The sorted keys of every class, made once from all 22,100 starts.
fn keys() -> &'static [u64] {
    static KEYS: OnceLock<Vec<u64>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut keys = Vec::with_capacity(STARTS as usize);
        for_each_start(|cards| keys.push(key_of(cards)));
        keys.sort_unstable();
        keys.dedup();
        keys
    })
}

/// The number of classes: 1,755.
pub fn class_count() -> usize {
    keys().len()
}

/// The class (`0..class_count()`) of three cards.
pub fn class_of(cards: &[Card; 3]) -> usize {
    let key = key_of(cards);
    // Every start's key is in the table, made from every start.
    keys().binary_search(&key).unwrap_or_else(|near| near)
}

/// The class of `cards` when they are three distinct cards.
pub fn class_of_cards(cards: &[Card]) -> Option<usize> {
    let three: [Card; 3] = cards.try_into().ok()?;
    let distinct = three[0] != three[1] && three[0] != three[2] && three[1] != three[2];
    distinct.then(|| class_of(&three))
}

/// The combos of class `class` (4, 12 or 24; 0 past the last class).
pub fn combos(class: usize) -> u32 {
    keys().get(class).map_or(0, |&k| combos_of_key(k))
}

/// The canonical representative of `class` (the module's documentation): its three cards from
/// the highest rank down.
pub fn representative(class: usize) -> [Card; 3] {
    let masks = unpack(keys().get(class).copied().unwrap_or(0));
    // Cards as (rank, label), labels 0..3 the masks' places.
    let mut cards = [(0u8, 0u8); 3];
    let mut n = 0;
    for (label, &m) in masks.iter().enumerate() {
        for rank in 0..13u8 {
            if m & 1 << rank != 0 && n < 3 {
                cards[n] = (rank, label as u8);
                n += 1;
            }
        }
    }
    let listed = |perm: [u8; 4]| {
        let mut list = cards.map(|(r, l)| (std::cmp::Reverse(r), perm[usize::from(l)]));
        list.sort_unstable();
        list
    };
    let mut best = listed([0, 1, 2, 3]);
    for a in 0..4u8 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                best = best.min(listed([a, b, c, 6 - a - b - c]));
            }
        }
    }
    best.map(|(std::cmp::Reverse(r), l)| Card::new(r, 3 - l))
}

/// The canonical name of `class`: its representative written out, `AsAhKd`.
pub fn name(class: usize) -> String {
    representative(class)
        .iter()
        .map(|c| {
            let label = 3 - usize::from(c.suit());
            format!("{}{}", RANK_CHARS[usize::from(c.rank())], NAME_SUITS[label])
        })
        .collect()
}

/// The class of a start written as three cards (`KdQcKc`, any suits and order: a canonical
/// name is one such start); `None` for anything else.
pub fn parse_class(text: &str) -> Option<usize> {
    let cards = deck::parse_cards(&deck::suit_letters(text)).ok()?;
    class_of_cards(&cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every one of the 22,100 starts falls in one class, each class holding its combos.
    #[test]
    fn there_are_1755_classes_covering_every_start() {
        assert_eq!(class_count(), 1_755);
        let mut seen = vec![0u32; class_count()];
        let mut every = 0;
        for_each_start(|cards| {
            let class = class_of(cards);
            assert_eq!(keys()[class], key_of(cards), "the key is found");
            seen[class] += 1;
            every += 1;
        });
        assert_eq!(every, STARTS);
        for (class, &n) in seen.iter().enumerate() {
            assert_eq!(n, combos(class), "{}", name(class));
        }
        let by_combos = |k: u32| (0..class_count()).filter(|&c| combos(c) == k).count();
        // Trips and suited three-rank starts: 4; pairs and two-suited starts: 12; rainbow: 24.
        assert_eq!(by_combos(4), 13 + 286);
        assert_eq!(by_combos(12), 312 + 3 * 286);
        assert_eq!(by_combos(24), 286);
        assert_eq!(combos(class_count()), 0);
    }

    #[test]
    fn names_are_canonical_representatives_that_parse_back() {
        let name_of = |text: &str| name(parse_class(text).unwrap());
        assert_eq!(name_of("AcAdAh"), "AsAhAd");
        assert_eq!(name_of("KcAdAc"), "AsAhKs");
        assert_eq!(name_of("AdAcKh"), "AsAhKd");
        assert_eq!(name_of("Qd Kd Ad"), "AsKsQs");
        assert_eq!(name_of("2c3h4h"), "4s3s2h");
        assert_eq!(name_of("2h3c4h"), "4s3h2s");
        assert_eq!(name_of("2h3h4c"), "4s3h2h");
        assert_eq!(name_of("4♣3♦2♥"), "4s3h2d");
        for class in 0..class_count() {
            let rep = representative(class);
            assert_eq!(class_of(&rep), class);
            assert_eq!(parse_class(&name(class)), Some(class));
            let mut next = 0;
            for c in rep {
                let label = 3 - c.suit();
                assert!(label <= next, "{}", name(class));
                next = next.max(label + 1);
            }
        }
        for bad in ["AsAsKd", "AsKs", "AsKsQsJs", "AAK", "x", ""] {
            assert_eq!(parse_class(bad), None, "{bad}");
        }
    }
}
