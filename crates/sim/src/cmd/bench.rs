//! `sim bench`: throughput of the odds engine at several thread counts, for comparing machines
//! and checking how the engine scales.

use std::time::Instant;

use crate::cli::BenchArgs;
use crate::config::BenchConfig;
use crate::output::Output;
use crate::report::{Fixed, insert_game, render};
use crate::summary::si;
use engine::ChunkPlan;
use engine::odds_loop::simulate;
use engine::on_pool;

/// One measured thread count.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BenchRow {
    /// Worker threads.
    pub threads: usize,
    /// Rounds per measurement.
    pub rounds: u64,
    /// Median wall time of the measurements.
    pub seconds_median: Fixed<6>,
    /// Rounds per second at the median.
    pub hands_per_sec: Fixed<0>,
    /// The same per thread.
    pub hands_per_sec_per_thread: Fixed<0>,
    /// Throughput relative to one thread (measured, or extrapolated from the smallest count).
    pub speedup: Fixed<3>,
    /// `speedup / threads`.
    pub efficiency: Fixed<3>,
}

/// The median of a non-empty list of timings.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

/// Measures every thread count of `config`: a warm-up run, then `repeats` timed runs each.
///
/// # Errors
/// If a worker pool cannot be started.
pub fn measure(config: &BenchConfig) -> anyhow::Result<Vec<BenchRow>> {
    let plan = ChunkPlan::new(config.rounds);
    let mut medians = Vec::with_capacity(config.threads.len());
    for &threads in &config.threads {
        let seconds = on_pool(threads, || {
            // Warm-up: starts the workers and brings the tables into cache.
            let warm_plan = ChunkPlan::new((config.rounds / 10).max(1));
            std::hint::black_box(simulate(&config.hand, config.seed, &warm_plan));
            (0..config.repeats)
                .map(|_| {
                    let started = Instant::now();
                    let counts = simulate(&config.hand, config.seed, &plan);
                    let elapsed = started.elapsed().as_secs_f64();
                    debug_assert_eq!(counts.total(), config.rounds);
                    std::hint::black_box(counts);
                    elapsed
                })
                .collect::<Vec<f64>>()
        })?;
        medians.push((threads, median(seconds)));
    }
    let per_thread_base = medians
        .iter()
        .min_by_key(|(threads, _)| *threads)
        .map(|&(threads, seconds)| config.rounds as f64 / seconds / threads as f64)
        .unwrap_or(1.0);
    Ok(medians
        .into_iter()
        .map(|(threads, seconds)| {
            let hands_per_sec = config.rounds as f64 / seconds.max(1e-9);
            let speedup = hands_per_sec / per_thread_base;
            BenchRow {
                threads,
                rounds: config.rounds,
                seconds_median: Fixed(seconds),
                hands_per_sec: Fixed(hands_per_sec),
                hands_per_sec_per_thread: Fixed(hands_per_sec / threads as f64),
                speedup: Fixed(speedup),
                efficiency: Fixed(speedup / threads as f64),
            }
        })
        .collect())
}

/// Runs `sim bench`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let config = BenchConfig::try_from(args)?;
    let output = Output::create(args.out.as_deref())?;
    crate::stderr_line!(
        "sim bench: {}{} cards, known {:?}, {} rounds, {} repeats per thread count (median shown); \
         eval path {} (the batch evaluator's; the odds loop evaluates one hand at a time)",
        match config.hand.game() {
            engine::Game::HOLDEM => String::new(),
            game => format!("{game}, "),
        },
        config.hand.cards(),
        config.hand.known_text(),
        config.rounds,
        config.repeats,
        config.eval_path
    );
    let rows = measure(&config)?;
    crate::stderr_line!(
        "{:>8} {:>12} {:>14} {:>16} {:>8} {:>10}",
        "threads",
        "seconds",
        "hands/s",
        "per thread",
        "speedup",
        "efficiency"
    );
    for row in &rows {
        crate::stderr_line!(
            "{:>8} {:>12.4} {:>14} {:>16} {:>8.2} {:>9.0}%",
            row.threads,
            row.seconds_median.0,
            format!("{}/s", si(row.hands_per_sec.0)),
            format!("{}/s", si(row.hands_per_sec_per_thread.0)),
            row.speedup.0,
            100.0 * row.efficiency.0
        );
    }
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "bench".into());
    insert_game(&mut meta, config.hand.game());
    meta.insert("cards".into(), config.hand.cards().into());
    meta.insert("known".into(), config.hand.known_text().into());
    meta.insert("repeats".into(), config.repeats.into());
    output.finish(&render(&rows, args.format, meta)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_lists() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
