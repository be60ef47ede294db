//! Arguments of `sim bench`.

use std::path::PathBuf;

use clap::Args;

use super::count::parse_count;
use super::examples::{self, Example};
use super::game_help::game_arg;
use super::shared_args::{Format, GameArgs, HandArgs};

/// Arguments of `sim bench`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Bench)))]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim bench"))]
pub struct BenchArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Hand size and known cards.
    #[command(flatten)]
    pub hand: HandArgs,
    /// Rounds per measurement.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value = "100M")]
    pub rounds: u64,
    /// Thread counts to measure, comma separated (default: 1, 2, 4, … and all cores).
    #[arg(long, value_name = "LIST")]
    pub threads: Option<String>,
    /// Measurements per thread count; the median is reported.
    #[arg(long, value_name = "R", default_value_t = 5)]
    pub repeats: u32,
    /// Seed of every measurement.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Write the table to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Table format.
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    pub format: Format,
}

/// `sim bench --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "Throughput on 1 and 2 threads: the median of 3 runs of 1M rounds",
        lines: &["sim bench --threads 1,2 --rounds 1M --repeats 3"],
    },
    Example {
        what: "Short deck, one thread, as JSON",
        lines: &["sim bench --game shortdeck --threads 1 --rounds 1M --repeats 1 --format json"],
    },
];
