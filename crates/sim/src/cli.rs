//! The command line, declared with clap's derive API: every argument type of every command, in
//! this file and its submodules. Single values (cards, counts) are parsed here; relations between
//! arguments are checked in one step, when [`crate::config`] turns them into configs.

pub mod equity;
pub mod preflop;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use deck::{Card, parse_cards};

pub mod bench;
pub mod count;
pub mod deal;
pub mod exact;
pub mod merge;
pub mod odds;
pub mod plot;
pub mod shuffle;

pub use bench::BenchArgs;
pub use exact::{ExactArgs, ExactMethod};
pub use merge::MergeArgs;
pub use odds::{LongRunArgs, OddsArgs};
pub use plot::{PlotArgs, PlotKind};

/// Monte Carlo and exact poker probabilities on every core.
#[derive(Debug, Parser)]
#[command(name = "sim", version, about, long_about = None)]
pub struct Cli {
    /// What to compute.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Estimate the probability of each hand category by Monte Carlo, next to the exact value.
    Odds(OddsArgs),
    /// Count every completion of the known cards exactly, by category.
    Exact(ExactArgs),
    /// Add up the shard files of one `sim odds --shard` run into its odds table.
    Merge(MergeArgs),
    /// Draw SVG charts from the CSVs of odds, bench and riffle runs.
    Plot(PlotArgs),
    /// Measure odds throughput at several thread counts.
    Bench(BenchArgs),
    /// Shuffle models: exact enumeration, audits, riffle distance to uniform, odds after riffles.
    Shuffle(shuffle::ShuffleArgs),
    /// Deal hands by piles, a direct index or shuffle, and tally their suit patterns.
    Deal(deal::DealArgs),
    /// Hold'em equity of 2 to 10 hands or ranges: exact when cheap enough, else Monte Carlo.
    Equity(equity::EquityArgs),
    /// Starting-hand tables: the 169 classes against random hands, or the heads-up matrix.
    Preflop(preflop::PreflopArgs),
}

/// Output file and format, shared by the commands that write a table.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Write the table to FILE (atomically: a temporary file renamed into place) instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Table format.
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    pub format: Format,
}

/// Table formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Comma-separated values with a header row.
    Csv,
    /// One JSON document.
    Json,
}

/// The seed and worker threads of a seeded run, shared by every command that draws random numbers.
#[derive(Debug, Clone, Args)]
pub struct RunArgs {
    /// Seed of the run; omitted, a random seed is chosen and printed on stderr.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). The output does not depend on it.
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
}

/// Hand size and known cards.
#[derive(Debug, Clone, Args)]
pub struct HandArgs {
    /// Cards in the final hand (the best five of them count).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u8).range(5..=7))]
    pub cards: u8,
    /// Cards fixed in every hand (0 to cards-1 of them), e.g. `AsKd` or `As,Kd`.
    #[arg(long, value_name = "CARDS", value_parser = parse_card_list, default_value = "")]
    pub known: CardList,
}

/// A list of distinct cards given on the command line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CardList(pub Vec<Card>);

fn parse_card_list(text: &str) -> Result<CardList, String> {
    parse_cards(text).map(CardList).map_err(|e| e.to_string())
}
