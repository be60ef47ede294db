//! The ranking of the 16,432 four-card Omaha classes ([`crate::plo4_classes`]) by Monte Carlo
//! equity (high only, pot share, ties split) against one random four-card hand, and the
//! percentage items of Omaha ranges it defines (`15%`, `5%-15%`).
//!
//! A ranking keeps each class's integer counts (rounds, wins, ties), so rankings made of
//! different chunks of one build ([`crate::plo4_build`], `--shard`) add up
//! ([`Plo4Ranking::merge`]) to the ranking of the whole build, to the byte. The equity of a
//! class is `(wins + ties / 2) / rounds` and its standard error that of the mean of the pot
//! shares (0, ½ or 1 a round).
//!
//! The ranking shipped in `data/omaha_ranking.csv` is compiled in ([`Plo4Ranking::shipped`]).
//! Percentages are shares of the 270,725 hands, taken class by class from the top by the
//! midpoint rule of [`engine::class_ranking`]: a class belongs to `a%-b%` when the middle of
//! its combos, counted from the top, lies in `[a %, b %)`.

use std::sync::OnceLock;

use engine::class_ranking::{BadRanking, midpoint_within};

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

/// One class of the ranking, with its place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Plo4Entry {
    /// 1 for the strongest class.
    pub rank: usize,
    /// The class ([`crate::plo4_classes`]).
    pub class: usize,
    /// Its combos.
    pub combos: u32,
    /// The combos of this class and of every class above it.
    pub cumulative_combos: u32,
    /// Its counts.
    pub counts: ClassCounts,
}

/// The four-card classes, strongest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Plo4Ranking {
    entries: Vec<Plo4Entry>,
    /// Each class's place in `entries`.
    places: Vec<u32>,
}

impl Plo4Ranking {
    /// The ranking of the classes by the equity of `counts` (one per class, in class order),
    /// strongest first; equal equities in class order.
    ///
    /// # Errors
    /// [`BadRanking`] when `counts` does not hold one entry per class or a win count passes
    /// its rounds.
    pub fn from_counts(counts: &[ClassCounts]) -> Result<Self, BadRanking> {
        if counts.len() != class_count() {
            return Err(BadRanking(format!(
                "{} classes given, Omaha has {}",
                counts.len(),
                class_count()
            )));
        }
        if let Some(class) = counts.iter().position(|c| c.wins + c.ties > c.rounds) {
            return Err(BadRanking(format!(
                "{} has more wins and ties than rounds",
                name(class)
            )));
        }
        let mut order: Vec<usize> = (0..counts.len()).collect();
        order.sort_by(|&a, &b| counts[b].equity().total_cmp(&counts[a].equity()));
        let mut cumulative = 0;
        let mut places = vec![0u32; counts.len()];
        let entries = order
            .into_iter()
            .enumerate()
            .map(|(i, class)| {
                places[class] = i as u32;
                cumulative += combos(class);
                Plo4Entry {
                    rank: i + 1,
                    class,
                    combos: combos(class),
                    cumulative_combos: cumulative,
                    counts: counts[class],
                }
            })
            .collect();
        Ok(Self { entries, places })
    }

    /// Reads a ranking file ([`CSV_HEADER`], then one class a line, strongest first): the class
    /// and its counts are read, the rank is checked, the other columns follow from them.
    ///
    /// # Errors
    /// [`BadRanking`] naming the line, a class given twice or missing, or classes out of order.
    pub fn from_csv(text: &str) -> Result<Self, BadRanking> {
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(CSV_HEADER) {
            return Err(BadRanking(format!("the header is not '{CSV_HEADER}'")));
        }
        let mut counts = vec![None; class_count()];
        let mut listed = Vec::with_capacity(class_count());
        for line in lines.filter(|l| !l.trim().is_empty()) {
            let bad = || BadRanking(format!("line '{line}'"));
            let fields: Vec<&str> = line.trim().split(',').collect();
            let [rank, class, _, _, _, _, _, rounds, wins, ties] = fields[..] else {
                return Err(bad());
            };
            let class = parse_class(class).ok_or_else(bad)?;
            let number = |t: &str| t.parse::<u64>().map_err(|_| bad());
            if number(rank)? != listed.len() as u64 + 1 {
                return Err(bad());
            }
            if counts[class].is_some() {
                return Err(BadRanking(format!("{} given twice", name(class))));
            }
            counts[class] = Some(ClassCounts {
                rounds: number(rounds)?,
                wins: number(wins)?,
                ties: number(ties)?,
            });
            listed.push(class);
        }
        let counts: Option<Vec<ClassCounts>> = counts.into_iter().collect();
        let Some(counts) = counts else {
            return Err(BadRanking(format!(
                "{} of the {} classes listed",
                listed.len(),
                class_count()
            )));
        };
        let ranking = Self::from_counts(&counts)?;
        if ranking
            .entries
            .iter()
            .zip(&listed)
            .any(|(e, &c)| e.class != c)
        {
            return Err(BadRanking("the classes are not in equity order".into()));
        }
        Ok(ranking)
    }

    /// The rankings `parts` added up class by class: the ranking of their chunks together.
    ///
    /// # Errors
    /// [`BadRanking`] when `parts` is empty.
    pub fn merge(parts: &[Plo4Ranking]) -> Result<Self, BadRanking> {
        if parts.is_empty() {
            return Err(BadRanking("nothing to merge".into()));
        }
        let mut total = vec![ClassCounts::default(); class_count()];
        for part in parts {
            for e in &part.entries {
                total[e.class] = total[e.class] + e.counts;
            }
        }
        Self::from_counts(&total)
    }

    /// The ranking shipped in `data/omaha_ranking.csv`, read on first use.
    pub fn shipped() -> &'static Self {
        static RANKING: OnceLock<Plo4Ranking> = OnceLock::new();
        RANKING.get_or_init(|| {
            // The shipped file is checked by the tests, so a failure is a build mistake.
            Plo4Ranking::from_csv(SHIPPED_CSV).unwrap_or_else(|e| panic!("shipped ranking: {e}"))
        })
    }

    /// The classes, strongest first.
    pub fn entries(&self) -> &[Plo4Entry] {
        &self.entries
    }

    /// The entry of `class`.
    pub fn find(&self, class: usize) -> Option<&Plo4Entry> {
        self.entries.get(*self.places.get(class)? as usize)
    }

    /// The combos of every class: 270,725.
    pub fn total_combos(&self) -> u32 {
        self.entries.last().map_or(0, |e| e.cumulative_combos)
    }

    /// The share of all hands, in percent, held by `entry` and the classes above it.
    pub fn percentile(&self, entry: &Plo4Entry) -> f64 {
        100.0 * f64::from(entry.cumulative_combos) / f64::from(self.total_combos().max(1))
    }

    /// The classes of the span from `from` to `to` percent of the hands, by the midpoint rule,
    /// strongest first.
    pub fn span(&self, from: f64, to: f64) -> impl Iterator<Item = &Plo4Entry> {
        let total = self.total_combos();
        self.entries
            .iter()
            .filter(move |e| midpoint_within(e.cumulative_combos, e.combos, total, from, to))
    }

    /// Whether each class is in the span from `from` to `to` percent, by class.
    pub fn span_mask(&self, from: f64, to: f64) -> Vec<bool> {
        let mut inside = vec![false; self.places.len()];
        for e in self.span(from, to) {
            inside[e.class] = true;
        }
        inside
    }
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
        let a = Plo4Ranking::from_counts(&counts(|c| (c * 7 % 991) as u64)).unwrap();
        let b = Plo4Ranking::from_counts(&counts(|c| (c * 13 % 997) as u64)).unwrap();
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
        assert!(Plo4Ranking::from_csv("rank,class\n").is_err());
        let line = |rest: &str| format!("{CSV_HEADER}\n{rest}\n");
        let err = Plo4Ranking::from_csv(&line("1,AsAhKsKh,6,0.5,6,0.1,0,10,5,0")).unwrap_err();
        assert!(err.to_string().contains("1 of the 16432"), "{err}");
        for bad in [
            "1,AsAhKsKh,6,0.5,6,0.1,0,10,5",
            "2,AsAhKsKh,6,0.5,6,0.1,0,10,5,0",
            "1,AsAs2c3c,6,0.5,6,0.1,0,10,5,0",
            "1,AsAhKsKh,6,0.5,6,0.1,0,10,x,0",
        ] {
            assert!(
                Plo4Ranking::from_csv(&line(bad))
                    .unwrap_err()
                    .to_string()
                    .contains("line"),
                "{bad}"
            );
        }
        assert!(Plo4Ranking::from_counts(&counts(|_| 999)).is_err());
        assert!(Plo4Ranking::from_counts(&[]).is_err());
    }

    #[test]
    fn the_shipped_ranking_covers_every_class_with_rounds() {
        let shipped = Plo4Ranking::shipped();
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
