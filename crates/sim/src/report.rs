//! Turning counts into table rows (floats appear only here) and rows into CSV or JSON.

use eval::Category;
use serde::Serialize;

use crate::cli::Format;
use crate::counts::CategoryCounts;

/// The 97.5th percentile of the standard normal distribution, for 95 % intervals.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A probability or share written with 15 decimals, so every table is stable and diffs well.
pub fn fixed(x: f64) -> String {
    format!("{x:.15}")
}

/// One row of a Monte Carlo odds table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsRow {
    /// Stable category name.
    pub category: &'static str,
    /// Hands in this category.
    pub count: u64,
    /// `count / rounds`.
    pub probability: f64,
    /// `sqrt(p (1 - p) / n)`.
    pub std_error: f64,
    /// Lower end of the 95 % Wilson score interval.
    pub ci95_low: f64,
    /// Upper end of the 95 % Wilson score interval.
    pub ci95_high: f64,
    /// The exact probability for these cards.
    pub exact_probability: f64,
    /// `(p - exact) / sqrt(exact (1 - exact) / n)`; 0 when both are 0 or both 1.
    pub z_score: f64,
}

/// The Wilson score interval for `successes` out of `n` at normal quantile `z`.
pub fn wilson_interval(successes: u64, n: u64, z: f64) -> (f64, f64) {
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At the ends the bound is exactly 0 or 1; the formula leaves a rounding residue there.
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes as f64 == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// Rows of an odds table, one per category in order, zero counts included.
pub fn odds_rows(counts: &CategoryCounts, exact: &CategoryCounts) -> Vec<OddsRow> {
    let n = counts.total();
    let exact_total = exact.total() as f64;
    Category::ALL
        .into_iter()
        .map(|category| {
            let count = counts.get(category);
            let p = count as f64 / n as f64;
            let q = exact.get(category) as f64 / exact_total;
            let (ci95_low, ci95_high) = wilson_interval(count, n, Z95);
            let null_sd = (q * (1.0 - q) / n as f64).sqrt();
            let z_score = if null_sd > 0.0 {
                (p - q) / null_sd
            } else if p == q {
                0.0
            } else {
                f64::INFINITY.copysign(p - q)
            };
            OddsRow {
                category: category.name(),
                count,
                probability: p,
                std_error: (p * (1.0 - p) / n as f64).sqrt(),
                ci95_low,
                ci95_high,
                exact_probability: q,
                z_score,
            }
        })
        .collect()
}

/// One row of an exact table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactRow {
    /// Stable category name.
    pub category: &'static str,
    /// Hands in this category.
    pub count: u64,
    /// `count / total`.
    pub probability: f64,
}

/// Rows of an exact table, one per category in order.
pub fn exact_rows(counts: &CategoryCounts) -> Vec<ExactRow> {
    let total = counts.total() as f64;
    Category::ALL
        .into_iter()
        .map(|category| ExactRow {
            category: category.name(),
            count: counts.get(category),
            probability: counts.get(category) as f64 / total,
        })
        .collect()
}

/// A row that can be written as CSV: its header and its cells as text.
pub trait CsvRow {
    /// Column names.
    const HEADER: &'static [&'static str];
    /// The cells, in header order.
    fn cells(&self) -> Vec<String>;
}

impl CsvRow for OddsRow {
    const HEADER: &'static [&'static str] = &[
        "category",
        "count",
        "probability",
        "std_error",
        "ci95_low",
        "ci95_high",
        "exact_probability",
        "z_score",
    ];

    fn cells(&self) -> Vec<String> {
        vec![
            self.category.to_string(),
            self.count.to_string(),
            fixed(self.probability),
            fixed(self.std_error),
            fixed(self.ci95_low),
            fixed(self.ci95_high),
            fixed(self.exact_probability),
            format!("{:.6}", self.z_score),
        ]
    }
}

impl CsvRow for ExactRow {
    const HEADER: &'static [&'static str] = &["category", "count", "probability"];

    fn cells(&self) -> Vec<String> {
        vec![
            self.category.to_string(),
            self.count.to_string(),
            fixed(self.probability),
        ]
    }
}

/// Renders rows as CSV (header first), or as JSON: `meta` with a `rows` array added.
///
/// # Errors
/// Only if serialisation fails, which in-memory writing does not.
pub fn render<R: CsvRow + Serialize>(
    rows: &[R],
    format: Format,
    meta: serde_json::Map<String, serde_json::Value>,
) -> anyhow::Result<Vec<u8>> {
    match format {
        Format::Csv => {
            let mut writer = csv::Writer::from_writer(Vec::new());
            writer.write_record(R::HEADER)?;
            for row in rows {
                writer.write_record(row.cells())?;
            }
            Ok(writer.into_inner().map_err(|e| e.into_error())?)
        }
        Format::Json => {
            let mut doc = meta;
            doc.insert("rows".to_string(), serde_json::to_value(rows)?);
            let mut bytes = serde_json::to_vec_pretty(&doc)?;
            bytes.push(b'\n');
            Ok(bytes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_a_worked_example() {
        // 81 successes in 263 trials: the 95 % Wilson interval is about (0.2553, 0.3662).
        let (lo, hi) = wilson_interval(81, 263, Z95);
        assert!(
            (lo - 0.2553).abs() < 1e-4 && (hi - 0.3662).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(0, 100, Z95);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.03 && hi < 0.04);
    }

    #[test]
    fn z_scores_measure_distance_from_exact() {
        let exact = CategoryCounts([50, 50, 0, 0, 0, 0, 0, 0, 0, 0]);
        let counts = CategoryCounts([60, 40, 0, 0, 0, 0, 0, 0, 0, 0]);
        let rows = odds_rows(&counts, &exact);
        assert!((rows[0].z_score - 2.0).abs() < 1e-12);
        assert!((rows[1].z_score + 2.0).abs() < 1e-12);
        assert_eq!(rows[2].z_score, 0.0);
        assert_eq!(rows.len(), Category::COUNT);
    }
}
