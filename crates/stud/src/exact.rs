//! Exact stud equity by counting instead of dealing.
//!
//! One deal with every player's known cards fixed is counted as follows. The player who still
//! needs the most cards is counted last, `L`; every other player's completions are listed and
//! valued once, and so are `L`'s, which go into an index of buckets. The other players'
//! completions are then visited as disjoint tuples (heads-up: one list, 163,185 completions on
//! third street), and for each tuple the completions of `L` that avoid the tuple's cards `D`
//! are counted by strength with inclusion–exclusion over the subsets `U ⊆ D`, `|U| <= n_L`:
//!
//! ```text
//!  #{T : T ∩ D = ∅, T below x} = Σ_{U ⊆ D} (−1)^|U| · #{T ⊇ U, T below x}     (binary searches)
//!  tuple ──▶ best other main strength Mh (held by the seats W), best other low Ml (seats Wl)
//!        ──▶ L's completions split in  A: below Mh   B: equal   C: above      (and a, b, c by low)
//!        ──▶ pot units, wins, ties and scoops of every seat, as if each outcome were dealt
//! ```
//!
//! Heads-up on third street that is 163,185 × 16 bucket look-ups instead of C(46,4)·C(42,4) ≈
//! 1.8·10^10 showdowns. Scoops in hi/lo need two-sided counts ("below Mh and below Ml"), which
//! the wavelet matrix of the buckets answers. The outcome counts are exactly those of a dealing
//! enumerator (tests check it on many spots), so equities match the peers' to the last digit.

use std::sync::atomic::{AtomicBool, Ordering};

use deck::Card;
use engine::choose::choose;
use rayon::prelude::*;

use crate::buckets::{Buckets, Thresholds};
use crate::completions::{Completions, distinct_mains};
use crate::ranking::{Ranking, Strength};
use crate::spot::MAX_PLAYERS;
use crate::tally::{LocalCounts, LocalTally};
use crate::three_way;
use crate::two_way;

/// Completions of the first listed player per piece of parallel work.
const PIECE: usize = 64;

/// Most entries the index of the last player's completions may hold (`2^n` per completion of
/// `n` cards; about 3 bytes each with directories, 4 in hi/lo).
pub(crate) const INDEX_MAX: u128 = 1 << 25;

/// Counting steps of one deal when `last` is counted last: tuples of the other players'
/// completions times the buckets each looks up, plus the entries of `last`'s index.
fn steps_with(need: &[usize], cards_left: usize, last: usize) -> u128 {
    let mut tuples = 1u128;
    let mut dealt = 0;
    for (seat, &n) in need.iter().enumerate() {
        if seat != last {
            let left = cards_left.saturating_sub(dealt);
            tuples = tuples.saturating_mul(u128::from(choose(left, n)));
            dealt += n;
        }
    }
    let n_last = need[last];
    let lookups: u128 = (0..=n_last)
        .map(|s| u128::from(choose(dealt.min(52), s)))
        .sum();
    tuples
        .saturating_mul(lookups)
        .saturating_add(index_entries(need[last], cards_left))
}

/// Entries of the index of completions of `n` cards from `cards_left`.
fn index_entries(n: usize, cards_left: usize) -> u128 {
    u128::from(choose(cards_left, n)) << n
}

/// The player to count last (the fewest steps among those whose index fits [`INDEX_MAX`]) and
/// the steps; `None` when no index fits.
pub(crate) fn plan(need: &[usize], cards_left: usize) -> Option<(usize, u128)> {
    (0..need.len())
        .filter(|&seat| index_entries(need[seat], cards_left) <= INDEX_MAX)
        .map(|seat| (seat, steps_with(need, cards_left, seat)))
        .min_by_key(|&(seat, steps)| (steps, std::cmp::Reverse(seat)))
}

/// Counting steps of one deal (see [`plan`]); for three players, the fewer of that and
/// [`three_way`]'s. `None` when no way of counting applies (no index fits, and not three-way).
pub(crate) fn steps(need: &[usize], cards_left: usize, hilo: bool) -> Option<u128> {
    let tuples = plan(need, cards_left).map(|(_, steps)| steps);
    let three = three_way_steps(need, cards_left, hilo);
    match (tuples, three) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// [`three_way`]'s simple steps of one deal in counting steps, when it applies.
fn three_way_steps(need: &[usize], cards_left: usize, hilo: bool) -> Option<u128> {
    three_way::applies(need).then(|| three_way::counting_steps(need, cards_left, hilo))
}

/// Counts every deal of `need[seat]` more cards to each seat holding `seats[seat]`, from the
/// cards outside `used` (which holds every seat's cards and the dead cards), on the current
/// rayon pool. `None` when `stop` said to stop (asked between pieces of work).
///
/// The deal must have a [`plan`] (an index that fits): [`crate::Method::resolve`] refuses the
/// others.
pub(crate) fn count_deal<R: Ranking>(
    seats: &[Vec<Card>],
    need: &[usize],
    used: u64,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<LocalTally> {
    let (mut lists, m) = completions::<R>(seats, need, used);
    if two_way::applies(need, R::HILO) {
        // Its sweep only compares main strengths, which the raw ones order as the dense ones.
        return two_way::count(&lists, need, m, stop);
    }
    densify(&mut lists);
    let tuples = plan(need, m);
    if let Some(three) = three_way_steps(need, m, R::HILO)
        && tuples.is_none_or(|(_, steps)| three < steps)
    {
        return three_way::count(&lists, need, m, R::HILO, stop);
    }
    let (last, _) =
        tuples.unwrap_or_else(|| unreachable!("resolve refuses deals whose index does not fit"));
    count_by_tuples::<R>(&lists, need, m, last, stop)
}

/// Every seat's completions from the cards outside `used` (`m` of them, returned too), their
/// main strengths made dense over all seats, as [`count_deal`] makes them (for tests).
#[cfg(test)]
pub(crate) fn dense_completions<R: Ranking>(
    seats: &[Vec<Card>],
    need: &[usize],
    used: u64,
) -> (Vec<Completions>, usize) {
    let (mut lists, m) = completions::<R>(seats, need, used);
    densify(&mut lists);
    (lists, m)
}

/// Every seat's completions from the cards outside `used` (`m` of them, returned too), with
/// their raw strengths.
fn completions<R: Ranking>(
    seats: &[Vec<Card>],
    need: &[usize],
    used: u64,
) -> (Vec<Completions>, usize) {
    let rest: Vec<Card> = Card::all().filter(|c| used >> c.index() & 1 == 0).collect();
    let lists = seats
        .iter()
        .zip(need)
        .map(|(known, &n)| Completions::new::<R>(known, &rest, n))
        .collect();
    (lists, rest.len())
}

/// Makes the main strengths of all seats' completions dense over all seats.
fn densify(lists: &mut [Completions]) {
    let mains = distinct_mains(lists.iter());
    for list in lists {
        list.densify(&mains);
    }
}

/// [`count_deal`] by visiting tuples of every seat's completions but `last`'s, which are
/// counted from an index (`lists` with dense strengths, as [`count_deal`] makes them; `m` cards
/// left).
pub(crate) fn count_by_tuples<R: Ranking>(
    lists: &[Completions],
    need: &[usize],
    m: usize,
    last: usize,
    stop: &(dyn Fn() -> bool + Sync),
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
            if stopped.load(Ordering::Relaxed) || stop() {
                stopped.store(true, Ordering::Relaxed);
                return tally;
            }
            let mut strengths = [Strength::default(); MAX_PLAYERS];
            let end = ((piece + 1) * PIECE).min(first.sets.len());
            for i in piece * PIECE..end {
                strengths[order[0]] = first.strengths[i];
                counter.visit(1, first.sets[i], &mut strengths, &mut tally);
            }
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ranking::{RazzLow, StudEight, StudHigh};
    use deck::parse_cards;

    /// Counts a deal of `seats` (outside `used`) with `count` (given the dense completions,
    /// what each seat needs and the cards left) and by tuples, and checks that they agree.
    pub(crate) fn equals_the_tuple_count<R: Ranking>(
        seats: &[Vec<Card>],
        used: u64,
        count: impl Fn(&[Completions], &[usize], usize) -> Option<LocalTally>,
    ) {
        let need: Vec<usize> = seats.iter().map(|s| 7 - s.len()).collect();
        let (lists, m) = dense_completions::<R>(seats, &need, used);
        let (last, _) = plan(&need, m).unwrap();
        let tuples = count_by_tuples::<R>(&lists, &need, m, last, &|| false).unwrap();
        let counted = count(&lists, &need, m).unwrap();
        assert_eq!(counted, tuples, "{:?} {seats:?} used {used:x}", R::GAME);
    }

    /// Deals every outcome one by one and records it: the slow, obvious count.
    pub(crate) fn deal_every_outcome<R: Ranking>(
        seats: &[Vec<Card>],
        need: &[usize],
        used: u64,
    ) -> LocalTally {
        let rest: Vec<Card> = Card::all().filter(|c| used >> c.index() & 1 == 0).collect();
        let mut tally = LocalTally::new(seats.len());
        let mut hands: Vec<Vec<Card>> = seats.to_vec();
        deal(&rest, 0, need, &mut hands, &mut |hands| {
            let strengths: Vec<Strength> = hands
                .iter()
                .map(|h| crate::ranking::strength(R::GAME, h))
                .collect();
            let main: Vec<u32> = strengths.iter().map(|s| s.main).collect();
            let low: Vec<u8> = strengths.iter().map(|s| s.low).collect();
            tally.record(&main, R::HILO.then_some(&low[..]));
        });
        tally
    }

    fn deal(
        rest: &[Card],
        seat: usize,
        need: &[usize],
        hands: &mut Vec<Vec<Card>>,
        visit: &mut impl FnMut(&[Vec<Card>]),
    ) {
        if seat == need.len() {
            visit(hands);
            return;
        }
        let target = hands[seat].len() + need[seat];
        choose_into(rest, 0, seat, target, need, hands, visit);
    }

    fn choose_into(
        rest: &[Card],
        from: usize,
        seat: usize,
        target: usize,
        need: &[usize],
        hands: &mut Vec<Vec<Card>>,
        visit: &mut impl FnMut(&[Vec<Card>]),
    ) {
        if hands[seat].len() == target {
            let taken: Vec<Card> = hands[seat].clone();
            let left: Vec<Card> = rest
                .iter()
                .copied()
                .filter(|c| !taken.contains(c))
                .collect();
            deal(&left, seat + 1, need, hands, visit);
            return;
        }
        for i in from..rest.len() {
            hands[seat].push(rest[i]);
            choose_into(rest, i + 1, seat, target, need, hands, visit);
            hands[seat].pop();
        }
    }

    /// Counts a deal both ways and compares (squared units aside: exact runs have no use for
    /// them, their standard errors being 0).
    fn check<R: Ranking>(seats: &[Vec<Card>], used: u64) {
        let need: Vec<usize> = seats.iter().map(|s| 7 - s.len()).collect();
        let counted = count_deal::<R>(seats, &need, used, &|| false).unwrap();
        let mut dealt = deal_every_outcome::<R>(seats, &need, used);
        dealt.counts.iter_mut().for_each(|c| c.square_units = 0);
        assert_eq!(counted, dealt, "{:?} {seats:?} used {used:x}", R::GAME);
    }

    /// Random spots: `known[p]` cards for player `p` and `left` cards not dead, from a seeded
    /// shuffle (small enough to deal every outcome).
    fn random_spots<R: Ranking>(known: &[usize], left: usize, spots: u64) {
        let seed = known.len() as u64 * 100 + left as u64;
        for_random_deals(known, left, spots, seed, check::<R>);
    }

    /// Calls `visit(seats, used)` on `spots` deals from a shuffle seeded with `seed`: `known[p]`
    /// cards for seat `p`, and every card but the `left` after the seats' dead (`used` holds the
    /// seats' cards and the dead ones).
    pub(crate) fn for_random_deals(
        known: &[usize],
        left: usize,
        spots: u64,
        seed: u64,
        mut visit: impl FnMut(&[Vec<Card>], u64),
    ) {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..spots {
            let mut deck: Vec<Card> = Card::all().collect();
            deck.shuffle(&mut rng);
            let mut at = 0;
            let seats: Vec<Vec<Card>> = known
                .iter()
                .map(|&k| {
                    at += k;
                    deck[at - k..at].to_vec()
                })
                .collect();
            let used = deck[..at]
                .iter()
                .chain(&deck[at + left..])
                .fold(0u64, |m, c| m | 1 << c.index());
            visit(&seats, used);
        }
    }

    #[test]
    fn counting_equals_dealing_heads_up_on_fifth_and_fourth_street() {
        random_spots::<StudHigh>(&[5, 5], 16, 20);
        random_spots::<StudEight>(&[5, 5], 16, 20);
        random_spots::<RazzLow>(&[5, 5], 16, 20);
        random_spots::<StudEight>(&[4, 4], 12, 10);
        random_spots::<RazzLow>(&[4, 5], 12, 10);
        random_spots::<StudHigh>(&[3, 4], 11, 5);
    }

    #[test]
    fn counting_equals_dealing_multiway() {
        random_spots::<StudEight>(&[6, 6, 6], 10, 30);
        random_spots::<StudHigh>(&[6, 5, 6, 6], 10, 30);
        random_spots::<RazzLow>(&[5, 5, 6], 10, 20);
        random_spots::<StudEight>(&[5, 4, 6, 7], 9, 20);
        random_spots::<StudEight>(&[7, 7], 5, 5);
    }

    #[test]
    fn hand_picked_spots() {
        // Both lows counterfeit-prone, a made high against draws, and no dead cards on sixth.
        let spots: [&[&str]; 3] = [
            &["As2h3d4c5s6s", "AdKh3h4h5h6h"],
            &["2c3c4c5c6c7c", "AhKhQhJhTh9h"],
            &["KsKhKd2c3c4c", "AcAdAh5d6d7d", "QsQhQcQd8s9s"],
        ];
        for players in spots {
            let seats: Vec<Vec<Card>> = players.iter().map(|p| parse_cards(p).unwrap()).collect();
            let used = seats.iter().flatten().fold(0u64, |m, c| m | 1 << c.index());
            check::<StudHigh>(&seats, used);
            check::<StudEight>(&seats, used);
            check::<RazzLow>(&seats, used);
        }
    }
}
