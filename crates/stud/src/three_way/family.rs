//! The completions `b ⊇ S` of one of the other seats for one set `S` of shared cards, sorted by
//! strength, and counts over the subsets of `b ∖ S` of those inserted so far.
//!
//! One load serves several sweeps: each starts from empty counts and inserts only the
//! completions whose low is below its cap (hi/lo's no-low and scoop sweeps), in order of the
//! key they were loaded by. Where `b ∖ S` has at most two cards (`S` of two or more cards on
//! third street: nearly all the work), both seats' counts sit by card in one [`Near`], so that
//! `β_S(a)` and `γ_S(a)` take one look-up per card of `a`:
//!
//! ```text
//!  β_S(a) = inserted − Σ_{x ∈ a} degree(x) + #{inserted pairs inside a}
//!  Near.packed[x] = B's degree(x) | C's degree(x) << 8 | (x ∈ S) << 16
//! ```
//!
//! Larger `b ∖ S` count every subset in a table ([`super::layout`]) and `β_S(a)` is a signed
//! sum over the subsets of `a`.

use super::layout::{Layout, MAX_NEED, SLOTS, Slots, colex, subsets_of_size};
use super::sorted::Run;

/// A cap above every low class: every completion is inserted.
pub(super) const NO_CAP: u8 = u8::MAX;

/// How a family counts: `b ∖ S` of at most one card, of two, or more.
pub(super) const SINGLES: u8 = 1;
/// See [`SINGLES`].
pub(super) const PAIRS: u8 = 2;
/// See [`SINGLES`].
pub(super) const TABLE: u8 = 3;

/// Bit of [`Near::packed`] marking a card of `S`.
pub(super) const IN_S: u32 = 1 << 16;

/// The counts, by card, of both families whose `b ∖ S` has at most two cards.
pub(super) struct Near {
    /// Per position: inserted completions of `B` holding it (bits 0 to 7), of `C` (8 to 15),
    /// and [`IN_S`] when `S` holds it. A degree is below the 49 cards left, and a completion
    /// sums at most [`MAX_NEED`] of them, so the fields never carry into each other.
    pub(super) packed: [u32; 64],
    /// `b ∖ S` of two cards: per position `x`, the positions `y` with `{x, y}` inserted, for
    /// `B` and for `C`.
    pub(super) partners: [[u64; 64]; 2],
}

impl Near {
    /// No counts.
    pub(super) fn new() -> Near {
        Near {
            packed: [0; 64],
            partners: [[0; 64]; 2],
        }
    }

    /// Empties the counts and marks the cards of `set`; `pairs`: empties the partners too.
    pub(super) fn reset(&mut self, set: u64, pairs: bool) {
        self.packed = [0; 64];
        let mut rest = set;
        while rest != 0 {
            self.packed[rest.trailing_zeros() as usize & 63] = IN_S;
            rest &= rest - 1;
        }
        if pairs {
            self.partners = [[0; 64]; 2];
        }
    }
}

/// One seat's completions holding one set of shared cards (`S` and `r` more cards), and the
/// counts of a sweep.
pub(super) struct Family {
    /// [`SINGLES`], [`PAIRS`] or [`TABLE`].
    pub(super) kind: u8,
    /// `B`'s (0) or `C`'s (1) fields in [`Near`].
    side: usize,
    /// Subsets of `b ∖ S` counted in the table: those of at most `A`'s cards.
    most: usize,
    /// Every set of `r` positions out of all the cards left.
    rests: Vec<u64>,
    /// The slots of the subsets of `b ∖ S`.
    slots: Slots,
    /// The table layout.
    layout: Layout,
    /// `(key, low, b ∖ S)` sorted by key.
    items: Vec<(u32, u8, u64)>,
    /// [`TABLE`]: the table index of each subset of each item's `b ∖ S`.
    indices: Vec<[u32; SLOTS]>,
    /// Completions inserted.
    pub(super) inserted: u64,
    /// [`TABLE`]: counts of inserted completions holding each subset, by table index.
    table: Vec<u64>,
}

impl Family {
    /// Completions of `S` plus `r` of the `m` cards left, against `A`'s of `ka` cards, on
    /// `side` 0 (`B`) or 1 (`C`).
    pub(super) fn new(m: usize, r: usize, ka: usize, layout: &Layout, side: usize) -> Family {
        let most = r.min(ka);
        let kind = match r {
            0 | 1 => SINGLES,
            2 => PAIRS,
            _ => TABLE,
        };
        Family {
            kind,
            side,
            most,
            rests: subsets_of_size(m, r),
            slots: Slots::new(r),
            layout: *layout,
            items: Vec::new(),
            indices: Vec::new(),
            inserted: 0,
            table: if kind == TABLE {
                vec![0; layout.len(most)]
            } else {
                Vec::new()
            },
        }
    }

    /// Loads the completions holding `set`, keyed by `keys` and capped by `lows` (both by colex
    /// rank of the completion).
    pub(super) fn load(&mut self, set: u64, keys: &[u32], lows: &[u8]) {
        self.items.clear();
        for &rest in &self.rests {
            if rest & set == 0 {
                let rank = colex(set | rest);
                self.items.push((keys[rank], lows[rank], rest));
            }
        }
        self.items.sort_unstable();
        if self.kind == TABLE {
            self.indices.clear();
            let (slots, layout) = (&self.slots, &self.layout);
            self.indices
                .extend(self.items.iter().map(|x| slots.indices(x.2, layout)));
        }
    }

    /// Loads `from`'s completions keyed by their low class instead (the same set `S`): a
    /// counting sort of its items.
    pub(super) fn load_by_low(&mut self, from: &Family) {
        debug_assert_eq!(self.kind, from.kind);
        let mut starts = [0usize; 257];
        for x in &from.items {
            starts[usize::from(x.1) + 1] += 1;
        }
        for low in 0..256 {
            starts[low + 1] += starts[low];
        }
        self.items.resize(from.items.len(), (0, 0, 0));
        if self.kind == TABLE {
            self.indices.resize(from.items.len(), [0; SLOTS]);
        }
        for (j, &(_, low, rest)) in from.items.iter().enumerate() {
            let at = &mut starts[usize::from(low)];
            self.items[*at] = (u32::from(low), low, rest);
            if self.kind == TABLE {
                self.indices[*at] = from.indices[j];
            }
            *at += 1;
        }
    }

    /// Empties the counts (those in [`Near`] are emptied by [`Near::reset`]).
    pub(super) fn reset(&mut self) {
        self.inserted = 0;
        if self.kind == TABLE {
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
    pub(super) fn insert_key(&mut self, mut i: usize, key: u32, cap: u8, near: &mut Near) -> usize {
        while let Some(&(k, low, rest)) = self.items.get(i) {
            if k != key {
                break;
            }
            if low < cap {
                self.insert(i, rest, near);
            }
            i += 1;
        }
        self.next(i, cap)
    }

    /// Inserts item `i`, whose `b ∖ S` is `rest`.
    #[inline]
    fn insert(&mut self, i: usize, rest: u64, near: &mut Near) {
        self.inserted += 1;
        let unit = 1u32 << (8 * self.side);
        match self.kind {
            SINGLES => {
                if rest != 0 {
                    near.packed[rest.trailing_zeros() as usize & 63] += unit;
                }
            }
            PAIRS => {
                let x = rest.trailing_zeros() as usize & 63;
                let y = (rest & (rest - 1)).trailing_zeros() as usize & 63;
                near.packed[x] += unit;
                near.packed[y] += unit;
                near.partners[self.side][x] |= 1 << y;
                near.partners[self.side][y] |= 1 << x;
            }
            _ => {
                let slots = self.slots.prefix[self.most];
                for &at in &self.indices[i][..slots] {
                    self.table[at as usize] += 1;
                }
            }
        }
    }

    /// [`TABLE`]: `β_S(a)` for completion `i` of `a`, inserted completions that avoid its
    /// cards (when `a` avoids `S`).
    #[inline(always)]
    pub(super) fn table_query(&self, a: &Run, i: usize) -> u64 {
        let slots = a.slots.prefix[self.most];
        let sum: i64 = a.subsets[i][..slots]
            .iter()
            .zip(&a.slots.signs[..slots])
            .map(|(&at, &sign)| sign * self.table[at as usize] as i64)
            .sum();
        sum as u64
    }
}

/// Pairs `{x, y}` of `positions` with `y` among `x`'s `partners` (the [`PAD`] position has
/// none).
///
/// [`PAD`]: super::layout::PAD
#[inline(always)]
pub(super) fn pairs_inside(partners: &[u64; 64], positions: [u8; MAX_NEED]) -> u64 {
    let [p, q, r, s] = positions.map(|x| usize::from(x) & 63);
    let bit = |x: usize, y: usize| partners[x] >> y & 1;
    bit(p, q) + bit(p, r) + bit(p, s) + bit(q, r) + bit(q, s) + bit(r, s)
}
