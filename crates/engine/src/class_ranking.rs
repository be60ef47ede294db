//! Rankings of the starting-hand classes of hold'em (169) and short deck (81), by exact equity
//! against one random hand, and of hold'em hi/lo's 169 by Monte Carlo pot share against one
//! random hand; and the percentage items of two-card ranges they define (`15%`, `5%-15%`).
//!
//! The rankings are shipped in `data/holdem_ranking.csv` and `data/shortdeck_ranking.csv`,
//! written by `sim rank --build`, and `data/holdem_hilo_ranking.csv`, written by
//! `data/holdem_hilo_ranking.py` from `sim equity` runs (the commands, and the commit that made
//! each file, are listed in the guide's data page), and compiled into the library:
//! [`ClassRanking::holdem`], [`ClassRanking::short_deck`] and [`ClassRanking::holdem_hilo`]
//! read them once, on first use.
//!
//! A percentage is a share of the game's combos (1,326 in hold'em, 630 in short deck), taken
//! class by class from the top of the ranking. The class that straddles a boundary is taken
//! whole or not at all, by the *midpoint rule*: a class belongs to the span `a%-b%` when the
//! middle of its combos, counted from the top, lies in `[a %, b %)` of all combos (`15%` is
//! `0%-15%`), that is when more than half of its combos fall inside (exactly half: the span
//! below it, the weaker hands, takes it). So `5%` and `5%-15%` split `15%` with nothing left
//! over and nothing counted twice.
//!
//! ```
//! use engine::class_ranking::ClassRanking;
//! use engine::two_card_range::Range;
//!
//! let holdem = ClassRanking::holdem();
//! assert_eq!(holdem.entries()[0].class.name(), "AA");
//! let top = Range::parse_ranked("15%", Some(holdem)).unwrap();
//! let low = Range::parse_ranked("5%", Some(holdem)).unwrap();
//! let mid = Range::parse_ranked("5%-15%", Some(holdem)).unwrap();
//! assert_eq!(low.combos.len() + mid.combos.len(), top.combos.len());
//! ```

use std::sync::OnceLock;

use crate::range_text::RangeError;
use crate::two_card_range::{Combo, HandClass, PercentRanking};

/// The hold'em ranking as shipped.
const HOLDEM_CSV: &str = include_str!("../../../data/holdem_ranking.csv");

/// The short-deck ranking as shipped.
const SHORT_DECK_CSV: &str = include_str!("../../../data/shortdeck_ranking.csv");

/// The hold'em hi/lo ranking as shipped.
const HOLDEM_HILO_CSV: &str = include_str!("../../../data/holdem_hilo_ranking.csv");

/// The header of a ranking file, as `sim rank` writes it.
pub const CSV_HEADER: &str = "rank,class,combos,equity,cumulative_combos,percentile,std_error";

/// What a percentage item may be, for messages.
pub const PERCENT_WANT: &str =
    "a share of the combos in (0, 100] such as 15%, or a span such as 5%-15%";

/// One class of a ranking, with its place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankedClass {
    /// 1 for the strongest class.
    pub rank: usize,
    /// The class.
    pub class: HandClass,
    /// Its combos (6 for a pair, 4 suited, 12 offsuit).
    pub combos: u32,
    /// Its equity against the ranking's random hands (one, for the default ranking).
    pub equity: f64,
    /// The combos of this class and of every class above it.
    pub cumulative_combos: u32,
    /// The equity's standard error: 0 for an exact ranking, that of the Monte Carlo cell
    /// otherwise.
    pub std_error: f64,
}

/// A ranking of a game's starting-hand classes, strongest first.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassRanking {
    /// The classes in order.
    entries: Vec<RankedClass>,
}

/// A ranking that cannot be made: a bad line of a ranking file, or classes repeated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRanking(pub String);

impl std::fmt::Display for BadRanking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad class ranking: {}", self.0)
    }
}

impl std::error::Error for BadRanking {}

impl ClassRanking {
    /// The ranking of `classes` by their `equity`, strongest first (equal equities keep the
    /// order given).
    ///
    /// # Errors
    /// [`BadRanking`] when a class is given twice or an equity is not in `[0, 1]`.
    pub fn new(classes: &[(HandClass, f64)]) -> Result<Self, BadRanking> {
        let exact: Vec<_> = classes.iter().map(|&(c, e)| (c, e, 0.0)).collect();
        Self::with_errors(&exact)
    }

    /// The ranking of `classes` by their equity, each given with its standard error
    /// (`(class, equity, std_error)`), strongest first (equal equities keep the order given).
    ///
    /// # Errors
    /// [`BadRanking`] when a class is given twice, an equity is not in `[0, 1]` or a standard
    /// error is negative or not finite.
    pub fn with_errors(classes: &[(HandClass, f64, f64)]) -> Result<Self, BadRanking> {
        let mut sorted = classes.to_vec();
        for (i, (class, equity, error)) in sorted.iter().enumerate() {
            if !(0.0..=1.0).contains(equity) {
                return Err(BadRanking(format!("{} has equity {equity}", class.name())));
            }
            if !(error.is_finite() && *error >= 0.0) {
                return Err(BadRanking(format!(
                    "{} has standard error {error}",
                    class.name()
                )));
            }
            if sorted[..i].iter().any(|(c, _, _)| c == class) {
                return Err(BadRanking(format!("{} given twice", class.name())));
            }
        }
        sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut cumulative = 0;
        let entries = sorted
            .into_iter()
            .enumerate()
            .map(|(i, (class, equity, std_error))| {
                let combos = class.combos().len() as u32;
                cumulative += combos;
                RankedClass {
                    rank: i + 1,
                    class,
                    combos,
                    equity,
                    cumulative_combos: cumulative,
                    std_error,
                }
            })
            .collect();
        Ok(Self { entries })
    }

    /// Reads a ranking file ([`CSV_HEADER`], then one class a line, strongest first). Only the
    /// class and equity columns are read; the others are checked against them.
    ///
    /// # Errors
    /// [`BadRanking`] naming the line.
    pub fn from_csv(text: &str) -> Result<Self, BadRanking> {
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(CSV_HEADER) {
            return Err(BadRanking(format!("the header is not '{CSV_HEADER}'")));
        }
        let mut classes = Vec::new();
        for line in lines.filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split(',').collect();
            let bad = || BadRanking(format!("line '{line}'"));
            let [rank, class, _, equity, _, _, std_error] = fields[..] else {
                return Err(bad());
            };
            let class = parse_class_name(class).ok_or_else(bad)?;
            let equity: f64 = equity.parse().map_err(|_| bad())?;
            let std_error: f64 = std_error.parse().map_err(|_| bad())?;
            if rank.parse::<usize>().ok() != Some(classes.len() + 1) {
                return Err(bad());
            }
            classes.push((class, equity, std_error));
        }
        let ranking = Self::with_errors(&classes)?;
        if ranking
            .entries
            .iter()
            .zip(&classes)
            .any(|(e, c)| e.class != c.0)
        {
            return Err(BadRanking("the classes are not in equity order".into()));
        }
        Ok(ranking)
    }

    /// The hold'em ranking (169 classes), as shipped in `data/holdem_ranking.csv`.
    pub fn holdem() -> &'static Self {
        static RANKING: OnceLock<ClassRanking> = OnceLock::new();
        RANKING.get_or_init(|| shipped(HOLDEM_CSV))
    }

    /// The short-deck ranking (81 classes), as shipped in `data/shortdeck_ranking.csv`: made
    /// under the default rules (a flush beats a full house, a straight beats three of a kind)
    /// and used under both rule sets.
    pub fn short_deck() -> &'static Self {
        static RANKING: OnceLock<ClassRanking> = OnceLock::new();
        RANKING.get_or_init(|| shipped(SHORT_DECK_CSV))
    }

    /// The hold'em hi/lo ranking (169 classes, by pot share against one random hand, eight or
    /// better for the low), as shipped in `data/holdem_hilo_ranking.csv`: Monte Carlo, each
    /// class with its standard error.
    pub fn holdem_hilo() -> &'static Self {
        static RANKING: OnceLock<ClassRanking> = OnceLock::new();
        RANKING.get_or_init(|| shipped(HOLDEM_HILO_CSV))
    }

    /// The ranking of `game`'s starting hands: hold'em's, short deck's and hold'em hi/lo's;
    /// `None` for every other game.
    pub fn of_game(game: crate::GameId) -> Option<&'static Self> {
        match game {
            crate::GameId::Holdem => Some(Self::holdem()),
            crate::GameId::ShortDeck => Some(Self::short_deck()),
            crate::GameId::HoldemHilo => Some(Self::holdem_hilo()),
            _ => None,
        }
    }

    /// Whether the ranking is made of exact equities (every standard error 0) rather than
    /// Monte Carlo estimates.
    pub fn is_exact(&self) -> bool {
        self.entries.iter().all(|e| e.std_error == 0.0)
    }

    /// The classes, strongest first.
    pub fn entries(&self) -> &[RankedClass] {
        &self.entries
    }

    /// The combos of every class (1,326 in hold'em, 630 in short deck).
    pub fn total_combos(&self) -> u32 {
        self.entries.last().map_or(0, |e| e.cumulative_combos)
    }

    /// The entry of `class`, if the ranking has it.
    pub fn find(&self, class: HandClass) -> Option<&RankedClass> {
        self.entries.iter().find(|e| e.class == class)
    }

    /// The share of all combos, in percent, held by `entry` and the classes above it: AA is
    /// the top 0.45 % of hold'em's combos.
    pub fn percentile(&self, entry: &RankedClass) -> f64 {
        100.0 * f64::from(entry.cumulative_combos) / f64::from(self.total_combos().max(1))
    }

    /// The classes of the span from `from` to `to` percent of the combos, by the midpoint rule
    /// (the module's documentation), strongest first.
    pub fn span(&self, from: f64, to: f64) -> impl Iterator<Item = &RankedClass> {
        let total = self.total_combos();
        self.entries
            .iter()
            .filter(move |e| midpoint_within(e.cumulative_combos, e.combos, total, from, to))
    }
}

impl PercentRanking for ClassRanking {
    fn percent_combos(&self, item: &str, range: &str) -> Result<Vec<Combo>, RangeError> {
        let (from, to) = percent_span_in(item, range)?;
        let mut combos = Vec::with_capacity(self.total_combos() as usize);
        for entry in self.span(from, to) {
            combos.extend(entry.class.combos());
        }
        if combos.is_empty() {
            return Err(RangeError::PercentSelectsNothing {
                item: item.to_string(),
                range: range.to_string(),
            });
        }
        Ok(combos)
    }
}

/// The midpoint rule (the module's documentation): whether a class of `combos` combos, the
/// last of the first `cumulative` combos of a ranking of `total`, belongs to the span from
/// `from` to `to` percent. Every game's ranking uses it.
pub fn midpoint_within(cumulative: u32, combos: u32, total: u32, from: f64, to: f64) -> bool {
    let middle = f64::from(2 * cumulative - combos) / 2.0;
    let percent = 100.0 * middle / f64::from(total.max(1));
    from <= percent && percent < to
}

/// A shipped ranking; the files are checked by the tests, so a failure is a build mistake.
fn shipped(csv: &str) -> ClassRanking {
    ClassRanking::from_csv(csv).unwrap_or_else(|e| panic!("shipped ranking: {e}"))
}

/// A class's name (`AA`, `AKs`, `AKo`) as the rankings write it.
pub(crate) fn parse_class_name(name: &str) -> Option<HandClass> {
    HandClass::all().into_iter().find(|c| c.name() == name)
}

/// Reads `15%` as `(0, 15)` and `5%-15%` as `(5, 15)`: percentages of the combos, the upper
/// in (0, 100], the lower in [0, upper). `None` for anything else.
pub fn parse_percent_span(item: &str) -> Option<(f64, f64)> {
    let number = |text: &str| -> Option<f64> {
        let digits = text.trim().strip_suffix('%')?.trim();
        // Plain decimal numbers only: no signs, exponents, `inf` or `NaN`.
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit() || c == '.') {
            return None;
        }
        digits.parse().ok()
    };
    let (from, to) = match item.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (0.0, number(item)?),
    };
    (to > 0.0 && to <= 100.0 && from < to).then_some((from, to))
}

/// [`parse_percent_span`] of `item`, an item of the range `range`, or the range's refusal of
/// it ([`RangeError::BadItem`], wanting [`PERCENT_WANT`]): one wording for every game's
/// percentages.
///
/// # Errors
/// [`RangeError::BadItem`] when `item` is not a percentage or span of percentages.
pub fn percent_span_in(item: &str, range: &str) -> Result<(f64, f64), RangeError> {
    parse_percent_span(item).ok_or_else(|| RangeError::BadItem {
        item: item.to_string(),
        range: range.to_string(),
        want: PERCENT_WANT.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::two_card_range::Range;

    #[test]
    fn the_shipped_rankings_cover_every_class_once() {
        let holdem = ClassRanking::holdem();
        assert_eq!(holdem.entries().len(), 169);
        assert_eq!(holdem.total_combos(), 1326);
        let short = ClassRanking::short_deck();
        assert_eq!(short.entries().len(), 81);
        assert_eq!(short.total_combos(), 630);
        for ranking in [holdem, short] {
            assert_eq!(ranking.entries()[0].class.name(), "AA");
            assert!(
                ranking
                    .entries()
                    .windows(2)
                    .all(|w| w[0].equity >= w[1].equity)
            );
        }
        assert!((holdem.percentile(&holdem.entries()[0]) - 600.0 / 1326.0).abs() < 1e-12);
        assert_eq!(holdem.entries()[168].class.name(), "32o");
    }

    #[test]
    fn percentages_read_as_spans() {
        assert_eq!(parse_percent_span("15%"), Some((0.0, 15.0)));
        assert_eq!(parse_percent_span("5%-15%"), Some((5.0, 15.0)));
        assert_eq!(parse_percent_span("0%-2.5%"), Some((0.0, 2.5)));
        assert_eq!(parse_percent_span("100%"), Some((0.0, 100.0)));
        for bad in [
            "0%", "101%", "5%-3%", "5%-5%", "15", "-5%", "1e1%", "x%", "%", "5-15%",
        ] {
            assert_eq!(parse_percent_span(bad), None, "{bad}");
        }
    }

    #[test]
    fn spans_split_by_the_midpoint_rule() {
        let holdem = ClassRanking::holdem();
        let size = |text: &str| {
            Range::parse_ranked(text, Some(holdem))
                .unwrap()
                .combos
                .len()
        };
        assert_eq!(size("100%"), 1326);
        assert_eq!(size("0%-100%"), 1326);
        for (a, b) in [(5, 15), (1, 40), (33, 34)] {
            let (low, mid) = (size(&format!("{a}%")), size(&format!("{a}%-{b}%")));
            assert_eq!(low + mid, size(&format!("{b}%")), "{a} {b}");
        }
        // Each class is in when more than half of it lies inside: the top 15 % is within half
        // a class of 198.9 combos.
        let top = size("15%");
        assert!((top as f64 - 198.9).abs() <= 6.0, "{top}");
        // AA holds 0.45 % of the combos: 0.2 % ends before its middle.
        let err = Range::parse_ranked("0.2%", Some(holdem)).unwrap_err();
        assert!(err.to_string().contains("'0.2%'"), "{err}");
    }

    #[test]
    fn ranking_files_are_checked() {
        assert!(ClassRanking::from_csv("rank,class\n").is_err());
        let line = |rest: &str| format!("{CSV_HEADER}\n{rest}\n");
        assert!(ClassRanking::from_csv(&line("1,AA,6,0.85,6,0.45,0")).is_ok());
        assert!(ClassRanking::from_csv(&line("1,AA,6,0.85,6,0.45")).is_err());
        assert!(ClassRanking::from_csv(&line("1,AA,6,0.85,6,0.45,-1")).is_err());
        assert!(ClassRanking::from_csv(&line("2,AA,6,0.85,6,0.45,0")).is_err());
        assert!(ClassRanking::from_csv(&line("1,AX,6,0.85,6,0.45,0")).is_err());
        assert!(
            ClassRanking::from_csv(&line("1,AA,6,0.85,6,0.45,0\n2,AA,6,0.8,12,0.9,0")).is_err()
        );
        assert!(
            ClassRanking::from_csv(&line("1,KK,6,0.8,6,0.45,0\n2,AA,6,0.85,12,0.9,0")).is_err()
        );
    }
}
