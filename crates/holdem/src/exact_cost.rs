//! What an exact count of a hold'em or short-deck spot costs, in nanoseconds of one core: the
//! cost model behind [`Method::Auto`](engine::Method::Auto)'s choice.
//!
//! An exact count visits each suit class of assignments once ([`crate::suit_classes`]) and
//! counts the class's boards by suit isomorphism, so its time is the number of classes times
//! the time of one class, which depends on the cards still to come and the number of players
//! (with the whole board known, one showdown per assignment). The per-class times below were
//! measured on one thread by `tests/auto_cost.rs` (run it with `--ignored`, in release) on
//! a 2-core cloud machine, and rounded up: preflop 0.36–1.6 ms a class, the flop 1.2–10.5 µs, the
//! turn 0.74–1.2 µs, the river 0.2 µs an assignment.
//!
//! The classes themselves are only counted when that is cheap: when the ranges' combinations
//! are at most [`LIST_AT_MOST`], and the fewest classes they can fall into (the assignments
//! over the suit permutations that fix the board) do not already cost more than the budget.

use crate::spot::Spot;
use crate::suit_classes::{suit_classes, symmetries};

/// Combinations of range combos listed, at most, to count a spot's suit classes: more cannot
/// be counted in [`engine::AUTO_EXACT_NANOS`] (a river showdown alone takes 0.2 µs).
pub const LIST_AT_MOST: u128 = 1 << 18;

/// Nanoseconds of one core any count takes besides its classes (a single flop class of three
/// players measured 0.16 ms in all).
pub const SETUP_NANOS: u128 = 200_000;

/// Nanoseconds of one core one suit class costs with `to_deal` cards to come and `players`
/// players (one assignment's showdown with none to come).
pub fn class_nanos(to_deal: usize, players: usize) -> u128 {
    let players = players as u128;
    match to_deal {
        0 => 100 * players,
        1 => 400 * players,
        2 => 5_000 * (players - 1),
        _ => 250_000 * (players + 2),
    }
}

/// Nanoseconds of one core an exact count of `spot` is estimated to take; `u128::MAX` when its
/// ranges have more than [`LIST_AT_MOST`] combinations (far more than a blink's work).
pub fn exact_nanos(spot: &Spot) -> u128 {
    let combinations = spot
        .players
        .iter()
        .try_fold(1u128, |p, r| p.checked_mul(r.combos.len() as u128));
    let Some(assignments) = combinations
        .filter(|&c| c <= LIST_AT_MOST)
        .and_then(|c| spot.assignments(c))
    else {
        return u128::MAX;
    };
    let per_class = class_nanos(spot.to_deal(), spot.players.len());
    let listed = assignments.len() as u128;
    if spot.to_deal() == 0 {
        return SETUP_NANOS + listed * per_class;
    }
    let fewest = SETUP_NANOS + listed.div_ceil(symmetries(spot) as u128) * per_class;
    if fewest > engine::AUTO_EXACT_NANOS {
        return fewest;
    }
    SETUP_NANOS + suit_classes(spot, &assignments).len() as u128 * per_class
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nanos(hands: &[&str], board: &str) -> u128 {
        exact_nanos(&Spot::parse(hands, board, ""))
    }

    /// The estimate counts classes: `AKo` against `QQ` is 72 assignments in 4 classes, so four
    /// preflop classes of two players; a flop breaks the suit symmetry.
    #[test]
    fn estimates_count_suit_classes() {
        assert_eq!(
            nanos(&["AKo", "QQ"], ""),
            SETUP_NANOS + 4 * class_nanos(5, 2)
        );
        assert_eq!(
            nanos(&["AsAh", "KdKc"], ""),
            SETUP_NANOS + class_nanos(5, 2)
        );
        assert_eq!(
            nanos(&["AsAh", "KdKc"], "2c3d4h5s6s"),
            SETUP_NANOS + class_nanos(0, 2)
        );
        // Two random hands on the river: 1,070,190 assignments are too many to list.
        assert_eq!(nanos(&["random", "random"], "Qh7h2c9d5s"), u128::MAX);
        // Ace-king against every hand on a flop of three suits: 1,081 assignments; the
        // permutation of diamonds and spades pairs them up into 652 classes.
        assert_eq!(
            nanos(&["AhKh", "random"], "Qh7h2c"),
            SETUP_NANOS + 652 * class_nanos(2, 2)
        );
    }

    /// Past the budget, the fewest classes the assignments could fall into is the estimate.
    #[test]
    fn large_spots_are_not_classed() {
        let spot = Spot::parse(&["AA", "random"], "", "");
        let listed = spot.assignments(u128::MAX).unwrap().len() as u128;
        assert_eq!(listed, 7350);
        assert_eq!(
            exact_nanos(&spot),
            SETUP_NANOS + listed.div_ceil(24) * class_nanos(5, 2)
        );
    }
}
