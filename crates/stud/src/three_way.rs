//! Exact three-handed stud, razz and stud hi/lo by counting triples of completions, not tuples.
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
//! For each `S` one sweep over `A`'s completions in order of strength ([`mod@sweep`]) inserts the
//! completions `b ⊇ S` below the current strength ([`family`]), and `β_S(a)` counts those that
//! avoid `a`: one look-up per card of `a` when `b ∖ S` has at most two cards (nearly all the
//! work), else a signed sum over the subsets of `a` of counts kept per subset of `b ∖ S`
//! ([`layout`]). When `S` is all of `b` and all of `c`, the sum runs the other way ([`whole`]).
//! The same sweeps with "at most" in place of "below" give the ties, so each seat's wins, ties
//! and pot units come from four such sums, `ll, el, le, ee` (`b` below or at most `a`, then
//! `c`): `a` is best alone in `ll` triples, tied with one other in `el + le − 2·ll` and with
//! both in `ee − el − le + ll`. Three-handed on third street that is about 6·10^9 simple steps
//! per seat instead of 1.7·10^12 bucket look-ups: 6.5 s of one loaded core for all 5.3·10^14
//! showdowns.
//!
//! Hi/lo pots need both rankings of a hand at once: the high half is `U/k` units when some low
//! qualifies and `2U/k` when none does (`U` units in half a pot, `k` tied winners), and a scoop
//! is the best high and the best low in one hand. Each is a sum of the same kind over some of
//! the completions ([`sorted`]), a seat's sums giving its counts:
//!
//! ```text
//!  sweep     A's completions     B's and C's          gives A's
//!  high      all, by main        all                  wins, ties, U/k of the high half
//!  no-low    no low, by main     no low               U/k more when no low qualifies,
//!                                                     scoops without a low (its ll)
//!  low       a low, by low       all (none is worst)  U/k of the low half
//!  scoop ℓ   low ℓ, by main      low worse than ℓ     scoops with a low (ll only), ℓ = 1..56
//! ```
//!
//! The 56 scoop sweeps split `A`'s completions between them, as the no-low and low sweeps do,
//! so together they read `A` about as often as two high sweeps and a half; only the inserts of
//! `B` and `C` repeat per low, and they are few where `S` is large, where the work is. All
//! sweeps of one `S` share one load of `B`'s and `C`'s completions. Hi/lo third street takes
//! about 15 s of one loaded core. The pieces of work (a few sets `S` of one size against one
//! seat, or one sweep against the sets that are all of `b` and `c`) of every seat go to the
//! rayon pool in one list, each its own job, each asking `stop` first; the sums are integers,
//! so the answer does not depend on the threads.

use engine::Watch;
use engine::choose::choose;

use crate::completions::Completions;
use crate::tally::LocalTally;

mod deal;
mod family;
mod layout;
mod sorted;
mod sweep;
mod whole;

use deal::Deal;
use layout::MAX_NEED;

/// Simple steps of [`steps`] per counting step of [`crate::exact`] in stud and razz (a bucket
/// look-up, about 30 ns): one step here took about 0.4 ns of one loaded core on three-way
/// third street (1.7·10^10 steps in 6.5 s), so this ratio errs towards the tuples.
const STEPS_PER_COUNTING_STEP: u128 = 32;

/// Stud's counting steps in one of hi/lo's (a hi/lo bucket look-up, about 120 ns: see
/// [`crate::EXACT_LIMITS`]). Hi/lo third street's 7.2·10^10 simple steps (an upper bound:
/// [`steps`]) took 15 s of one loaded core.
const HILO_COUNTING_STEP: u128 = 4;

/// Whether three seats needing `need` cards can be counted here: three players, at most
/// [`MAX_NEED`] cards to come each.
pub(crate) fn applies(need: &[usize]) -> bool {
    need.len() == 3 && need.iter().all(|&n| n <= MAX_NEED)
}

/// Simple steps (a look-up, a card's count or an entry inserted) of one deal of three seats
/// needing `need` cards from `cards_left`, at most: the sum over the seats counted as `A` and
/// over the sizes of `S`. Hi/lo reads `A`'s completions at most four times as often (the high
/// sweep; the no-low and low sweeps, which split them, the low asking twice; the scoop sweeps,
/// which split them too), inserts `B`'s and `C`'s up to 59 times (high, no-low, low and 56
/// scoop sweeps) and asks up to 68 queries per set `S` that is all of `b` and `c`.
pub(crate) fn steps(need: &[usize], cards_left: usize, hilo: bool) -> u128 {
    let (reads, inserts): (u128, u128) = if hilo { (4, 59) } else { (1, 1) };
    let mut total = 0u128;
    for seat in 0..3 {
        let (ka, kb, kc) = (need[seat], need[(seat + 1) % 3], need[(seat + 2) % 3]);
        let completions_a = u128::from(choose(cards_left, ka));
        for s in 0..=kb.min(kc) {
            let shared = u128::from(choose(cards_left, s));
            let (rb, rc) = (kb - s, kc - s);
            total += if rb == 0 && rc == 0 {
                // Four queries per `S` in each sweep (one in a scoop sweep), each summing the
                // subsets of `S`, and `A`'s subsets inserted once per sweep.
                let queries = if hilo { 12 + 56 } else { 4 };
                queries * shared * (1 << ka.min(s)) + reads * (completions_a << ka)
            } else {
                let load = |r: usize| u128::from(choose(cards_left - s, r)) << r;
                shared
                    * (reads * completions_a * (look_ups(ka, rb) + look_ups(ka, rc))
                        + inserts * (load(rb) + load(rc)))
            };
        }
    }
    total
}

/// [`steps`] in the counting steps of [`crate::exact`]'s limits, in hi/lo's when `hilo`.
pub(crate) fn counting_steps(need: &[usize], cards_left: usize, hilo: bool) -> u128 {
    let per = STEPS_PER_COUNTING_STEP * if hilo { HILO_COUNTING_STEP } else { 1 };
    steps(need, cards_left, hilo).div_ceil(per)
}

/// Look-ups of one `β_S(a)` for completions `a` of `ka` cards against `b ∖ S` of `r` cards.
fn look_ups(ka: usize, r: usize) -> u128 {
    if r <= 1 {
        1
    } else {
        (0..=r.min(ka)).map(|j| u128::from(choose(ka, j))).sum()
    }
}

/// Counts every deal of `need[seat]` more cards to each of three seats from the `cards_left`
/// cards outside every seat's cards and the dead ones, on the current rayon pool, with the
/// dense strengths `lists` hold (hi/lo when `hilo`): the same counts as
/// [`crate::exact::count_deal`]. `None` when `stop` said to stop (asked between pieces).
pub(crate) fn count(
    lists: &[Completions],
    need: &[usize],
    cards_left: usize,
    hilo: bool,
    stop: &dyn Watch,
) -> Option<LocalTally> {
    let deal = Deal::new(lists, need, cards_left, hilo);
    let accs = deal.sums(stop)?;
    let mut tally = LocalTally::new(3);
    tally.outcomes = choose(cards_left, need[0])
        * choose(cards_left - need[0], need[1])
        * choose(cards_left - need[0] - need[1], need[2]);
    let shares = [tally.share(1), tally.share(2), tally.share(3)];
    // Units of half a pot to `A` over triples where it is best alone, tied with one, with both.
    let units = |split: [u64; 3]| -> u64 { split.iter().zip(shares).map(|(n, s)| n * s).sum() };
    for (counts, acc) in tally.counts.iter_mut().zip(&accs) {
        let high = acc.high.split();
        counts.wins += high[0];
        counts.ties += high[1] + high[2];
        if hilo {
            let no_low = acc.no_low.split();
            counts.high_units += units(high) + units(no_low);
            counts.low_units += units(acc.low.split());
            counts.scoops += no_low[0] + acc.scoop as u64;
        } else {
            counts.high_units += 2 * units(high);
            counts.scoops += high[0];
        }
    }
    Some(tally)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use deck::{Card, parse_cards};

    use super::*;
    use crate::exact::tests::{equals_the_tuple_count, for_random_deals};
    use crate::exact::{dense_completions, plan};
    use crate::ranking::{Ranking, RazzLow, StudEight, StudHigh};

    /// Counts a deal of three seats both here and by tuples, and compares.
    fn check<R: Ranking>(seats: &[Vec<Card>], used: u64) {
        equals_the_tuple_count::<R>(seats, used, |lists, need, m| {
            count(lists, need, m, R::HILO, &|| false)
        });
    }

    /// Random three-handed spots: `known[p]` cards for seat `p`, `left` cards not dead.
    fn random_spots<R: Ranking>(known: [usize; 3], left: usize, spots: u64) {
        let seed = known.iter().fold(left as u64, |a, &k| a * 10 + k as u64);
        for_random_deals(&known, left, spots, seed, check::<R>);
    }

    /// [`random_spots`] with the most cards left, at most `most`, whose tuple count (the slow
    /// side of [`check`]) takes at most `budget` counting steps, or else the fewest that deal
    /// every seat.
    fn random_spots_within<R: Ranking>(known: [usize; 3], most: usize, budget: u128, spots: u64) {
        let need: Vec<usize> = known.iter().map(|k| 7 - k).collect();
        let fewest = need.iter().sum::<usize>().max(5);
        let left = (fewest..=most)
            .rev()
            .find(|&m| plan(&need, m).is_some_and(|(_, steps)| steps <= budget))
            .unwrap_or(fewest);
        random_spots::<R>(known, left, spots);
    }

    /// Seats holding `seats`, every card dead but theirs and `left`.
    fn spot(seats: [&str; 3], left: &str) -> (Vec<Vec<Card>>, u64) {
        let seats: Vec<Vec<Card>> = seats.iter().map(|s| parse_cards(s).unwrap()).collect();
        let left = parse_cards(left).unwrap();
        let used = Card::all()
            .filter(|c| !left.contains(c))
            .fold(0u64, |m, c| m | 1 << c.index());
        (seats, used)
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
            [7, 7, 7],
        ] {
            let left = 16;
            random_spots::<StudHigh>(known, left, 3);
            random_spots::<RazzLow>(known, left, 3);
            // Hi/lo tuples are slow: as many cards as a second or so of them allows.
            random_spots_within::<StudEight>(known, left, 1_000_000, 3);
        }
    }

    #[test]
    fn equals_the_tuple_count_with_many_cards_left() {
        random_spots::<StudHigh>([4, 4, 4], 20, 2);
        random_spots::<RazzLow>([5, 4, 5], 30, 2);
        random_spots::<StudHigh>([5, 5, 5], 37, 2);
        random_spots_within::<StudEight>([6, 5, 4], 37, 400_000, 2);
        random_spots_within::<StudEight>([5, 5, 5], 30, 1_000_000, 2);
    }

    #[test]
    fn hilo_with_no_low_anywhere_and_with_a_low_in_every_completion() {
        // Two low ranks among the cards left: nobody can make a low, every pot is one high.
        let (seats, used) = spot(
            ["9sTsJsQs", "9hThJhQh", "9dTdJdQd"],
            "9cTcJcQc KsKhKdKc 2s2h2d2c 3s3h3d3c",
        );
        check::<StudEight>(&seats, used);
        // The first seat holds a wheel: every completion of it has the best low.
        let (seats, used) = spot(
            ["As2d3c4h5s", "KsKdQc", "8h9hTh"],
            "6c7c8cJcQs Ah2h3h4s5h6h7h",
        );
        check::<StudEight>(&seats, used);
        check::<StudHigh>(&seats, used);
    }

    #[test]
    fn any_number_of_threads_gives_the_same_counts_and_a_stop_is_heeded() {
        use std::sync::atomic::AtomicUsize;
        let mut deals = Vec::new();
        for_random_deals(&[3, 4, 3], 15, 1, 7, |seats, used| {
            deals.push((seats.to_vec(), used))
        });
        let (seats, used) = &deals[0];
        let need: Vec<usize> = seats.iter().map(|s| 7 - s.len()).collect();
        let (lists, m) = dense_completions::<StudEight>(seats, &need, *used);
        let on = |threads: usize, stop: &dyn Watch| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| count(&lists, &need, m, true, stop))
        };
        let one = on(1, &|| false).unwrap();
        assert_eq!(on(3, &|| false).unwrap(), one);
        // Asked to stop after a few pieces of work: nothing is returned.
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 3;
        assert_eq!(on(2, &stop), None);
        assert!(asked.load(Ordering::Relaxed) > 3);
    }

    #[test]
    fn third_street_costs() {
        // Three-way third street: counted here in stud, razz and hi/lo (the tuples would take
        // 1.65·10^12 counting steps), not by default, and within `--exact`'s limit.
        let need = [4, 4, 4];
        assert_eq!(counting_steps(&need, 43, false), 533_478_291);
        assert_eq!(counting_steps(&need, 43, true), 561_338_099);
        let limits = crate::EXACT_LIMITS;
        for hilo in [false, true] {
            let cost = crate::exact::steps(&need, 43, hilo).unwrap();
            assert!(limits.auto < cost && cost < limits.max, "{cost}");
        }
    }

    #[test]
    fn counts_every_outcome_once() {
        let need = [4, 4, 4];
        let m = 43;
        assert_eq!(
            choose(m, 4) * choose(m - 4, 4) * choose(m - 8, 4),
            123_410 * 82_251 * 52_360
        );
        assert!(applies(&need));
        assert!(applies(&[0, 4, 2]));
        assert!(!applies(&[4, 4]));
        assert!(!applies(&[5, 4, 4]));
        assert!(!applies(&[4, 4, 4, 4]));
    }
}
