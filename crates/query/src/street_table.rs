//! `hvhEquity(p, street)` for every board to the street at once, when every player holds one
//! fixed hand: each completion of the board is settled once and its pot units are added to
//! every street board it contains, so that a trial reads its street's value from a table
//! instead of enumerating the street's runouts (the memo remembers them one street at a
//! time).
//!
//! ```text
//!  hold'em, two hands, no board     C(48,5) = 1,712,304 completions settled once
//!  street table (the flop)          C(48,3) = 17,296 flops × (units of each seat)
//!  each completion's 5 cards        C(5,3) = 10 flops credited, its other 2 cards the runout
//! ```
//!
//! A table is built when it costs fewer settled boards than the memo would settle for the
//! trials the run deals (every street board, for an exact count: [`crate::street_table_build`]),
//! and gives the very integer
//! sums of the memo's enumeration: answers are the same, bit for bit, with or without it.
//! In hold'em and short deck the same sums come from rank classes instead, the boards without
//! a flush valued once per rank multiset and only the flush boards one by one
//! (`street_table_ranks`): heads-up, the flop table and 20,000 trials take about 3 ms of one
//! core, where the board by board build alone took about 26 ms.

use engine::choose::choose;

use crate::trial::Trial;

/// The pot units of each seat over every runout of every board to one street.
#[derive(Debug, Clone, PartialEq)]
pub struct StreetTable {
    /// The street (3 the flop, 4 the turn).
    pub street: u8,
    /// The known board's cards.
    pub(crate) known: usize,
    /// Players.
    pub(crate) players: usize,
    /// Each unseen card's place among the unseen cards (the cards of no hand, dead or known
    /// on the board), by card index; 255 for the others.
    pub(crate) place: [u8; 52],
    /// Runouts of each street board.
    pub(crate) runouts: u32,
    /// The rank of a street board's places ([`LexRank`]).
    pub(crate) lex: LexRank,
    /// Seat `s`'s units on the street board of rank `r` at `r * players + s`.
    pub(crate) units: Vec<u32>,
}

impl StreetTable {
    /// Seat `p`'s equity on the trial's board to the table's street: its units over every
    /// runout, as a share of the pots.
    #[inline]
    pub fn equity(&self, t: &Trial, p: usize) -> f64 {
        let mut places = [0u8; 5];
        let dealt = &t.board[self.known..usize::from(self.street)];
        for (slot, c) in places.iter_mut().zip(dealt) {
            *slot = self.place[c.index()];
        }
        let places = &mut places[..dealt.len()];
        places.sort_unstable();
        let units = self.units[self.lex.rank(places) * self.players + p];
        f64::from(units) / (f64::from(self.runouts) * f64::from(crate::trial::POT_UNITS))
    }
}

/// The lexicographic rank of the increasing `k`-subsets of `m` places (`0..C(m, k)`): subsets
/// that differ only in their last place by one have ranks that differ by one, so that a build
/// going through completions in lexicographic order writes its table in runs.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LexRank {
    /// Places.
    m: usize,
    /// Row `i` (of `m + 1`): `prefix[i][v]` = Σ over `u < v` of C(m − 1 − u, k − 1 − i), the
    /// subsets passed over when the `i`-th place moves from 0 to `v`.
    prefix: Vec<u32>,
    /// Rows of `prefix`: the subsets' size `k`.
    rows: usize,
}

impl LexRank {
    /// The ranks of the `k`-subsets of `m` places.
    pub(crate) fn new(m: usize, k: usize) -> Self {
        let mut prefix = vec![0u32; k * (m + 1)];
        for (i, row) in prefix.chunks_mut(m + 1).enumerate() {
            let mut passed = 0u32;
            for (v, at) in row.iter_mut().enumerate() {
                *at = passed;
                if v < m {
                    passed += choose(m - 1 - v, k - 1 - i) as u32;
                }
            }
        }
        Self { m, prefix, rows: k }
    }

    /// The rank of the increasing `places`.
    #[inline]
    pub(crate) fn rank(&self, places: &[u8]) -> usize {
        // Rows indexed by a running offset: no division to find them, for every street board
        // of every completion.
        let (mut low, mut rank, mut row) = (0, 0, 0);
        for &p in places.iter().take(self.rows) {
            let p = usize::from(p);
            rank += self.prefix[row + p] - self.prefix[row + low];
            low = p + 1;
            row += self.m + 1;
        }
        rank as usize
    }
}

/// The positions of every `k`-subset of `n` places (`k` ≤ 5), each increasing, in no
/// particular order: listed once per build, read for every completion.
pub(crate) fn subset_positions(n: usize, k: usize) -> Vec<[u8; 5]> {
    (0u32..1 << n)
        .filter(|bits| bits.count_ones() as usize == k)
        .map(|bits| {
            let mut at = [0u8; 5];
            for (slot, i) in (0..n).filter(|i| bits >> i & 1 == 1).enumerate() {
                at[slot] = i as u8;
            }
            at
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_listed_once_each_increasing() {
        for (n, k) in [(5, 3), (4, 2), (2, 1), (3, 3)] {
            let positions = subset_positions(n, k);
            assert_eq!(positions.len(), choose(n, k) as usize);
            let mut seen: Vec<&[u8]> = positions.iter().map(|p| &p[..k]).collect();
            assert!(seen.iter().all(|p| p.windows(2).all(|w| w[0] < w[1])));
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), positions.len());
        }
    }

    #[test]
    fn lexicographic_subsets_have_consecutive_ranks() {
        for (m, k) in [(48, 3), (9, 1), (9, 2), (10, 4), (7, 5)] {
            let lex = LexRank::new(m, k);
            let mut places: Vec<u8> = (0..k as u8).collect();
            let mut expected = 0;
            loop {
                assert_eq!(lex.rank(&places), expected, "{places:?} of {m}");
                expected += 1;
                // The next subset in lexicographic order.
                let Some(i) = (0..k).rev().find(|&i| usize::from(places[i]) < m - k + i) else {
                    break;
                };
                places[i] += 1;
                for j in i + 1..k {
                    places[j] = places[j - 1] + 1;
                }
            }
            assert_eq!(expected, choose(m, k) as usize);
        }
    }
}
