//! `sim shuffle odds`: seven-card category probabilities when every round riffles a new deck
//! `K` times and deals the top seven cards, next to the exact uniform values.
//!
//! A new deck (as sold in the United States) runs, from the top:
//!
//! ```text
//!  As 2s 3s … Ks   Ad 2d … Kd   Kc Qc … 2c Ac   Kh Qh … 2h Ah
//! ```

use clap::Args;
use deck::Card;
use rayon::prelude::*;

use crate::cli::OutputArgs;
use crate::cli::count::parse_count;
use crate::cmd::odds::OddsRow;
use crate::config::{OutputSpec, resolve_threads};
use crate::output::Output;
use crate::report::{Meta, render};
use crate::shuffle::{positive, resolve_seed};
use crate::summary::Throughput;
use engine::CategoryCounts;
use engine::ChunkPlan;
use engine::estimate::estimates;
use engine::exact_counts::combinatorial_counts;
use engine::on_pool;
use engine::seed::chunk_rng;

/// Arguments of `sim shuffle odds`.
#[derive(Debug, Clone, Args)]
pub struct ShuffleOddsArgs {
    /// GSR riffles of the new deck before each deal (0 deals the new deck's top seven).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=100))]
    pub riffles: u32,
    /// Rounds (decks) to deal: 1000000, 1M and 1e6 all work.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value = "1M")]
    pub rounds: u64,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: crate::cli::RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The new-deck order of the module docs, top card first.
pub fn new_deck_order() -> [Card; 52] {
    // Ranks: 0 = deuce … 12 = ace. Suits: 0 = c, 1 = d, 2 = h, 3 = s.
    let ace_to_king = |i: usize| ((i + 12) % 13) as u8;
    let king_to_ace = |i: usize| ace_to_king(12 - i);
    std::array::from_fn(|slot| {
        let i = slot % 13;
        match slot / 13 {
            0 => Card::new(ace_to_king(i), 3),
            1 => Card::new(ace_to_king(i), 1),
            2 => Card::new(king_to_ace(i), 0),
            _ => Card::new(king_to_ace(i), 2),
        }
    })
}

/// The rounds of chunk `chunk`: each riffles a fresh new deck and evaluates its top seven.
pub fn run_chunk(riffles: usize, seed: u64, plan: &ChunkPlan, chunk: u64) -> CategoryCounts {
    let mut rng = chunk_rng(seed, chunk);
    let new_deck = new_deck_order();
    let mut scratch = new_deck;
    let mut slots = [0u64; 16];
    for _ in 0..plan.rounds_in(chunk) {
        let mut deck = new_deck;
        deck::riffle::riffles(&mut rng, &mut deck, &mut scratch, riffles);
        slots[eval::evaluate(&deck[..7]).category_index() & 15] += 1;
    }
    CategoryCounts::from_slots(&slots)
}

/// Every chunk on the current pool, counts added.
pub fn simulate(riffles: usize, seed: u64, plan: &ChunkPlan) -> CategoryCounts {
    (0..plan.chunks())
        .into_par_iter()
        .map(|chunk| run_chunk(riffles, seed, plan, chunk))
        .reduce(CategoryCounts::default, |a, b| a + b)
}

/// Runs `sim shuffle odds`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &ShuffleOddsArgs) -> anyhow::Result<()> {
    let rounds = positive("--rounds", args.rounds)?;
    let threads = resolve_threads(args.run.threads)?;
    let spec = OutputSpec::from(&args.output);
    let output = Output::create(spec.path.as_deref())?;
    let seed = resolve_seed("shuffle odds", args.run.seed);
    let plan = ChunkPlan::new(rounds);
    let riffles = args.riffles as usize;
    let started = std::time::Instant::now();
    let counts = on_pool(threads, || simulate(riffles, seed, &plan))?;
    let elapsed = started.elapsed();
    let rows: Vec<OddsRow> = estimates(&counts, &combinatorial_counts(7))
        .iter()
        .map(OddsRow::from)
        .collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "shuffle odds".into());
    meta.insert("riffles".into(), args.riffles.into());
    meta.insert("rounds".into(), rounds.into());
    meta.insert("seed".into(), seed.into());
    output.finish(&render(&rows, spec.format, meta)?)?;
    let throughput = Throughput::new(rounds, threads, elapsed);
    eprintln!("sim shuffle odds: {throughput}, {riffles} riffles, seed {seed}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_deck_order_is_as_documented() {
        let text: Vec<String> = new_deck_order().iter().map(ToString::to_string).collect();
        assert_eq!(&text[..3], ["As", "2s", "3s"]);
        assert_eq!(text[12], "Ks");
        assert_eq!(&text[13..15], ["Ad", "2d"]);
        assert_eq!(&text[26..28], ["Kc", "Qc"]);
        assert_eq!(text[38], "Ac");
        assert_eq!(text[39], "Kh");
        assert_eq!(text[51], "Ah");
        let mut seen: Vec<usize> = new_deck_order().iter().map(|c| c.index()).collect();
        seen.sort_unstable();
        assert!(seen.iter().enumerate().all(|(i, &c)| i == c));
    }

    #[test]
    fn no_riffle_always_deals_a_straight_flush() {
        // As 2s 3s 4s 5s 6s 7s: a seven-high straight flush every time.
        let counts = simulate(0, 1, &ChunkPlan::new(10));
        assert_eq!(counts.get(eval::Category::StraightFlush), 10);
    }
}
