//! `sim exact`: every completion of the known cards counted by category (the stud games: by
//! their chart's rows).

use request::odds_table::{EXACT_COLUMNS, exact_lines};

use crate::cli::ExactArgs;
use crate::config::ExactConfig;
use crate::output::Output;
use crate::progress::COUNTED;
use crate::progress::watch::with_progress;
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::Threads;

/// Runs `sim exact`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &ExactArgs) -> anyhow::Result<()> {
    run_counts(&ExactConfig::try_from(args)?)
}

/// Counts every completion of the hand, whatever the game, and writes its table.
fn run_counts(config: &ExactConfig) -> anyhow::Result<()> {
    let output = Output::create(config.output.path.as_deref())?;
    let started = std::time::Instant::now();
    let request = &config.request;
    let counts = with_progress(COUNTED, false, |watch| {
        engine::on_pool(config.threads, || request.counts_until_stopped(watch))
    })?
    .ok_or_else(|| anyhow::anyhow!("the count stopped without a stop signal"))?;
    let elapsed = started.elapsed();
    let meta = meta_of(request::run_params::exact(request, counts.total()));
    let lines = exact_lines(request.rows(), &counts);
    let rows = table_rows(&EXACT_COLUMNS, &lines);
    output.finish(&render(&rows, config.output.format, meta)?)?;
    crate::stderr_line!(
        "{}",
        request.summary_line(
            counts.total(),
            elapsed.as_secs_f64(),
            &Threads(config.threads).to_string()
        )
    );
    Ok(())
}
