//! From counts to estimates: each category's probability with its standard error, 95 % Wilson
//! interval and z-score against the exact value. Floats appear here, never in the counts.

use eval::Category;

use crate::category_counts::CategoryCounts;

/// The 97.5th percentile of the standard normal distribution, for 95 % intervals.
pub const Z95: f64 = 1.959_963_984_540_054;

/// One row's Monte Carlo estimate beside its exact probability: a hand category
/// ([`CategoryEstimate`]) or another row of a table (a stud table's lows).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate<R> {
    /// The row: a category, or a row's name.
    pub category: R,
    /// Hands in this row.
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

/// One category's Monte Carlo estimate beside its exact probability.
pub type CategoryEstimate = Estimate<Category>;

impl<R> Estimate<R> {
    /// The estimate of `row` from `count` of `n` sampled hands, beside its exact count
    /// `exact_count` of `exact_total`.
    pub fn of(row: R, count: u64, n: u64, exact_count: u64, exact_total: u64) -> Estimate<R> {
        let p = count as f64 / n as f64;
        let q = exact_count as f64 / exact_total as f64;
        let (ci95_low, ci95_high) = wilson_interval(count, n, Z95);
        let null_sd = (q * (1.0 - q) / n as f64).sqrt();
        let z_score = if null_sd > 0.0 {
            (p - q) / null_sd
        } else if p == q {
            0.0
        } else {
            f64::INFINITY.copysign(p - q)
        };
        Estimate {
            category: row,
            count,
            probability: p,
            std_error: (p * (1.0 - p) / n as f64).sqrt(),
            ci95_low,
            ci95_high,
            exact_probability: q,
            z_score,
        }
    }
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

/// One estimate per category in order, zero counts included: `counts` from a Monte Carlo run,
/// `exact` the exact counts of the same hand.
pub fn estimates(counts: &CategoryCounts, exact: &CategoryCounts) -> Vec<CategoryEstimate> {
    let (n, exact_total) = (counts.total(), exact.total());
    Category::ALL
        .into_iter()
        .map(|c| Estimate::of(c, counts.get(c), n, exact.get(c), exact_total))
        .collect()
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
        let rows = estimates(&counts, &exact);
        assert!((rows[0].z_score - 2.0).abs() < 1e-12);
        assert!((rows[1].z_score + 2.0).abs() < 1e-12);
        assert_eq!(rows[2].z_score, 0.0);
        assert_eq!(rows.len(), Category::COUNT);
    }
}
