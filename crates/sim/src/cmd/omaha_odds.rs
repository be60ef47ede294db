//! `sim odds --game omaha…`: Monte Carlo probabilities of the final Omaha high hand's category
//! (exactly two hole cards and three board cards), beside the exact values when every hole card
//! is known (`--known`); computed by the `omaha` library.

use std::time::Instant;

use engine::Game as Variant;
use engine::estimate::estimates;
use engine::on_pool;

use crate::cli::OddsArgs;
use crate::cmd::equity::cards_text;
use crate::cmd::odds::OddsRow;
use crate::config::OmahaOddsConfig;
use crate::output::Output;
use crate::report::{Fixed, Meta, Share, render};
use serde::Serialize;

/// One category's line; the exact columns are empty when the hole cards are not all known.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OmahaOddsRow {
    /// Stable category name.
    pub category: &'static str,
    /// Hands in this category.
    pub count: u64,
    /// `count / rounds`.
    pub probability: Share,
    /// `sqrt(p (1 - p) / n)`.
    pub std_error: Share,
    /// Lower end of the 95 % Wilson score interval.
    pub ci95_low: Share,
    /// Upper end of the 95 % Wilson score interval.
    pub ci95_high: Share,
    /// The exact probability, when computed.
    pub exact_probability: Option<Share>,
    /// `(p - exact) / sqrt(exact (1 - exact) / n)`, when the exact value is known.
    pub z_score: Option<Fixed<6>>,
}

impl OmahaOddsRow {
    fn new(row: &OddsRow, exact: bool) -> Self {
        Self {
            category: row.category,
            count: row.count,
            probability: row.probability,
            std_error: row.std_error,
            ci95_low: row.ci95_low,
            ci95_high: row.ci95_high,
            exact_probability: exact.then_some(row.exact_probability),
            z_score: exact.then_some(row.z_score),
        }
    }
}

/// Runs `sim odds` for the Omaha game `variant`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &OddsArgs, variant: Variant) -> anyhow::Result<()> {
    let config = OmahaOddsConfig::new(args, variant)?;
    let output = Output::create(config.output.path.as_deref())?;
    config.seed.announce("odds");
    let started = Instant::now();
    let (counts, exact) = on_pool(config.threads, || {
        (
            omaha::odds::simulate_until(
                variant,
                &config.known,
                config.seed.value,
                &config.plan,
                config.target_stderr,
            ),
            omaha::odds::exact(variant, &config.known),
        )
    })?;
    let elapsed = started.elapsed();
    let rows: Vec<OmahaOddsRow> = estimates(&counts, exact.as_ref().unwrap_or(&counts))
        .iter()
        .map(|e| OmahaOddsRow::new(&OddsRow::from(e), exact.is_some()))
        .collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "odds".into());
    meta.insert("game".into(), variant.name().into());
    meta.insert("known".into(), cards_text(&config.known).into());
    meta.insert("rounds".into(), counts.total().into());
    meta.insert("seed".into(), config.seed.value.into());
    if let Some(target) = config.target_stderr {
        meta.insert("target_stderr".into(), target.into());
    }
    output.finish(&render(&rows, config.output.format, meta)?)?;
    if !config.quiet {
        eprintln!(
            "sim odds: {variant}, seed {}, {} rounds in {:.3} s on {}{}",
            config.seed.value,
            counts.total(),
            elapsed.as_secs_f64(),
            crate::summary::Threads(config.threads),
            if exact.is_some() {
                ", exact values over every board"
            } else {
                "; exact values need every hole card known (--known)"
            }
        );
    }
    Ok(())
}
