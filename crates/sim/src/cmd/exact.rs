//! `sim exact`: every completion of the known cards counted by category.

use request::exact::ExactMethod;
use request::odds_table::{EXACT_COLUMNS, exact_lines, stud_exact_lines};

use crate::cli::ExactArgs;
use crate::config::ExactConfig;
use crate::config::exact::ExactRun;
use crate::config::shared::StudTableConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::{Threads, Throughput};

/// Runs `sim exact`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &ExactArgs) -> anyhow::Result<()> {
    match ExactRun::try_from(args)? {
        ExactRun::Counts(config) => run_counts(&config),
        ExactRun::Stud(config) => run_stud(&config),
    }
}

/// Runs a stud game's exact table: every completion of the known cards visited.
fn run_stud(config: &StudTableConfig) -> anyhow::Result<()> {
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    let started = std::time::Instant::now();
    let table =
        engine::on_pool(config.threads, || request.exact_table())?.map_err(UsageError::from)?;
    let elapsed = started.elapsed();
    let meta = meta_of(request::run_params::stud_table(
        "exact",
        request,
        table.total(),
    ));
    let lines = stud_exact_lines(&table);
    let rows = table_rows(&EXACT_COLUMNS, &lines);
    output.finish(&render(&rows, config.output.format, meta)?)?;
    crate::stderr_line!(
        "sim exact: {} {}, {} completions in {:.3} s on {}",
        request.game,
        request.chart,
        table.total(),
        elapsed.as_secs_f64(),
        Threads(config.threads)
    );
    Ok(())
}

/// Runs a board hand's category counts.
fn run_counts(config: &ExactConfig) -> anyhow::Result<()> {
    let output = Output::create(config.output.path.as_deref())?;
    let started = std::time::Instant::now();
    let hand = &config.request.hand;
    let counts = engine::on_pool(config.threads, || config.request.counts())?;
    let elapsed = started.elapsed();
    let meta = meta_of(request::run_params::exact(hand, counts.total()));
    let lines = exact_lines(&counts);
    let rows = table_rows(&EXACT_COLUMNS, &lines);
    output.finish(&render(&rows, config.output.format, meta)?)?;
    let throughput = Throughput::new(counts.total(), config.threads, elapsed);
    let method = match config.request.method {
        ExactMethod::Combinatorial => "combinatorial",
        _ => "enumerate",
    };
    crate::stderr_line!(
        "sim exact ({method}): {} hands, {}, {:.3} s",
        counts.total(),
        Threads(throughput.threads),
        throughput.seconds
    );
    Ok(())
}
