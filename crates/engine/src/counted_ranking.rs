//! Rankings of starting-hand classes by Monte Carlo counts against one random hand, shared by
//! the families whose classes are too many to count exactly (four-card Omaha's 16,432, the
//! stud games' 1,755 third-street starts).
//!
//! A ranking keeps each class's integer counts (a [`ClassTally`]), so rankings made of
//! different chunks of one build ([`crate::class_build`], `--shard`) add up
//! ([`CountedRanking::merge`]) to the ranking of the whole build, to the byte. Its file is
//! [`crate::class_ranking::CSV_HEADER`]'s columns, then the tally's counts
//! ([`csv_header`]); the counts are read back and the other columns follow from them.
//!
//! Percentages are shares of all the hands, taken class by class from the top by the midpoint
//! rule of [`crate::class_ranking`]: a class belongs to `a%-b%` when the middle of its combos,
//! counted from the top, lies in `[a %, b %)`.

use std::fmt::Debug;
use std::ops::Add;

use crate::class_ranking::{BadRanking, CSV_HEADER, midpoint_within};

/// One class's integer counts against a random hand.
pub trait ClassTally: Copy + Default + PartialEq + Debug + Add<Output = Self> + 'static {
    /// The names of the count columns, in file order, after the shared columns.
    const COLUMNS: &'static [&'static str];

    /// The counts, in [`ClassTally::COLUMNS`] order.
    fn values(&self) -> Vec<u64>;

    /// The counts read back from `values` ([`ClassTally::COLUMNS`] order); `None` for the
    /// wrong number of values.
    fn from_values(values: &[u64]) -> Option<Self>;

    /// Whether the counts can come from a run (no more wins than rounds, …).
    fn is_consistent(&self) -> bool;

    /// Rounds played.
    fn rounds(&self) -> u64;

    /// The class's mean pot share.
    fn equity(&self) -> f64;

    /// The standard error of [`ClassTally::equity`].
    fn std_error(&self) -> f64;
}

/// The header of a ranking file with the counts of `T`.
pub fn csv_header<T: ClassTally>() -> String {
    let mut header = CSV_HEADER.to_string();
    for name in T::COLUMNS {
        header.push(',');
        header.push_str(name);
    }
    header
}

/// A set of classes ranked: how many, their combos, their names and how hands are read.
#[derive(Debug)]
pub struct ClassSet {
    /// The game's name, for messages.
    pub game: &'static str,
    /// The number of classes.
    pub count: fn() -> usize,
    /// The combos of a class.
    pub combos: fn(usize) -> u32,
    /// The canonical name of a class.
    pub name: fn(usize) -> String,
    /// The class of a hand's text; `None` for text that is not one hand of the game.
    pub parse: fn(&str) -> Option<usize>,
}

/// One class of a ranking, with its place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CountedEntry<T> {
    /// 1 for the strongest class.
    pub rank: usize,
    /// The class (its index in its [`ClassSet`]).
    pub class: usize,
    /// Its combos.
    pub combos: u32,
    /// The combos of this class and of every class above it.
    pub cumulative_combos: u32,
    /// Its counts.
    pub counts: T,
}

/// The classes of a [`ClassSet`], strongest first.
#[derive(Debug, Clone)]
pub struct CountedRanking<T: 'static> {
    set: &'static ClassSet,
    entries: Vec<CountedEntry<T>>,
    /// Each class's place in `entries`.
    places: Vec<u32>,
}

impl<T: PartialEq> PartialEq for CountedRanking<T> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.set, other.set)
            && self.entries == other.entries
            && self.places == other.places
    }
}

impl<T: ClassTally> CountedRanking<T> {
    /// The ranking of `set`'s classes by the equity of `counts` (one per class, in class
    /// order), strongest first; equal equities in class order.
    ///
    /// # Errors
    /// [`BadRanking`] when `counts` does not hold one entry per class or a class's counts do
    /// not add up.
    pub fn from_counts(set: &'static ClassSet, counts: &[T]) -> Result<Self, BadRanking> {
        let classes = (set.count)();
        if counts.len() != classes {
            return Err(BadRanking(format!(
                "{} classes given, {} has {classes}",
                counts.len(),
                set.game
            )));
        }
        if let Some(class) = counts.iter().position(|c| !c.is_consistent()) {
            return Err(BadRanking(format!(
                "{}'s counts do not add up",
                (set.name)(class)
            )));
        }
        let mut order: Vec<usize> = (0..classes).collect();
        order.sort_by(|&a, &b| counts[b].equity().total_cmp(&counts[a].equity()));
        let mut cumulative = 0;
        let mut places = vec![0u32; classes];
        let entries = order
            .into_iter()
            .enumerate()
            .map(|(i, class)| {
                places[class] = i as u32;
                let combos = (set.combos)(class);
                cumulative += combos;
                CountedEntry {
                    rank: i + 1,
                    class,
                    combos,
                    cumulative_combos: cumulative,
                    counts: counts[class],
                }
            })
            .collect();
        Ok(Self {
            set,
            entries,
            places,
        })
    }

    /// Reads a ranking file of `set` ([`csv_header`], then one class a line, strongest first):
    /// the class and its counts are read, the rank is checked, the other columns follow.
    ///
    /// # Errors
    /// [`BadRanking`] naming the line, a class given twice or missing, or classes out of order.
    pub fn from_csv(set: &'static ClassSet, text: &str) -> Result<Self, BadRanking> {
        let header = csv_header::<T>();
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(header.as_str()) {
            return Err(BadRanking(format!("the header is not '{header}'")));
        }
        let classes = (set.count)();
        let shared = CSV_HEADER.split(',').count();
        let mut counts = vec![None; classes];
        let mut listed = Vec::with_capacity(classes);
        for line in lines.filter(|l| !l.trim().is_empty()) {
            let bad = || BadRanking(format!("line '{line}'"));
            let fields: Vec<&str> = line.trim().split(',').collect();
            if fields.len() != shared + T::COLUMNS.len() {
                return Err(bad());
            }
            let class = (set.parse)(fields[1]).ok_or_else(bad)?;
            let number = |t: &str| t.parse::<u64>().map_err(|_| bad());
            if number(fields[0])? != listed.len() as u64 + 1 {
                return Err(bad());
            }
            if counts[class].is_some() {
                return Err(BadRanking(format!("{} given twice", (set.name)(class))));
            }
            let values = fields[shared..]
                .iter()
                .map(|t| number(t))
                .collect::<Result<Vec<u64>, _>>()?;
            counts[class] = Some(T::from_values(&values).ok_or_else(bad)?);
            listed.push(class);
        }
        let counts: Option<Vec<T>> = counts.into_iter().collect();
        let Some(counts) = counts else {
            return Err(BadRanking(format!(
                "{} of the {classes} classes listed",
                listed.len()
            )));
        };
        let ranking = Self::from_counts(set, &counts)?;
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
    /// [`BadRanking`] when `parts` is empty or its rankings are of different class sets.
    pub fn merge(parts: &[Self]) -> Result<Self, BadRanking> {
        let Some(first) = parts.first() else {
            return Err(BadRanking("nothing to merge".into()));
        };
        let set = first.set;
        if parts.iter().any(|p| !std::ptr::eq(p.set, set)) {
            return Err(BadRanking("the rankings are of different games".into()));
        }
        let mut total = vec![T::default(); (set.count)()];
        for part in parts {
            for e in &part.entries {
                total[e.class] = total[e.class] + e.counts;
            }
        }
        Self::from_counts(set, &total)
    }

    /// The set of classes ranked.
    pub fn set(&self) -> &'static ClassSet {
        self.set
    }

    /// The classes, strongest first.
    pub fn entries(&self) -> &[CountedEntry<T>] {
        &self.entries
    }

    /// The entry of `class`.
    pub fn find(&self, class: usize) -> Option<&CountedEntry<T>> {
        self.entries.get(*self.places.get(class)? as usize)
    }

    /// The combos of every class.
    pub fn total_combos(&self) -> u32 {
        self.entries.last().map_or(0, |e| e.cumulative_combos)
    }

    /// The share of all hands, in percent, held by `entry` and the classes above it.
    pub fn percentile(&self, entry: &CountedEntry<T>) -> f64 {
        100.0 * f64::from(entry.cumulative_combos) / f64::from(self.total_combos().max(1))
    }

    /// The classes of the span from `from` to `to` percent of the hands, by the midpoint rule,
    /// strongest first.
    pub fn span(&self, from: f64, to: f64) -> impl Iterator<Item = &CountedEntry<T>> {
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

    /// Wins out of rounds, for the tests.
    #[derive(Debug, Clone, Copy, Default, PartialEq)]
    struct Wins(u64, u64);

    impl Add for Wins {
        type Output = Wins;
        fn add(self, o: Wins) -> Wins {
            Wins(self.0 + o.0, self.1 + o.1)
        }
    }

    impl ClassTally for Wins {
        const COLUMNS: &'static [&'static str] = &["rounds", "wins"];
        fn values(&self) -> Vec<u64> {
            vec![self.0, self.1]
        }
        fn from_values(v: &[u64]) -> Option<Self> {
            match v {
                [r, w] => Some(Wins(*r, *w)),
                _ => None,
            }
        }
        fn is_consistent(&self) -> bool {
            self.1 <= self.0
        }
        fn rounds(&self) -> u64 {
            self.0
        }
        fn equity(&self) -> f64 {
            self.1 as f64 / self.0.max(1) as f64
        }
        fn std_error(&self) -> f64 {
            0.0
        }
    }

    static SET: ClassSet = ClassSet {
        game: "tens",
        count: || 10,
        combos: |c| c as u32 + 1,
        name: |c| format!("c{c}"),
        parse: |t| {
            t.strip_prefix('c')?
                .parse()
                .ok()
                .filter(|&c: &usize| c < 10)
        },
    };

    fn ranking(wins: impl Fn(usize) -> u64) -> CountedRanking<Wins> {
        let counts: Vec<Wins> = (0..10).map(|c| Wins(100, wins(c))).collect();
        CountedRanking::from_counts(&SET, &counts).unwrap()
    }

    #[test]
    fn rankings_sort_merge_split_and_read_back() {
        let a = ranking(|c| (c * 7 % 11) as u64);
        let b = ranking(|c| (c * 3 % 13) as u64);
        assert_eq!(a.total_combos(), 55);
        assert!(
            a.entries()
                .windows(2)
                .all(|w| w[0].counts.equity() >= w[1].counts.equity())
        );
        let both = CountedRanking::merge(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(both, CountedRanking::merge(&[b, a.clone()]).unwrap());
        assert_eq!(both.find(3).unwrap().counts.0, 200);
        let size = |from: f64, to: f64| -> u32 { a.span(from, to).map(|e| e.combos).sum() };
        assert_eq!(size(0.0, 100.0), 55);
        assert_eq!(size(0.0, 30.0) + size(30.0, 60.0), size(0.0, 60.0));
        assert_eq!(
            a.span_mask(0.0, 30.0).iter().filter(|&&m| m).count(),
            a.span(0.0, 30.0).count()
        );
        let mut text = csv_header::<Wins>();
        for e in a.entries() {
            text.push_str(&format!(
                "\n{},{},x,x,x,x,x,100,{}",
                e.rank,
                (SET.name)(e.class),
                e.counts.1
            ));
        }
        assert_eq!(CountedRanking::<Wins>::from_csv(&SET, &text).unwrap(), a);
    }

    #[test]
    fn bad_files_and_counts_are_refused() {
        let header = csv_header::<Wins>();
        assert_eq!(header, format!("{CSV_HEADER},rounds,wins"));
        let read =
            |rest: &str| CountedRanking::<Wins>::from_csv(&SET, &format!("{header}\n{rest}\n"));
        assert!(
            read("1,c0,1,0,1,1,0,10,5")
                .unwrap_err()
                .0
                .contains("1 of the 10")
        );
        for bad in [
            "1,c0,1,0,1,1,0,10",
            "2,c0,1,0,1,1,0,10,5",
            "1,c99,1,0,1,1,0,10,5",
            "1,c0,1,0,1,1,0,10,x",
        ] {
            assert!(read(bad).unwrap_err().0.contains("line"), "{bad}");
        }
        assert!(CountedRanking::<Wins>::from_csv(&SET, "rank\n").is_err());
        assert!(CountedRanking::from_counts(&SET, &[Wins(1, 2); 10]).is_err());
        assert!(CountedRanking::<Wins>::from_counts(&SET, &[]).is_err());
        assert!(CountedRanking::<Wins>::merge(&[]).is_err());
    }
}
