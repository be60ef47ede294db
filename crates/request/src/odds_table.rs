//! The category tables of every game, defined once: `sim odds`' Monte Carlo table (one line per
//! category, or per stud chart row, beside the exact probability when it is known) and
//! `sim exact`'s counts. `sim` writes them as CSV or JSON, Python as numpy columns.

use engine::CategoryCounts;
use engine::estimate::{CategoryEstimate, Estimate};
use eval::Category;

use crate::stud_odds::{RowEstimate, Table};
use crate::table::{Cell, Column, Kind};

/// One line of an odds table: a row's Monte Carlo estimate, and whether its exact columns are
/// known (an Omaha hand with unknown hole cards has none).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OddsLine {
    /// The row's estimate, named by its category or chart row.
    pub estimate: Estimate<&'static str>,
    /// Whether the exact probability (and so the z-score) is known.
    pub exact_known: bool,
}

impl OddsLine {
    /// The exact column `value` of the line, none where the exact counts are unknown.
    fn exact(&self, value: fn(&Estimate<&'static str>) -> f64) -> Cell {
        Cell::float_or_none(self.exact_known.then(|| value(&self.estimate)))
    }
}

/// The lines of a board game's (hold'em, short deck, Omaha) estimates, with their exact columns
/// when `exact_known`.
pub fn lines(estimates: &[CategoryEstimate], exact_known: bool) -> Vec<OddsLine> {
    estimates
        .iter()
        .map(|e| OddsLine {
            estimate: Estimate {
                category: e.category.name(),
                count: e.count,
                probability: e.probability,
                std_error: e.std_error,
                ci95_low: e.ci95_low,
                ci95_high: e.ci95_high,
                exact_probability: e.exact_probability,
                z_score: e.z_score,
            },
            exact_known,
        })
        .collect()
}

/// The lines of a stud game's estimates ([`crate::stud_odds::estimates`]): the exact
/// probability is always known.
pub fn stud_lines(estimates: &[RowEstimate]) -> Vec<OddsLine> {
    estimates
        .iter()
        .map(|&estimate| OddsLine {
            estimate,
            exact_known: true,
        })
        .collect()
}

/// The columns of an odds table.
pub const COLUMNS: [Column<OddsLine>; 8] = [
    Column {
        name: "category",
        kind: Kind::Text,
        doc: "The category (stud: the chart's row, such as 7_low or no_low), weakest first.",
        value: |l| Cell::Text(l.estimate.category.to_string()),
    },
    Column {
        name: "count",
        kind: Kind::Count,
        doc: "Hands dealt in the row.",
        value: |l| Cell::Int(u128::from(l.estimate.count)),
    },
    Column {
        name: "probability",
        kind: Kind::Share,
        doc: "count / rounds.",
        value: |l| Cell::Float(l.estimate.probability),
    },
    Column {
        name: "std_error",
        kind: Kind::Share,
        doc: "The probability's standard error, sqrt(p (1 - p) / rounds).",
        value: |l| Cell::Float(l.estimate.std_error),
    },
    Column {
        name: "ci95_low",
        kind: Kind::Share,
        doc: "The low end of the 95 % Wilson score interval.",
        value: |l| Cell::Float(l.estimate.ci95_low),
    },
    Column {
        name: "ci95_high",
        kind: Kind::Share,
        doc: "The high end of the 95 % Wilson score interval.",
        value: |l| Cell::Float(l.estimate.ci95_high),
    },
    Column {
        name: "exact_probability",
        kind: Kind::ShareOrNone,
        doc: "The exact probability for these cards; none where it is not known.",
        value: |l| l.exact(|e| e.exact_probability),
    },
    Column {
        name: "z_score",
        kind: Kind::ScoreOrNone,
        doc: "(p - exact) / sqrt(exact (1 - exact) / rounds); none without the exact value.",
        value: |l| l.exact(|e| e.z_score),
    },
];

/// One line of an exact table: a row's count of completions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactLine {
    /// The category or chart row.
    pub category: &'static str,
    /// Completions in the row.
    pub count: u64,
    /// `count / total`.
    pub probability: f64,
}

/// The lines of a board game's exact counts, one per category in order.
pub fn exact_lines(counts: &CategoryCounts) -> Vec<ExactLine> {
    Category::ALL
        .into_iter()
        .map(|category| ExactLine {
            category: category.name(),
            count: counts.get(category),
            probability: counts.probability(category),
        })
        .collect()
}

/// The lines of a stud game's exact table, one per chart row.
pub fn stud_exact_lines(table: &Table) -> Vec<ExactLine> {
    table
        .rows()
        .into_iter()
        .map(|(category, count, probability)| ExactLine {
            category,
            count,
            probability,
        })
        .collect()
}

/// The columns of an exact table.
pub const EXACT_COLUMNS: [Column<ExactLine>; 3] = [
    Column {
        name: "category",
        kind: Kind::Text,
        doc: "The category (stud: the chart's row), weakest first.",
        value: |l| Cell::Text(l.category.to_string()),
    },
    Column {
        name: "count",
        kind: Kind::Count,
        doc: "Completions in the row.",
        value: |l| Cell::Int(u128::from(l.count)),
    },
    Column {
        name: "probability",
        kind: Kind::Share,
        doc: "count / total.",
        value: |l| Cell::Float(l.probability),
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::cells;

    #[test]
    fn unknown_exact_columns_are_none() {
        let mut slots = [0; 16];
        slots[Category::Pair.index()] = 3;
        slots[Category::HighCard.index()] = 1;
        let counts = CategoryCounts::from_slots(&slots);
        let estimates = engine::estimate::estimates(&counts, &counts);
        let unknown = lines(&estimates, false);
        let cells: Vec<_> = cells(&COLUMNS, &unknown[1]).collect();
        assert_eq!(cells[0], ("category", Cell::Text("pair".into())));
        assert_eq!(cells[1], ("count", Cell::Int(3)));
        assert_eq!(cells[6], ("exact_probability", Cell::None));
        let known = lines(&estimates, true);
        assert_eq!((COLUMNS[6].value)(&known[1]), Cell::Float(0.75));
    }

    #[test]
    fn exact_lines_follow_the_categories() {
        let mut slots = [0; 16];
        slots[Category::Flush.index()] = 1;
        let counts = CategoryCounts::from_slots(&slots);
        let lines = exact_lines(&counts);
        assert_eq!(lines.len(), Category::COUNT);
        let flush = lines.iter().find(|l| l.category == "flush").unwrap();
        assert_eq!((flush.count, flush.probability), (1, 1.0));
    }
}
