//! Exact runout counts when players hold ranges: every conflict-free assignment of one hand per
//! player (each weighted by the product of its hands' weights) times every runout of the
//! boards, counted as fixed hands are ([`count_exact_until_stopped`]) and added up with the
//! assignment's weight as an integer multiplier, divided once when read.
//!
//! ```text
//!  choices[p] = [(mask, weight), …]   one list per player (a fixed hand: one entry)
//!  assignment = one entry per player, masks disjoint and inside the pool
//!  counts     = Σ_assignments weight · exact counts(fixed hands, pool − the hands' cards)
//! ```
//!
//! Assignments are visited in order, one after the other, each counted on the rayon pool:
//! integer sums in a fixed order, so the thread count cannot change a count.

use super::counts::RunoutCounts;
use super::deal::RunoutDeal;
#[cfg(doc)]
use super::deal::count_exact_until_stopped;
use crate::watch::{Parts, StopOnly, Watch};

/// One player's hands for an exact ranged count: each hand's cards as a mask and its weight
/// multiplier (1 for an unweighted range, the weight in thousandths otherwise).
pub type HandChoices = Vec<(u64, u64)>;

/// `choices` with each player's weights divided by their greatest common divisor: the same
/// ratios, smaller products (an unweighted range's weights all become 1).
pub fn reduce_weights(choices: &mut [HandChoices]) {
    for hands in choices {
        let g = hands.iter().fold(0u64, |g, &(_, w)| gcd(g, w)).max(1);
        hands.iter_mut().for_each(|(_, w)| *w /= g);
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Every assignment of one hand per player from `choices` whose cards are disjoint and all in
/// `pool` (a mask): the chosen index per player and the product of the weights, in
/// lexicographic order of the indices; `None` when more than `limit` would be listed.
pub fn assignments(
    choices: &[HandChoices],
    pool: u64,
    limit: usize,
) -> Option<Vec<(Vec<usize>, u128)>> {
    let mut out = Vec::new();
    let mut current = vec![0usize; choices.len()];
    extend(choices, 0, !pool, 1, &mut current, &mut out, limit).then_some(out)
}

/// Depth-first: player `p`'s hands given the cards `used`; false when past `limit`.
fn extend(
    choices: &[HandChoices],
    p: usize,
    used: u64,
    weight: u128,
    current: &mut Vec<usize>,
    out: &mut Vec<(Vec<usize>, u128)>,
    limit: usize,
) -> bool {
    if p == choices.len() {
        if out.len() == limit {
            return false;
        }
        out.push((current.clone(), weight));
        return true;
    }
    for (i, &(mask, w)) in choices[p].iter().enumerate() {
        if used & mask == 0 {
            current[p] = i;
            let w = weight.saturating_mul(u128::from(w));
            if !extend(choices, p + 1, used | mask, w, current, out, limit) {
                return false;
            }
        }
    }
    true
}

/// Counts every runout of `deal` for every assignment of `assignments` (from [`assignments`]
/// with the same `choices`): the deal's pool is the cards on no board and not dead, each
/// assignment's hands taken out of it; `count_one` counts the fixed hands of the chosen
/// indices exactly on that deal (the family's [`count_exact_until_stopped`]). Each
/// assignment's counts are multiplied by its weight; the caller checks beforehand that the
/// total weight times the deals of one assignment fits in a `u64`. Asks `stop` between pieces
/// and tells it the assignments done (a part each, [`Parts`]): `None` when it said to stop.
pub fn count_ranged_exact_until_stopped(
    choices: &[HandChoices],
    assignments: &[(Vec<usize>, u128)],
    deal: &RunoutDeal,
    count_one: impl Fn(&[usize], &RunoutDeal, &dyn Watch) -> Option<RunoutCounts>,
    stop: &dyn Watch,
) -> Option<RunoutCounts> {
    let parts = Parts::new(stop, assignments.len() as u64);
    let mut total: Option<RunoutCounts> = None;
    for (picked, weight) in assignments {
        let taken = picked
            .iter()
            .zip(choices)
            .fold(0u64, |m, (&i, c)| m | c[i].0);
        let one = RunoutDeal {
            stubs: deal.stubs.clone(),
            pool: deal
                .pool
                .iter()
                .copied()
                .filter(|c| taken >> c.index() & 1 == 0)
                .collect(),
        };
        let counts = count_one(picked, &one, &StopOnly(stop))?;
        let scaled = counts.scaled(u64::try_from(*weight).unwrap_or(u64::MAX));
        total = Some(match total {
            None => scaled,
            Some(sum) => sum + scaled,
        });
        parts.advance_parts(1);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignments_skip_shared_cards_and_multiply_weights() {
        // Two players, cards as bits: player 0 holds {0,1} or {2,3}; player 1 {2,3} or {4,5}.
        let choices = vec![
            vec![(0b11, 2), (0b1100, 3)],
            vec![(0b1100, 5), (0b11_0000, 7)],
        ];
        let all = assignments(&choices, 0b11_1111, 100).unwrap();
        assert_eq!(all, [(vec![0, 0], 10), (vec![0, 1], 14), (vec![1, 1], 21)]);
        // Card 5 out of the pool.
        let fewer = assignments(&choices, 0b01_1111, 100).unwrap();
        assert_eq!(fewer, [(vec![0, 0], 10)]);
        assert!(assignments(&choices, 0b11_1111, 2).is_none());
        let mut weights = vec![vec![(1, 1000), (2, 500)], vec![(4, 1000), (8, 1000)]];
        reduce_weights(&mut weights);
        assert_eq!(weights, [vec![(1, 2), (2, 1)], vec![(4, 1), (8, 1)]]);
    }
}
