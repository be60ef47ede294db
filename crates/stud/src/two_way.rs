//! Exact heads-up stud and razz by one sweep over both players' completions in order of
//! strength.
//!
//! [`crate::exact`] visits one player's completions and counts the other's from an index of
//! buckets with binary searches. With one ranking heads-up there is a shorter way. Sort both
//! players' completions by strength and walk `A`'s in rising order, inserting `B`'s below the
//! current strength into counts over their subsets: `T[U]` completions of `B` hold the cards
//! `U`. The completions of `B` below `a` that avoid `a`'s cards are then, by inclusion–exclusion
//! over the cards they share with `a`,
//!
//! ```text
//!  β(a) = Σ_{U ⊆ a} (−1)^|U| · T[U]        (|U| up to B's completion size)
//! ```
//!
//! and the same after inserting `B`'s completions of `a`'s strength gives those at most as
//! strong. Each completion is inserted or asked once: on third street about 163,185 × 16
//! additions each way, where the buckets' count takes 163,185 × 16 binary searches, and on fifth
//! street a few thousand steps. Hi/lo pots, whose scoops need both rankings, stay with
//! [`crate::exact`].

use engine::Watch;
use engine::choose::choose;

use crate::completions::Completions;
use crate::tally::LocalTally;

/// Most cards a completion may hold here (tables over subsets of up to four of the cards left,
/// at most C(52, 4) = 270,725 counts).
const MAX_NEED: usize = 4;

/// Completions of `A` asked between two stop requests.
const STOP_EVERY: usize = 1 << 14;

/// Whether two seats needing `need` cards can be counted here: two players, one ranking, at
/// most [`MAX_NEED`] cards to come each.
pub(crate) fn applies(need: &[usize], hilo: bool) -> bool {
    need.len() == 2 && !hilo && need.iter().all(|&n| n <= MAX_NEED)
}

/// Counts every deal of `need[0]` and `need[1]` more cards to two seats from the `m` cards
/// left, their completions and strengths (raw or dense) in `lists`: the same counts as
/// [`crate::exact::count_by_tuples`].
/// `None` when `stop` said to stop (asked every [`STOP_EVERY`] completions).
pub(crate) fn count(
    lists: &[Completions],
    need: &[usize],
    m: usize,
    stop: &dyn Watch,
) -> Option<LocalTally> {
    let (a, b) = (&lists[0], &lists[1]);
    let (ka, kb) = (need[0], need[1]);
    let a_order = by_strength(a);
    // Subsets that can be shared: at most as many cards as the smaller completion.
    let most = ka.min(kb);
    let a_shapes = Shapes::new(ka, most);
    let mut inserted = Inserted {
        b,
        order: by_strength(b),
        next: 0,
        shapes: Shapes::new(kb, most),
        tables: (0..=most)
            .map(|j| vec![0u32; choose(m, j) as usize])
            .collect(),
    };
    let (mut below, mut at_most) = (0u64, 0u64);
    let mut ranks = [0u32; 1 << MAX_NEED];
    let mut i = 0;
    while i < a_order.len() {
        if i % STOP_EVERY == 0 && stop.should_stop() {
            return None;
        }
        let v = strength_of(a_order[i]);
        let end = i + a_order[i..].partition_point(|&key| strength_of(key) == v);
        // Below `v`, then at most `v`: `B`'s completions of strength `v` inserted in between.
        for (limit, total) in [(u64::from(v), &mut below), (u64::from(v) + 1, &mut at_most)] {
            inserted.insert_below(limit, &mut ranks);
            for &key in &a_order[i..end] {
                *total += inserted.avoiding(a.sets[index_of(key)], &a_shapes, &mut ranks);
            }
        }
        stop.advance((end - i) as u64, a_order.len() as u64);
        i = end;
    }
    let outcomes = a.sets.len() as u64 * choose(m - ka, kb);
    let mut tally = LocalTally::new(2);
    tally.outcomes = outcomes;
    let (one, two) = (tally.share(1), tally.share(2));
    let tied = at_most - below;
    let b_wins = outcomes - at_most;
    for (seat, wins) in [(0, below), (1, b_wins)] {
        let counts = &mut tally.counts[seat];
        counts.wins = wins;
        counts.scoops = wins;
        counts.ties = tied;
        counts.high_units = 2 * (wins * one + tied * two);
    }
    Some(tally)
}

/// A completion's place in its list, below its dense strength: sorting the keys sorts by
/// strength.
fn by_strength(list: &Completions) -> Vec<u64> {
    let mut keys: Vec<u64> = list
        .strengths
        .iter()
        .enumerate()
        .map(|(i, s)| u64::from(s.main) << 32 | i as u64)
        .collect();
    keys.sort_unstable();
    keys
}

#[inline(always)]
fn strength_of(key: u64) -> u32 {
    (key >> 32) as u32
}

#[inline(always)]
fn index_of(key: u64) -> usize {
    key as u32 as usize
}

/// `B`'s completions inserted so far, in rising strength, as counts over their subsets: `T[U]`
/// of them hold the cards `U` (by size of `U`, then its colex rank).
struct Inserted<'a> {
    b: &'a Completions,
    /// `B`'s completions by strength ([`by_strength`]).
    order: Vec<u64>,
    /// How many of `order` are inserted.
    next: usize,
    shapes: Shapes,
    tables: Vec<Vec<u32>>,
}

impl Inserted<'_> {
    /// Inserts the next completions while their strength is below `limit`.
    #[inline]
    fn insert_below(&mut self, limit: u64, ranks: &mut [u32; 1 << MAX_NEED]) {
        while let Some(&key) = self.order.get(self.next) {
            if u64::from(strength_of(key)) >= limit {
                break;
            }
            let subsets = self.shapes.ranks(self.b.sets[index_of(key)], ranks);
            for (&rank, &size) in ranks[..subsets].iter().zip(&self.shapes.sizes) {
                self.tables[usize::from(size)][rank as usize] += 1;
            }
            self.next += 1;
        }
    }

    /// `Σ_{U ⊆ set} (−1)^|U| · T[U]`: the inserted completions that avoid `set` (a completion
    /// of `A`, whose subsets `shapes` lists).
    #[inline]
    fn avoiding(&self, set: u64, shapes: &Shapes, ranks: &mut [u32; 1 << MAX_NEED]) -> u64 {
        let subsets = shapes.ranks(set, ranks);
        let sum: i64 = ranks[..subsets]
            .iter()
            .zip(&shapes.sizes)
            .map(|(&rank, &size)| {
                let count = i64::from(self.tables[usize::from(size)][rank as usize]);
                if size % 2 == 0 { count } else { -count }
            })
            .sum();
        sum as u64
    }
}

/// The subsets of a completion of `k` cards with at most `most` cards, as masks over the
/// completion's cards in a fixed order, and the size of each.
struct Shapes {
    k: usize,
    masks: Vec<u8>,
    sizes: Vec<u8>,
}

impl Shapes {
    fn new(k: usize, most: usize) -> Shapes {
        let masks: Vec<u8> = (0..1u8 << k)
            .filter(|m| m.count_ones() as usize <= most)
            .collect();
        let sizes = masks.iter().map(|m| m.count_ones() as u8).collect();
        Shapes { k, masks, sizes }
    }

    /// The colex rank of each subset of `set` (a completion of `k` cards, as positions of the
    /// cards left) among the sets of its size, in the order of `masks`; returns how many.
    #[inline]
    fn ranks(&self, set: u64, out: &mut [u32; 1 << MAX_NEED]) -> usize {
        let mut positions = [0usize; MAX_NEED];
        let mut rest = set;
        for p in positions.iter_mut().take(self.k) {
            *p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
        }
        for (slot, &mask) in self.masks.iter().enumerate() {
            let mut rank = 0u64;
            let mut size = 0;
            for (i, &p) in positions.iter().enumerate().take(self.k) {
                if mask >> i & 1 == 1 {
                    size += 1;
                    rank += choose(p, size);
                }
            }
            out[slot] = rank as u32;
        }
        self.masks.len()
    }
}

#[cfg(test)]
mod tests {
    use deck::Card;

    use super::*;
    use crate::exact::tests::{equals_the_tuple_count, for_random_deals};
    use crate::ranking::{Ranking, RazzLow, StudHigh};

    /// Counts a heads-up deal both here and by tuples, and compares.
    fn check<R: Ranking>(seats: &[Vec<Card>], used: u64) {
        equals_the_tuple_count::<R>(seats, used, |lists, need, m| {
            count(lists, need, m, &|| false)
        });
    }

    fn random_spots<R: Ranking>(known: [usize; 2], left: usize, spots: u64) {
        let seed = known.iter().fold(left as u64, |a, &k| a * 10 + k as u64);
        for_random_deals(&known, left, spots, seed, check::<R>);
    }

    #[test]
    fn equals_the_tuple_count_on_every_street_mix() {
        for known in [
            [3, 3],
            [4, 3],
            [3, 5],
            [5, 5],
            [6, 4],
            [7, 3],
            [6, 6],
            [7, 7],
            [5, 7],
        ] {
            random_spots::<StudHigh>(known, 16, 4);
            random_spots::<RazzLow>(known, 16, 4);
        }
    }

    #[test]
    fn equals_the_tuple_count_with_many_cards_left() {
        random_spots::<StudHigh>([4, 4], 30, 3);
        random_spots::<RazzLow>([3, 4], 40, 2);
        random_spots::<StudHigh>([5, 5], 42, 3);
        random_spots::<RazzLow>([5, 6], 41, 3);
    }

    #[test]
    fn applies_to_heads_up_with_one_ranking_only() {
        assert!(applies(&[4, 4], false));
        assert!(applies(&[0, 2], false));
        assert!(!applies(&[4, 4], true));
        assert!(!applies(&[5, 4], false));
        assert!(!applies(&[4, 4, 4], false));
    }
}
