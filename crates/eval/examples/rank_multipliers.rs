//! Finds the rank multipliers that `build.rs` hard-codes as `RANK_MULTIPLIERS`.
//!
//! A hand's rank key is the sum of one multiplier per card, so the multipliers must give every
//! multiset of up to seven ranks (each rank at most four times) a distinct sum. This takes the
//! greedy smallest such sequence: rank 0 gets 1, and each further rank the smallest multiplier
//! above the previous one that keeps all sums over the ranks so far distinct.
//!
//! Run `cargo run --release -p eval --example rank_multipliers`; it prints
//!
//! ```text
//! [1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520]
//! ```
//!
//! # The test for a candidate
//!
//! Let the ranks so far have distinct sums for all their multisets of up to seven cards. Adding
//! `c` copies of a new rank with multiplier `m` to an old multiset `A` adds `c·m` to its sum. Two
//! extended multisets `(A, a)` and `(B, b)` with `a > b` collide exactly when
//! `sum(A) + d·m = sum(B)` for `d = a - b`; taking `b = 0` is the least constrained case, so `m`
//! is acceptable if and only if no `d` in `1..=4` and old multisets `|A| <= 7 - d`, `|B| <= 7`
//! satisfy it (equal copies, `a = b`, cannot collide: the old sums are distinct). With all old
//! sums in a bitset, a candidate costs one bit test per pair `(A, d)` and most fail within a few.
//! The result is checked at the end by putting every sum of the final sequence in a bitset.

/// Ranks in a deck.
const RANKS: usize = 13;
/// Most cards in a hand.
const MAX_CARDS: usize = 7;
/// Most cards of one rank.
const MAX_COPIES: usize = 4;

/// A set of non-negative integers below a fixed bound.
struct BitSet(Vec<u64>);

impl BitSet {
    fn with_bound(bound: usize) -> Self {
        Self(vec![0; bound / 64 + 1])
    }

    fn contains(&self, value: usize) -> bool {
        self.0[value / 64] >> (value % 64) & 1 == 1
    }

    /// Adds `value`; returns whether it was new.
    fn insert(&mut self, value: usize) -> bool {
        let (word, bit) = (value / 64, value % 64);
        let new = self.0[word] >> bit & 1 == 0;
        self.0[word] |= 1 << bit;
        new
    }
}

/// The sums of every multiset of up to [`MAX_CARDS`] ranks over `multipliers`, each rank at most
/// [`MAX_COPIES`] times, grouped by multiset size (index 0 holds the empty multiset's 0).
fn sums_by_size(multipliers: &[usize]) -> Vec<Vec<usize>> {
    fn extend(multipliers: &[usize], size: usize, sum: usize, out: &mut [Vec<usize>]) {
        let Some((&m, rest)) = multipliers.split_first() else {
            out[size].push(sum);
            return;
        };
        for copies in 0..=MAX_COPIES.min(MAX_CARDS - size) {
            extend(rest, size + copies, sum + copies * m, out);
        }
    }
    let mut out = vec![Vec::new(); MAX_CARDS + 1];
    extend(multipliers, 0, 0, &mut out);
    out
}

/// The smallest multiplier above the last of `multipliers` (or 1 for the first rank) that keeps
/// every multiset sum distinct.
fn next_multiplier(multipliers: &[usize]) -> usize {
    let by_size = sums_by_size(multipliers);
    let max_sum = MAX_CARDS * multipliers.last().copied().unwrap_or(0);
    let mut old = BitSet::with_bound(max_sum);
    for &sum in by_size.iter().flatten() {
        old.insert(sum);
    }
    // Sums of the multisets that may take `d` copies of the new rank, ascending, so that a scan
    // stops at the first shifted sum beyond every old one.
    let room: Vec<Vec<usize>> = (0..=MAX_COPIES)
        .map(|d| {
            let mut sums: Vec<usize> = by_size[..=MAX_CARDS - d].concat();
            sums.sort_unstable();
            sums
        })
        .collect();
    let collides = |m: usize| {
        (1..=MAX_COPIES).any(|d| {
            room[d]
                .iter()
                .map(|&sum| sum + d * m)
                .take_while(|&shifted| shifted <= max_sum)
                .any(|shifted| old.contains(shifted))
        })
    };
    let first = multipliers.last().map_or(1, |&last| last + 1);
    (first..)
        .find(|&m| !collides(m))
        .unwrap_or_else(|| unreachable!("a multiplier above every old sum cannot collide"))
}

/// Whether every multiset over `multipliers` has its own sum, checked directly.
fn all_sums_distinct(multipliers: &[usize]) -> bool {
    let by_size = sums_by_size(multipliers);
    let max_sum = MAX_CARDS * multipliers.last().copied().unwrap_or(0);
    let mut seen = BitSet::with_bound(max_sum);
    by_size.iter().flatten().all(|&sum| seen.insert(sum))
}

fn main() {
    let mut multipliers = Vec::with_capacity(RANKS);
    for _ in 0..RANKS {
        let next = next_multiplier(&multipliers);
        multipliers.push(next);
    }
    assert!(
        all_sums_distinct(&multipliers),
        "greedy sequence has a collision"
    );
    println!("{multipliers:?}");
}
