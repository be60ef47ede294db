//! Showdown counts of a pot won whole or split high/low (Omaha, stud, stud hi/lo, razz), in
//! integer pot units.
//!
//! A pot is `2 · U` units with `U = lcm(1, …, players)`, so that every split of a half (or of
//! the whole pot) among up to `players` winners is a whole number of units: heads-up `U = 2` and
//! a unit is a quarter pot. In hi/lo the high hand takes `U` units and the low `U`, each shared
//! among tied winners (a pot can be quartered); with no qualifying low the high takes all `2U`.
//! In games of one ranking it takes all `2U` and its units are the `high` column (for razz, the
//! best low hand). Counts add up as integers, so the order of merging cannot matter.
//!
//! The tally is generic over its [`Counter`], monomorphised for each:
//!
//! ```text
//!  PotTally<u64>   hot loops: record / record_times, one showdown at a time
//!        │ add_local(local, weight): each count × weight, outcomes also added unweighted
//!        ▼
//!  PotTally<u128>  weighted totals (a stud range's weights multiplied over the players),
//!                  which can pass 2^64
//! ```

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Mul};

use crate::player_equity::{HiLoShares, PlayerEquity};
use crate::split_tally::MAX_PLAYERS;

/// A [`PotTally`]'s counter: `u64` in hot loops, `u128` for weighted totals.
pub trait Counter:
    Copy
    + Debug
    + Default
    + Ord
    + Add<Output = Self>
    + AddAssign
    + Mul<Output = Self>
    + From<u64>
    + Into<u128>
    + Send
    + Sync
{
    /// The count as a float, for shares.
    fn to_f64(self) -> f64;
    /// The count as a `u64`, `u64::MAX` past it.
    fn saturating_u64(self) -> u64;
}

impl Counter for u64 {
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self as f64
    }

    #[inline(always)]
    fn saturating_u64(self) -> u64 {
        self
    }
}

impl Counter for u128 {
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self as f64
    }

    #[inline(always)]
    fn saturating_u64(self) -> u64 {
        u64::try_from(self).unwrap_or(u64::MAX)
    }
}

/// One player's counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayerCounts<C = u64> {
    /// Outcomes where this player's main hand (high, or razz low) was best alone.
    pub wins: C,
    /// Outcomes where this player's main hand tied for best.
    pub ties: C,
    /// Outcomes where this player took the whole pot alone.
    pub scoops: C,
    /// Pot units won with the main hand (the whole pot when no low qualifies or in games of
    /// one ranking).
    pub high_units: C,
    /// Pot units won from the low half.
    pub low_units: C,
    /// Sum over outcomes of the squared units won (for the standard error).
    pub square_units: C,
}

impl<C: Counter> Add for PlayerCounts<C> {
    type Output = PlayerCounts<C>;

    fn add(self, o: PlayerCounts<C>) -> PlayerCounts<C> {
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
pub struct PotTally<C = u64> {
    /// Players counted.
    pub players: usize,
    /// Units in half a pot: `lcm(1, …, players)`.
    pub half_units: u64,
    /// Outcomes (boards, deals or samples) counted, each with its weight where
    /// [`PotTally::add_local`] gave one.
    pub outcomes: C,
    /// Outcomes added by [`PotTally::add_local`] without their weights: deals counted or rounds
    /// sampled. 0 in a tally only recorded into, whose outcomes are all unweighted: then its
    /// equities report `outcomes` as their samples (so the hot loop keeps one counter).
    pub samples: C,
    /// Per-player counts, in seat order (the first `players` are used).
    pub counts: [PlayerCounts<C>; MAX_PLAYERS],
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

impl<C: Counter> PotTally<C> {
    /// No outcomes yet for `players` (1 to [`MAX_PLAYERS`]) players.
    pub fn new(players: usize) -> PotTally<C> {
        let half_units = lcm_up_to(players);
        let mut share = [0; MAX_PLAYERS + 1];
        for (k, s) in share.iter_mut().enumerate().skip(1) {
            *s = half_units / k as u64;
        }
        PotTally {
            players,
            half_units,
            outcomes: C::default(),
            samples: C::default(),
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
                c.high_units += C::from(high_share * times);
                if high_winners == 1 {
                    c.wins += C::from(times);
                } else {
                    c.ties += C::from(times);
                }
            }
            if split && low.is_some_and(|l| l[p] == best_low) {
                units += low_share;
                c.low_units += C::from(low_share * times);
            }
            c.scoops += C::from(u64::from(units == pot) * times);
            c.square_units += C::from(units * units * times);
        }
        self.outcomes += C::from(times);
    }

    /// Adds `local`'s counts (a hot loop's, or one combination of range hands'), each multiplied
    /// by `weight`; its outcomes are added to `samples` unweighted.
    pub fn add_local(&mut self, local: &PotTally<u64>, weight: C) {
        debug_assert_eq!(local.players, self.players);
        self.outcomes += C::from(local.outcomes) * weight;
        self.samples += C::from(local.outcomes);
        for (c, l) in self.counts.iter_mut().zip(&local.counts) {
            c.wins += C::from(l.wins) * weight;
            c.ties += C::from(l.ties) * weight;
            c.scoops += C::from(l.scoops) * weight;
            c.high_units += C::from(l.high_units) * weight;
            c.low_units += C::from(l.low_units) * weight;
            c.square_units += C::from(l.square_units) * weight;
        }
    }

    /// Each player's equity, with the split-pot shares when `hilo`; `exact` results report a
    /// standard error of zero. Counts are reported in full (past `u64::MAX` in `u128` tallies
    /// with a few weighted players); `samples` is capped at `u64::MAX`.
    pub fn equities(&self, exact: bool, hilo: bool) -> Vec<PlayerEquity> {
        let n = self.outcomes.max(C::from(1)).to_f64();
        let pot = 2.0 * self.half_units as f64;
        self.counts[..self.players]
            .iter()
            .map(|c| {
                let units = c.high_units + c.low_units;
                let equity = units.to_f64() / pot / n;
                let square = c.square_units.to_f64() / (pot * pot) / n;
                let std_error = if exact {
                    0.0
                } else {
                    ((square - equity * equity).max(0.0) / n).sqrt()
                };
                PlayerEquity {
                    win: c.wins.to_f64() / n,
                    tie: c.ties.to_f64() / n,
                    equity,
                    std_error,
                    samples: self.sample_count().saturating_u64(),
                    wins: c.wins.into(),
                    ties: c.ties.into(),
                    outcomes: self.outcomes.into(),
                    hilo: hilo.then(|| HiLoShares {
                        high: c.high_units.to_f64() / pot / n,
                        low: c.low_units.to_f64() / pot / n,
                        scoop: c.scoops.to_f64() / n,
                        scoops: c.scoops.into(),
                        pot_units: units.into(),
                        units_per_pot: 2 * self.half_units,
                    }),
                }
            })
            .collect()
    }

    /// Outcomes counted without weights: [`PotTally::samples`], or `outcomes` in a tally only
    /// recorded into.
    fn sample_count(&self) -> C {
        if self.samples == C::default() {
            self.outcomes
        } else {
            self.samples
        }
    }

    /// Whether every player's equity has a standard error below `target`.
    pub fn every_std_error_below(&self, target: f64) -> bool {
        self.outcomes > C::default()
            && self
                .equities(false, false)
                .iter()
                .all(|e| e.std_error < target)
    }
}

impl<C: Counter> Add for PotTally<C> {
    type Output = PotTally<C>;

    fn add(mut self, other: PotTally<C>) -> PotTally<C> {
        debug_assert_eq!(self.players, other.players);
        self.outcomes += other.outcomes;
        self.samples += other.samples;
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
        let mut t = PotTally::<u64>::new(2);
        // Same high, player 0 alone has the low: 3 quarters to 0, 1 quarter to 1.
        t.record(&[5, 5], Some(&[9, 0]));
        // No low: player 1's high takes the whole pot (a scoop).
        t.record(&[1, 7], Some(&[0, 0]));
        // Player 0 high, both tie the low: 3 quarters and 1 quarter.
        t.record(&[7, 1], Some(&[4, 4]));
        // Counted in u128 with a weight of 1, the same equities.
        let mut wide = PotTally::<u128>::new(2);
        wide.add_local(&t, 1);
        for e in [t.equities(true, true), wide.equities(true, true)] {
            // Quarters per showdown: (3, 1), (0, 4), (3, 1).
            let h: Vec<HiLoShares> = e.iter().map(|p| p.hilo.unwrap()).collect();
            assert_eq!((h[0].pot_units, h[1].pot_units), (6, 6));
            assert_eq!(h[0].units_per_pot, 4);
            assert_eq!((h[0].scoops, h[1].scoops), (0, 1));
            assert_eq!((e[0].wins, e[0].ties, e[1].wins), (1, 1, 1));
            assert_eq!(e[0].samples, 3);
            assert!((e[0].equity + e[1].equity - 1.0).abs() < 1e-12);
            assert!((h[0].low - 3.0 / 12.0).abs() < 1e-12);
        }
        assert_eq!(t.equities(true, true), wide.equities(true, true));
        assert!(t.equities(true, false).iter().all(|p| p.hilo.is_none()));
    }

    #[test]
    fn three_way_splits_are_whole_units() {
        let mut t = PotTally::<u64>::new(3);
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

    #[test]
    fn weights_multiply_and_single_ranking_games_ignore_lows() {
        let mut t = PotTally::<u64>::new(3);
        t.record(&[5u32, 5, 2], None);
        let mut tally = PotTally::<u128>::new(3);
        tally.add_local(&t, 7);
        let e = tally.equities(true, false);
        // U = 6, a pot is 12 units: two winners take 6 each, 7 times.
        assert_eq!(tally.counts[0].high_units, 42);
        assert_eq!(tally.counts[1].high_units, 42);
        assert_eq!(tally.counts[2].high_units, 0);
        assert_eq!((e[0].outcomes, tally.samples), (7, 1));
        assert_eq!(e[0].samples, 1);
        assert_eq!(tally.counts[0].low_units, 0);
        assert!(e[0].hilo.is_none());
        assert!((e[0].equity - 0.5).abs() < 1e-12);
    }

    #[test]
    fn weighted_counts_pass_u64() {
        let mut t = PotTally::<u64>::new(2);
        t.record(&[2u8, 1], None);
        let mut tally = PotTally::<u128>::new(2);
        tally.add_local(&t, u128::from(u64::MAX));
        tally.add_local(&t, u128::from(u64::MAX));
        let e = tally.equities(true, false);
        assert_eq!(e[0].wins, 2 * u128::from(u64::MAX));
        assert_eq!(e[0].samples, 2);
        assert!((e[0].equity - 1.0).abs() < 1e-12);
    }
}
