//! `sim equity --breakdown`: hand-by-hand equity inside the players' ranges, computed by the
//! game's breakdown (`request::breakdown`) and written as the lines of
//! `request::breakdown_table`: one per hand of each player's range, then one per class, player
//! after player; hi/lo games add the hi/lo columns.

use std::time::Instant;

use engine::{BreakdownRows, Method, Watch, on_pool_with_caller};

use super::{Table, drawn_seed};
use crate::cli::equity::EquityArgs;
use crate::config::announce_seed;
use crate::config::breakdown::BreakdownConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::progress::watch::{unit_of, with_progress};
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::{Threads, si};

/// Runs `sim equity --breakdown`.
///
/// # Errors
/// Usage errors for bad arguments or spots a breakdown refuses, runtime errors for output
/// failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = BreakdownConfig::try_from(args)?;
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = request.method() {
        announce_seed(request.seed(), "equity");
    }
    let started = Instant::now();
    let table = with_progress(unit_of(request.method()), false, |watch| {
        table(&config, watch)
    })?
    .ok_or_else(|| anyhow::anyhow!("the run stopped without a stop signal"))?;
    let elapsed = started.elapsed();
    let result = table.result;
    let exact = result.is_exact();
    output.finish(&table.bytes)?;
    let mut samples = 0;
    for player in &result.players {
        samples = player.hands.iter().map(|h| h.equity.samples).sum();
        let equity: f64 = player
            .hands
            .iter()
            .map(|h| h.frequency * h.equity.equity)
            .sum();
        crate::stderr_line!(
            "player {} {}: {} hands in {} classes, equity {:.4} %",
            player.seat,
            player.range,
            player.hands.len(),
            player.classes.len(),
            100.0 * equity
        );
    }
    let what = match request.method() {
        Method::MonteCarlo { seed, .. } => format!("monte carlo, seed {seed}"),
        _ => "exact".to_string(),
    };
    let seconds = elapsed.as_secs_f64();
    crate::stderr_line!(
        "sim equity --breakdown: {what}, {samples} {} in {seconds:.3} s on {} ({}/s){}",
        if exact { "boards" } else { "showdowns" },
        Threads(config.threads),
        si(samples as f64 / seconds.max(1e-9)),
        request.equity.choice_suffix()
    );
    Ok(())
}

/// Runs the breakdown of `config` on its threads until `watch` stops it (`None`), and renders
/// its table in the format asked for.
///
/// # Errors
/// Usage errors for spots a breakdown refuses, runtime errors for a refused pool or a failed
/// rendering.
pub fn table(
    config: &BreakdownConfig,
    watch: &dyn Watch,
) -> anyhow::Result<Option<Table<BreakdownRows>>> {
    let request = &config.request;
    let game = request.game();
    // A spot can prove impossible only when counted (no deal fits): still a usage error.
    let Some(result) = on_pool_with_caller(config.threads, || request.run_until_stopped(watch))?
        .map_err(UsageError::from)?
    else {
        return Ok(None);
    };
    let exact = result.is_exact();
    let meta = meta_of(request::run_params::equity(
        &request.equity,
        Some("breakdown"),
        request.method(),
        exact,
    ));
    let lines = request::breakdown_table::lines(game.name(), &result);
    let columns = request::breakdown_table::columns(game.is_hilo());
    let bytes = render(&table_rows(columns, &lines), config.output.format, meta)?;
    Ok(Some(Table {
        bytes,
        drawn_seed: drawn_seed(exact, request.seed()),
        result,
    }))
}
