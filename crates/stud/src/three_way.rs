//! Exact three-handed stud and razz by counting triples of completions, not tuples.
//!
//! [`crate::exact`] visits every pair of two players' completions and counts the third
//! player's; three-handed on third street that is about 10^10 pairs. Here each player `A` in
//! turn is counted against the other two, `B` and `C`, at once. Sorting every completion by
//! strength turns "`b` and `c` below `a`" into prefixes of sorted lists, and the one condition
//! that couples `b` and `c`, that they share no card, is undone by inclusion–exclusion over
//! the cards `S` they share:
//!
//! ```text
//!  #{(a,b,c) pairwise disjoint, b < a, c < a}
//!      = Σ_S (−1)^|S| · Σ_{a ∩ S = ∅} β_S(a) · γ_S(a)
//!  β_S(a) = #{b ⊇ S : b < a, b ∩ a = ∅}    (γ_S the same for C)
//! ```
//!
//! For each `S` one sweep over `A`'s completions in order of strength inserts the completions
//! `b ⊇ S` below the current strength into counts over the subsets of `b ∖ S`, and `β_S(a)` is
//! a signed sum of those counts over the subsets of `a` (a population count when `b ∖ S` has at
//! most one card). When `S` is all of `b` and all of `c`, the sum runs the other way: for each
//! `S` the completions `a` above both thresholds that avoid `S` are counted from `A`'s sorted
//! completions. The same sweeps with "at most" in place of "below" give the ties, so each
//! seat's wins, ties and pot units come from four such sums. Three-handed on third street that
//! is about 4·10^9 simple steps per seat instead of 1.7·10^12 bucket look-ups. Hi/lo pots
//! (scoops need both rankings of one hand at once) stay with [`crate::exact`].

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::completions::{Completions, choose};
use crate::tally::LocalTally;

/// Simple steps of [`steps`] per counting step of [`crate::exact`] (a bucket look-up, about
/// 30 ns): one step here took 0.7 ns of one loaded core on three-way third street (1.7·10^10
/// steps in 12 s), so this ratio errs towards the tuples.
pub(crate) const STEPS_PER_COUNTING_STEP: u128 = 32;

/// Sets `S` of shared cards per piece of parallel work.
const PIECE: usize = 16;

/// Most cards a completion can hold (a stud hand's unseen cards after third street).
const MAX_NEED: usize = 4;

/// Whether three seats needing `need` cards can be counted here: three players, one ranking,
/// at most [`MAX_NEED`] cards to come each.
pub(crate) fn applies(need: &[usize], hilo: bool) -> bool {
    need.len() == 3 && !hilo && need.iter().all(|&n| n <= MAX_NEED)
}

/// Simple steps (a look-up, a population count or an entry inserted) of one deal of three seats
/// needing `need` cards from `cards_left`: the sum over the seats counted as `A` and over the
/// sizes of `S`.
pub(crate) fn steps(need: &[usize], cards_left: usize) -> u128 {
    let mut total = 0u128;
    for seat in 0..3 {
        let (ka, kb, kc) = (need[seat], need[(seat + 1) % 3], need[(seat + 2) % 3]);
        let completions_a = u128::from(choose(cards_left, ka));
        for s in 0..=kb.min(kc) {
            let shared = u128::from(choose(cards_left, s));
            let (rb, rc) = (kb - s, kc - s);
            total += if rb == 0 && rc == 0 {
                4 * shared * (1 << ka.min(s)) + (completions_a << ka)
            } else {
                let inserts = |r: usize| u128::from(choose(cards_left - s, r)) << r;
                shared
                    * (completions_a * (look_ups(ka, rb) + look_ups(ka, rc))
                        + inserts(rb)
                        + inserts(rc))
            };
        }
    }
    total
}

/// Look-ups of one `β_S(a)` for completions `a` of `ka` cards against `b ∖ S` of `r` cards.
fn look_ups(ka: usize, r: usize) -> u128 {
    if r <= 1 {
        1
    } else {
        (0..=r.min(ka)).map(|j| u128::from(choose(ka, j))).sum()
    }
}

/// Counts every deal of `need[seat]` more cards to each of three seats holding `seats[seat]`
/// from the cards outside `used` (every seat's cards and the dead cards), on the current rayon
/// pool, with one ranking whose dense strengths `lists` hold: the same counts as
/// [`crate::exact::count_deal`]. `None` when `stop` said to stop (asked between pieces).
pub(crate) fn count(
    lists: &[Completions],
    need: &[usize],
    cards_left: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<LocalTally> {
    let mut tally = LocalTally::new(3);
    let outcomes = choose(cards_left, need[0])
        * choose(cards_left - need[0], need[1])
        * choose(cards_left - need[0] - need[1], need[2]);
    tally.outcomes = outcomes;
    let by_colex: Vec<Vec<u32>> = lists.iter().map(mains_by_colex).collect();
    for seat in 0..3 {
        let (b, c) = ((seat + 1) % 3, (seat + 2) % 3);
        let sums = Sweeper {
            a: Sorted::new(&lists[seat]),
            need_a: need[seat],
            need_b: need[b],
            need_c: need[c],
            mains_b: &by_colex[b],
            mains_c: &by_colex[c],
            m: cards_left,
        }
        .sums(stop)?;
        // Alone, tied with one of B and C, tied with both.
        let alone = sums.ll as u64;
        let two = (sums.el + sums.le - 2 * sums.ll) as u64;
        let three = (sums.ee - sums.el - sums.le + sums.ll) as u64;
        let units = 2 * (alone * tally.share(1) + two * tally.share(2) + three * tally.share(3));
        let counts = &mut tally.counts[seat];
        counts.wins += alone;
        counts.scoops += alone;
        counts.ties += two + three;
        counts.high_units += units;
    }
    Some(tally)
}

/// Each completion's dense main strength, indexed by the colex rank of its positions.
fn mains_by_colex(list: &Completions) -> Vec<u32> {
    let mut out = vec![0u32; list.sets.len()];
    for (&set, strength) in list.sets.iter().zip(&list.strengths) {
        out[colex(set)] = strength.main;
    }
    out
}

/// The colex rank of a set of positions among the sets of its size.
#[inline]
fn colex(set: u64) -> usize {
    let mut rank = 0;
    let mut rest = set;
    let mut size = 0;
    while rest != 0 {
        size += 1;
        rank += choose(rest.trailing_zeros() as usize, size) as usize;
        rest &= rest - 1;
    }
    rank
}

/// `A`'s completions sorted by strength, as columns: the sweeps read the masks of every
/// completion many thousand times, so they are kept apart from the rest.
struct Sorted {
    /// The positions of each completion.
    masks: Vec<u64>,
    /// The dense main strength of each completion, rising.
    mains: Vec<u32>,
    /// The colex ranks of each completion's subsets, by size (the empty set, the single cards,
    /// the pairs, …).
    subsets: Vec<[u32; 1 << MAX_NEED]>,
    /// Sign of each subset slot: `+1` for even sizes, `−1` for odd.
    signs: [i64; 1 << MAX_NEED],
    /// Subset slots of size at most `r`, for `r` in `0..=MAX_NEED`.
    prefix: [usize; MAX_NEED + 1],
    /// Size of each subset slot.
    sizes: [usize; 1 << MAX_NEED],
}

impl Sorted {
    fn new(list: &Completions) -> Sorted {
        let k = list.sets.first().map_or(0, |s| s.count_ones() as usize);
        // Subsets of k items ordered by size: masks over the item indices.
        let mut order: Vec<u32> = (0..1u32 << k).collect();
        order.sort_by_key(|m| (m.count_ones(), *m));
        let mut signs = [0i64; 1 << MAX_NEED];
        let mut sizes = [0usize; 1 << MAX_NEED];
        let mut prefix = [0usize; MAX_NEED + 1];
        for (slot, &m) in order.iter().enumerate() {
            sizes[slot] = m.count_ones() as usize;
            signs[slot] = if m.count_ones() % 2 == 0 { 1 } else { -1 };
        }
        for (r, p) in prefix.iter_mut().enumerate() {
            *p = order
                .iter()
                .filter(|m| m.count_ones() as usize <= r)
                .count();
        }
        let mut order_by_strength: Vec<usize> = (0..list.sets.len()).collect();
        order_by_strength.sort_by_key(|&i| (list.strengths[i].main, list.sets[i]));
        let masks: Vec<u64> = order_by_strength.iter().map(|&i| list.sets[i]).collect();
        let mains = order_by_strength
            .iter()
            .map(|&i| list.strengths[i].main)
            .collect();
        let subsets = masks
            .iter()
            .map(|&mask| {
                let mut items = [0u64; MAX_NEED];
                let mut rest = mask;
                for item in items.iter_mut().take(k) {
                    *item = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                }
                let mut subsets = [0u32; 1 << MAX_NEED];
                for (slot, &m) in order.iter().enumerate() {
                    let set = (0..k)
                        .filter(|i| m >> i & 1 == 1)
                        .fold(0u64, |acc, i| acc | items[i]);
                    subsets[slot] = colex(set) as u32;
                }
                subsets
            })
            .collect();
        Sorted {
            masks,
            mains,
            subsets,
            signs,
            prefix,
            sizes,
        }
    }
}

/// The four sums of one seat `A` against `B` and `C`: pairwise disjoint triples with `b` below
/// (`l`) or at most (`e`) `a`, and `c` below or at most `a`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Sums {
    ll: i128,
    el: i128,
    le: i128,
    ee: i128,
}

impl std::ops::Add for Sums {
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

/// What one seat's sums need.
struct Sweeper<'a> {
    a: Sorted,
    need_a: usize,
    need_b: usize,
    need_c: usize,
    mains_b: &'a [u32],
    mains_c: &'a [u32],
    m: usize,
}

impl Sweeper<'_> {
    /// The seat's four sums over every size of `S`; `None` when `stop` said to stop.
    fn sums(&self, stop: &(dyn Fn() -> bool + Sync)) -> Option<Sums> {
        let mut total = Sums::default();
        for s in 0..=self.need_b.min(self.need_c) {
            let shared = subsets_of_size(self.m, s);
            let sign: i128 = if s % 2 == 0 { 1 } else { -1 };
            let part = if self.need_b == s && self.need_c == s {
                self.whole_shared(&shared)
            } else {
                self.swept(&shared, s, stop)?
            };
            total = total
                + Sums {
                    ll: sign * part.ll,
                    el: sign * part.el,
                    le: sign * part.le,
                    ee: sign * part.ee,
                };
        }
        Some(total)
    }

    /// The sum over sets `S` of size `s` below `need_b` or `need_c`: one sweep of `A` per `S`.
    fn swept(&self, shared: &[u64], s: usize, stop: &(dyn Fn() -> bool + Sync)) -> Option<Sums> {
        let stopped = AtomicBool::new(false);
        let (rb, rc) = (self.need_b - s, self.need_c - s);
        let total = shared
            .par_chunks(PIECE)
            .map(|piece| {
                if stopped.load(Ordering::Relaxed) || stop() {
                    stopped.store(true, Ordering::Relaxed);
                    return Sums::default();
                }
                let mut fb = Family::new(self.m, rb, self.need_a);
                let mut fc = Family::new(self.m, rc, self.need_a);
                let mut pending = Vec::new();
                let mut sums = Sums::default();
                for &set in piece {
                    fb.load(set, self.mains_b);
                    fc.load(set, self.mains_c);
                    sums = sums + self.sweep(set, &mut fb, &mut fc, &mut pending);
                }
                sums
            })
            .reduce(Sums::default, |a, b| a + b);
        (!stopped.load(Ordering::Relaxed)).then_some(total)
    }

    /// One sweep of `A`'s completions avoiding `set`, `B`'s and `C`'s completions holding `set`
    /// loaded into `fb` and `fc`: between two strengths of theirs, a run of `A`'s completions
    /// is summed with the counts fixed; `A`'s completions of one of those strengths are asked
    /// before and after it is inserted (below, and at most).
    fn sweep(
        &self,
        set: u64,
        fb: &mut Family,
        fc: &mut Family,
        pending: &mut Vec<(usize, u64, u64)>,
    ) -> Sums {
        let a = &self.a;
        let (mut common, mut ll, mut el, mut le, mut ee) = (0u64, 0u64, 0u64, 0u64, 0u64);
        let (mut ib, mut ic) = (0, 0);
        let mut at = 0;
        loop {
            let next_b = fb.items.get(ib).map_or(u32::MAX, |x| x.0);
            let next_c = fc.items.get(ic).map_or(u32::MAX, |x| x.0);
            let v = next_b.min(next_c);
            let below = at + a.mains[at..].partition_point(|&m| m < v);
            if fb.inserted > 0 && fc.inserted > 0 {
                common += run_sum(a, at..below, set, fb, fc);
            }
            at = below;
            if v == u32::MAX {
                break;
            }
            let equal = at + a.mains[at..].partition_point(|&m| m == v);
            pending.clear();
            for i in at..equal {
                if a.masks[i] & set == 0 {
                    pending.push((i, fb.query(a, i), fc.query(a, i)));
                }
            }
            while fb.items.get(ib).is_some_and(|x| x.0 == v) {
                fb.insert(ib);
                ib += 1;
            }
            while fc.items.get(ic).is_some_and(|x| x.0 == v) {
                fc.insert(ic);
                ic += 1;
            }
            for &(i, beta, gamma) in pending.iter() {
                let (beta_e, gamma_e) = (fb.query(a, i), fc.query(a, i));
                ll += beta * gamma;
                el += beta_e * gamma;
                le += beta * gamma_e;
                ee += beta_e * gamma_e;
            }
            at = equal;
        }
        Sums {
            ll: i128::from(common + ll),
            el: i128::from(common + el),
            le: i128::from(common + le),
            ee: i128::from(common + ee),
        }
    }

    /// The sum over sets `S` that are all of `b` and all of `c` (both seats need `|S|` cards):
    /// for each `S`, the completions `a` avoiding `S` above `B`'s and `C`'s strengths of `S`,
    /// counted from `A`'s completions in falling strength with inclusion–exclusion over `S`.
    fn whole_shared(&self, shared: &[u64]) -> Sums {
        // (threshold: a must be at least this strong, S, which sum)
        let mut queries: Vec<(u32, u64, u8)> = Vec::with_capacity(shared.len() * 4);
        for &set in shared {
            let rank = colex(set);
            let (tb, tc) = (self.mains_b[rank], self.mains_c[rank]);
            queries.push((tb.max(tc) + 1, set, 0));
            queries.push((tb.max(tc + 1), set, 1));
            queries.push((tc.max(tb + 1), set, 2));
            queries.push((tb.max(tc), set, 3));
        }
        queries.sort_unstable_by_key(|q| std::cmp::Reverse(q.0));
        let ka = self.need_a;
        let mut tables: Vec<Vec<u64>> = (0..=ka)
            .map(|j| vec![0u64; choose(self.m, j) as usize])
            .collect();
        let a = &self.a;
        let mut next = a.masks.len();
        let mut sums = [0u128; 4];
        for &(threshold, set, which) in &queries {
            while next > 0 && a.mains[next - 1] >= threshold {
                next -= 1;
                for slot in 0..1 << ka {
                    tables[a.sizes[slot]][a.subsets[next][slot] as usize] += 1;
                }
            }
            let mut count: i64 = 0;
            for_each_subset(set, ka, &mut |size, rank| {
                let v = tables[size][rank] as i64;
                count += if size % 2 == 0 { v } else { -v };
            });
            sums[usize::from(which)] += count as u128;
        }
        Sums {
            ll: sums[0] as i128,
            el: sums[1] as i128,
            le: sums[2] as i128,
            ee: sums[3] as i128,
        }
    }
}

/// `Σ β_S(a) · γ_S(a)` over `A`'s completions `range` that avoid `set`, the counts fixed.
#[inline]
fn run_sum(a: &Sorted, range: std::ops::Range<usize>, set: u64, fb: &Family, fc: &Family) -> u64 {
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

/// Calls `f(size, colex rank)` for every subset of `set` with at most `most` positions.
fn for_each_subset(set: u64, most: usize, f: &mut dyn FnMut(usize, usize)) {
    let mut positions = [0usize; 2 * MAX_NEED];
    let mut n = 0;
    for p in bits(set) {
        positions[n] = p;
        n += 1;
    }
    for m in 0u32..1 << n {
        let size = m.count_ones() as usize;
        if size <= most {
            let sub = (0..n)
                .filter(|i| m >> i & 1 == 1)
                .fold(0u64, |acc, i| acc | 1 << positions[i]);
            f(size, colex(sub));
        }
    }
}

/// The positions of `set`'s bits, lowest first.
fn bits(set: u64) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            p
        })
    })
}

/// Every set of `s` positions out of `m`.
fn subsets_of_size(m: usize, s: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(choose(m, s) as usize);
    fn fill(out: &mut Vec<u64>, m: usize, from: usize, left: usize, set: u64) {
        if left == 0 {
            out.push(set);
            return;
        }
        for p in from..=m - left {
            fill(out, m, p + 1, left - 1, set | 1 << p);
        }
    }
    fill(&mut out, m, 0, s, 0);
    out
}

/// The completions `b ⊇ S` of one seat for one `S`, sorted by strength, and counts over the
/// subsets of `b ∖ S` of those inserted so far.
struct Family {
    /// `b ∖ S` of `r` cards.
    r: usize,
    /// Cards in `A`'s completions (subsets of them are looked up).
    ka: usize,
    /// Every set of `r` positions out of all the cards left.
    rests: Vec<u64>,
    /// `(strength, b ∖ S)` sorted by strength.
    items: Vec<(u32, u64)>,
    /// Completions inserted.
    inserted: u64,
    /// `r <= 1`: the cards of the inserted `b ∖ S`.
    cards: u64,
    /// `r >= 2`: counts of inserted completions holding each subset, by size and colex rank.
    tables: Vec<Vec<u64>>,
}

impl Family {
    fn new(m: usize, r: usize, ka: usize) -> Family {
        let tables = if r >= 2 {
            (0..=r.min(ka))
                .map(|j| vec![0u64; choose(m, j) as usize])
                .collect()
        } else {
            Vec::new()
        };
        Family {
            r,
            ka,
            rests: subsets_of_size(m, r),
            items: Vec::new(),
            inserted: 0,
            cards: 0,
            tables,
        }
    }

    /// Loads the completions holding `set`, from their strengths by colex rank, and empties the
    /// counts.
    fn load(&mut self, set: u64, mains: &[u32]) {
        self.items.clear();
        for &rest in &self.rests {
            if rest & set == 0 {
                self.items.push((mains[colex(set | rest)], rest));
            }
        }
        self.items.sort_unstable();
        self.inserted = 0;
        self.cards = 0;
        for t in &mut self.tables {
            t.fill(0);
        }
    }

    /// Inserts item `i`.
    #[inline]
    fn insert(&mut self, i: usize) {
        let rest = self.items[i].1;
        self.inserted += 1;
        if self.r <= 1 {
            self.cards |= rest;
            return;
        }
        let most = self.r.min(self.ka);
        let tables = &mut self.tables;
        for_each_subset(rest, most, &mut |size, rank| tables[size][rank] += 1);
    }

    /// `β_S(a)` for `A`'s completion `i`: inserted completions that avoid its cards.
    #[inline(always)]
    fn query(&self, a: &Sorted, i: usize) -> u64 {
        if self.r <= 1 {
            return self.inserted - u64::from((a.masks[i] & self.cards).count_ones());
        }
        let slots = a.prefix[self.r.min(MAX_NEED)];
        let sum: i64 = a.subsets[i][..slots]
            .iter()
            .zip(&a.sizes[..slots])
            .zip(&a.signs[..slots])
            .map(|((&rank, &size), &sign)| sign * self.tables[size][rank as usize] as i64)
            .sum();
        sum as u64
    }
}

#[cfg(test)]
mod tests {
    use deck::Card;

    use super::*;
    use crate::exact::tests::for_random_deals;
    use crate::exact::{count_by_tuples, dense_completions, plan};
    use crate::ranking::{Ranking, RazzLow, StudHigh};

    /// Counts a deal of three seats both here and by tuples, and compares.
    fn check<R: Ranking>(seats: &[Vec<Card>], used: u64) {
        let need: Vec<usize> = seats.iter().map(|s| 7 - s.len()).collect();
        let (lists, m) = dense_completions::<R>(seats, &need, used);
        let (last, _) = plan(&need, m).unwrap();
        let tuples = count_by_tuples::<R>(&lists, &need, m, last, &|| false).unwrap();
        let counted = count(&lists, &need, m, &|| false).unwrap();
        assert_eq!(counted, tuples, "{:?} {seats:?} used {used:x}", R::GAME);
    }

    /// Random three-handed spots: `known[p]` cards for seat `p`, `left` cards not dead.
    fn random_spots<R: Ranking>(known: [usize; 3], left: usize, spots: u64) {
        let seed = known.iter().fold(left as u64, |a, &k| a * 10 + k as u64);
        for_random_deals(&known, left, spots, seed, check::<R>);
    }

    #[test]
    fn equals_the_tuple_count_on_every_street_mix() {
        for known in [
            [3, 3, 3],
            [4, 3, 3],
            [3, 5, 4],
            [5, 5, 5],
            [6, 4, 3],
            [7, 3, 4],
            [6, 6, 6],
            [7, 7, 3],
        ] {
            let left = 16;
            random_spots::<StudHigh>(known, left, 3);
            random_spots::<RazzLow>(known, left, 3);
        }
    }

    #[test]
    fn equals_the_tuple_count_with_many_cards_left() {
        random_spots::<StudHigh>([4, 4, 4], 20, 2);
        random_spots::<RazzLow>([5, 4, 5], 30, 2);
        random_spots::<StudHigh>([5, 5, 5], 37, 2);
    }

    #[test]
    fn counts_every_outcome_once() {
        let need = [4, 4, 4];
        let m = 43;
        assert_eq!(
            choose(m, 4) * choose(m - 4, 4) * choose(m - 8, 4),
            123_410 * 82_251 * 52_360
        );
        assert!(applies(&need, false));
        assert!(!applies(&need, true));
        assert!(!applies(&[4, 4], false));
    }
}
