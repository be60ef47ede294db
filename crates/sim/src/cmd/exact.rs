//! `sim exact`: every completion of the known cards counted by category.

use engine::CategoryCounts;
use engine::exact_counts::{combinatorial_counts, enumerate_counts_of};
use eval::Category;
use serde::Serialize;

use crate::cli::{ExactArgs, ExactMethod};
use crate::config::ExactConfig;
use crate::output::Output;
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
    let config = ExactConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    let started = std::time::Instant::now();
    let hand = &config.hand;
    let counts = engine::on_pool(config.threads, || match config.method {
        ExactMethod::Combinatorial => combinatorial_counts(hand.cards()),
        _ => enumerate_counts_of(hand),
    })?;
    let elapsed = started.elapsed();
    let mut meta = Meta::new();
    meta.insert("command".into(), "exact".into());
    insert_game(&mut meta, hand.game());
    meta.insert("cards".into(), hand.cards().into());
    meta.insert("known".into(), hand.known_text().into());
    meta.insert("total".into(), counts.total().into());
    output.finish(&render(&exact_rows(&counts), config.output.format, meta)?)?;
    let throughput = Throughput::new(counts.total(), config.threads, elapsed);
    let method = match config.method {
        ExactMethod::Combinatorial => "combinatorial",
        _ => "enumerate",
    };
    eprintln!(
        "sim exact ({method}): {} hands, {}, {:.3} s",
        counts.total(),
        Threads(throughput.threads),
        throughput.seconds
    );
    Ok(())
}
