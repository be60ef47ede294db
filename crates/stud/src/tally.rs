//! Showdown counts of a stud pot in integer pot units, and each player's equity made from them.
//!
//! Counted as Omaha counts (`engine::PotTally`, whose counters are `u64`): a pot is `2 · U` units with `U = lcm(1, …,
//! players)`, so that every split of a half (or of the whole pot) among up to `players`
//! winners is a whole number of units; heads-up `U = 2` and a unit is a quarter pot. In hi/lo
//! the high hand takes `U` units and the low `U`, each shared among tied winners (a pot can be
//! quartered); with no qualifying low the high takes all `2U`. In stud and razz the one
//! ranking takes all `2U` and its units are the `high` column (for razz, the best low hand).
//!
//! Exact runs with weighted down-card ranges count each outcome with the product of the
//! weights, so counters are `u128`; hot loops count in a [`LocalTally`] (Omaha's
//! `engine::PotTally`, in `u64`) and add it in.

use std::ops::Add;

use engine::pot_tally::lcm_up_to;
use engine::{HiLoShares, PlayerEquity, PotTally};

use crate::spot::MAX_PLAYERS;

/// One player's counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayerCounts {
    /// Outcomes where this player's main hand (high, or razz low) was best alone.
    pub wins: u128,
    /// Outcomes where this player's main hand tied for best.
    pub ties: u128,
    /// Outcomes where this player took the whole pot alone.
    pub scoops: u128,
    /// Pot units won with the main hand (the whole pot when no low qualifies or in one-ranking
    /// games).
    pub high_units: u128,
    /// Pot units won from the low half.
    pub low_units: u128,
    /// Sum over outcomes of the squared units won (Monte Carlo standard errors).
    pub square_units: u128,
}

impl Add for PlayerCounts {
    type Output = PlayerCounts;

    fn add(self, o: PlayerCounts) -> PlayerCounts {
        PlayerCounts {
            wins: self.wins + o.wins,
            ties: self.ties + o.ties,
            scoops: self.scoops + o.scoops,
            high_units: self.high_units + o.high_units,
            low_units: self.low_units + o.low_units,
            square_units: self.square_units + o.square_units,
        }
    }
}

/// Counts of a run: outcomes (weighted) and per-player counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Players counted.
    pub players: usize,
    /// Units in half a pot: `lcm(1, …, players)`.
    pub half_units: u64,
    /// Outcomes counted, weighted by the down-card ranges' weights in exact runs.
    pub outcomes: u128,
    /// Outcomes counted without weights: deals counted or rounds sampled.
    pub samples: u128,
    /// Per-player counts in seat order (the first `players` are used).
    pub counts: [PlayerCounts; MAX_PLAYERS],
}

impl Tally {
    /// No outcomes yet for `players` (1 to [`MAX_PLAYERS`]) players.
    pub fn new(players: usize) -> Tally {
        Tally {
            players,
            half_units: lcm_up_to(players),
            outcomes: 0,
            samples: 0,
            counts: [PlayerCounts::default(); MAX_PLAYERS],
        }
    }

    /// Adds `local`'s counts, each multiplied by `weight` (its `samples` are added unweighted).
    pub fn add_local(&mut self, local: &LocalTally, weight: u128) {
        debug_assert_eq!(local.players, self.players);
        self.outcomes += u128::from(local.outcomes) * weight;
        self.samples += u128::from(local.outcomes);
        for (c, l) in self.counts.iter_mut().zip(&local.counts) {
            c.wins += u128::from(l.wins) * weight;
            c.ties += u128::from(l.ties) * weight;
            c.scoops += u128::from(l.scoops) * weight;
            c.high_units += u128::from(l.high_units) * weight;
            c.low_units += u128::from(l.low_units) * weight;
            c.square_units += u128::from(l.square_units) * weight;
        }
    }

    /// Each player's equity; `exact` results report a standard error of zero, `hilo` results
    /// carry their [`HiLoShares`] (counts in full: past `u64::MAX` with a few weighted players).
    pub fn equities(&self, exact: bool, hilo: bool) -> Vec<PlayerEquity> {
        let n = self.outcomes.max(1) as f64;
        let pot = 2.0 * self.half_units as f64;
        let capped = |v: u128| u64::try_from(v).unwrap_or(u64::MAX);
        self.counts[..self.players]
            .iter()
            .map(|c| {
                let units = c.high_units + c.low_units;
                let equity = units as f64 / pot / n;
                let square = c.square_units as f64 / (pot * pot) / n;
                let std_error = if exact {
                    0.0
                } else {
                    ((square - equity * equity).max(0.0) / n).sqrt()
                };
                PlayerEquity {
                    win: c.wins as f64 / n,
                    tie: c.ties as f64 / n,
                    equity,
                    std_error,
                    samples: capped(self.samples),
                    wins: c.wins,
                    ties: c.ties,
                    outcomes: self.outcomes,
                    hilo: hilo.then(|| HiLoShares {
                        high: c.high_units as f64 / pot / n,
                        low: c.low_units as f64 / pot / n,
                        scoop: c.scoops as f64 / n,
                        scoops: c.scoops,
                        pot_units: units,
                        units_per_pot: 2 * self.half_units,
                    }),
                }
            })
            .collect()
    }

    /// Whether every player's equity has a standard error below `target`.
    pub fn every_std_error_below(&self, target: f64) -> bool {
        self.outcomes > 0
            && self
                .equities(false, false)
                .iter()
                .all(|e| e.std_error < target)
    }
}

impl Add for Tally {
    type Output = Tally;

    fn add(mut self, other: Tally) -> Tally {
        debug_assert_eq!(self.players, other.players);
        self.outcomes += other.outcomes;
        self.samples += other.samples;
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a = *a + b;
        }
        self
    }
}

/// One player's counts in a hot loop: as [`PlayerCounts`], in `u64` (`engine`'s).
pub type LocalCounts = engine::pot_tally::PlayerCounts;

/// Unweighted counts of one piece of work (a chunk, or one combination of range hands): the
/// pot tally Omaha counts in (`engine::PotTally`), added into a [`Tally`] with its weight.
pub type LocalTally = PotTally;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hilo_quartering_and_no_low_scoops() {
        let mut t = LocalTally::new(2);
        // Same high, player 0 alone has the low: 3 quarters to 0, 1 quarter to 1.
        t.record(&[5u32, 5], Some(&[9, 0]));
        // No low: player 1's high takes the whole pot (a scoop).
        t.record(&[1u32, 7], Some(&[0, 0]));
        // Player 0 high, both tie the low: 3 quarters and 1 quarter.
        t.record(&[7u32, 1], Some(&[4, 4]));
        let mut tally = Tally::new(2);
        tally.add_local(&t, 1);
        let e = tally.equities(true, true);
        let h: Vec<HiLoShares> = e.iter().map(|p| p.hilo.unwrap()).collect();
        assert_eq!((h[0].pot_units, h[1].pot_units), (6, 6));
        assert_eq!(h[0].units_per_pot, 4);
        assert_eq!((h[0].scoops, h[1].scoops), (0, 1));
        assert_eq!((e[0].wins, e[0].ties, e[1].wins), (1, 1, 1));
        assert!((e[0].equity + e[1].equity - 1.0).abs() < 1e-12);
        assert!((h[0].low - 3.0 / 12.0).abs() < 1e-12);
    }

    #[test]
    fn weights_multiply_and_single_ranking_games_ignore_lows() {
        let mut t = LocalTally::new(3);
        t.record(&[5u32, 5, 2], None);
        let mut tally = Tally::new(3);
        tally.add_local(&t, 7);
        let e = tally.equities(true, false);
        // U = 6, a pot is 12 units: two winners take 6 each, 7 times.
        assert_eq!(tally.counts[0].high_units, 42);
        assert_eq!(tally.counts[1].high_units, 42);
        assert_eq!(tally.counts[2].high_units, 0);
        assert_eq!((e[0].outcomes, tally.samples), (7, 1));
        assert_eq!(tally.counts[0].low_units, 0);
        assert!(e[0].hilo.is_none());
        assert!((e[0].equity - 0.5).abs() < 1e-12);
    }
}
