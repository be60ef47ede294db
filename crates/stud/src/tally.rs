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
//! weights, so counters are `u128`; hot loops count in a [`LocalTally`] of `u64` and add it in.

use std::ops::Add;

use engine::{HiLoShares, PlayerEquity};

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
    /// carry their [`HiLoShares`] (counts above `u64::MAX`, possible only with weights, are
    /// capped there; the shares are exact).
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
                        scoops: capped(c.scoops),
                        pot_units: capped(units),
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

/// One player's counts in a hot loop: as [`PlayerCounts`], in `u64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LocalCounts {
    /// See [`PlayerCounts::wins`].
    pub wins: u64,
    /// See [`PlayerCounts::ties`].
    pub ties: u64,
    /// See [`PlayerCounts::scoops`].
    pub scoops: u64,
    /// See [`PlayerCounts::high_units`].
    pub high_units: u64,
    /// See [`PlayerCounts::low_units`].
    pub low_units: u64,
    /// See [`PlayerCounts::square_units`].
    pub square_units: u64,
}

/// Unweighted counts of one piece of work (a chunk, or one combination of range hands).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalTally {
    /// Players counted.
    pub players: usize,
    /// Outcomes counted.
    pub outcomes: u64,
    /// Per-player counts.
    pub counts: [LocalCounts; MAX_PLAYERS],
    /// `half_units / k` for `k` winners of a half (index 0 unused).
    share: [u64; MAX_PLAYERS + 1],
}

impl LocalTally {
    /// No outcomes yet for `players` players.
    pub fn new(players: usize) -> LocalTally {
        let half = lcm_up_to(players);
        let mut share = [0; MAX_PLAYERS + 1];
        for (k, s) in share.iter_mut().enumerate().skip(1) {
            *s = half / k as u64;
        }
        LocalTally {
            players,
            outcomes: 0,
            counts: [LocalCounts::default(); MAX_PLAYERS],
            share,
        }
    }

    /// Units of half a pot shared by `winners` (1 to [`MAX_PLAYERS`]).
    #[inline(always)]
    pub fn share(&self, winners: usize) -> u64 {
        self.share[winners % (MAX_PLAYERS + 1)]
    }

    /// Records one showdown from each player's strengths: `main` (larger wins) and, when `hilo`,
    /// `low` (larger wins, 0 = no qualifying low). One entry per player.
    #[inline(always)]
    pub fn record(&mut self, main: &[u32], low: &[u8], hilo: bool) {
        self.record_times(main, low, hilo, 1);
    }

    /// Records `times` showdowns of the same strengths, as [`LocalTally::record`] would one by
    /// one.
    #[inline(always)]
    pub fn record_times(&mut self, main: &[u32], low: &[u8], hilo: bool, times: u64) {
        let players = self.players;
        let main = &main[..players];
        let best = main.iter().copied().max().unwrap_or(0);
        let winners = main.iter().filter(|&&m| m == best).count();
        let (best_low, low_winners) = if hilo {
            let low = &low[..players];
            let b = low.iter().copied().max().unwrap_or(0);
            (b, low.iter().filter(|&&l| l == b).count())
        } else {
            (0, 0)
        };
        let split = best_low != 0;
        let high_share = self.share(winners) << u32::from(!split);
        let low_share = self.share(low_winners);
        let pot = 2 * self.share(1);
        for p in 0..players {
            let c = &mut self.counts[p];
            let mut units = 0;
            if main[p] == best {
                units = high_share;
                c.high_units += high_share * times;
                if winners == 1 {
                    c.wins += times;
                } else {
                    c.ties += times;
                }
            }
            if split && low[p] == best_low {
                units += low_share;
                c.low_units += low_share * times;
            }
            c.scoops += u64::from(units == pot) * times;
            c.square_units += units * units * times;
        }
        self.outcomes += times;
    }
}

impl Add for LocalTally {
    type Output = LocalTally;

    fn add(mut self, o: LocalTally) -> LocalTally {
        self.outcomes += o.outcomes;
        for (a, b) in self.counts.iter_mut().zip(o.counts) {
            a.wins += b.wins;
            a.ties += b.ties;
            a.scoops += b.scoops;
            a.high_units += b.high_units;
            a.low_units += b.low_units;
            a.square_units += b.square_units;
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
            (1..=8).map(lcm_up_to).collect::<Vec<_>>(),
            [1, 2, 6, 12, 60, 60, 420, 840]
        );
    }

    #[test]
    fn hilo_quartering_and_no_low_scoops() {
        let mut t = LocalTally::new(2);
        // Same high, player 0 alone has the low: 3 quarters to 0, 1 quarter to 1.
        t.record(&[5, 5], &[9, 0], true);
        // No low: player 1's high takes the whole pot (a scoop).
        t.record(&[1, 7], &[0, 0], true);
        // Player 0 high, both tie the low: 3 quarters and 1 quarter.
        t.record(&[7, 1], &[4, 4], true);
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
        t.record(&[5, 5, 2], &[9, 0, 0], false);
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
