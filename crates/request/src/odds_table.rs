//! The category tables of every game, defined once: `sim odds`' Monte Carlo table (one line per
//! category, or per stud chart row, beside the exact probability when it is known) and
//! `sim exact`'s counts. `sim` writes them as CSV or JSON, Python as numpy columns.

use engine::CategoryCounts;
use engine::estimate::Estimate;

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

/// The lines of a table whose rows are `rows` (the counts' first slots), sampled `counts`
/// beside the `exact` counts when they are known.
pub fn lines(
    rows: &[&'static str],
    counts: &CategoryCounts,
    exact: Option<&CategoryCounts>,
) -> Vec<OddsLine> {
    let (n, reference) = (counts.total(), exact.unwrap_or(counts));
    let exact_total = reference.total();
    rows.iter()
        .enumerate()
        .map(|(i, &row)| OddsLine {
            estimate: Estimate::of(row, counts.0[i], n, reference.0[i], exact_total),
            exact_known: exact.is_some(),
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

/// The lines of an exact table whose rows are `rows` (the counts' first slots).
pub fn exact_lines(rows: &[&'static str], counts: &CategoryCounts) -> Vec<ExactLine> {
    let total = counts.total() as f64;
    rows.iter()
        .enumerate()
        .map(|(i, &category)| ExactLine {
            category,
            count: counts.0[i],
            probability: counts.0[i] as f64 / total,
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
    use eval::Category;

    fn counts(pairs: &[(Category, u64)]) -> CategoryCounts {
        let mut slots = [0; 16];
        for &(category, n) in pairs {
            slots[category.index()] = n;
        }
        CategoryCounts::from_slots(&slots)
    }

    #[test]
    fn unknown_exact_columns_are_none() {
        let sampled = counts(&[(Category::Pair, 3), (Category::HighCard, 1)]);
        let rows = Category::ALL.map(Category::name);
        let unknown = lines(&rows, &sampled, None);
        let cells: Vec<_> = cells(&COLUMNS, &unknown[1]).collect();
        assert_eq!(cells[0], ("category", Cell::Text("pair".into())));
        assert_eq!(cells[1], ("count", Cell::Int(3)));
        assert_eq!(cells[6], ("exact_probability", Cell::None));
        let known = lines(&rows, &sampled, Some(&sampled));
        assert_eq!((COLUMNS[6].value)(&known[1]), Cell::Float(0.75));
        // The same numbers as the engine's estimates.
        let engine = engine::estimate::estimates(&sampled, &sampled);
        assert_eq!(known[1].estimate.z_score, engine[1].z_score);
        assert_eq!(known[1].estimate.ci95_low, engine[1].ci95_low);
    }

    #[test]
    fn exact_lines_follow_the_rows() {
        let flush = counts(&[(Category::Flush, 1)]);
        let rows = Category::ALL.map(Category::name);
        let lines = exact_lines(&rows, &flush);
        assert_eq!(lines.len(), Category::COUNT);
        let flush = lines.iter().find(|l| l.category == "flush").unwrap();
        assert_eq!((flush.count, flush.probability), (1, 1.0));
        assert_eq!(exact_lines(&rows[..2], &counts(&[])).len(), 2);
    }
}
