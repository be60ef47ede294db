//! Showdown counts of a pot won whole or split high/low (Omaha, stud hi/lo), in integer pot
//! units.
//!
//! A pot is `2 · U` units with `U = lcm(1, …, players)`, so that every split of a half (or of
//! the whole pot) among up to `players` winners is a whole number of units: heads-up `U = 2` and
//! a unit is a quarter pot. Counts add up as integers, so the order of merging cannot matter.

use std::ops::Add;

use crate::player_equity::{HiLoShares, PlayerEquity};
use crate::split_tally::MAX_PLAYERS;

/// One player's counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayerCounts {
    /// Outcomes where this player's high hand was best alone.
    pub wins: u64,
    /// Outcomes where this player's high hand tied for best.
    pub ties: u64,
    /// Outcomes where this player took the whole pot alone.
    pub scoops: u64,
    /// Pot units won from the high half (the whole pot when no low qualifies or in high games).
    pub high_units: u64,
    /// Pot units won from the low half.
    pub low_units: u64,
    /// Sum over outcomes of the squared units won (for the standard error).
    pub square_units: u64,
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

/// Counts of a run: outcomes and per-player counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PotTally {
    /// Players counted.
    pub players: usize,
    /// Units in half a pot: `lcm(1, …, players)`.
    pub half_units: u64,
    /// Outcomes (boards or samples) counted.
    pub outcomes: u64,
    /// Per-player counts, in seat order (the first `players` are used).
    pub counts: [PlayerCounts; MAX_PLAYERS],
    /// `half_units / k` for `k` winners.
    share: [u64; MAX_PLAYERS + 1],
}

/// `lcm(1, …, n)`.
pub const fn lcm_up_to(n: usize) -> u64 {
    let mut l = 1u64;
    let mut k = 2;
    while k <= n {
        let (mut a, mut b) = (l, k as u64);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        l = l / a * k as u64;
        k += 1;
    }
    l
}

impl PotTally {
    /// No outcomes yet for `players` (1 to [`MAX_PLAYERS`]) players.
    pub fn new(players: usize) -> PotTally {
        let half_units = lcm_up_to(players);
        let mut share = [0; MAX_PLAYERS + 1];
        for (k, s) in share.iter_mut().enumerate().skip(1) {
            *s = half_units / k as u64;
        }
        PotTally {
            players,
            half_units,
            outcomes: 0,
            counts: [PlayerCounts::default(); MAX_PLAYERS],
            share,
        }
    }

    /// Units of half a pot shared by `winners` (1 to [`MAX_PLAYERS`]).
    #[inline(always)]
    pub fn share(&self, winners: usize) -> u64 {
        self.share[winners % (MAX_PLAYERS + 1)]
    }

    /// Records one showdown: each player's high strength (larger wins; in razz the low that
    /// ranks the pot), and in hi/lo games each player's low strength (larger wins, 0 = no
    /// qualifying low). `high` and `low` hold one entry per player.
    #[inline(always)]
    pub fn record<H: Copy + Ord + Default>(&mut self, high: &[H], low: Option<&[u8]>) {
        self.record_times(high, low, 1);
    }

    /// Records `times` showdowns of the same strengths, as [`PotTally::record`] would one by one.
    #[inline(always)]
    pub fn record_times<H: Copy + Ord + Default>(
        &mut self,
        high: &[H],
        low: Option<&[u8]>,
        times: u64,
    ) {
        let players = self.players;
        let high = &high[..players];
        let best_high = high.iter().copied().max().unwrap_or_default();
        let high_winners = high.iter().filter(|&&h| h == best_high).count();
        let (best_low, low_winners) = match low {
            Some(low) => {
                let low = &low[..players];
                let best = low.iter().copied().max().unwrap_or(0);
                (best, low.iter().filter(|&&l| l == best).count())
            }
            None => (0, 0),
        };
        let split = best_low != 0;
        let high_share = self.share(high_winners) << u32::from(!split);
        let low_share = self.share(low_winners);
        let pot = 2 * self.half_units;
        for p in 0..players {
            let c = &mut self.counts[p];
            let mut units = 0;
            if high[p] == best_high {
                units = high_share;
                c.high_units += high_share * times;
                if high_winners == 1 {
                    c.wins += times;
                } else {
                    c.ties += times;
                }
            }
            if split && low.is_some_and(|l| l[p] == best_low) {
                units += low_share;
                c.low_units += low_share * times;
            }
            c.scoops += u64::from(units == pot) * times;
            c.square_units += units * units * times;
        }
        self.outcomes += times;
    }

    /// Each player's equity, with the split-pot shares when `hilo`; `exact` results report a
    /// standard error of zero.
    pub fn equities(&self, exact: bool, hilo: bool) -> Vec<PlayerEquity> {
        let n = self.outcomes.max(1) as f64;
        let pot = 2.0 * self.half_units as f64;
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
                    samples: self.outcomes,
                    wins: c.wins.into(),
                    ties: c.ties.into(),
                    outcomes: self.outcomes.into(),
                    hilo: hilo.then(|| HiLoShares {
                        high: c.high_units as f64 / pot / n,
                        low: c.low_units as f64 / pot / n,
                        scoop: c.scoops as f64 / n,
                        scoops: c.scoops.into(),
                        pot_units: units.into(),
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

impl Add for PotTally {
    type Output = PotTally;

    fn add(mut self, other: PotTally) -> PotTally {
        debug_assert_eq!(self.players, other.players);
        self.outcomes += other.outcomes;
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a = *a + b;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lcm_values() {
        assert_eq!(
            (1..=10).map(lcm_up_to).collect::<Vec<_>>(),
            [1, 2, 6, 12, 60, 60, 420, 840, 2520, 2520]
        );
    }

    #[test]
    fn hilo_quartering_and_no_low_scoops() {
        let mut t = PotTally::new(2);
        // Same high, player 0 alone has the low: 3 quarters to 0, 1 quarter to 1.
        t.record(&[5, 5], Some(&[9, 0]));
        // No low: player 1's high takes the whole pot (a scoop).
        t.record(&[1, 7], Some(&[0, 0]));
        // Player 0 high, both tie the low: 3 quarters and 1 quarter.
        t.record(&[7, 1], Some(&[4, 4]));
        let e = t.equities(true, true);
        // Quarters per showdown: (3, 1), (0, 4), (3, 1).
        let h: Vec<HiLoShares> = e.iter().map(|p| p.hilo.unwrap()).collect();
        assert_eq!((h[0].pot_units, h[1].pot_units), (6, 6));
        assert_eq!(h[0].units_per_pot, 4);
        assert_eq!((h[0].scoops, h[1].scoops), (0, 1));
        assert_eq!((e[0].wins, e[0].ties, e[1].wins), (1, 1, 1));
        assert!((e[0].equity + e[1].equity - 1.0).abs() < 1e-12);
        assert!((h[0].low - 3.0 / 12.0).abs() < 1e-12);
        assert!(t.equities(true, false).iter().all(|p| p.hilo.is_none()));
    }

    #[test]
    fn three_way_splits_are_whole_units() {
        let mut t = PotTally::new(3);
        t.record(&[5, 5, 5], Some(&[3, 3, 0]));
        let e = t.equities(true, true);
        // U = 6, a pot is 12 units: high half in thirds (2 each), low half in halves (3 each).
        assert_eq!(
            e.iter()
                .map(|p| p.hilo.unwrap().pot_units)
                .collect::<Vec<_>>(),
            [2 + 3, 2 + 3, 2]
        );
    }
}
