//! The exact odds table of one stud hand ([`crate::odds`]): every completion of its known cards
//! to seven visited once, one job for each of the first two cards added, so that a caller may
//! stop the count between jobs.
//!
//! ```text
//!  known K, rest R (the cards neither known nor dead), need n = 7 - |K|
//!  jobs: (r1, r2) in R, r1 < r2  ──▶  K + r1 + r2 + every (n - 2)-subset of R after r2
//!  stop?  asked before each job (at most C(50, 5) hands, a few thousandths of a second)
//! ```

use deck::Card;
use engine::Watch;
use engine::choose::choose;
use engine::first_cards::sum_by_first_two;
use eval::{HandKey, LowMasks, SuitMasks};

use crate::chart::{Chart, Table, check, parts_of};
use crate::error::StudError;
use crate::spot::HAND_CARDS;

/// The exact table of `chart` for a hand holding `known` (0 to 7 cards) with `dead` out of
/// play: every completion to seven cards from the rest visited once, on the current rayon pool
/// (one job for each of the first two cards added, [`sum_by_first_two`]; the counts are
/// integers, so they do not depend on the threads). With nothing known that is all 133,784,560
/// seven-card hands, about a second of one core.
///
/// # Errors
/// [`StudError::TooManyCards`], [`StudError::DuplicateCard`] or [`StudError::CannotDeal`].
pub fn exact_table(chart: Chart, known: &[Card], dead: &[Card]) -> Result<Table, StudError> {
    Ok(exact_table_until_stopped(chart, known, dead, &|| false)?
        .unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`exact_table`], asking `stop` before each job of the first two cards added (a job told to
/// stop visits nothing, a few thousandths of a second of one core at most): `None` when it said
/// to stop. Never stopped, the very counts of [`exact_table`].
///
/// # Errors
/// As [`exact_table`].
pub fn exact_table_until_stopped(
    chart: Chart,
    known: &[Card],
    dead: &[Card],
    stop: &dyn Watch,
) -> Result<Option<Table>, StudError> {
    let used = check(known, dead)?;
    let rest: Vec<Card> = Card::all().filter(|c| used >> c.index() & 1 == 0).collect();
    let need = HAND_CARDS - known.len();
    let start = parts_of(known);
    if need == 0 {
        let mut table = Table::new(chart);
        table.slots[chart.row(start.0, start.1, start.2) & 15] += 1;
        return Ok(Some(table));
    }
    let with = |(key, suits, low): (HandKey, SuitMasks, LowMasks), card: Card| {
        (key.with(card), suits.with(card), low.with(card))
    };
    // Progress: each job's completions, of them all.
    let completions = choose(rest.len(), need);
    let table = sum_by_first_two(
        rest.len(),
        need,
        || Table::new(chart),
        |first, second| {
            let mut table = Table::new(chart);
            if stop.should_stop() {
                return table;
            }
            let parts = with(start, rest[first]);
            match second {
                None => {
                    visit(chart, &[], 0, parts, &mut table.slots);
                    stop.advance(1, completions);
                }
                Some(second) => {
                    let parts = with(parts, rest[second]);
                    let above = &rest[second + 1..];
                    visit(chart, above, need - 2, parts, &mut table.slots);
                    stop.advance(choose(above.len(), need - 2), completions);
                }
            }
            table
        },
        |mut a, b| {
            a += b;
            a
        },
    );
    Ok((!stop.should_stop()).then_some(table))
}

fn visit(
    chart: Chart,
    rest: &[Card],
    need: usize,
    (key, suits, low): (HandKey, SuitMasks, LowMasks),
    slots: &mut [u64; 16],
) {
    if need == 0 {
        slots[chart.row(key, suits, low) & 15] += 1;
        return;
    }
    for i in 0..=rest.len() - need {
        let c = rest[i];
        visit(
            chart,
            &rest[i + 1..],
            need - 1,
            (key.with(c), suits.with(c), low.with(c)),
            slots,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Never stopped, the plain table; a stop asked for mid-count gives nothing, and few jobs
    /// run after it.
    #[test]
    fn a_stop_request_ends_the_count_between_jobs() {
        let known = deck::parse_cards("Ah2d").unwrap();
        let whole = exact_table(Chart::RazzLows, &known, &[]).unwrap();
        let never = engine::on_pool(2, || {
            exact_table_until_stopped(Chart::RazzLows, &known, &[], &|| false)
        })
        .unwrap();
        assert_eq!(never.unwrap(), Some(whole));
        for threads in [1, 2] {
            let asked = AtomicU64::new(0);
            let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 5;
            let stopped = engine::on_pool(threads, || {
                exact_table_until_stopped(Chart::Categories, &[], &[], &stop)
            })
            .unwrap();
            assert_eq!(stopped.unwrap(), None, "{threads} threads");
            // Every one of the 1,081 jobs asks once, and the end once more.
            assert_eq!(asked.into_inner(), 1_082, "{threads} threads");
        }
    }
}
