//! Odds tables of one stud hand: how its seven cards end up, given the cards it holds and the
//! cards out of play, exactly (every completion visited) or by seeded Monte Carlo.
//!
//! Three tables, each a list of named rows that partition the outcomes:
//!
//! ```text
//!  categories  high_card pair two_pair three_of_a_kind straight flush full_house
//!              four_of_a_kind straight_flush royal_flush     (stud; the high hand of hi/lo)
//!  razz lows   5_low 6_low 7_low 8_low 9_low t_low j_low q_low k_low no_low
//!              (the best A-5 low's top card; no_low: the best five are paired)
//!  eight lows  5_low 6_low 7_low 8_low no_low
//!              (the eight-or-better low's top card; no_low: no five ranks eight or lower)
//! ```
//!
//! Stud's table is the categories, razz's the razz lows, and stud hi/lo has two: the categories
//! of its high hand and the eight lows ([`Chart::of_game`]). The category table is the hold'em
//! seven-card table with the dead cards taken out of the deck; with nothing known or dead it
//! is `data/seven_card_exact.csv`, and the razz lows of every seven-card hand are
//! `data/razz_seven_card_exact.csv`.

use engine::Watch;
use std::convert::Infallible;

use deck::Card;
use engine::ChunkPlan;
use engine::driver::{Job, Progress, Stop, drive};

pub use crate::chart::{Chart, Table, check};
use crate::error::StudError;
use crate::odds_chunks::OddsChunks;

/// Monte Carlo counts of `chart` for a hand holding `known` with `dead` out of play: `plan`'s
/// rounds through the long-run driver ([`engine::driver::drive`]), so the same seed gives the
/// same table on any number of threads; with a target, chunks are added in order until every
/// row's standard error is below it (checked after every chunk, so the stopping chunk depends on
/// the seed alone).
///
/// # Errors
/// As [`crate::exact_table()`].
pub fn odds(
    chart: Chart,
    known: &[Card],
    dead: &[Card],
    seed: u64,
    plan: &ChunkPlan,
    target: Option<f64>,
) -> Result<Table, StudError> {
    odds_until_stopped(chart, known, dead, seed, plan, target, &|| false)
        .map(|t| t.unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`odds`], asking `stop` before each chunk starts: `Ok(None)` when it said to stop. Each
/// worker takes the next chunk not yet started ([`engine::driver::drive`]), and the tables are
/// added in chunk order, so that a target is met at the same chunk on any thread count.
///
/// # Errors
/// As [`crate::exact_table()`].
pub fn odds_until_stopped(
    chart: Chart,
    known: &[Card],
    dead: &[Card],
    seed: u64,
    plan: &ChunkPlan,
    target: Option<f64>,
    stop: &dyn Watch,
) -> Result<Option<Table>, StudError> {
    let chunks = OddsChunks::new(chart, known, dead)?;
    let job = Job::whole(seed, plan);
    let mut progress = Progress {
        first: 0,
        next: 0,
        counts: Table::new(chart),
    };
    let ended = drive(
        &job,
        plan.chunks(),
        &mut progress,
        |chunk| Some(chunks.run(chunk)),
        |table: &Table| target.is_some_and(|t| table.every_std_error_below(t)),
        || stop.should_stop(),
        |_| Ok::<(), Infallible>(()),
    );
    Ok(match ended {
        Ok(Stop::Interrupted) => None,
        Ok(Stop::Finished | Stop::TargetMet) => Some(progress.counts),
        Err(never) => match never {},
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::exact_table::exact_table;
    use deck::parse_cards;

    #[test]
    fn rows_per_game() {
        assert_eq!(
            Chart::of_game(Game::StudHiLo),
            [Chart::Categories, Chart::EightLows]
        );
        assert_eq!(Chart::RazzLows.rows().len(), 10);
        assert_eq!(Chart::Categories.rows()[9], "royal_flush");
        assert_eq!(
            Chart::EightLows.rows(),
            ["5_low", "6_low", "7_low", "8_low", "no_low"]
        );
    }

    #[test]
    fn small_exact_tables_by_hand() {
        // A made wheel in six cards: every seventh card keeps the 5-low.
        let wheel = parse_cards("As2d3h4c5sKd").unwrap();
        let t = exact_table(Chart::RazzLows, &wheel, &[]).unwrap();
        assert_eq!(t.counts()[0], 46);
        assert_eq!(t.total(), 46);
        // Six cards A-2-3-4 K K: a five to a queen gives that low (4 cards each); a card
        // pairing the ace, deuce, trey, four or king (3 + 3 + 3 + 3 + 2) leaves five distinct
        // ranks A-2-3-4-K, an unpaired king-low. No seventh card leaves the best five paired.
        let draw = parse_cards("As2d3h4cKsKd").unwrap();
        let t = exact_table(Chart::RazzLows, &draw, &[]).unwrap();
        assert_eq!(t.counts(), [4, 4, 4, 4, 4, 4, 4, 4, 14, 0]);
        // Eight or better: a nine to a queen and the pairing cards make no low.
        let t = exact_table(Chart::EightLows, &draw, &[]).unwrap();
        assert_eq!(t.counts(), [4, 4, 4, 4, 16 + 14]);
        let paired = parse_cards("AsAd2h2c3s3dKh").unwrap();
        let t = exact_table(Chart::RazzLows, &paired, &[]).unwrap();
        assert_eq!(t.counts()[9], 1);
        // A dead five removes one wheel card.
        let dead = parse_cards("5h").unwrap();
        let t = exact_table(Chart::RazzLows, &draw, &dead).unwrap();
        assert_eq!(t.counts()[0], 3);
        assert_eq!(t.total(), 45);
        assert!(matches!(
            exact_table(Chart::RazzLows, &draw, &parse_cards("As").unwrap()),
            Err(StudError::DuplicateCard { .. })
        ));
    }

    /// A stop asked for while a run is under way ends it before its next chunk, on one thread
    /// and on several.
    #[test]
    fn a_stop_request_ends_the_run_before_its_next_chunk() {
        let plan = ChunkPlan::with_chunk_rounds(1 << 24, 1 << 10);
        for threads in [1, 3] {
            let asked = std::sync::atomic::AtomicU64::new(0);
            let stop = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 5;
            let ended = engine::on_pool(threads, || {
                odds_until_stopped(Chart::Categories, &[], &[], 1, &plan, None, &stop)
            })
            .unwrap()
            .unwrap();
            assert_eq!(ended, None, "{threads} threads");
            // Each worker asks once before each chunk, and stops at its first "yes".
            assert!(
                asked.into_inner() <= 5 + threads as u64,
                "{threads} threads"
            );
        }
    }

    #[test]
    fn monte_carlo_agrees_and_does_not_depend_on_threads() {
        let known = parse_cards("Ah2h3c").unwrap();
        let dead = parse_cards("4h5h6s").unwrap();
        for chart in [Chart::Categories, Chart::RazzLows, Chart::EightLows] {
            let exact = exact_table(chart, &known, &dead).unwrap();
            let plan = ChunkPlan::with_chunk_rounds(400_000, 1 << 14);
            let one = engine::on_pool(1, || odds(chart, &known, &dead, 9, &plan, None))
                .unwrap()
                .unwrap();
            let two = engine::on_pool(2, || odds(chart, &known, &dead, 9, &plan, None))
                .unwrap()
                .unwrap();
            assert_eq!(one, two);
            assert_eq!(one.total(), 400_000);
            // Every row within 4.5 standard errors (false-alarm probability below 7e-6 per
            // row; the seed is fixed).
            for ((_, _, p), (name, _, q)) in exact.rows().into_iter().zip(one.rows()) {
                let se = (p * (1.0 - p) / 4e5).sqrt();
                assert!(
                    (p - q).abs() <= 4.5 * se + 1e-12,
                    "{chart} {name}: {q} vs {p}"
                );
            }
            let target = Some(3e-3);
            let big = ChunkPlan::with_chunk_rounds(1 << 30, 1 << 14);
            let a = engine::on_pool(1, || odds(chart, &known, &dead, 4, &big, target))
                .unwrap()
                .unwrap();
            let b = engine::on_pool(2, || odds(chart, &known, &dead, 4, &big, target))
                .unwrap()
                .unwrap();
            assert_eq!(a, b);
            assert!(a.total() < 1 << 30 && a.every_std_error_below(3e-3));
            // The run stops at the first chunk where the target holds: one chunk fewer misses it.
            let chunks = a.total() / (1 << 14);
            assert_eq!(a.total(), chunks << 14);
            let fewer = ChunkPlan::with_chunk_rounds((chunks - 1) << 14, 1 << 14);
            let short = engine::on_pool(2, || odds(chart, &known, &dead, 4, &fewer, None))
                .unwrap()
                .unwrap();
            assert!(!short.every_std_error_below(3e-3), "{chart}");
            assert_eq!(
                odds_until_stopped(chart, &known, &dead, 4, &big, None, &|| true).unwrap(),
                None
            );
        }
    }
}
