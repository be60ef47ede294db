//! `hvhEquity(p, street)` in the stud games: p's equity against every other player's cards
//! known to the street (each seat's first `street` cards), every completion of the seats'
//! seven cards from the cards no one shows and no one folded counted once, as
//! `sim equity --game G --exact` counts a spot of those cards.
//!
//! ```text
//!  heads-up, fifth street:  C(42,2) · C(40,2) = 671,580 completions   counted
//!  heads-up, fourth street: C(44,3) · C(41,3) = 141,181,040            refused
//!  seven players, sixth:    10 · 9 · 8 · 7 · 6 · 5 · 4 = 604,800       counted
//! ```
//!
//! A trial enumerates only when its shown cards are new to its thread (the per-thread memo): the value
//! is remembered for every seat's shown cards and the dead cards.

use deck::Card;
use engine::choose::choose;

use crate::hands::mask;
use crate::memo::{self, EquityKey, EquitySums};
use crate::rules::{MAX_HOLE, Rules};
use crate::trial::{POT_UNITS, Trial};

/// Most completions one stud `hvhEquity` counts: a seat's pot units summed over them fit in
/// 32 bits (`MAX_COMPLETIONS` · 5,040 < 2^32), and heads-up fifth street's 671,580 fit.
pub const MAX_COMPLETIONS: u128 = 800_000;

/// The completions of `players` seats shown `street` cards each, with no dead card: each
/// seat's `7 - street` missing cards chosen in turn from the cards left.
pub fn completions(players: usize, street: usize) -> u128 {
    let missing = MAX_HOLE.saturating_sub(street);
    let mut left = 52usize.saturating_sub(players * street);
    let mut total = 1u128;
    for _ in 0..players {
        total = total.saturating_mul(choose(left, missing) as u128);
        left = left.saturating_sub(missing);
    }
    total
}

/// The stud streets (3 to 7 cards a seat) whose completions for `players` seats are at most
/// [`MAX_COMPLETIONS`].
pub fn affordable_streets(players: usize) -> Vec<usize> {
    (3..=MAX_HOLE)
        .filter(|&s| completions(players, s) <= MAX_COMPLETIONS)
        .collect()
}

/// The game's rules and deck, and the dead cards' mask.
pub(crate) struct Table<'a> {
    /// The game's rules.
    pub(crate) rules: &'a Rules,
    /// The game's deck.
    pub(crate) deck: &'a [Card],
    /// The dead cards.
    pub(crate) dead: u64,
}

/// Player `p`'s equity on `trial` against the other seats' first `street` cards: the pot units
/// p takes over every completion, over the pot of every completion.
pub(crate) fn hvh_equity(env: &Table<'_>, t: &Trial, p: usize, street: usize) -> f64 {
    let street = street.min(MAX_HOLE);
    let mut blocked = env.dead;
    for seat in 0..t.players {
        blocked |= mask(&t.holes[seat][..street]);
    }
    let mut key = EquityKey::new(0, blocked);
    for seat in 0..t.players {
        key.seat(seat, &t.holes[seat][..street]);
    }
    let sums = memo::equity_sums(env.rules.game, &key, || {
        let mut scratch = t.clone();
        let mut sums = EquitySums::default();
        complete(env, &mut scratch, blocked, street, 0, street, 0, &mut sums);
        sums
    });
    if sums.runouts == 0 {
        return 0.0;
    }
    f64::from(sums.units[p]) / (f64::from(sums.runouts) * f64::from(POT_UNITS))
}

/// Deals seat `seat`'s slots from `slot` to the seventh, cards taken in deck order from index
/// `from` on and never from `blocked`, then the next seats' from `street`; settles each
/// completion into `sums`.
#[allow(clippy::too_many_arguments)]
fn complete(
    env: &Table<'_>,
    t: &mut Trial,
    blocked: u64,
    street: usize,
    seat: usize,
    slot: usize,
    from: usize,
    sums: &mut EquitySums,
) {
    if seat == t.players {
        t.settle(env.rules);
        for (s, units) in sums.units[..t.players].iter_mut().enumerate() {
            *units += t.showdown.units(s);
        }
        sums.runouts += 1;
        return;
    }
    if slot == MAX_HOLE {
        complete(env, t, blocked, street, seat + 1, street, 0, sums);
        return;
    }
    for (i, &c) in env.deck.iter().enumerate().skip(from) {
        if blocked >> c.index() & 1 != 0 {
            continue;
        }
        t.holes[seat][slot] = c;
        complete(
            env,
            t,
            blocked | 1 << c.index(),
            street,
            seat,
            slot + 1,
            i + 1,
            sums,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completions_are_counted_seat_by_seat() {
        assert_eq!(completions(2, 5), 671_580);
        assert_eq!(completions(2, 4), 13_244 * 10_660);
        assert_eq!(completions(7, 6), 604_800);
        assert_eq!(completions(3, 7), 1);
        assert_eq!(affordable_streets(2), [5, 6, 7]);
        assert_eq!(affordable_streets(3), [6, 7]);
        assert!(MAX_COMPLETIONS * u128::from(POT_UNITS) < 1 << 32);
    }
}
