//! `sim equity`: the equity of 2 or more hands or ranges in any game that plays equity, exact
//! when cheap enough, otherwise by seeded Monte Carlo, written as one row per player (with the
//! hi/lo columns in the games that split the pot).

use std::time::Instant;

use engine::{Method, Watch, on_pool_with_caller};
use request::equity::{EquityOutcome, RunWords};

use super::{Table, drawn_seed};
use crate::cli::equity::EquityArgs;
use crate::config::{EquityConfig, announce_seed};
use crate::error::UsageError;
use crate::output::Output;
use crate::progress::watch::{unit_of, with_progress};
use crate::report::equity_row::human_table;
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};

/// Runs `sim equity`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = EquityConfig::try_from(args)?;
    let request = &config.request;
    let game = request.game();
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = request.method {
        announce_seed(request.seed, "equity");
    }
    let started = Instant::now();
    let table = with_progress(unit_of(&request.method), false, |watch| {
        table(&config, watch)
    })?
    .ok_or_else(|| anyhow::anyhow!("the run stopped without a stop signal"))?;
    let elapsed = started.elapsed();
    let result = table.result;
    let exact = result.method.is_exact();
    let labels = request.hands();
    let target_met = result.target_met();
    output.finish(&table.bytes)?;
    crate::stderr_text!(
        "{}",
        human_table(&result.players, &labels, exact, game.is_hilo())
    );
    let samples = result.samples;
    let per_second = samples as f64 / elapsed.as_secs_f64().max(1e-9);
    let what = match request.method {
        Method::MonteCarlo { seed, .. } => format!("monte carlo, seed {seed}"),
        _ => "exact".to_string(),
    };
    let threads = crate::summary::Threads(config.threads).to_string();
    let rate = crate::summary::si(per_second);
    crate::stderr_line!(
        "{}",
        request.summary_line(&RunWords {
            method: &what,
            exact: !matches!(request.method, Method::MonteCarlo { .. }),
            samples,
            seconds: elapsed.as_secs_f64(),
            threads: &threads,
            rate: &rate,
        })
    );
    if let (
        Some(false),
        Method::MonteCarlo {
            target_stderr: Some(target),
            ..
        },
    ) = (target_met, &request.method)
    {
        crate::stderr_line!(
            "sim equity: target standard error {target} not met: the largest is {:.3e} after the {samples} rounds of --rounds; raise --rounds",
            result.largest_std_error(),
        );
    }
    Ok(())
}

/// Runs the equity of `config` on its threads until `watch` stops it (`None`), and renders its
/// table in the format asked for.
///
/// # Errors
/// Usage errors for spots that prove impossible when counted, runtime errors for a refused pool
/// or a failed rendering.
pub fn table(
    config: &EquityConfig,
    watch: &dyn Watch,
) -> anyhow::Result<Option<Table<EquityOutcome>>> {
    let request = &config.request;
    // A spot can prove impossible only when counted (no deal fits): still a usage error.
    let Some(result) = on_pool_with_caller(config.threads, || request.run_until_stopped(watch))?
        .map_err(UsageError::from)?
    else {
        return Ok(None);
    };
    let exact = result.method.is_exact();
    let mut meta = meta_of(request::run_params::equity(
        request,
        None,
        &request.method,
        exact,
    ));
    if let Some(met) = result.target_met() {
        meta.insert("target_met".into(), met.into());
    }
    let lines = request::equity_table::lines(&result.players, &request.hands());
    let columns = request::equity_table::columns(request.game().is_hilo());
    let bytes = render(&table_rows(columns, &lines), config.output.format, meta)?;
    Ok(Some(Table {
        bytes,
        drawn_seed: drawn_seed(exact, request.seed),
        result,
    }))
}
