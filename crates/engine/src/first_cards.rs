//! The parallel split of exact enumeration: every way of adding `need` cards from a list of
//! `rest`, split by the first two cards added, one rayon job for each.
//!
//! ```text
//!  rest    c0 c1 c2 … c(n-1)          completions: increasing index lists of `need` cards
//!  jobs    (c0,c1) (c0,c2) … (c1,c2) … (c(n-need), c(n-need+1))    (one per first two)
//!  each    visits its completions from the cards after the second, and counts into its own T
//! ```
//!
//! The jobs differ in size (with seven cards to add from 52, the first job holds C(50, 5), about
//! 1.6 % of all, the last one completion), so each is its own rayon job and an idle worker
//! steals any job not yet started. Split by the first card alone, one job held 13 % of the
//! seven-card hands, and rayon's pieces of several jobs left a worker idle (two threads: 0.6 to
//! 0.8 of the time busy).

use rayon::prelude::*;

/// Sums `visit` over every job of adding `need` cards (at least 1) from a list of `rest` cards
/// (at least `need`), on the current rayon pool. A job is the indices of its first two cards,
/// `(first, Some(second))` with `first < second`, whose completions add `need - 2` more cards
/// from those after `second`; when only one card is needed, each card is a job `(first, None)`.
/// The sums are added with `add` from `empty()`; they must not depend on the order (integer
/// counts), since which jobs a thread adds together does.
pub fn sum_by_first_two<T: Send>(
    rest: usize,
    need: usize,
    empty: impl Fn() -> T + Sync,
    visit: impl Fn(usize, Option<usize>) -> T + Sync,
    add: impl Fn(T, T) -> T + Sync,
) -> T {
    assert!(
        (1..=rest).contains(&need),
        "{need} cards to add from {rest}"
    );
    (0..rest - need + 1)
        .into_par_iter()
        .with_max_len(1)
        .map(|first| {
            if need == 1 {
                return visit(first, None);
            }
            (first + 1..rest - need + 2)
                .into_par_iter()
                .with_max_len(1)
                .map(|second| visit(first, Some(second)))
                .reduce(&empty, &add)
        })
        .reduce(&empty, &add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::on_pool;
    use deck::uniform::binomial;

    /// Every completion counted once: the jobs' completions add up to C(rest, need), and each
    /// job is the first two cards of an increasing list.
    #[test]
    fn the_jobs_cover_every_completion_once() {
        for (rest, need) in [(52, 7), (45, 7), (10, 2), (5, 1), (3, 3), (2, 2)] {
            let counted = on_pool(2, || {
                sum_by_first_two(
                    rest,
                    need,
                    || 0u128,
                    |first, second| match second {
                        None => 1,
                        Some(second) => {
                            assert!(first < second && second <= rest - need + 1);
                            binomial((rest - second - 1) as u128, need as u128 - 2)
                        }
                    },
                    |a, b| a + b,
                )
            })
            .unwrap();
            assert_eq!(
                counted,
                binomial(rest as u128, need as u128),
                "{rest} {need}"
            );
        }
    }

    /// Each job is visited exactly once, on any thread count.
    #[test]
    fn each_job_is_visited_once() {
        for threads in [1, 3] {
            let jobs = on_pool(threads, || {
                sum_by_first_two(
                    9,
                    4,
                    Vec::new,
                    |first, second| vec![(first, second)],
                    |mut a, mut b| {
                        a.append(&mut b);
                        a
                    },
                )
            })
            .unwrap();
            let mut sorted = jobs.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), jobs.len(), "{threads} threads");
            let expected: Vec<_> = (0..6)
                .flat_map(|i| (i + 1..7).map(move |j| (i, Some(j))))
                .collect();
            assert_eq!(sorted, expected, "{threads} threads");
        }
    }
}
