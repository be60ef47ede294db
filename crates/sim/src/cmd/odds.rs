//! `sim odds`: Monte Carlo category probabilities, chunked and seeded so that any thread count
//! gives the same table.

use std::time::Instant;

use anyhow::bail;

use crate::claim::Claim;
use crate::cli::{Format, OddsArgs};
use crate::config::OddsConfig;
use crate::interrupt::{self, Interrupted, StopSignal};
use crate::long_run::execute;
use crate::output::Output;
use crate::report::{Fixed, Meta, Share, insert_game, render};
use crate::shard::ShardFile;
use crate::summary::Throughput;
use engine::driver::Stop;
use engine::estimate::{CategoryEstimate, estimates};
use engine::exact_counts::exact_counts_of;
use engine::on_pool;
use engine::{CategoryCounts, HandSpec};
use serde::Serialize;

/// The odds table of `counts` (all rounds of the run), as `sim odds` and `sim merge` write it.
///
/// # Errors
/// Only if rendering fails.
pub fn odds_table(
    hand: &HandSpec,
    seed: u64,
    target_stderr: Option<f64>,
    counts: &CategoryCounts,
    exact: &CategoryCounts,
    format: Format,
) -> anyhow::Result<Vec<u8>> {
    let rows: Vec<OddsRow> = estimates(counts, exact).iter().map(OddsRow::from).collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "odds".into());
    insert_game(&mut meta, hand.game());
    meta.insert("cards".into(), hand.cards().into());
    meta.insert("known".into(), hand.known_text().into());
    meta.insert("rounds".into(), counts.total().into());
    meta.insert("seed".into(), seed.into());
    if let Some(target) = target_stderr {
        meta.insert("target_stderr".into(), target.into());
    }
    render(&rows, format, meta)
}

/// Runs `sim odds`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures, [`Interrupted`] after
/// a stop signal.
pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    let config = OddsConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    // Held from here to the end: another run given the same checkpoint is refused.
    let mut claim = config
        .long
        .checkpoint
        .as_deref()
        .map(Claim::take)
        .transpose()?;
    interrupt::stop_at_wave_boundaries();
    config.seed.announce("odds");
    let started = Instant::now();
    let outcome = on_pool(config.threads, || execute(&config, claim.as_mut()))??;
    let elapsed = started.elapsed();
    let progress = &outcome.progress;
    if outcome.stop == Stop::Interrupted {
        let signal = interrupt::requested().unwrap_or(StopSignal::Interrupt);
        let saved = match &config.long.checkpoint {
            Some(path) => format!(
                "progress saved to {}; rerun the same command to resume",
                path.display()
            ),
            None => "nothing written (use --checkpoint FILE to keep progress)".into(),
        };
        bail!(Interrupted {
            signal,
            message: format!(
                "stopped after {} of {} chunks; {saved}",
                progress.next - progress.first,
                config.plan.chunks()
            ),
        });
    }
    let bytes = match config.long.shard {
        Some(shard) => ShardFile::new(
            &config.identity(),
            shard,
            config.plan.chunks(),
            progress.counts,
        )?
        .to_bytes()?,
        None => {
            let exact = on_pool(config.threads, || exact_counts_of(&config.hand))?;
            odds_table(
                &config.hand,
                config.seed.value,
                config.long.target_stderr,
                &progress.counts,
                &exact,
                config.output.format,
            )?
        }
    };
    output.finish(&bytes)?;
    if let Some(claim) = claim {
        // The table is written; a finished run's checkpoint has nothing left to resume. A run
        // shorter than the save interval never wrote one.
        claim.remove()?;
    }
    if !config.long.quiet {
        let throughput = Throughput::new(outcome.rounds_here, config.threads, elapsed);
        eprintln!("sim odds: {}, seed {}", throughput, config.seed.value);
    }
    Ok(())
}

/// One row of a Monte Carlo odds table (`sim odds`, `sim merge`, `sim shuffle odds`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsRow {
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
    /// The exact probability for these cards.
    pub exact_probability: Share,
    /// `(p - exact) / sqrt(exact (1 - exact) / n)`.
    pub z_score: Fixed<6>,
}

impl From<&CategoryEstimate> for OddsRow {
    fn from(e: &CategoryEstimate) -> Self {
        Self {
            category: e.category.name(),
            count: e.count,
            probability: Fixed(e.probability),
            std_error: Fixed(e.std_error),
            ci95_low: Fixed(e.ci95_low),
            ci95_high: Fixed(e.ci95_high),
            exact_probability: Fixed(e.exact_probability),
            z_score: Fixed(e.z_score),
        }
    }
}
