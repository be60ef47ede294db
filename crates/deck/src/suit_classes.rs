//! Sets of `N` cards up to suit relabelling: two sets share a class when a relabelling of the
//! four suits turns one into the other. Four-card Omaha hands (16,432 classes) and the stud
//! games' three-card starts (1,755) are both such classes; this module is their one
//! definition.
//!
//! ```text
//!  key        each suit's rank mask (13 bits), the four sorted from the largest down, packed
//!  classes    the sorted distinct keys of every N-card set: a class is its key's place
//!  combos     24 relabellings over those that leave the masks as they are
//!  name       the representative whose cards, from the highest rank down (equal ranks by
//!             suit), use s, h, d, c in order of first appearance, the smallest such list
//! ```
//!
//! ```
//! use deck::suit_classes::SuitClasses;
//! let starts = SuitClasses::<3>::every();
//! assert_eq!(starts.count(), 1_755);
//! let class = starts.parse_class("Kd Qc Kc").unwrap();
//! assert_eq!(starts.name(class), "KsKhQs");
//! assert_eq!(starts.combos(class), 12);
//! ```

use crate::card::{Card, RANK_CHARS, parse_cards, suit_letters};

/// Suit letters of canonical names, by label: the first suit to appear is `s`.
const NAME_SUITS: [char; 4] = ['s', 'h', 'd', 'c'];

/// The classes of every set of `N` distinct cards up to suit relabelling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuitClasses<const N: usize> {
    /// The sorted distinct keys of every set.
    keys: Vec<u64>,
}

impl<const N: usize> SuitClasses<N> {
    /// The classes: every key listed once, straight from the rank masks (four masks, largest
    /// first, whose bits add up to `N`), without going through the sets (20,358,520 of six
    /// cards for 962,988 classes).
    pub fn every() -> Self {
        let mut by_bits: [Vec<u16>; 14] = std::array::from_fn(|_| Vec::new());
        for mask in 0..1u16 << 13 {
            by_bits[mask.count_ones() as usize].push(mask);
        }
        let mut keys = Vec::new();
        if (1..=52).contains(&N) {
            push_keys(&by_bits, 0, N, 0x1FFF, 0, &mut keys);
        }
        keys.sort_unstable();
        Self { keys }
    }

    /// Calls `f` on every set of `N` distinct cards, cards in ascending index order.
    pub fn for_each_set(mut f: impl FnMut(&[Card; N])) {
        if N == 0 || N > 52 {
            return;
        }
        let mut at: [u8; N] = std::array::from_fn(|i| i as u8);
        loop {
            f(&at.map(Card::from_index));
            // The next combination: the last index that can still move, and those after it.
            let Some(i) = (0..N).rev().find(|&i| usize::from(at[i]) < 52 - N + i) else {
                return;
            };
            at[i] += 1;
            for j in i + 1..N {
                at[j] = at[j - 1] + 1;
            }
        }
    }

    /// The key of a set: its suits' rank masks sorted from the largest down, packed 13 bits
    /// each.
    pub fn key_of(cards: &[Card; N]) -> u64 {
        let mut masks = [0u16; 4];
        for c in cards {
            masks[usize::from(c.suit())] |= 1 << c.rank();
        }
        masks.sort_unstable_by(|a, b| b.cmp(a));
        masks
            .iter()
            .fold(0, |key, &m| (key << 13) | u64::from(m & 0x1FFF))
    }

    /// The key of `class`, if there is such a class.
    pub fn key(&self, class: usize) -> Option<u64> {
        self.keys.get(class).copied()
    }

    /// The number of classes.
    pub fn count(&self) -> usize {
        self.keys.len()
    }

    /// The class (`0..count()`) of `N` distinct cards.
    pub fn class_of(&self, cards: &[Card; N]) -> usize {
        // Every set's key is in the table, made from every set.
        let key = Self::key_of(cards);
        self.keys.binary_search(&key).unwrap_or_else(|near| near)
    }

    /// The class of `cards` when they are `N` distinct cards.
    pub fn class_of_cards(&self, cards: &[Card]) -> Option<usize> {
        let set: [Card; N] = cards.try_into().ok()?;
        let distinct = (0..N).all(|i| !set[..i].contains(&set[i]));
        distinct.then(|| self.class_of(&set))
    }

    /// The combos of `class`: 24 relabellings of the suits over those that leave its masks as
    /// they are (equal masks swapped, empty suits included); 0 past the last class.
    pub fn combos(&self, class: usize) -> u32 {
        self.key(class).map_or(0, |key| {
            let masks = unpack(key);
            let mut fixing = 1;
            let mut i = 0;
            while i < 4 {
                let run = masks[i..].iter().take_while(|&&m| m == masks[i]).count();
                fixing *= (1..=run as u32).product::<u32>();
                i += run;
            }
            24 / fixing
        })
    }

    /// The canonical representative of `class` (the module's documentation): its cards from
    /// the highest rank down.
    pub fn representative(&self, class: usize) -> [Card; N] {
        let masks = unpack(self.key(class).unwrap_or(0));
        // Cards as (rank, label), labels 0..3 the masks' places.
        let mut cards = [(0u8, 0u8); N];
        let mut n = 0;
        for (label, &m) in masks.iter().enumerate() {
            for rank in 0..13u8 {
                if m & 1 << rank != 0 && n < N {
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

    /// The sets of `class`, [`SuitClasses::combos`] of them, each in ascending card order and
    /// listed in the order of [`SuitClasses::for_each_set`]: its representative under the 24
    /// relabellings of the suits, each set once. None past the last class.
    pub fn hands(&self, class: usize) -> Vec<[Card; N]> {
        if class >= self.count() {
            return Vec::new();
        }
        let cards = self.representative(class);
        let mut sets = Vec::with_capacity(24);
        for a in 0..4u8 {
            for b in (0..4).filter(|&b| b != a) {
                for c in (0..4).filter(|&c| c != a && c != b) {
                    let suit = [a, b, c, 6 - a - b - c];
                    let mut set = cards.map(|x| Card::new(x.rank(), suit[usize::from(x.suit())]));
                    set.sort_unstable_by_key(|x| x.index());
                    sets.push(set);
                }
            }
        }
        sets.sort_unstable_by_key(|set| set.map(Card::index));
        sets.dedup();
        sets
    }

    /// The canonical name of `class`: its representative written out (`AsAhKd`).
    pub fn name(&self, class: usize) -> String {
        self.representative(class)
            .iter()
            .map(|c| {
                let label = 3 - usize::from(c.suit());
                format!("{}{}", RANK_CHARS[usize::from(c.rank())], NAME_SUITS[label])
            })
            .collect()
    }

    /// The class of a set written as `N` cards (any suits and order: a canonical name is one
    /// such set); `None` for anything else.
    pub fn parse_class(&self, text: &str) -> Option<usize> {
        let cards = parse_cards(&suit_letters(text)).ok()?;
        self.class_of_cards(&cards)
    }
}

/// Pushes onto `keys` every key that extends `key` (the masks of the suits before `suit`) with
/// masks of the suits from `suit` on, each at most the one before it (`most`), whose bits add
/// up to `left`.
fn push_keys(
    by_bits: &[Vec<u16>; 14],
    suit: usize,
    left: usize,
    most: u16,
    key: u64,
    keys: &mut Vec<u64>,
) {
    if suit == 4 {
        if left == 0 {
            keys.push(key);
        }
        return;
    }
    // The last suit takes all that is left; the others any number of it, each at most 13.
    let counts = if suit == 3 { left..=left } else { 0..=left };
    for bits in counts.filter(|&b| b <= 13) {
        let masks = &by_bits[bits];
        for &mask in &masks[..masks.partition_point(|&m| m <= most)] {
            push_keys(
                by_bits,
                suit + 1,
                left - bits,
                mask,
                key << 13 | u64::from(mask),
                keys,
            );
        }
    }
}

/// The four rank masks of `key`, largest first.
fn unpack(key: u64) -> [u16; 4] {
    [3, 2, 1, 0].map(|i| ((key >> (13 * i)) & 0x1FFF) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set falls in one class, each class holding its combos, and each name parses back
    /// to its class.
    fn classes_cover_every_set<const N: usize>(sets: u32, classes: usize) {
        let all = SuitClasses::<N>::every();
        assert_eq!(all.count(), classes);
        let mut seen = vec![0u32; classes];
        let mut every = 0;
        SuitClasses::<N>::for_each_set(|cards| {
            let class = all.class_of(cards);
            assert_eq!(all.key(class), Some(SuitClasses::<N>::key_of(cards)));
            seen[class] += 1;
            every += 1;
        });
        assert_eq!(every, sets);
        for (class, &n) in seen.iter().enumerate() {
            assert_eq!(n, all.combos(class), "{}", all.name(class));
            assert_eq!(all.parse_class(&all.name(class)), Some(class));
        }
    }

    /// The keys made from the masks are those of every set, one by one, and each class's
    /// sets are those [`SuitClasses::for_each_set`] puts in it, in its order.
    fn keys_are_those_of_every_set<const N: usize>() {
        let mut keys = Vec::new();
        SuitClasses::<N>::for_each_set(|cards| keys.push(SuitClasses::<N>::key_of(cards)));
        keys.sort_unstable();
        keys.dedup();
        let all = SuitClasses::<N>::every();
        assert_eq!(all.keys, keys, "{N} cards");
        let mut grouped = vec![Vec::new(); all.count()];
        SuitClasses::<N>::for_each_set(|cards| grouped[all.class_of(cards)].push(*cards));
        for (class, sets) in grouped.iter().enumerate() {
            assert_eq!(&all.hands(class), sets, "{}", all.name(class));
        }
        assert!(all.hands(all.count()).is_empty());
    }

    #[test]
    fn the_keys_are_those_of_every_set() {
        keys_are_those_of_every_set::<1>();
        keys_are_those_of_every_set::<2>();
        keys_are_those_of_every_set::<3>();
        keys_are_those_of_every_set::<4>();
        keys_are_those_of_every_set::<5>();
    }

    /// Six cards: 962,988 classes, by Burnside's count (20,358,520 sets, 2,701,296 fixed by
    /// the six swaps of two suits, 7,800 by the three double swaps, 44,096 by the eight
    /// three-cycles, none by the four-cycles: 23,111,712 / 24), their combos adding up to
    /// every set.
    #[test]
    fn six_card_sets_fall_in_962988_classes() {
        let all = SuitClasses::<6>::every();
        assert_eq!(all.count(), 962_988);
        let combos: u64 = (0..all.count()).map(|c| u64::from(all.combos(c))).sum();
        assert_eq!(combos, 20_358_520);
    }

    #[test]
    fn three_and_four_card_classes_cover_every_set() {
        classes_cover_every_set::<3>(22_100, 1_755);
        classes_cover_every_set::<4>(270_725, 16_432);
    }
}
