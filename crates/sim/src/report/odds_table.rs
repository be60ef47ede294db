//! The document of an odds table (`sim odds` of every game, `sim merge`): the columns of
//! `request::odds_table`, with the run's parameters.

use engine::CategoryCounts;
use request::odds::OddsHand;
use request::odds_table::{COLUMNS, lines};

use crate::cli::Format;
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};

/// The odds table of `counts` (all rounds of the run) for `hand`, beside `exact` when known.
///
/// # Errors
/// Only if rendering fails.
pub fn odds_table(
    hand: &OddsHand,
    seed: u64,
    target_stderr: Option<f64>,
    counts: &CategoryCounts,
    exact: Option<&CategoryCounts>,
    format: Format,
) -> anyhow::Result<Vec<u8>> {
    let lines = lines(hand.rows(), counts, exact);
    let meta = meta_of(request::run_params::odds(
        hand,
        counts.total(),
        seed,
        target_stderr,
    ));
    render(&table_rows(&COLUMNS, &lines), format, meta)
}
