//! The completions `b ⊇ S` of one of the other seats for one set `S` of shared cards, sorted by
//! strength, and counts over the subsets of `b ∖ S` of those inserted so far.
//!
//! One load serves several sweeps: each starts from empty counts ([`Family::reset`]) and
//! inserts only the completions whose low is below its cap (hi/lo's no-low and scoop sweeps),
//! in order of the key they were loaded by.

use super::layout::{Layout, SLOTS, Slots, colex, subsets_of_size};
use super::sorted::Run;

/// A cap above every low class: every completion is inserted.
pub(super) const NO_CAP: u8 = u8::MAX;

/// One seat's completions holding one set of shared cards, and the counts of a sweep.
pub(super) struct Family {
    /// `b ∖ S` of `r` cards.
    pub(super) r: usize,
    /// Subsets of `b ∖ S` counted: those of at most `A`'s cards (`min(r, ka)`).
    most: usize,
    /// Every set of `r` positions out of all the cards left.
    rests: Vec<u64>,
    /// The slots of the subsets of `b ∖ S`.
    slots: Slots,
    /// The table layout.
    layout: Layout,
    /// `(key, low, b ∖ S)` sorted by key.
    items: Vec<(u32, u8, u64)>,
    /// `r >= 2`: the table index of each subset of each item's `b ∖ S`.
    indices: Vec<[u32; SLOTS]>,
    /// Completions inserted.
    pub(super) inserted: u64,
    /// `r <= 1`: the cards of the inserted `b ∖ S`.
    pub(super) cards: u64,
    /// `r >= 2`: counts of inserted completions holding each subset, by table index.
    table: Vec<u64>,
}

impl Family {
    /// Completions of `S` plus `r` of the `m` cards left, against `A`'s of `ka` cards.
    pub(super) fn new(m: usize, r: usize, ka: usize, layout: &Layout) -> Family {
        let most = r.min(ka);
        Family {
            r,
            most,
            rests: subsets_of_size(m, r),
            slots: Slots::new(r),
            layout: *layout,
            items: Vec::new(),
            indices: Vec::new(),
            inserted: 0,
            cards: 0,
            table: if r >= 2 {
                vec![0; layout.len(most)]
            } else {
                Vec::new()
            },
        }
    }

    /// Loads the completions holding `set`, keyed by `keys` and capped by `lows` (both by colex
    /// rank of the completion), and empties the counts.
    pub(super) fn load(&mut self, set: u64, keys: &[u32], lows: &[u8]) {
        self.items.clear();
        for &rest in &self.rests {
            if rest & set == 0 {
                let rank = colex(set | rest);
                self.items.push((keys[rank], lows[rank], rest));
            }
        }
        self.items.sort_unstable();
        if self.r >= 2 {
            self.indices.clear();
            let (slots, layout) = (&self.slots, &self.layout);
            self.indices
                .extend(self.items.iter().map(|x| slots.indices(x.2, layout)));
        }
        self.reset();
    }

    /// Empties the counts.
    pub(super) fn reset(&mut self) {
        self.inserted = 0;
        self.cards = 0;
        if self.r >= 2 {
            self.table.fill(0);
        }
    }

    /// The key of item `i`, or `u32::MAX` past the last.
    #[inline]
    pub(super) fn key(&self, i: usize) -> u32 {
        self.items.get(i).map_or(u32::MAX, |x| x.0)
    }

    /// The first item at or after `i` whose low is below `cap`.
    #[inline]
    pub(super) fn next(&self, mut i: usize, cap: u8) -> usize {
        while self.items.get(i).is_some_and(|x| x.1 >= cap) {
            i += 1;
        }
        i
    }

    /// Inserts the items from `i` on whose key is `key` and low below `cap`; the next item
    /// whose low is below `cap`.
    #[inline]
    pub(super) fn insert_key(&mut self, mut i: usize, key: u32, cap: u8) -> usize {
        while let Some(&(k, low, rest)) = self.items.get(i) {
            if k != key {
                break;
            }
            if low < cap {
                self.insert(i, rest);
            }
            i += 1;
        }
        self.next(i, cap)
    }

    /// Inserts item `i`, whose `b ∖ S` is `rest`.
    #[inline]
    fn insert(&mut self, i: usize, rest: u64) {
        self.inserted += 1;
        if self.r <= 1 {
            self.cards |= rest;
            return;
        }
        let slots = self.slots.prefix[self.most];
        for &at in &self.indices[i][..slots] {
            self.table[at as usize] += 1;
        }
    }

    /// `β_S(a)` for completion `i` of `a`: inserted completions that avoid its cards.
    #[inline(always)]
    pub(super) fn query(&self, a: &Run, i: usize) -> u64 {
        if self.r <= 1 {
            return self.inserted - u64::from((a.masks[i] & self.cards).count_ones());
        }
        let slots = a.slots.prefix[self.most];
        let sum: i64 = a.subsets[i][..slots]
            .iter()
            .zip(&a.slots.signs[..slots])
            .map(|(&at, &sign)| sign * self.table[at as usize] as i64)
            .sum();
        sum as u64
    }
}
