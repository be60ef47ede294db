//! One sweep of `A`'s completions for one set `S` of shared cards: the sums of
//! `β_S(a) · γ_S(a)` with `b` and `c` below, or at most, `a`.
//!
//! `A`'s completions are read in rising strength while `B`'s and `C`'s completions holding
//! `S` are inserted in the same order: between two strengths of theirs a run of `A`'s
//! completions is summed with the counts fixed, and `A`'s completions of one of those strengths
//! are asked before and after it is inserted (below, and at most).
//!
//! ```text
//!  A (rising):    a₀ a₁ a₂ │ a₃ a₄ │ a₅ …         one run per gap, counts fixed
//!  B ∪ C:                 v₁      v₂              inserted as the sweep passes them
//! ```

use std::ops::{Add, Mul, Range};

use super::family::Family;
use super::sorted::Run;

/// The four sums of one seat `A` against `B` and `C`: pairwise disjoint triples with `b` below
/// (`l`) or at most (`e`) `a`, and `c` below or at most `a`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Sums {
    pub(super) ll: i128,
    pub(super) el: i128,
    pub(super) le: i128,
    pub(super) ee: i128,
}

impl Add for Sums {
    type Output = Sums;
    fn add(self, o: Sums) -> Sums {
        Sums {
            ll: self.ll + o.ll,
            el: self.el + o.el,
            le: self.le + o.le,
            ee: self.ee + o.ee,
        }
    }
}

impl Mul<i128> for Sums {
    type Output = Sums;
    fn mul(self, k: i128) -> Sums {
        Sums {
            ll: self.ll * k,
            el: self.el * k,
            le: self.le * k,
            ee: self.ee * k,
        }
    }
}

impl Sums {
    /// Triples where `a` is best alone, tied with one of `b` and `c`, and tied with both.
    pub(super) fn split(self) -> [u64; 3] {
        let alone = self.ll;
        let two = self.el + self.le - 2 * self.ll;
        let three = self.ee - self.el - self.le + self.ll;
        [alone as u64, two as u64, three as u64]
    }
}

/// One sweep of `a` (completions avoiding `set` count) against the families `fb` and `fc`
/// loaded for `set`, inserting only their completions whose low is below `cap`. With `ties`
/// all four sums, else `ll` alone (the others left 0).
pub(super) fn sweep(
    a: &Run,
    set: u64,
    fb: &mut Family,
    fc: &mut Family,
    cap: u8,
    ties: bool,
    pending: &mut Vec<(usize, u64, u64)>,
) -> Sums {
    fb.reset();
    fc.reset();
    let n = a.len();
    let (mut ib, mut ic) = (fb.next(0, cap), fc.next(0, cap));
    let (mut common, mut ll, mut el, mut le, mut ee) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut at = 0;
    while at < n {
        let v = fb.key(ib).min(fc.key(ic));
        // Without ties, `A`'s completions of strength `v` count what is below `v` only.
        let end = if ties {
            at + a.keys[at..].partition_point(|&k| k < v)
        } else {
            at + a.keys[at..].partition_point(|&k| k <= v)
        };
        if fb.inserted > 0 && fc.inserted > 0 {
            common += run_sum(a, at..end, set, fb, fc);
        }
        at = end;
        if v == u32::MAX {
            break;
        }
        if !ties || at == n || a.keys[at] != v {
            ib = fb.insert_key(ib, v, cap);
            ic = fc.insert_key(ic, v, cap);
            continue;
        }
        let equal = at + a.keys[at..].partition_point(|&k| k == v);
        if fb.r <= 1 && fc.r <= 1 {
            // Population counts before and after inserting `v`, in one pass.
            let (nb, cb, nc, cc) = (fb.inserted, fb.cards, fc.inserted, fc.cards);
            ib = fb.insert_key(ib, v, cap);
            ic = fc.insert_key(ic, v, cap);
            let (nb_e, cb_e, nc_e, cc_e) = (fb.inserted, fb.cards, fc.inserted, fc.cards);
            for &mask in &a.masks[at..equal] {
                if mask & set != 0 {
                    continue;
                }
                let beta = nb - u64::from((mask & cb).count_ones());
                let gamma = nc - u64::from((mask & cc).count_ones());
                let beta_e = nb_e - u64::from((mask & cb_e).count_ones());
                let gamma_e = nc_e - u64::from((mask & cc_e).count_ones());
                ll += beta * gamma;
                el += beta_e * gamma;
                le += beta * gamma_e;
                ee += beta_e * gamma_e;
            }
        } else {
            pending.clear();
            for i in at..equal {
                if a.masks[i] & set == 0 {
                    pending.push((i, fb.query(a, i), fc.query(a, i)));
                }
            }
            ib = fb.insert_key(ib, v, cap);
            ic = fc.insert_key(ic, v, cap);
            for &(i, beta, gamma) in pending.iter() {
                let (beta_e, gamma_e) = (fb.query(a, i), fc.query(a, i));
                ll += beta * gamma;
                el += beta_e * gamma;
                le += beta * gamma_e;
                ee += beta_e * gamma_e;
            }
        }
        at = equal;
    }
    let sum = |x: u64| i128::from(common + x);
    if ties {
        Sums {
            ll: sum(ll),
            el: sum(el),
            le: sum(le),
            ee: sum(ee),
        }
    } else {
        Sums {
            ll: sum(ll),
            ..Sums::default()
        }
    }
}

/// `Σ β_S(a) · γ_S(a)` over `A`'s completions `range` that avoid `set`, the counts fixed.
#[inline]
fn run_sum(a: &Run, range: Range<usize>, set: u64, fb: &Family, fc: &Family) -> u64 {
    if fb.r <= 1 && fc.r <= 1 {
        // The hot case (third street, `S` of three cards): population counts only.
        let (nb, cb, nc, cc) = (fb.inserted, fb.cards, fc.inserted, fc.cards);
        return a.masks[range]
            .iter()
            .map(|&mask| {
                let beta = nb - u64::from((mask & cb).count_ones());
                let gamma = nc - u64::from((mask & cc).count_ones());
                u64::from(mask & set == 0) * beta * gamma
            })
            .sum();
    }
    range
        .filter(|&i| a.masks[i] & set == 0)
        .map(|i| fb.query(a, i) * fc.query(a, i))
        .sum()
}
