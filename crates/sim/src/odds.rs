//! `sim odds`: Monte Carlo category probabilities, chunked and seeded so that any thread count
//! gives the same table.

use std::time::Instant;

use deck::Deck;
use rayon::prelude::*;

use crate::cli::OddsArgs;
use crate::config::{HandSpec, OddsConfig};
use crate::counts::CategoryCounts;
use crate::exact::exact_counts;
use crate::output::Output;
use crate::plan::ChunkPlan;
use crate::pool::on_pool;
use crate::report::{odds_rows, render};
use crate::seed::chunk_rng;
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

/// Runs `sim odds`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    let config = OddsConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    if config.seed_was_random {
        eprintln!("sim odds: no --seed given; using --seed {}", config.seed);
    }
    let started = Instant::now();
    let (counts, exact) = on_pool(config.threads, || {
        let counts = simulate(&config.hand, config.seed, &config.plan);
        (counts, exact_counts(config.hand.cards, &config.hand.known))
    })?;
    let elapsed = started.elapsed();
    let rows = odds_rows(&counts, &exact);
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "odds".into());
    meta.insert("cards".into(), config.hand.cards.into());
    meta.insert("known".into(), config.hand.known_text().into());
    meta.insert("rounds".into(), config.plan.rounds.into());
    meta.insert("seed".into(), config.seed.into());
    output.finish(&render(&rows, config.output.format, meta)?)?;
    let throughput = Throughput::new(config.plan.rounds, config.threads, elapsed);
    eprintln!("sim odds: {}, seed {}", throughput, config.seed);
    Ok(())
}
