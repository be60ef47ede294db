//! A run's answer: one line per selector (one per value of a histogram), each with its
//! standard error and 95 % interval (Wilson's for shares, the normal one for means).

use crate::ast::Aggregate;
use crate::program::Program;
use crate::tally::Tally;
use crate::types::{Type, value_name};

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// One line of an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The selector's name.
    pub name: String,
    /// Its aggregate: `avg`, `count`, `histogram`, `min`, `max`.
    pub aggregate: &'static str,
    /// A histogram line's value (`flush`, `flopTopPair`, `3`); empty otherwise.
    pub bucket: String,
    /// The mean, the share (count, histogram) or the extreme (min, max).
    pub value: f64,
    /// The standard error: 0 when exact; none for min and max.
    pub std_error: Option<f64>,
    /// The interval's lower end (none for min and max).
    pub ci_low: Option<f64>,
    /// The interval's upper end.
    pub ci_high: Option<f64>,
    /// The weight where a count or bucket held (range weights multiplied); none for avg,
    /// min and max.
    pub hits: Option<u128>,
    /// The weight of the trials that met the condition.
    pub weight: u128,
}

/// A run's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The lines, selector by selector.
    pub lines: Vec<Line>,
    /// Whether every outcome was counted.
    pub exact: bool,
    /// Trials visited or drawn.
    pub trials: u64,
    /// Trials that met the condition.
    pub admitted: u64,
}

/// Wilson's 95 % interval of a share `p` of `n` trials.
pub fn wilson(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// The line of a share: `hits` of `weight` (range weights multiplied) over `n` trials, its
/// standard error and Wilson's interval (none when `exact`).
pub fn share_line(
    name: &str,
    aggregate: Aggregate,
    bucket: String,
    (hits, weight, n): (u128, u128, u64),
    exact: bool,
) -> Line {
    let p = if weight == 0 {
        0.0
    } else {
        hits as f64 / weight as f64
    };
    let (std_error, (low, high)) = if exact {
        (0.0, (p, p))
    } else {
        ((p * (1.0 - p) / n.max(1) as f64).sqrt(), wilson(p, n))
    };
    Line {
        name: name.to_string(),
        aggregate: aggregate.name(),
        bucket,
        value: p,
        std_error: Some(std_error),
        ci_low: Some(low),
        ci_high: Some(high),
        hits: Some(hits),
        weight,
    }
}

/// The lines of `tally` for `program`'s selectors.
pub fn lines(program: &Program, tally: &Tally, exact: bool) -> Vec<Line> {
    let weight = tally.weight;
    let n = tally.admitted;
    let share_line = |name: &str, aggregate: Aggregate, bucket: String, hits: u128| {
        share_line(name, aggregate, bucket, (hits, weight, n), exact)
    };
    let mut out = Vec::new();
    for (s, sums) in program.selectors.iter().zip(&tally.sums) {
        match s.aggregate {
            Aggregate::Avg => {
                let mean = sums.mean(weight);
                let std_error = if exact || weight == 0 {
                    0.0
                } else {
                    let square = sums.squares / weight as f64;
                    ((square - mean * mean).max(0.0) / n.max(1) as f64).sqrt()
                };
                out.push(Line {
                    name: s.name.clone(),
                    aggregate: s.aggregate.name(),
                    bucket: String::new(),
                    value: mean,
                    std_error: Some(std_error),
                    ci_low: Some(mean - Z95 * std_error),
                    ci_high: Some(mean + Z95 * std_error),
                    hits: None,
                    weight,
                });
            }
            Aggregate::Count => {
                out.push(share_line(&s.name, s.aggregate, String::new(), sums.hits))
            }
            Aggregate::Histogram => {
                if s.ty == Type::Number {
                    let mut pairs: Vec<(f64, u128)> = sums
                        .values
                        .iter()
                        .copied()
                        .zip(sums.buckets.iter().copied())
                        .collect();
                    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
                    for (v, hits) in pairs {
                        out.push(share_line(&s.name, s.aggregate, value_name(s.ty, v), hits));
                    }
                } else {
                    for (i, &hits) in sums.buckets.iter().enumerate() {
                        out.push(share_line(
                            &s.name,
                            s.aggregate,
                            value_name(s.ty, i as f64),
                            hits,
                        ));
                    }
                }
            }
            Aggregate::Min | Aggregate::Max => {
                let v = if s.aggregate == Aggregate::Min {
                    sums.min
                } else {
                    sums.max
                };
                out.push(Line {
                    name: s.name.clone(),
                    aggregate: s.aggregate.name(),
                    bucket: if matches!(s.ty, Type::HandType | Type::FlopCategory) {
                        value_name(s.ty, v)
                    } else {
                        String::new()
                    },
                    value: v,
                    std_error: None,
                    ci_low: None,
                    ci_high: None,
                    hits: None,
                    weight,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_brackets_the_share() {
        let (low, high) = wilson(0.5, 100);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
        let (low, high) = wilson(0.0, 10);
        assert_eq!(low, 0.0);
        assert!(high > 0.2 && high < 0.35);
    }
}
