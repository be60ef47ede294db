//! A ranked class's counts in whole quarter pots, for the rankings whose pot is shared
//! (stud, stud hi/lo and razz's third-street starts; Omaha hi/lo's four-card classes):
//! heads-up a pot is 4 units (engine's [`crate::pot_tally`]), so a round wins 0 to 4 of them
//! (hi/lo: a quartered pot is 1). The equity is `units / (4 · rounds)` and its standard error
//! that of the mean of the rounds' shares, from the sum of their squared units. The counts are
//! integers, so rankings of different chunks of one build add up to the whole build's.

use crate::counted_ranking::ClassTally;

/// Pot units a round shares heads-up: a pot is four quarters.
pub const POT_UNITS: u64 = 4;

/// One class's counts against a random hand, in quarter pots.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PotCounts {
    /// Showdowns played.
    pub rounds: u64,
    /// Quarter pots won, all rounds together.
    pub pot_units: u64,
    /// The sum over rounds of the squared quarter pots won.
    pub square_units: u64,
}

impl std::ops::Add for PotCounts {
    type Output = PotCounts;

    fn add(self, o: PotCounts) -> PotCounts {
        PotCounts {
            rounds: self.rounds + o.rounds,
            pot_units: self.pot_units + o.pot_units,
            square_units: self.square_units + o.square_units,
        }
    }
}

impl ClassTally for PotCounts {
    const COLUMNS: &'static [&'static str] = &["rounds", "pot_units", "square_units"];

    fn values(&self) -> Vec<u64> {
        vec![self.rounds, self.pot_units, self.square_units]
    }

    fn from_values(values: &[u64]) -> Option<Self> {
        match *values {
            [rounds, pot_units, square_units] => Some(PotCounts {
                rounds,
                pot_units,
                square_units,
            }),
            _ => None,
        }
    }

    fn is_consistent(&self) -> bool {
        // Each round's units u lie in 0..=4: u ≤ u² ≤ 4u.
        self.pot_units <= POT_UNITS * self.rounds
            && self.pot_units <= self.square_units
            && self.square_units <= POT_UNITS * self.pot_units
    }

    fn rounds(&self) -> u64 {
        self.rounds
    }

    /// `units / (4 · rounds)`, 0 with no rounds.
    fn equity(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        self.pot_units as f64 / (POT_UNITS * self.rounds) as f64
    }

    /// √(var / rounds), the variance of a round's share estimated from the counts; 0 with no
    /// rounds.
    fn std_error(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        let n = self.rounds as f64;
        let mean = self.equity();
        let square = self.square_units as f64 / (POT_UNITS * POT_UNITS) as f64 / n;
        ((square - mean * mean).max(0.0) / n).sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_give_equity_and_standard_error() {
        // Shares 1, ¾, ½, 0: units 4, 3, 2, 0.
        let c = PotCounts {
            rounds: 4,
            pot_units: 9,
            square_units: 16 + 9 + 4,
        };
        assert!(c.is_consistent());
        assert_eq!(c.equity(), 9.0 / 16.0);
        let mean = 9.0 / 16.0;
        let var = (1.0 + 0.5625 + 0.25) / 4.0 - mean * mean;
        assert!((c.std_error() - (var / 4.0f64).sqrt()).abs() < 1e-15);
        assert_eq!(PotCounts::default().std_error(), 0.0);
        assert!(
            !PotCounts {
                rounds: 1,
                pot_units: 5,
                square_units: 25
            }
            .is_consistent()
        );
        assert!(
            !PotCounts {
                rounds: 2,
                pot_units: 4,
                square_units: 2
            }
            .is_consistent()
        );
    }
}
