//! `sim query`: a PQL question answered by `request::query`, written as one row per selector
//! (one per value of a histogram), exactly where cheap and with error bars otherwise, a
//! progress bar on a terminal's stderr while it runs.

use std::time::Instant;

use engine::{Method, on_pool_with_caller};
use request::query_table::{COLUMNS, FUNCTION_COLUMNS, functions};

use crate::cli::query::QueryArgs;
use crate::config::announce_seed;
use crate::config::query::QueryConfig;
use crate::config::shared::OutputSpec;
use crate::error::UsageError;
use crate::output::Output;
use crate::progress::watch::{unit_of, with_progress};
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::Threads;

/// Runs `sim query`.
///
/// # Errors
/// Usage errors for a bad query or flags (the query's at its line and column), runtime errors
/// for output failures.
pub fn run(args: &QueryArgs) -> anyhow::Result<()> {
    if args.functions {
        let spec = OutputSpec::from(&args.output);
        let output = Output::create(spec.path.as_deref())?;
        let mut params = request::run_params::RunParams::new("query");
        params.flag("functions", true);
        output.finish(&render(
            &table_rows(&FUNCTION_COLUMNS, functions()),
            spec.format,
            meta_of(params),
        )?)?;
        return Ok(());
    }
    let config = QueryConfig::try_from(args)?;
    let request = &config.request;
    let sampled = matches!(request.method, Method::MonteCarlo { .. });
    if sampled && !config.quiet {
        announce_seed(request.seed, "query");
    }
    let output = Output::create(config.output.path.as_deref())?;
    let started = Instant::now();
    let answer = with_progress(unit_of(&request.method), config.quiet, |watch| {
        on_pool_with_caller(config.threads, || request.run_until_stopped(watch))
    })?
    .map_err(UsageError::from)?
    .ok_or_else(|| anyhow::anyhow!("the run stopped without a stop signal"))?;
    let seconds = started.elapsed().as_secs_f64();
    let meta = meta_of(request::run_params::query(request, &answer));
    output.finish(&render(
        &table_rows(&COLUMNS, &answer.lines),
        config.output.format,
        meta,
    )?)?;
    if !config.quiet {
        let how = if answer.exact {
            "counted exactly"
        } else {
            "sampled"
        };
        crate::stderr_line!(
            "sim query: {} trials {how} ({} met the condition) in {} on {} ({:.3e} trials/s)",
            answer.trials,
            answer.admitted,
            request::family::duration_words(seconds),
            Threads(config.threads),
            answer.trials as f64 / seconds.max(1e-9)
        );
    }
    Ok(())
}
