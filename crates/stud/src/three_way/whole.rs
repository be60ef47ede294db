//! The sets `S` of shared cards that are all of `b` and all of `c`: when both other seats need
//! `|S|` cards, each such `S` is one completion of each, and the sum runs the other way.
//!
//! For each `S` the completions `a` avoiding `S` above `B`'s and `C`'s strengths of `S` are
//! counted from `A`'s completions in falling strength, with inclusion–exclusion over `S`:
//!
//! ```text
//!  queries by falling threshold:   t₀ ≥ t₁ ≥ …      insert every a with key ≥ tᵢ, then
//!  #{a ∩ S = ∅} = Σ_{U ⊆ S, |U| <= ka} (−1)^|U| · #{a ⊇ U}
//! ```

use super::family::NO_CAP;
use super::layout::{Layout, SLOTS, Slots, colex, subsets_of_size};
use super::sorted::{Key, Run};
use super::sweep::Sums;

/// The sets `S` of `s` cards and both other seats' strengths of each.
pub(super) struct Whole {
    /// The table layout.
    layout: Layout,
    /// Subsets of `S` counted: those of at most `A`'s cards.
    most: usize,
    /// The slots of the subsets of `S`.
    slots: Slots,
    /// The table index of each subset of each `S`.
    indices: Vec<[u32; SLOTS]>,
    /// `B`'s and `C`'s main strengths of each `S`.
    mains: Vec<[u32; 2]>,
    /// `B`'s and `C`'s low classes of each `S`.
    lows: Vec<[u8; 2]>,
    /// The sets by falling threshold of the `ll` sum by main (`a` above both).
    by_top: Vec<u32>,
}

/// Where a seat's strengths sit: by colex rank of its completion.
#[derive(Clone, Copy)]
pub(super) struct Strengths<'a> {
    /// Dense main strengths.
    pub(super) mains: &'a [u32],
    /// Low classes.
    pub(super) lows: &'a [u8],
}

impl Whole {
    /// Every set of `s` out of the `m` cards left, valued by `b` and `c`, against `A`'s
    /// completions of `ka` cards.
    pub(super) fn new(
        m: usize,
        s: usize,
        ka: usize,
        layout: &Layout,
        b: Strengths,
        c: Strengths,
    ) -> Whole {
        let sets = subsets_of_size(m, s);
        let slots = Slots::new(s);
        let ranks: Vec<usize> = sets.iter().map(|&set| colex(set)).collect();
        let mains: Vec<[u32; 2]> = ranks.iter().map(|&r| [b.mains[r], c.mains[r]]).collect();
        let mut by_top: Vec<u32> = (0..sets.len() as u32).collect();
        by_top.sort_by_key(|&i| std::cmp::Reverse(top(mains[i as usize])));
        Whole {
            layout: *layout,
            most: s.min(ka),
            indices: sets.iter().map(|&set| slots.indices(set, layout)).collect(),
            slots,
            lows: ranks.iter().map(|&r| [b.lows[r], c.lows[r]]).collect(),
            mains,
            by_top,
        }
    }

    /// The sums of the run `a` (keyed by `key`) against the sets whose lows are both below
    /// `cap`, as [`super::sweep::sweep`] gives them; without `ties`, `ll` alone (by main).
    pub(super) fn sums(&self, a: &Run, key: Key, cap: u8, ties: bool) -> Sums {
        let fits = |i: usize| cap == NO_CAP || self.lows[i].iter().all(|&l| l < cap);
        if !ties {
            debug_assert_eq!(key, Key::Main);
            let queries = self
                .by_top
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| fits(i))
                .map(|i| (top(self.mains[i]), i, 0));
            return self.count_above(a, queries);
        }
        let mut queries: Vec<(u32, usize, u8)> = Vec::with_capacity(4 * self.indices.len());
        for i in (0..self.indices.len()).filter(|&i| fits(i)) {
            let [tb, tc] = match key {
                Key::Main => self.mains[i],
                Key::Low => self.lows[i].map(u32::from),
            };
            queries.push((tb.max(tc) + 1, i, 0));
            queries.push((tb.max(tc + 1), i, 1));
            queries.push((tc.max(tb + 1), i, 2));
            queries.push((tb.max(tc), i, 3));
        }
        queries.sort_unstable_by_key(|q| std::cmp::Reverse(q.0));
        self.count_above(a, queries.into_iter())
    }

    /// For queries `(threshold, set, which)` in falling threshold: the completions of `a` at or
    /// above the threshold that avoid the set, summed per `which` (`ll, el, le, ee`).
    fn count_above(&self, a: &Run, queries: impl Iterator<Item = (u32, usize, u8)>) -> Sums {
        let mut table = vec![0u64; self.layout.len(self.most)];
        let a_slots = a.slots.prefix[self.most];
        let s_slots = self.slots.prefix[self.most];
        let mut next = a.len();
        let mut sums = [0i128; 4];
        for (threshold, i, which) in queries {
            while next > 0 && a.keys[next - 1] >= threshold {
                next -= 1;
                for &at in &a.subsets[next][..a_slots] {
                    table[at as usize] += 1;
                }
            }
            let count: i64 = self.indices[i][..s_slots]
                .iter()
                .zip(&self.slots.signs[..s_slots])
                .map(|(&at, &sign)| sign * table[at as usize] as i64)
                .sum();
            sums[usize::from(which)] += i128::from(count);
        }
        let [ll, el, le, ee] = sums;
        Sums { ll, el, le, ee }
    }
}

/// The threshold of the `ll` sum: `a` above both strengths.
fn top([b, c]: [u32; 2]) -> u32 {
    b.max(c) + 1
}
