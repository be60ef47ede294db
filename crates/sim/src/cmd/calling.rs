//! `sim equity --calling-range`: the hands of a player's range that reach the breakeven of a
//! call, read off the game's breakdown (`request::calling`) and written as the one line of
//! `request::calling_table`.

use std::time::Instant;

use engine::{Method, Watch, on_pool_with_caller};
use request::calling::CallingRange;

use super::{Table, drawn_seed};
use crate::cli::equity::EquityArgs;
use crate::config::announce_seed;
use crate::config::calling::CallingConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::progress::watch::{unit_of, with_progress};
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::Threads;

/// Runs `sim equity --calling-range`.
///
/// # Errors
/// Usage errors for bad arguments or spots a breakdown refuses, runtime errors for output
/// failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = CallingConfig::try_from(args)?;
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = request.method() {
        announce_seed(request.breakdown.seed(), "equity");
    }
    let started = Instant::now();
    let table = with_progress(unit_of(request.method()), false, |watch| {
        table(&config, watch)
    })?
    .ok_or_else(|| anyhow::anyhow!("the run stopped without a stop signal"))?;
    let seconds = started.elapsed().as_secs_f64();
    output.finish(&table.bytes)?;
    let range = table.result;
    let mean = |e: Option<f64>| e.map_or("-".to_string(), |e| format!("{:.2} %", 100.0 * e));
    crate::stderr_line!(
        "player {} {}: {} of {} hands call at {:.2} % ({:.2} % of the deals), equity {} in, {} out",
        range.player,
        range.range,
        range.hands_in,
        range.hands,
        100.0 * request.price.breakeven(),
        100.0 * range.frequency_in,
        mean(range.equity_in),
        mean(range.equity_out),
    );
    let what = match request.method() {
        Method::MonteCarlo { seed, .. } => format!("monte carlo, seed {seed}"),
        _ => "exact".to_string(),
    };
    crate::stderr_line!(
        "sim equity --calling-range: {what} in {seconds:.3} s on {}{}",
        Threads(config.threads),
        request.breakdown.equity.choice_suffix()
    );
    Ok(())
}

/// Runs the calling range of `config` on its threads until `watch` stops it (`None`), and
/// renders its table in the format asked for.
///
/// # Errors
/// Usage errors for spots a breakdown refuses, runtime errors for a refused pool or a failed
/// rendering.
pub fn table(
    config: &CallingConfig,
    watch: &dyn Watch,
) -> anyhow::Result<Option<Table<CallingRange>>> {
    let request = &config.request;
    // A spot can prove impossible only when counted (no deal fits): still a usage error.
    let Some(range) = on_pool_with_caller(config.threads, || request.run_until_stopped(watch))?
        .map_err(UsageError::from)?
    else {
        return Ok(None);
    };
    let meta = meta_of(request::run_params::equity(
        &request.breakdown.equity,
        Some("calling_range"),
        request.method(),
        range.exact,
    ));
    let lines = [range];
    let columns = &request::calling_table::COLUMNS;
    let bytes = render(&table_rows(columns, &lines), config.output.format, meta)?;
    let [range] = lines;
    Ok(Some(Table {
        bytes,
        drawn_seed: drawn_seed(range.exact, request.breakdown.seed()),
        result: range,
    }))
}
