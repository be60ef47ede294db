//! The joint counts of a runout: per player, each board's share class, the total share of the
//! pot and (two boards) the pair of shares, as integer counters that merge by addition.

use std::ops::Add;

use super::{BOARD_UNITS, HALF_UNITS, MAX_BOARDS};
use crate::split_tally::MAX_PLAYERS;

/// The share values one board can pay a player, in [`BOARD_UNITS`], ascending, with the
/// index of each (at most 255 values).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareClasses {
    /// The values, ascending; 0 first.
    pub values: Vec<u16>,
    class_of: Vec<u8>,
}

impl ShareClasses {
    /// The shares `players` players can take of a board (hi/lo: every high part plus every low
    /// part).
    pub fn new(players: usize, hilo: bool) -> Self {
        let n = players.clamp(1, MAX_PLAYERS) as u32;
        let mut values = vec![0u32];
        for a in 1..=n {
            values.push(BOARD_UNITS / a);
            if hilo {
                values.push(HALF_UNITS / a);
                for b in 1..=n {
                    values.push(HALF_UNITS / a + HALF_UNITS / b);
                }
            }
        }
        values.sort_unstable();
        values.dedup();
        let mut class_of = vec![u8::MAX; BOARD_UNITS as usize + 1];
        for (i, &v) in values.iter().enumerate() {
            class_of[v as usize] = i as u8;
        }
        Self {
            values: values.into_iter().map(|v| v as u16).collect(),
            class_of,
        }
    }

    /// How many values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none (never: 0 is always a value).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The index of `share` (a value of the list).
    #[inline(always)]
    pub fn class(&self, share: u16) -> usize {
        let c = self.class_of[usize::from(share).min(BOARD_UNITS as usize)];
        debug_assert!(c != u8::MAX, "share {share} is no class");
        usize::from(c)
    }
}

/// Counts of runouts: per player, per board share class, per total share and (two boards)
/// per pair of classes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunoutCounts {
    /// Players.
    pub players: usize,
    /// Boards dealt (2 to [`MAX_BOARDS`]).
    pub boards: usize,
    /// The share classes of one board.
    pub classes: ShareClasses,
    /// Deals counted.
    pub deals: u64,
    per_board: Vec<u64>,
    totals: Vec<u64>,
    pairs: Vec<u64>,
}

impl RunoutCounts {
    /// Zero counts for `players` and `boards` (allocates; once per chunk).
    pub fn new(players: usize, boards: usize, hilo: bool) -> Self {
        debug_assert!((1..=MAX_BOARDS).contains(&boards));
        let classes = ShareClasses::new(players, hilo);
        let k = classes.len();
        Self {
            players,
            boards,
            deals: 0,
            per_board: vec![0; players * boards * k],
            totals: vec![0; players * (boards * BOARD_UNITS as usize + 1)],
            pairs: vec![0; if boards == 2 { players * k * k } else { 0 }],
            classes,
        }
    }

    fn total_len(&self) -> usize {
        self.boards * BOARD_UNITS as usize + 1
    }

    /// Records one deal: `shares[b][p]` is player `p`'s share of board `b`.
    #[inline(always)]
    pub fn record(&mut self, shares: &[[u16; MAX_PLAYERS]; MAX_BOARDS]) {
        let k = self.classes.len();
        let boards = self.boards;
        let total_len = self.total_len();
        self.deals += 1;
        for p in 0..self.players {
            let mut total = 0usize;
            let mut first = 0;
            for (b, board) in shares.iter().take(boards).enumerate() {
                let s = board[p];
                total += usize::from(s);
                let c = self.classes.class(s);
                if b == 0 {
                    first = c;
                } else if boards == 2 {
                    self.pairs[(p * k + first) * k + c] += 1;
                }
                self.per_board[(p * boards + b) * k + c] += 1;
            }
            self.totals[p * total_len + total] += 1;
        }
    }

    /// Player `p`'s equity over all boards: the mean of the share of the pot.
    pub fn equity(&self, p: usize) -> f64 {
        mean(&self.total_distribution(p), self.pot_units(), self.deals)
    }

    /// The variance of player `p`'s share of the pot.
    pub fn variance(&self, p: usize) -> f64 {
        variance(&self.total_distribution(p), self.pot_units(), self.deals)
    }

    /// Player `p`'s equity on board `b` alone (a share of that board).
    pub fn board_equity(&self, p: usize, b: usize) -> f64 {
        mean(&self.board_distribution(p, b), BOARD_UNITS, self.deals)
    }

    /// The variance of player `p`'s share of board `b` alone (a single run).
    pub fn board_variance(&self, p: usize, b: usize) -> f64 {
        variance(&self.board_distribution(p, b), BOARD_UNITS, self.deals)
    }

    /// The pot in units: boards · [`BOARD_UNITS`].
    pub fn pot_units(&self) -> u32 {
        self.boards as u32 * BOARD_UNITS
    }

    /// Player `p`'s total share of the pot: (units of [`Self::pot_units`], deals), nonzero
    /// counts only, ascending.
    pub fn total_distribution(&self, p: usize) -> Vec<(u32, u64)> {
        let len = self.total_len();
        self.totals[p * len..(p + 1) * len]
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(t, &n)| (t as u32, n))
            .collect()
    }

    /// Player `p`'s share of board `b`: (units of [`BOARD_UNITS`], deals), nonzero only.
    pub fn board_distribution(&self, p: usize, b: usize) -> Vec<(u32, u64)> {
        let k = self.classes.len();
        let at = (p * self.boards + b) * k;
        self.per_board[at..at + k]
            .iter()
            .zip(&self.classes.values)
            .filter(|(n, _)| **n > 0)
            .map(|(&n, &v)| (u32::from(v), n))
            .collect()
    }

    /// Two boards: player `p`'s shares of the two boards, as unordered pairs (the larger
    /// first, in [`BOARD_UNITS`]) with their deals, nonzero only; empty for other counts of
    /// boards.
    pub fn pair_distribution(&self, p: usize) -> Vec<(u32, u32, u64)> {
        if self.boards != 2 {
            return Vec::new();
        }
        let k = self.classes.len();
        let mut out = Vec::new();
        for hi in (0..k).rev() {
            for lo in (0..=hi).rev() {
                let at = p * k * k;
                let mut n = self.pairs[at + hi * k + lo];
                if hi != lo {
                    n += self.pairs[at + lo * k + hi];
                }
                if n > 0 {
                    let v = &self.classes.values;
                    out.push((u32::from(v[hi]), u32::from(v[lo]), n));
                }
            }
        }
        out
    }
}

fn mean(distribution: &[(u32, u64)], units: u32, deals: u64) -> f64 {
    let sum: u128 = distribution
        .iter()
        .map(|&(v, n)| u128::from(v) * u128::from(n))
        .sum();
    sum as f64 / (f64::from(units) * deals.max(1) as f64)
}

fn variance(distribution: &[(u32, u64)], units: u32, deals: u64) -> f64 {
    let m = mean(distribution, units, deals);
    let second: f64 = distribution
        .iter()
        .map(|&(v, n)| (f64::from(v) / f64::from(units)).powi(2) * n as f64)
        .sum::<f64>()
        / deals.max(1) as f64;
    (second - m * m).max(0.0)
}

impl RunoutCounts {
    /// These counts with every counter, the deals included, multiplied by `weight` (an exact
    /// ranged count's assignment weight; saturating, which the caller's cost check rules out).
    #[must_use]
    pub fn scaled(mut self, weight: u64) -> RunoutCounts {
        self.deals = self.deals.saturating_mul(weight);
        for v in [&mut self.per_board, &mut self.totals, &mut self.pairs] {
            v.iter_mut().for_each(|x| *x = x.saturating_mul(weight));
        }
        self
    }
}

impl Add for RunoutCounts {
    type Output = RunoutCounts;

    fn add(mut self, other: RunoutCounts) -> RunoutCounts {
        debug_assert_eq!((self.players, self.boards), (other.players, other.boards));
        self.deals += other.deals;
        for (a, b) in [
            (&mut self.per_board, &other.per_board),
            (&mut self.totals, &other.totals),
            (&mut self.pairs, &other.pairs),
        ] {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_of_heads_up() {
        assert_eq!(ShareClasses::new(2, false).values, [0, 2520, 5040]);
        assert_eq!(
            ShareClasses::new(2, true).values,
            [0, 1260, 2520, 3780, 5040]
        );
        assert!(ShareClasses::new(10, true).len() < 255);
    }

    #[test]
    fn records_and_reads_back() {
        let mut c = RunoutCounts::new(2, 2, false);
        let mut s = [[0u16; MAX_PLAYERS]; MAX_BOARDS];
        s[0][0] = 5040;
        s[1][0] = 2520;
        s[1][1] = 2520;
        c.record(&s);
        assert_eq!(c.equity(0), 0.75);
        assert_eq!(c.pair_distribution(0), [(5040, 2520, 1)]);
        assert_eq!(c.pair_distribution(1), [(2520, 0, 1)]);
        assert_eq!(c.board_equity(1, 1), 0.5);
        let d = c.clone() + c.clone();
        assert_eq!(d.deals, 2);
        assert_eq!(c.scaled(3).total_distribution(1), [(2520, 3)]);
        assert_eq!(d.total_distribution(1), [(2520, 2)]);
    }
}
