//! The rankings of the 1,755 third-street classes ([`crate::start_classes`]) of seven-card
//! stud, stud hi/lo and razz, by Monte Carlo equity against one random hand played to the
//! seventh card without folding (the equity of `sim equity --game G AsAhKd random`): in stud
//! the high hand takes the pot, in razz the best ace-to-five low, in stud hi/lo the pot share
//! (high half and eight-or-better low half, each split among ties; no low: the high takes all).
//!
//! A class's counts are whole quarter pots ([`PotCounts`]): heads-up, a pot is 4 units
//! (engine's pot tally), so a round wins 0 to 4 of them (hi/lo: a quartered pot is 1). Its
//! equity is `units / (4 · rounds)` and its standard error that of the mean of the rounds'
//! shares, from the sum of their squared units. Rankings are [`engine::counted_ranking`]s:
//! shards of a build ([`crate::start_build`]) merge to the whole build to the byte.
//!
//! The rankings shipped in `data/stud_ranking.csv`, `data/stud_hilo_ranking.csv` and
//! `data/razz_ranking.csv` are compiled in ([`shipped`]).

use std::sync::OnceLock;

use engine::counted_ranking::{ClassSet, ClassTally, CountedEntry, CountedRanking};

use crate::Game;
use crate::start_classes::{class_count, combos, name, parse_class};

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

/// The three-card classes as a set to rank.
pub static CLASSES: ClassSet = ClassSet {
    game: "stud",
    count: class_count,
    combos,
    name,
    parse: parse_class,
};

/// One class of a ranking, with its place.
pub type StartEntry = CountedEntry<PotCounts>;

/// The three-card classes of one stud game, strongest first.
pub type StartRanking = CountedRanking<PotCounts>;

/// The file a game's shipped ranking is in, under `data/`.
pub const fn file_name(game: Game) -> &'static str {
    match game {
        Game::Stud => "stud_ranking.csv",
        Game::StudHiLo => "stud_hilo_ranking.csv",
        Game::Razz => "razz_ranking.csv",
    }
}

/// The ranking of `game` shipped in `data/` ([`file_name`]), read on first use.
pub fn shipped(game: Game) -> &'static StartRanking {
    static STUD: OnceLock<StartRanking> = OnceLock::new();
    static HILO: OnceLock<StartRanking> = OnceLock::new();
    static RAZZ: OnceLock<StartRanking> = OnceLock::new();
    let (cell, text) = match game {
        Game::Stud => (&STUD, include_str!("../../../data/stud_ranking.csv")),
        Game::StudHiLo => (&HILO, include_str!("../../../data/stud_hilo_ranking.csv")),
        Game::Razz => (&RAZZ, include_str!("../../../data/razz_ranking.csv")),
    };
    cell.get_or_init(|| {
        // The shipped files are checked by the tests, so a failure is a build mistake.
        StartRanking::from_csv(&CLASSES, text)
            .unwrap_or_else(|e| panic!("shipped {game} ranking: {e}"))
    })
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

    /// The shipped rankings cover every class with rounds, and their tops are what a stud
    /// player expects: rolled-up aces first in stud; in razz the smallest three, A32, first.
    #[test]
    fn the_shipped_rankings_lead_with_the_known_best_starts() {
        for game in Game::ALL {
            let r = shipped(game);
            assert_eq!(r.entries().len(), 1_755, "{game}");
            assert_eq!(r.total_combos(), 22_100);
            assert!(r.entries().iter().all(|e| e.counts.rounds > 0));
        }
        let top = |game: Game, n: usize| -> Vec<String> {
            shipped(game).entries()[..n]
                .iter()
                .map(|e| name(e.class))
                .collect()
        };
        assert_eq!(top(Game::Stud, 1), ["AsAhAd"]);
        assert!(
            top(Game::Stud, 13)
                .iter()
                .all(|n| n.chars().next() == n.chars().nth(2))
        );
        assert!(
            top(Game::Razz, 5)
                .iter()
                .any(|n| n.starts_with("As3") && n.contains('2')),
            "{:?}",
            top(Game::Razz, 5)
        );
        assert!(top(Game::StudHiLo, 3).iter().any(|n| n.starts_with("As")));
    }
}
