//! `sim odds`: Monte Carlo category probabilities, chunked and seeded so that any thread count
//! gives the same table.

use std::time::Instant;

use deck::Deck;
use rayon::prelude::*;

use anyhow::{Context, bail};

use crate::cli::{Format, OddsArgs};
use crate::config::{HandSpec, OddsConfig};
use crate::counts::CategoryCounts;
use crate::driver::Stop;
use crate::exact::exact_counts;
use crate::identity::RunIdentity;
use crate::interrupt::{self, Interrupted};
use crate::longrun::execute;
use crate::output::Output;
use crate::plan::ChunkPlan;
use crate::pool::on_pool;
use crate::report::{odds_rows, render};
use crate::seed::chunk_rng;
use crate::shard::ShardFile;
use crate::summary::Throughput;

/// Deals and evaluates the rounds of chunk `chunk`: the chunk's own generator and deck, counters
/// in a local array, nothing allocated or shared.
pub fn run_chunk(
    hand: &HandSpec,
    template: &Deck,
    seed: u64,
    plan: &ChunkPlan,
    chunk: u64,
) -> CategoryCounts {
    let mut rng = chunk_rng(seed, chunk);
    let mut deck = template.clone();
    let to_deal = hand.to_deal();
    let mut slots = [0u64; 16];
    for _ in 0..plan.rounds_in(chunk) {
        let cards = deck.deal(&mut rng, to_deal);
        slots[eval::evaluate(cards).category_index() & 15] += 1;
    }
    CategoryCounts::from_slots(&slots)
}

/// Runs every chunk of `plan` on the current rayon pool and adds up the counts.
pub fn simulate(hand: &HandSpec, seed: u64, plan: &ChunkPlan) -> CategoryCounts {
    let template = template_deck(hand);
    (0..plan.chunks())
        .into_par_iter()
        .map(|chunk| run_chunk(hand, &template, seed, plan, chunk))
        .reduce(CategoryCounts::default, |a, b| a + b)
}

/// The deck every chunk starts from: the known cards in front, the rest in index order.
pub fn template_deck(hand: &HandSpec) -> Deck {
    // The known cards were checked for duplicates when parsed.
    Deck::with_known(&hand.known).unwrap_or_else(|e| unreachable!("validated known cards: {e}"))
}

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
    let rows = odds_rows(counts, exact);
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "odds".into());
    meta.insert("cards".into(), hand.cards.into());
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
/// Ctrl-C.
pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    interrupt::install();
    let config = OddsConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    if config.seed_was_random {
        eprintln!("sim odds: no --seed given; using --seed {}", config.seed);
    }
    let started = Instant::now();
    let outcome = on_pool(config.threads, || execute(&config))??;
    let elapsed = started.elapsed();
    let progress = &outcome.progress;
    if outcome.stop == Stop::Interrupted {
        let saved = match &config.long.checkpoint {
            Some(path) => format!(
                "progress saved to {}; rerun the same command to resume",
                path.display()
            ),
            None => "nothing written (use --checkpoint FILE to keep progress)".into(),
        };
        bail!(Interrupted(format!(
            "interrupted after {} of {} chunks; {saved}",
            progress.next - progress.first,
            config.plan.chunks()
        )));
    }
    let bytes = match config.long.shard {
        Some(shard) => ShardFile::new(
            &RunIdentity::of(&config),
            shard,
            config.plan.chunks(),
            progress.counts,
        )
        .to_bytes()?,
        None => {
            let exact = on_pool(config.threads, || {
                exact_counts(config.hand.cards, &config.hand.known)
            })?;
            odds_table(
                &config.hand,
                config.seed,
                config.long.target_stderr,
                &progress.counts,
                &exact,
                config.output.format,
            )?
        }
    };
    output.finish(&bytes)?;
    if let Some(path) = &config.long.checkpoint {
        // The table is written; a finished run's checkpoint has nothing left to resume. A run
        // shorter than the save interval never wrote one.
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(e).with_context(|| {
                    format!("cannot remove finished checkpoint {}", path.display())
                });
            }
            _ => {}
        }
    }
    if !config.long.quiet {
        let throughput = Throughput::new(outcome.rounds_here, config.threads, elapsed);
        eprintln!("sim odds: {}, seed {}", throughput, config.seed);
    }
    Ok(())
}
