//! Counting one deal by tuples: every seat's completions but the last's visited as disjoint
//! tuples, and the last seat's completions that avoid each tuple counted by strength from an
//! index of buckets, with inclusion–exclusion over the tuple's cards.

use engine::Watch;
use std::sync::atomic::{AtomicBool, Ordering};

use engine::choose::choose;
use rayon::prelude::*;

use crate::buckets::{Buckets, Thresholds};
use crate::completions::Completions;
use crate::ranking::{Ranking, Strength};
use crate::spot::MAX_PLAYERS;
use crate::tally::{LocalCounts, LocalTally};

/// Completions of the first listed player per piece of parallel work.
const PIECE: usize = 64;

/// [`count_deal`](super::count_deal) by visiting tuples of every seat's completions but
/// `last`'s, which are counted from an index (`lists` with dense strengths, as
/// [`count_deal`](super::count_deal) makes them; `m` cards left).
pub(crate) fn count_by_tuples<R: Ranking>(
    lists: &[Completions],
    need: &[usize],
    m: usize,
    last: usize,
    stop: &dyn Watch,
) -> Option<LocalTally> {
    let players = lists.len();
    let buckets = Buckets::new(&lists[last], m, need[last], R::HILO);
    let mut order: Vec<usize> = (0..players).filter(|&s| s != last).collect();
    // The longest list first: it is the one split into parallel pieces.
    order.sort_by_key(|&s| std::cmp::Reverse(lists[s].sets.len()));
    let counter = Counter::<R> {
        lists,
        order: &order,
        last,
        buckets: &buckets,
        m,
        players,
        _ranking: std::marker::PhantomData,
    };
    let first = &lists[order[0]];
    let stopped = AtomicBool::new(false);
    let total = (0..first.sets.len().div_ceil(PIECE))
        .into_par_iter()
        .map(|piece| {
            let mut tally = LocalTally::new(players);
            if stopped.load(Ordering::Relaxed) || stop.should_stop() {
                stopped.store(true, Ordering::Relaxed);
                return tally;
            }
            let mut strengths = [Strength::default(); MAX_PLAYERS];
            let end = ((piece + 1) * PIECE).min(first.sets.len());
            for i in piece * PIECE..end {
                strengths[order[0]] = first.strengths[i];
                counter.visit(1, first.sets[i], &mut strengths, &mut tally);
            }
            stop.advance((end - piece * PIECE) as u64, first.sets.len() as u64);
            tally
        })
        .reduce(|| LocalTally::new(players), |a, b| a + b);
    (!stopped.load(Ordering::Relaxed)).then_some(total)
}

/// What a deal's count needs at hand.
struct Counter<'a, R> {
    lists: &'a [Completions],
    order: &'a [usize],
    last: usize,
    buckets: &'a Buckets,
    m: usize,
    players: usize,
    _ranking: std::marker::PhantomData<R>,
}

/// Signed sums of bucket counts over the subsets of one tuple's cards.
#[derive(Debug, Default, Clone, Copy)]
struct Sums {
    /// Main strength below `Mh`, and below `Mh + 1`.
    below: i64,
    at_most: i64,
    /// Hi/lo: low below the threshold, and below it plus one.
    low_below: i64,
    low_at_most: i64,
    /// Hi/lo: both below, and both at most.
    both_below: i64,
    both_at_most: i64,
}

impl<R: Ranking> Counter<'_, R> {
    /// Extends a tuple with player `order[k]`'s completions that avoid `used`.
    fn visit(
        &self,
        k: usize,
        used: u64,
        strengths: &mut [Strength; MAX_PLAYERS],
        tally: &mut LocalTally,
    ) {
        if k == self.order.len() {
            self.settle(used, strengths, tally);
            return;
        }
        let seat = self.order[k];
        let list = &self.lists[seat];
        for (&set, &strength) in list.sets.iter().zip(&list.strengths) {
            if set & used == 0 {
                strengths[seat] = strength;
                self.visit(k + 1, used | set, strengths, tally);
            }
        }
    }

    /// Counts the last player's completions against one tuple of the others' and adds every
    /// seat's share of those outcomes.
    #[inline]
    fn settle(&self, dealt: u64, strengths: &[Strength; MAX_PLAYERS], tally: &mut LocalTally) {
        let (mut mh, mut ml) = (0u32, 0u32);
        for &seat in self.order {
            mh = mh.max(strengths[seat].main);
            ml = ml.max(u32::from(strengths[seat].low));
        }
        let (mut winners, mut low_winners) = (0u32, 0u32);
        for &seat in self.order {
            winners |= u32::from(strengths[seat].main == mh) << seat;
            low_winners |= u32::from(u32::from(strengths[seat].low) == ml) << seat;
        }
        // With no other low, both low thresholds ask "no low" (class below 1).
        let query = Thresholds {
            x: mh,
            l: ml.max(1),
            l_at_most: if ml == 0 { 1 } else { ml + 1 },
        };
        let mut sums = Sums::default();
        self.subsets(dealt, 0, 0, 1, &query, &mut sums);
        let n = choose(self.m - dealt.count_ones() as usize, self.buckets.cards());
        self.share_out(n, &sums, ml, winners, low_winners, tally);
    }

    /// Adds the signed counts of the bucket of the chosen subset, then extends the subset with
    /// each position of `later` (the dealt positions above the subset's last) while it has
    /// fewer cards than the last player's completions.
    #[inline]
    fn subsets(
        &self,
        later: u64,
        size: usize,
        colex: usize,
        sign: i64,
        q: &Thresholds,
        sums: &mut Sums,
    ) {
        let b = self.buckets;
        let c = b.counts(size, colex, q);
        sums.below += sign * c.below as i64;
        sums.at_most += sign * c.at_most as i64;
        if R::HILO {
            sums.low_below += sign * c.low_below as i64;
            sums.low_at_most += sign * c.low_at_most as i64;
            sums.both_below += sign * c.both_below as i64;
            sums.both_at_most += sign * c.both_at_most as i64;
        }
        if size == b.cards() {
            return;
        }
        let mut rest = later;
        while rest != 0 {
            let position = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let next = colex + choose(position, size + 1) as usize;
            self.subsets(rest, size + 1, next, -sign, q, sums);
        }
    }

    /// Turns one tuple's counts into every seat's wins, ties, scoops and pot units.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn share_out(
        &self,
        n: u64,
        sums: &Sums,
        ml: u32,
        winners: u32,
        low_winners: u32,
        tally: &mut LocalTally,
    ) {
        let below = sums.below as u64;
        let at_most = sums.at_most as u64;
        // L's completions below, equal to and above the best other main strength.
        let (a, b, c) = (below, at_most - below, n - at_most);
        let th = winners.count_ones() as usize;
        let tl = low_winners.count_ones() as usize;
        let half = tally.share(1);
        let (share_a, share_b) = (tally.share(th), tally.share(th + 1));
        let (low_share_a, low_share_b) = (tally.share(tl), tally.share(tl + 1));
        let last = self.last;
        tally.outcomes += n;
        let mut add = |seat: usize, f: &dyn Fn(&mut LocalCounts)| f(&mut tally.counts[seat]);
        // Wins and ties of the main hand do not depend on the low.
        for seat in (0..self.players).filter(|&s| winners >> s & 1 == 1) {
            add(seat, &|x| {
                if th == 1 {
                    x.wins += a;
                } else {
                    x.ties += a;
                }
                x.ties += b;
            });
        }
        add(last, &|x| {
            x.ties += b;
            x.wins += c;
        });
        if !R::HILO {
            for seat in (0..self.players).filter(|&s| winners >> s & 1 == 1) {
                add(seat, &|x| {
                    x.high_units += 2 * (a * share_a + b * share_b);
                    if th == 1 {
                        x.scoops += a;
                    }
                });
            }
            add(last, &|x| {
                x.high_units += 2 * (b * share_b + c * half);
                x.scoops += c;
            });
            return;
        }
        if ml == 0 {
            // No other player has a low: L's completions without one leave the whole pot to
            // the high hand; with one, L takes the low half alone.
            let no_low = sums.low_below as u64;
            let a0 = sums.both_below as u64;
            let b0 = sums.both_at_most as u64 - a0;
            let c0 = no_low - a0 - b0;
            let (a1, b1, c1) = (a - a0, b - b0, c - c0);
            for seat in (0..self.players).filter(|&s| winners >> s & 1 == 1) {
                add(seat, &|x| {
                    x.high_units += 2 * (a0 * share_a + b0 * share_b) + a1 * share_a + b1 * share_b;
                    if th == 1 {
                        x.scoops += a0;
                    }
                });
            }
            add(last, &|x| {
                x.high_units += 2 * (b0 * share_b + c0 * half) + b1 * share_b + c1 * half;
                x.low_units += (n - no_low) * half;
                x.scoops += c;
            });
            return;
        }
        // Some other player has a low: the pot splits whatever L holds.
        let low_below = sums.low_below as u64;
        let low_at_most = sums.low_at_most as u64;
        let (la, lb, lc) = (low_below, low_at_most - low_below, n - low_at_most);
        for seat in (0..self.players).filter(|&s| winners >> s & 1 == 1) {
            add(seat, &|x| x.high_units += a * share_a + b * share_b);
        }
        for seat in (0..self.players).filter(|&s| low_winners >> s & 1 == 1) {
            add(seat, &|x| {
                x.low_units += la * low_share_a + lb * low_share_b
            });
        }
        // A scoop needs the one best high and the one best low in the same hand.
        if th == 1 && tl == 1 && winners == low_winners {
            let seat = winners.trailing_zeros() as usize;
            let both_below = sums.both_below as u64;
            add(seat, &|x| x.scoops += both_below);
        }
        let above_both = n + sums.both_at_most as u64 - at_most - low_at_most;
        add(last, &|x| {
            x.high_units += b * share_b + c * half;
            x.low_units += lb * low_share_b + lc * half;
            x.scoops += above_both;
        });
    }
}
