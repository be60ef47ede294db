//! `sim equity --distribution`: each player's equity distribution over the hands of the range,
//! drawn (`request::distribution`, `engine::distribution`) from the per-hand results of
//! the breakdown of any game (`request::breakdown`), written as curve, histogram and summary rows per player
//! (`request::distribution_table`), and heads-up with `--versus` the same over the other player's
//! hands.

use std::time::Instant;

use engine::{Method, Watch, on_pool_with_caller};
use request::distribution::DistributionResult;

use request::distribution_table::{COLUMNS, lines};

use super::{Table, drawn_seed};
use crate::cli::equity::EquityArgs;
use crate::config::announce_seed;
use crate::config::distribution::DistributionConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::progress::watch::{unit_of, with_progress};
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::{Threads, si};

/// Runs `sim equity --distribution`.
///
/// # Errors
/// Usage errors for bad arguments or spots a breakdown refuses, runtime errors for output
/// failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = DistributionConfig::try_from(args)?;
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = request.breakdown.method() {
        announce_seed(request.breakdown.seed(), "equity");
    }
    let started = Instant::now();
    let table = with_progress(unit_of(request.breakdown.method()), false, |watch| {
        table(&config, watch)
    })?
    .ok_or_else(|| anyhow::anyhow!("the run stopped without a stop signal"))?;
    let elapsed = started.elapsed();
    let result = table.result;
    let breakdown = &result.breakdown;
    let exact = breakdown.is_exact();
    output.finish(&table.bytes)?;
    let mut samples = 0;
    for (player, d) in breakdown.players.iter().zip(&result.players) {
        let s = &d.own.summary;
        samples = player.hands.iter().map(|h| h.equity.samples).sum();
        crate::stderr_line!(
            "player {} {}: {} hands, equity {:.2} %, quartiles {:.2} / {:.2} / {:.2} %, {:.2} % \
             of the range at 50 % or more",
            player.seat,
            player.range,
            s.hands,
            100.0 * s.mean,
            100.0 * s.q1,
            100.0 * s.median,
            100.0 * s.q3,
            100.0 * s.at_least_half
        );
    }
    let what = match request.breakdown.method() {
        Method::MonteCarlo { seed, .. } => format!("monte carlo, seed {seed}"),
        _ => "exact".to_string(),
    };
    let seconds = elapsed.as_secs_f64();
    crate::stderr_line!(
        "sim equity --distribution: {what}, {samples} {} in {seconds:.3} s on {} ({}/s){}",
        if exact { "boards" } else { "showdowns" },
        Threads(config.threads),
        si(samples as f64 / seconds.max(1e-9)),
        request.breakdown.equity.choice_suffix()
    );
    Ok(())
}

/// Runs the distribution of `config` on its threads until `watch` stops it (`None`), and
/// renders its table in the format asked for.
///
/// # Errors
/// Usage errors for spots a breakdown refuses, runtime errors for a refused pool or a failed
/// rendering.
pub fn table(
    config: &DistributionConfig,
    watch: &dyn Watch,
) -> anyhow::Result<Option<Table<DistributionResult>>> {
    let request = &config.request;
    // A spot can prove impossible only when counted (no deal fits): still a usage error.
    let Some(result) = on_pool_with_caller(config.threads, || request.run_until_stopped(watch))?
        .map_err(UsageError::from)?
    else {
        return Ok(None);
    };
    let exact = result.breakdown.is_exact();
    let lines = lines(request, &result);
    let mut meta = meta_of(request::run_params::equity(
        &request.breakdown.equity,
        Some("distribution"),
        request.breakdown.method(),
        exact,
    ));
    // The distribution adds its number of bins.
    meta.insert("bins".into(), request.bins.into());
    let bytes = render(&table_rows(&COLUMNS, &lines), config.output.format, meta)?;
    Ok(Some(Table {
        bytes,
        drawn_seed: drawn_seed(exact, request.breakdown.seed()),
        result,
    }))
}
