//! Where the counts of small sets of positions sit, and the subsets of one set in a fixed order.
//!
//! A completion, or the part of one outside the shared cards `S`, is a set of at most
//! [`MAX_NEED`] positions of the `m` cards left. Counts kept per subset of such sets live in one
//! flat table, subsets by size and then by colex rank; each set's subsets are listed once, in
//! slots ordered by size, so that a signed sum over them reads a prefix of the slots:
//!
//! ```text
//!  table:  [ ∅ | {0} {1} … {m−1} | {0,1} {0,2} {1,2} {0,3} … | triples … | quadruples … ]
//!           offsets[0]  offsets[1]    offsets[2]                 offsets[3]  offsets[4]
//!  slots of {p, q, r}:  ∅ | p q r | pq pr qr | pqr        (signs + | − | + | −)
//! ```

use engine::choose::{CHOOSE, choose};

/// Most cards a completion can hold (a stud hand's unseen cards after third street).
pub(super) const MAX_NEED: usize = 4;

/// Subsets of a set of [`MAX_NEED`] positions.
pub(super) const SLOTS: usize = 1 << MAX_NEED;

/// A position no card has (there are at most 49 cards left three-handed): it pads the
/// positions of a completion of fewer than [`MAX_NEED`] cards.
pub(super) const PAD: u8 = 63;

/// The offsets in the flat table of the subsets of each size, out of `m` positions.
#[derive(Debug, Clone, Copy)]
pub(super) struct Layout {
    offsets: [usize; MAX_NEED + 2],
}

impl Layout {
    /// The layout of the subsets of at most [`MAX_NEED`] out of `m` positions.
    pub(super) fn new(m: usize) -> Layout {
        let mut offsets = [0; MAX_NEED + 2];
        for size in 0..=MAX_NEED {
            offsets[size + 1] = offsets[size] + choose(m, size) as usize;
        }
        Layout { offsets }
    }

    /// Entries of a table of the subsets of at most `most` positions.
    pub(super) fn len(&self, most: usize) -> usize {
        self.offsets[most + 1]
    }
}

/// The subsets of a set of `k` positions, in slots ordered by size.
#[derive(Debug, Clone)]
pub(super) struct Slots {
    /// The set's positions (by rank, lowest first) the subset of each slot takes.
    members: [[u8; MAX_NEED]; SLOTS],
    /// The size of the subset of each slot.
    sizes: [u8; SLOTS],
    /// `+1` for a slot of even size, `−1` for odd.
    pub(super) signs: [i64; SLOTS],
    /// Slots of size at most `j`, for `j` in `0..=MAX_NEED`.
    pub(super) prefix: [usize; MAX_NEED + 1],
    /// Positions in the set.
    k: usize,
}

impl Slots {
    /// The slots of a set of `k` (at most [`MAX_NEED`]) positions.
    pub(super) fn new(k: usize) -> Slots {
        debug_assert!(k <= MAX_NEED);
        let mut order: Vec<u32> = (0..1u32 << k).collect();
        order.sort_by_key(|m| (m.count_ones(), *m));
        let mut members = [[0; MAX_NEED]; SLOTS];
        let mut sizes = [0; SLOTS];
        let mut signs = [0; SLOTS];
        for (slot, &m) in order.iter().enumerate() {
            for (j, item) in (0..k as u8).filter(|i| m >> i & 1 == 1).enumerate() {
                members[slot][j] = item;
            }
            sizes[slot] = m.count_ones() as u8;
            signs[slot] = if m.count_ones() % 2 == 0 { 1 } else { -1 };
        }
        let mut prefix = [0; MAX_NEED + 1];
        for (j, p) in prefix.iter_mut().enumerate() {
            *p = order
                .iter()
                .filter(|m| m.count_ones() as usize <= j)
                .count();
        }
        Slots {
            members,
            sizes,
            signs,
            prefix,
            k,
        }
    }

    /// The table index of each subset of `set` (`k` positions), slot by slot; 0 past the
    /// `2^k` slots.
    pub(super) fn indices(&self, set: u64, layout: &Layout) -> [u32; SLOTS] {
        debug_assert_eq!(set.count_ones() as usize, self.k);
        let mut items = [0usize; MAX_NEED];
        let mut rest = set;
        for item in items.iter_mut().take(self.k) {
            *item = rest.trailing_zeros() as usize;
            rest &= rest - 1;
        }
        let mut out = [0; SLOTS];
        for (slot, at) in out.iter_mut().enumerate().take(1 << self.k) {
            let size = usize::from(self.sizes[slot]);
            // The colex rank: the j-th lowest position p adds C(p, j + 1).
            let rank: u64 = self.members[slot][..size]
                .iter()
                .enumerate()
                .map(|(j, &item)| CHOOSE[items[usize::from(item)]][j + 1])
                .sum();
            *at = (layout.offsets[size] + rank as usize) as u32;
        }
        out
    }
}

/// The colex rank of a set of positions among the sets of its size.
#[inline]
pub(super) fn colex(set: u64) -> usize {
    let mut rank = 0;
    let mut rest = set;
    let mut size = 0;
    while rest != 0 {
        size += 1;
        rank += choose(rest.trailing_zeros() as usize, size) as usize;
        rest &= rest - 1;
    }
    rank
}

/// Every set of `s` positions out of `m`, in lexicographic order.
pub(super) fn subsets_of_size(m: usize, s: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(choose(m, s) as usize);
    fn fill(out: &mut Vec<u64>, m: usize, from: usize, left: usize, set: u64) {
        if left == 0 {
            out.push(set);
            return;
        }
        for p in from..=m - left {
            fill(out, m, p + 1, left - 1, set | 1 << p);
        }
    }
    fill(&mut out, m, 0, s, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colex_ranks_number_each_size_densely() {
        for s in 0..=MAX_NEED {
            let mut ranks: Vec<usize> = subsets_of_size(9, s).into_iter().map(colex).collect();
            ranks.sort_unstable();
            assert_eq!(ranks, (0..choose(9, s) as usize).collect::<Vec<_>>());
        }
    }

    #[test]
    fn slots_list_every_subset_by_size() {
        let layout = Layout::new(10);
        let slots = Slots::new(3);
        let set = 0b10_0100_0010u64;
        let indices = slots.indices(set, &layout);
        // ∅, the three single positions, the three pairs, the whole set.
        assert_eq!(slots.prefix, [1, 4, 7, 8, 8]);
        assert_eq!(indices[0], 0);
        assert_eq!(&indices[1..4], &[1 + 1, 1 + 6, 1 + 9]);
        assert_eq!(indices[7] as usize, layout.offsets[3] + colex(set));
        assert_eq!(slots.signs[..8], [1, -1, -1, -1, 1, 1, 1, -1]);
        assert_eq!(layout.len(2), 1 + 10 + 45);
    }
}
