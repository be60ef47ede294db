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

use std::ops::{Add, Mul};

use super::family::{Family, IN_S, Near, PAIRS, SINGLES, TABLE, pairs_inside};
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
#[allow(clippy::too_many_arguments)]
pub(super) fn sweep(
    a: &Run,
    set: u64,
    fb: &mut Family,
    fc: &mut Family,
    near: &mut Near,
    cap: u8,
    ties: bool,
    pending: &mut Vec<(usize, u64, u64)>,
) -> Sums {
    macro_rules! with_kinds {
        ($($kb:ident $kc:ident),*) => {
            match (fb.kind, fc.kind) {
                $(($kb, $kc) => sweep_with::<$kb, $kc>(a, set, fb, fc, near, cap, ties, pending),)*
                _ => unreachable!("a family's kind is SINGLES, PAIRS or TABLE"),
            }
        };
    }
    with_kinds!(
        SINGLES SINGLES, SINGLES PAIRS, SINGLES TABLE,
        PAIRS SINGLES, PAIRS PAIRS, PAIRS TABLE,
        TABLE SINGLES, TABLE PAIRS, TABLE TABLE
    )
}

/// [`sweep`] for families of kinds `KB` and `KC`.
#[allow(clippy::too_many_arguments)]
fn sweep_with<const KB: u8, const KC: u8>(
    a: &Run,
    set: u64,
    fb: &mut Family,
    fc: &mut Family,
    near: &mut Near,
    cap: u8,
    ties: bool,
    pending: &mut Vec<(usize, u64, u64)>,
) -> Sums {
    fb.reset();
    fc.reset();
    near.reset(set, KB == PAIRS || KC == PAIRS);
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
            common += (at..end)
                .map(|i| {
                    let (avoids, beta, gamma) = counts::<KB, KC>(a, i, near, fb, fc);
                    u64::from(avoids) * beta * gamma
                })
                .sum::<u64>();
        }
        at = end;
        if v == u32::MAX {
            break;
        }
        if !ties || at == n || a.keys[at] != v {
            ib = fb.insert_key(ib, v, cap, near);
            ic = fc.insert_key(ic, v, cap, near);
            continue;
        }
        // `A`'s completions of strength `v`, asked before and after inserting `v`.
        let equal = at + a.keys[at..].partition_point(|&k| k == v);
        pending.clear();
        for i in at..equal {
            let (avoids, beta, gamma) = counts::<KB, KC>(a, i, near, fb, fc);
            if avoids {
                pending.push((i, beta, gamma));
            }
        }
        ib = fb.insert_key(ib, v, cap, near);
        ic = fc.insert_key(ic, v, cap, near);
        for &(i, beta, gamma) in pending.iter() {
            let (_, beta_e, gamma_e) = counts::<KB, KC>(a, i, near, fb, fc);
            ll += beta * gamma;
            el += beta_e * gamma;
            le += beta * gamma_e;
            ee += beta_e * gamma_e;
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

/// Whether `A`'s completion `i` avoids `S`, and `β_S` and `γ_S` of it (meaningless when it
/// does not).
#[inline(always)]
fn counts<const KB: u8, const KC: u8>(
    a: &Run,
    i: usize,
    near: &Near,
    fb: &Family,
    fc: &Family,
) -> (bool, u64, u64) {
    let positions = a.positions[i];
    let packed: u32 = positions
        .iter()
        .map(|&p| near.packed[usize::from(p) & 63])
        .sum();
    let beta = match KB {
        SINGLES => fb.inserted - u64::from(packed & 0xff),
        PAIRS => {
            fb.inserted + pairs_inside(&near.partners[0], positions) - u64::from(packed & 0xff)
        }
        _ => fb.table_query(a, i),
    };
    let gamma = match KC {
        SINGLES => fc.inserted - u64::from(packed >> 8 & 0xff),
        PAIRS => {
            fc.inserted + pairs_inside(&near.partners[1], positions) - u64::from(packed >> 8 & 0xff)
        }
        _ => fc.table_query(a, i),
    };
    (packed < IN_S, beta, gamma)
}
