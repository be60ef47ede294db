//! What a run gathers: per selector, integer weighted counts (exact sums where values are
//! whole pot units) and float sums, added chunk by chunk in a fixed order.

use crate::ast::Aggregate;
use crate::program::{Compiled, Program};
use crate::trial::{POT_UNITS, Trial};
use crate::types::{FLOP_CATEGORIES, HAND_TYPES, Type};

/// Most distinct values a numeric histogram keeps.
pub const MAX_BUCKETS: usize = 64;

/// One selector's sums.
#[derive(Debug, Clone, PartialEq)]
pub struct Sums {
    /// Σ w·v·[`POT_UNITS`] for values that are whole pot units (all of them, usually).
    pub units: i128,
    /// Σ w·v for the other values.
    pub rest: f64,
    /// Σ w·v².
    pub squares: f64,
    /// Σ w where a boolean held.
    pub hits: u128,
    /// Weight per bucket: by index for hand types, flop categories and booleans; by value
    /// (in [`Sums::values`]) for numbers.
    pub buckets: Vec<u128>,
    /// The distinct values of a numeric histogram, in first-seen order.
    pub values: Vec<f64>,
    /// Whether a numeric histogram saw more than [`MAX_BUCKETS`] values.
    pub overflow: bool,
    /// The least value seen.
    pub min: f64,
    /// The greatest value seen.
    pub max: f64,
}

/// A run's sums.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    /// Trials dealt (visited or drawn), whatever the condition.
    pub trials: u64,
    /// Trials that met the condition.
    pub admitted: u64,
    /// Their weight (range weights multiplied; 1 per trial in Monte Carlo).
    pub weight: u128,
    /// Per selector.
    pub sums: Vec<Sums>,
}

/// Buckets a selector of type `ty` keeps by index.
fn fixed_buckets(ty: Type) -> usize {
    match ty {
        Type::HandType => HAND_TYPES.len(),
        Type::FlopCategory => FLOP_CATEGORIES.len(),
        Type::Boolean => 2,
        _ => 0,
    }
}

impl Tally {
    /// Empty sums for `program`'s selectors.
    pub fn new(program: &Program) -> Tally {
        Tally {
            trials: 0,
            admitted: 0,
            weight: 0,
            sums: program
                .selectors
                .iter()
                .map(|s| Sums {
                    units: 0,
                    rest: 0.0,
                    squares: 0.0,
                    hits: 0,
                    buckets: if s.ty == Type::Number {
                        Vec::with_capacity(MAX_BUCKETS)
                    } else {
                        vec![0; fixed_buckets(s.ty)]
                    },
                    values: Vec::with_capacity(if s.ty == Type::Number { MAX_BUCKETS } else { 0 }),
                    overflow: false,
                    min: f64::INFINITY,
                    max: f64::NEG_INFINITY,
                })
                .collect(),
        }
    }

    /// Counts `trial` (settled if the program needs it) with weight `w`.
    #[inline(always)]
    pub fn add_trial(&mut self, program: &Program, trial: &Trial, w: u128) {
        self.trials += 1;
        if !program.admits(trial) {
            return;
        }
        self.admitted += 1;
        // Weights multiply the players' thousandths: saturating, never a panic, at the far
        // end of ten weighted ranges counted exactly.
        self.weight = self.weight.saturating_add(w);
        for (s, sums) in program.selectors.iter().zip(&mut self.sums) {
            let v = program.eval(&s.node, trial);
            sums.add(s, v, w);
        }
    }

    /// Adds `other` into these sums.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.trials += other.trials;
        self.admitted += other.admitted;
        self.weight = self.weight.saturating_add(other.weight);
        for (a, b) in self.sums.iter_mut().zip(other.sums) {
            a.units = a.units.saturating_add(b.units);
            a.rest += b.rest;
            a.squares += b.squares;
            a.hits = a.hits.saturating_add(b.hits);
            a.min = a.min.min(b.min);
            a.max = a.max.max(b.max);
            a.overflow |= b.overflow;
            if a.values.is_empty() && b.values.is_empty() {
                a.buckets
                    .iter_mut()
                    .zip(&b.buckets)
                    .for_each(|(x, y)| *x += y);
            } else {
                for (v, n) in b.values.iter().zip(&b.buckets) {
                    a.bucket_of_value(*v, *n);
                }
            }
        }
        self
    }
}

impl Sums {
    #[inline]
    fn add(&mut self, s: &Compiled, v: f64, w: u128) {
        match s.aggregate {
            Aggregate::Avg => {
                let scaled = v * f64::from(POT_UNITS);
                let whole = scaled.round();
                if (scaled - whole).abs() < 1e-6 && whole.abs() < 1e15 {
                    self.units = self
                        .units
                        .saturating_add((whole as i128).saturating_mul(w as i128));
                } else {
                    self.rest += v * w as f64;
                }
                self.squares += v * v * w as f64;
            }
            Aggregate::Count => {
                if v != 0.0 {
                    self.hits = self.hits.saturating_add(w);
                }
            }
            Aggregate::Histogram => {
                if s.ty == Type::Number {
                    self.bucket_of_value(v, w);
                } else if let Some(b) = self.buckets.get_mut(v as usize) {
                    *b = b.saturating_add(w);
                }
            }
            Aggregate::Min | Aggregate::Max => {
                self.min = self.min.min(v);
                self.max = self.max.max(v);
            }
        }
    }

    /// Adds `w` to the bucket of value `v`, making it if there is room.
    #[inline]
    fn bucket_of_value(&mut self, v: f64, w: u128) {
        if let Some(i) = self.values.iter().position(|&x| x == v) {
            self.buckets[i] = self.buckets[i].saturating_add(w);
        } else if self.values.len() < MAX_BUCKETS {
            self.values.push(v);
            self.buckets.push(w);
        } else {
            self.overflow = true;
        }
    }

    /// The weighted mean, given the admitted weight.
    pub fn mean(&self, weight: u128) -> f64 {
        if weight == 0 {
            return 0.0;
        }
        let w = weight as f64;
        self.units as f64 / (w * f64::from(POT_UNITS)) + self.rest / w
    }
}
