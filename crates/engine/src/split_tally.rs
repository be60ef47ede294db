//! Showdown counts of a pot won whole or split among tied hands (games without a low half):
//! per player, how often it won alone and how often it split `k` ways; each player's equity
//! made from them.

use std::ops::{Add, Sub};

use crate::player_equity::PlayerEquity;

/// Most players at one table, in any game.
pub const MAX_PLAYERS: usize = 10;

/// Outcomes per player by the share received: `shares[p][1]` outright wins, `shares[p][k]` for
/// `k ≥ 2` pots split `k` ways that included player `p`. Counts may be weighted (exact runs with
/// weighted ranges), hence `u128`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitTally {
    /// Players counted.
    pub players: usize,
    /// Outcomes counted (weighted).
    pub outcomes: u128,
    /// Outcomes counted without weights: boards visited or samples drawn.
    pub samples: u64,
    /// Outcomes by player and split size.
    pub shares: [[u128; MAX_PLAYERS + 1]; MAX_PLAYERS],
}

impl SplitTally {
    /// No outcomes yet for `players` players.
    pub fn new(players: usize) -> Self {
        Self {
            players,
            outcomes: 0,
            samples: 0,
            shares: [[0; MAX_PLAYERS + 1]; MAX_PLAYERS],
        }
    }

    /// Adds local unweighted counts multiplied by `weight`.
    pub fn add_local(&mut self, local: &LocalCounts, weight: u128) {
        self.add_local_for(local, weight, 1);
    }

    /// Adds the counts of `members` assignments that all had the counts `local` (suit-equivalent
    /// ones), their weights summing to `weight`.
    pub fn add_local_for(&mut self, local: &LocalCounts, weight: u128, members: u64) {
        self.outcomes += u128::from(local.outcomes) * weight;
        self.samples += local.outcomes * members;
        let used = used_cells(self.players);
        debug_assert!(
            local.is_within(self.players),
            "counts of more players than the tally's"
        );
        for (row, local_row) in self.shares.iter_mut().zip(&local.shares).take(used) {
            for (cell, &n) in row.iter_mut().zip(local_row).take(used + 1) {
                *cell += u128::from(n) * weight;
            }
        }
    }

    /// Applies `op` to each counter that either tally's players can fill ([`used_cells`]) and
    /// the same counter of `other`.
    fn each_used_cell_with(&mut self, other: &SplitTally, op: impl Fn(&mut u128, u128)) {
        let used = used_cells(self.players.max(other.players));
        for (row, other_row) in self.shares.iter_mut().zip(&other.shares).take(used) {
            for (cell, &n) in row.iter_mut().zip(other_row).take(used + 1) {
                op(cell, n);
            }
        }
    }

    /// Player `p`'s (win, tie, equity, mean of squared share).
    fn moments(&self, p: usize) -> (f64, f64, f64, f64) {
        let n = self.outcomes.max(1) as f64;
        let row = &self.shares[p];
        let win = row[1] as f64 / n;
        let tie = row[2..].iter().sum::<u128>() as f64 / n;
        let (mut equity, mut square) = (0.0, 0.0);
        for (k, &c) in row.iter().enumerate().skip(1) {
            let k = k as f64;
            equity += c as f64 / k;
            square += c as f64 / (k * k);
        }
        (win, tie, equity / n, square / n)
    }

    /// The standard error of player `p`'s equity estimate from `samples` independent draws.
    pub fn std_error(&self, p: usize) -> f64 {
        let (_, _, equity, square) = self.moments(p);
        ((square - equity * equity).max(0.0) / self.samples.max(1) as f64).sqrt()
    }

    /// Each player's equity; `exact` results report a standard error of zero.
    pub fn equities(&self, exact: bool) -> Vec<PlayerEquity> {
        (0..self.players)
            .map(|p| {
                let (win, tie, equity, _) = self.moments(p);
                PlayerEquity {
                    win,
                    tie,
                    equity,
                    std_error: if exact { 0.0 } else { self.std_error(p) },
                    samples: self.samples,
                    wins: self.shares[p][1],
                    ties: self.shares[p][2..].iter().sum(),
                    outcomes: self.outcomes,
                    hilo: None,
                }
            })
            .collect()
    }
}

impl Add for SplitTally {
    type Output = SplitTally;

    fn add(mut self, other: SplitTally) -> SplitTally {
        self.outcomes += other.outcomes;
        self.samples += other.samples;
        self.each_used_cell_with(&other, |cell, n| *cell += n);
        self
    }
}

/// Counter by counter; every counter of `other` must be at most the same counter of `self`.
impl Sub for SplitTally {
    type Output = SplitTally;

    fn sub(mut self, other: SplitTally) -> SplitTally {
        self.outcomes -= other.outcomes;
        self.samples -= other.samples;
        self.each_used_cell_with(&other, |cell, n| *cell -= n);
        self
    }
}

/// The rows of `shares` that `players` players can fill (one per player), and so, plus one, the
/// columns (split sizes 1 to `players`): the other counters stay 0, and adding tallies cell by
/// cell skips them (a heads-up tally uses 6 of 110; exact runs add one per suit class).
fn used_cells(players: usize) -> usize {
    players.min(MAX_PLAYERS)
}

/// Unweighted counters for a hot loop: fixed arrays, no allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalCounts {
    /// Showdowns counted.
    pub outcomes: u64,
    /// As in [`SplitTally::shares`].
    pub shares: [[u64; MAX_PLAYERS + 1]; MAX_PLAYERS],
}

impl Default for LocalCounts {
    fn default() -> Self {
        Self {
            outcomes: 0,
            shares: [[0; MAX_PLAYERS + 1]; MAX_PLAYERS],
        }
    }
}

impl LocalCounts {
    /// Whether every counter outside the first `players` players' rows and split sizes is 0.
    fn is_within(&self, players: usize) -> bool {
        let used = used_cells(players);
        self.shares.iter().enumerate().all(|(row, counts)| {
            counts
                .iter()
                .enumerate()
                .all(|(column, &n)| n == 0 || (row < used && column <= used))
        })
    }

    /// Records one showdown of `ranks` (one strength per player, larger wins).
    #[inline(always)]
    pub fn record(&mut self, ranks: &[u16]) {
        self.record_weighted(ranks, 1);
    }

    /// Records one showdown of `ranks` that stands for `weight` outcomes.
    ///
    /// The winners are found without a branch per player (a bit mask of the seats holding the
    /// best strength): most showdowns have one winner, counted by one increment.
    #[inline(always)]
    pub fn record_weighted(&mut self, ranks: &[u16], weight: u64) {
        let ranks = &ranks[..ranks.len().min(MAX_PLAYERS)];
        let best = ranks.iter().fold(0, |best, &r| best.max(r));
        let winners = ranks
            .iter()
            .enumerate()
            .fold(0u32, |mask, (p, &r)| mask | u32::from(r == best) << p);
        let split = winners.count_ones() as usize;
        if split == 1 {
            self.shares[winners.trailing_zeros() as usize % MAX_PLAYERS][1] += weight;
        } else {
            let mut left = winners;
            while left != 0 {
                let p = left.trailing_zeros() as usize;
                self.shares[p % MAX_PLAYERS][split % (MAX_PLAYERS + 1)] += weight;
                left &= left - 1;
            }
        }
        self.outcomes += weight;
    }

    /// Applies `op` to every counter of `self` and `other` in turn.
    fn zip_with(mut self, other: &LocalCounts, op: impl Fn(u64, u64) -> u64) -> LocalCounts {
        self.outcomes = op(self.outcomes, other.outcomes);
        for (row, other_row) in self.shares.iter_mut().zip(&other.shares) {
            for (cell, &n) in row.iter_mut().zip(other_row) {
                *cell = op(*cell, n);
            }
        }
        self
    }
}

impl Add for LocalCounts {
    type Output = LocalCounts;

    fn add(self, other: LocalCounts) -> LocalCounts {
        self.zip_with(&other, |a, b| a + b)
    }
}

/// Counter by counter; every counter of `other` must be at most the same counter of `self`.
impl Sub for LocalCounts {
    type Output = LocalCounts;

    fn sub(self, other: LocalCounts) -> LocalCounts {
        self.zip_with(&other, |a, b| a - b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_way_ties_pay_a_third_and_equities_sum_to_one() {
        let mut local = LocalCounts::default();
        local.record(&[5, 5, 5]);
        local.record(&[9, 5, 1]);
        local.record(&[2, 7, 7]);
        let mut tally = SplitTally::new(3);
        tally.add_local(&local, 1);
        let rows = tally.equities(true);
        assert!((rows[0].equity - (1.0 / 3.0 + 1.0) / 3.0).abs() < 1e-12);
        assert!((rows[1].equity - (1.0 / 3.0 + 0.5) / 3.0).abs() < 1e-12);
        assert!((rows[0].tie - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!((rows[2].wins, rows[2].ties, rows[2].outcomes), (0, 2, 3));
        let sum: f64 = rows.iter().map(|r| r.equity).sum();
        assert!((sum - 1.0).abs() < 1e-12);
    }

    /// Adding skips only counters that stay 0: for every player count, showdowns with every
    /// split size (the whole table tied included) land in the tally, weighted, and come back
    /// out by subtraction.
    #[test]
    fn adding_counts_every_counter_players_can_fill() {
        for players in 1..=MAX_PLAYERS {
            let mut local = LocalCounts::default();
            for tied in 1..=players {
                // The first `tied` players share the best hand; the rest hold weaker ones.
                let ranks: Vec<u16> = (0..players).map(|p| if p < tied { 9 } else { 1 }).collect();
                local.record(&ranks);
            }
            assert!(local.is_within(players));
            let mut tally = SplitTally::new(players);
            tally.add_local_for(&local, 3, 2);
            let mut expected = [[0u128; MAX_PLAYERS + 1]; MAX_PLAYERS];
            for (row, local_row) in expected.iter_mut().zip(&local.shares) {
                for (cell, &n) in row.iter_mut().zip(local_row) {
                    *cell = 3 * u128::from(n);
                }
            }
            assert_eq!(tally.shares, expected, "{players} players");
            assert_eq!(
                (tally.outcomes, tally.samples),
                (3 * players as u128, 2 * players as u64)
            );
            let twice = tally + tally;
            assert_eq!(twice - tally, tally, "{players} players");
            assert_eq!(
                twice.shares[0][1], 6,
                "player 1 won alone once, weight 3, twice"
            );
        }
    }
}
