//! The ranking of the 16,432 four-card Omaha classes ([`crate::plo4_classes`]) by Monte Carlo
//! equity (high only, pot share, ties split) against one random four-card hand, and the
//! percentage items of Omaha ranges it defines (`15%`, `5%-15%`).
//!
//! A ranking keeps each class's integer counts (rounds, wins, ties), so rankings made of
//! different chunks of one build ([`crate::board_build`], `--shard`) add up
//! ([`engine::counted_ranking`]) to the ranking of the whole build, to the byte. The equity of a
//! class is `(wins + ties / 2) / rounds` and its standard error that of the mean of the pot
//! shares (0, ½ or 1 a round).
//!
//! The ranking shipped in `data/omaha_ranking.csv` is compiled in ([`shipped`]).
//! Percentages are shares of the 270,725 hands, taken class by class from the top by the
//! midpoint rule of [`engine::class_ranking`]: a class belongs to `a%-b%` when the middle of
//! its combos, counted from the top, lies in `[a %, b %)`.

use std::sync::OnceLock;

use engine::counted_ranking::{ClassSet, ClassTally, CountedEntry, CountedRanking};

use crate::plo4_classes::{class_count, combos, name, parse_class};

/// The ranking as shipped.
const SHIPPED_CSV: &str = include_str!("../../../data/omaha_ranking.csv");

/// The header of an Omaha ranking file: hold'em's columns, then the counts.
pub const CSV_HEADER: &str =
    "rank,class,combos,equity,cumulative_combos,percentile,std_error,rounds,wins,ties";

/// One class's counts against a random hand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClassCounts {
    /// Showdowns played.
    pub rounds: u64,
    /// Showdowns won alone.
    pub wins: u64,
    /// Showdowns tied (the pot split in two).
    pub ties: u64,
}

impl ClassCounts {
    /// The pot share: `(wins + ties / 2) / rounds`, 0 with no rounds.
    pub fn equity(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        (self.wins as f64 + self.ties as f64 / 2.0) / self.rounds as f64
    }

    /// The standard error of [`ClassCounts::equity`]: √(var / rounds), the variance of a
    /// round's pot share (1, ½ or 0) estimated from the counts; 0 with no rounds.
    pub fn std_error(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        let n = self.rounds as f64;
        let mean = self.equity();
        let square = (self.wins as f64 + self.ties as f64 / 4.0) / n;
        ((square - mean * mean).max(0.0) / n).sqrt()
    }
}

impl std::ops::Add for ClassCounts {
    type Output = ClassCounts;

    fn add(self, other: ClassCounts) -> ClassCounts {
        ClassCounts {
            rounds: self.rounds + other.rounds,
            wins: self.wins + other.wins,
            ties: self.ties + other.ties,
        }
    }
}

impl ClassTally for ClassCounts {
    const COLUMNS: &'static [&'static str] = &["rounds", "wins", "ties"];

    fn values(&self) -> Vec<u64> {
        vec![self.rounds, self.wins, self.ties]
    }

    fn from_values(values: &[u64]) -> Option<Self> {
        match *values {
            [rounds, wins, ties] => Some(ClassCounts { rounds, wins, ties }),
            _ => None,
        }
    }

    fn is_consistent(&self) -> bool {
        self.wins + self.ties <= self.rounds
    }

    fn rounds(&self) -> u64 {
        self.rounds
    }

    fn equity(&self) -> f64 {
        ClassCounts::equity(self)
    }

    fn std_error(&self) -> f64 {
        ClassCounts::std_error(self)
    }
}

/// The four-card classes as a set to rank.
pub static CLASSES: ClassSet = ClassSet {
    game: "Omaha",
    count: class_count,
    combos,
    name,
    parse: parse_class,
};

/// One class of the ranking, with its place.
pub type Plo4Entry = CountedEntry<ClassCounts>;

/// The four-card classes, strongest first.
pub type Plo4Ranking = CountedRanking<ClassCounts>;

/// The ranking shipped in `data/omaha_ranking.csv`, read on first use.
pub fn shipped() -> &'static Plo4Ranking {
    static RANKING: OnceLock<Plo4Ranking> = OnceLock::new();
    RANKING.get_or_init(|| {
        // The shipped file is checked by the tests, so a failure is a build mistake.
        Plo4Ranking::from_csv(&CLASSES, SHIPPED_CSV)
            .unwrap_or_else(|e| panic!("shipped ranking: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(equity_of: impl Fn(usize) -> u64) -> Vec<ClassCounts> {
        (0..class_count())
            .map(|c| ClassCounts {
                rounds: 1000,
                wins: equity_of(c),
                ties: 2,
            })
            .collect()
    }

    #[test]
    fn counts_give_equity_and_standard_error() {
        let c = ClassCounts {
            rounds: 4,
            wins: 1,
            ties: 2,
        };
        assert_eq!(c.equity(), 0.5);
        // Shares 1, ½, ½, 0: variance 1/8, over 4 rounds.
        assert!((c.std_error() - (0.125f64 / 4.0).sqrt()).abs() < 1e-15);
        assert_eq!(ClassCounts::default().std_error(), 0.0);
    }

    #[test]
    fn rankings_sort_merge_and_split_by_the_midpoint_rule() {
        let a = Plo4Ranking::from_counts(&CLASSES, &counts(|c| (c * 7 % 991) as u64)).unwrap();
        let b = Plo4Ranking::from_counts(&CLASSES, &counts(|c| (c * 13 % 997) as u64)).unwrap();
        assert_eq!(a.total_combos(), 270_725);
        assert!(
            a.entries()
                .windows(2)
                .all(|w| w[0].counts.equity() >= w[1].counts.equity())
        );
        let both = Plo4Ranking::merge(&[a.clone(), b.clone()]).unwrap();
        let again = Plo4Ranking::merge(&[b, a.clone()]).unwrap();
        assert_eq!(both, again);
        let class = a.entries()[0].class;
        assert_eq!(both.find(class).unwrap().counts.rounds, 2000);
        let size = |from: f64, to: f64| -> u32 { a.span(from, to).map(|e| e.combos).sum() };
        assert_eq!(size(0.0, 100.0), 270_725);
        assert_eq!(size(0.0, 5.0) + size(5.0, 15.0), size(0.0, 15.0));
        assert!((f64::from(size(0.0, 15.0)) - 40_608.75).abs() <= 24.0);
        let mask = a.span_mask(0.0, 15.0);
        assert_eq!(
            mask.iter().filter(|&&m| m).count(),
            a.span(0.0, 15.0).count()
        );
    }

    #[test]
    fn ranking_files_are_checked() {
        assert!(Plo4Ranking::from_csv(&CLASSES, "rank,class\n").is_err());
        let line = |rest: &str| format!("{CSV_HEADER}\n{rest}\n");
        let err =
            Plo4Ranking::from_csv(&CLASSES, &line("1,AsAhKsKh,6,0.5,6,0.1,0,10,5,0")).unwrap_err();
        assert!(err.to_string().contains("1 of the 16432"), "{err}");
        for bad in [
            "1,AsAhKsKh,6,0.5,6,0.1,0,10,5",
            "2,AsAhKsKh,6,0.5,6,0.1,0,10,5,0",
            "1,AsAs2c3c,6,0.5,6,0.1,0,10,5,0",
            "1,AsAhKsKh,6,0.5,6,0.1,0,10,x,0",
        ] {
            assert!(
                Plo4Ranking::from_csv(&CLASSES, &line(bad))
                    .unwrap_err()
                    .to_string()
                    .contains("line"),
                "{bad}"
            );
        }
        assert!(Plo4Ranking::from_counts(&CLASSES, &counts(|_| 999)).is_err());
        assert!(Plo4Ranking::from_counts(&CLASSES, &[]).is_err());
    }

    #[test]
    fn the_shipped_ranking_covers_every_class_with_rounds() {
        let shipped = shipped();
        assert_eq!(shipped.entries().len(), 16_432);
        assert!(shipped.entries().iter().all(|e| e.counts.rounds > 0));
        // Pairs of aces double suited lead, within a few standard errors of each other.
        let top = name(shipped.entries()[0].class);
        assert!(top.starts_with("AsAh") && top.contains('s'), "{top}");
        let aakk = shipped.find(parse_class("AsAhKsKh").unwrap()).unwrap();
        assert!(aakk.rank <= 20, "{}", aakk.rank);
        assert!(
            shipped
                .entries()
                .iter()
                .all(|e| e.counts.std_error() < 0.0015)
        );
    }
}
