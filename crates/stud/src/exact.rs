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

use deck::Card;
use engine::Watch;
use engine::choose::choose;

use crate::completions::{Completions, distinct_mains};
use crate::ranking::Ranking;
use crate::tally::LocalTally;
use crate::three_way;
use crate::two_way;

mod tuples;

pub(crate) use tuples::count_by_tuples;

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
    stop: &dyn Watch,
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ranking::{RazzLow, Strength, StudEight, StudHigh};
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
