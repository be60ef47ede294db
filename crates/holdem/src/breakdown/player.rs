//! One player's breakdown: every hand's tally (weighted outcomes and shares of the pot), its
//! row in the player's range, and the rows of its starting-hand classes.

use engine::{LocalCounts, MAX_PLAYERS, PlayerEquity};

use crate::range::{Combo, HandClass};
use crate::spot::{Assignments, Spot};

/// One hand's counts, from its player's point of view: outcomes and how many of them the player
/// won alone or split `k` ways. Exact counts are weighted by the assignments' weights; Monte
/// Carlo counts are rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandTally {
    /// Outcomes counted (weighted).
    pub outcomes: u128,
    /// Outcomes counted without weights: boards visited or rounds played.
    pub samples: u64,
    /// `shares[1]`: outcomes won alone; `shares[k]`, `k ≥ 2`: outcomes split `k` ways.
    pub shares: [u128; MAX_PLAYERS + 1],
}

impl HandTally {
    /// No outcomes.
    pub const ZERO: HandTally = HandTally {
        outcomes: 0,
        samples: 0,
        shares: [0; MAX_PLAYERS + 1],
    };

    /// Adds player `player`'s row of `local`, each outcome standing for `weight`.
    #[inline]
    pub(super) fn add_row(&mut self, local: &LocalCounts, player: usize, weight: u128) {
        self.outcomes += u128::from(local.outcomes) * weight;
        self.samples += local.outcomes;
        for (cell, &n) in self.shares.iter_mut().zip(&local.shares[player]) {
            *cell += u128::from(n) * weight;
        }
    }

    /// Adds `other`'s counts.
    pub(super) fn add(&mut self, other: &HandTally) {
        self.outcomes += other.outcomes;
        self.samples += other.samples;
        for (cell, n) in self.shares.iter_mut().zip(&other.shares) {
            *cell += n;
        }
    }

    /// The share of `total`'s outcomes that are this tally's: how often a hand is dealt in the
    /// spot among its player's hands (range weights and card removal), the weight of its equity
    /// in the player's mean.
    pub fn frequency_in(&self, total: &HandTally) -> f64 {
        self.outcomes as f64 / total.outcomes.max(1) as f64
    }

    /// Win, tie and equity with the standard error of the equity as an estimate from
    /// [`HandTally::samples`] independent draws (0 when `exact`).
    pub fn equity(&self, exact: bool) -> PlayerEquity {
        let n = self.outcomes.max(1) as f64;
        let (mut equity, mut square) = (0.0, 0.0);
        for (k, &c) in self.shares.iter().enumerate().skip(1) {
            let k = k as f64;
            equity += c as f64 / k;
            square += c as f64 / (k * k);
        }
        let (equity, square) = (equity / n, square / n);
        let ties: u128 = self.shares[2..].iter().sum();
        PlayerEquity {
            win: self.shares[1] as f64 / n,
            tie: ties as f64 / n,
            equity,
            std_error: if exact {
                0.0
            } else {
                ((square - equity * equity).max(0.0) / self.samples.max(1) as f64).sqrt()
            },
            samples: self.samples,
            wins: self.shares[1],
            ties,
            outcomes: self.outcomes,
            hilo: None,
        }
    }
}

/// One hand of a player's range and its counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandRow {
    /// The hand.
    pub combo: Combo,
    /// Its starting-hand class.
    pub class: HandClass,
    /// Its weight in the range, in thousandths.
    pub weight: u32,
    /// Its counts.
    pub tally: HandTally,
}

impl HandRow {
    /// The hand's range weight, from 0 to 1.
    pub fn weight_share(&self) -> f64 {
        f64::from(self.weight) / f64::from(crate::range::WEIGHT_SCALE)
    }

    /// The hand as text, the higher card first: `AhKh`, `AsAd`.
    pub fn text(&self) -> String {
        let [a, b] = self.combo;
        let (high, low) = if (b.rank(), b.index()) > (a.rank(), a.index()) {
            (b, a)
        } else {
            (a, b)
        };
        format!("{high}{low}")
    }
}

/// The hands of one class in a player's range, their counts added: the class's equity is the
/// mean of its hands' equities weighted by how often each is dealt in the spot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassRow {
    /// The class.
    pub class: HandClass,
    /// Hands of the class in the range (after the board and dead cards removed some).
    pub combos: usize,
    /// The hands' range weights added, in thousandths.
    pub weight: u32,
    /// The hands' counts added.
    pub tally: HandTally,
}

impl ClassRow {
    /// The mean range weight of the class's hands, from 0 to 1.
    pub fn mean_weight(&self) -> f64 {
        f64::from(self.weight) / (f64::from(crate::range::WEIGHT_SCALE) * self.combos.max(1) as f64)
    }
}

/// One player's breakdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerBreakdown {
    /// The player's range as given.
    pub range: String,
    /// Every hand of the range that fits the board and dead cards, in the range's order.
    pub hands: Vec<HandRow>,
}

impl PlayerBreakdown {
    /// The hands' counts added: the player's counts in the whole spot.
    pub fn total(&self) -> HandTally {
        let mut total = HandTally::ZERO;
        for hand in &self.hands {
            total.add(&hand.tally);
        }
        total
    }

    /// One row per class of the range, strongest class first (the order of [`HandClass::all`]).
    pub fn classes(&self) -> Vec<ClassRow> {
        let mut rows: Vec<Option<ClassRow>> = vec![None; 169];
        for hand in &self.hands {
            let row = rows[class_order(hand.class)].get_or_insert(ClassRow {
                class: hand.class,
                combos: 0,
                weight: 0,
                tally: HandTally::ZERO,
            });
            row.combos += 1;
            row.weight += hand.weight;
            row.tally.add(&hand.tally);
        }
        rows.into_iter().flatten().collect()
    }
}

/// Where `class` comes in [`HandClass::all`]: pairs and high ranks first.
fn class_order(class: HandClass) -> usize {
    let (high, low) = (usize::from(12 - class.high), usize::from(class.low));
    // Per high rank: its pair, then (suited, offsuit) per lower rank from the top.
    let before: usize = (0..high).map(|h| 1 + 2 * (12 - h)).sum();
    if class.high == class.low {
        before
    } else {
        let kicker = usize::from(class.high) - 1 - low;
        before + 1 + 2 * kicker + usize::from(class.kind == crate::Suitedness::Offsuit)
    }
}

/// Per player, a zero tally per hand of the range.
pub(super) fn zero_tallies(spot: &Spot) -> Vec<Vec<HandTally>> {
    spot.players
        .iter()
        .map(|r| vec![HandTally::ZERO; r.combos.len()])
        .collect()
}

/// Credits assignment `a`'s counts `local`, each outcome standing for `weight`, to its hands.
#[inline]
pub(super) fn credit(
    tallies: &mut [Vec<HandTally>],
    assignments: &Assignments,
    a: usize,
    local: &LocalCounts,
    weight: u128,
) {
    let players = assignments.players;
    let picks = &assignments.picks[a * players..(a + 1) * players];
    for (p, (hands, &pick)) in tallies.iter_mut().zip(picks).enumerate() {
        hands[usize::from(pick)].add_row(local, p, weight);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_come_in_the_169_order() {
        for (i, class) in HandClass::all().into_iter().enumerate() {
            assert_eq!(class_order(class), i, "{}", class.name());
            for combo in class.combos() {
                assert_eq!(HandClass::of(combo), class);
            }
        }
    }
}
