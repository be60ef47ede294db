//! `sim exact`: every completion of the known cards counted by category.

use engine::CategoryCounts;
use eval::Category;
use request::exact::ExactMethod;
use serde::Serialize;

use crate::cli::ExactArgs;
use crate::config::ExactConfig;
use crate::config::exact::ExactRun;
use crate::config::shared::StudTableConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::low_row::{exact_rows as stud_rows, table_meta};
use crate::report::{Meta, Share, insert_game, render};
use crate::summary::{Threads, Throughput};

/// One row of an exact table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExactRow {
    /// Stable category name.
    pub category: &'static str,
    /// Hands in this category.
    pub count: u64,
    /// `count / total`.
    pub probability: Share,
}

/// Rows of an exact table, one per category in order.
pub fn exact_rows(counts: &CategoryCounts) -> Vec<ExactRow> {
    Category::ALL
        .into_iter()
        .map(|category| ExactRow {
            category: category.name(),
            count: counts.get(category),
            probability: Share::from(counts.probability(category)),
        })
        .collect()
}

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
    let meta = table_meta("exact", request, table.total());
    output.finish(&render(&stud_rows(&table), config.output.format, meta)?)?;
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
    let mut meta = Meta::new();
    meta.insert("command".into(), "exact".into());
    insert_game(&mut meta, hand.game());
    meta.insert("cards".into(), hand.cards().into());
    meta.insert("known".into(), hand.known_text().into());
    if !hand.dead().is_empty() {
        meta.insert("dead".into(), hand.dead_text().into());
    }
    meta.insert("total".into(), counts.total().into());
    output.finish(&render(&exact_rows(&counts), config.output.format, meta)?)?;
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
