//! The command line, declared with clap's derive API: every argument type of every command, in
//! this file and its submodules. Single values (cards, counts) are parsed here; relations between
//! arguments are checked in one step, when [`crate::config`] turns them into configs.

pub mod bench;
pub mod count;
pub mod deal;
pub mod equity;
pub mod exact;
pub mod game_help;
pub mod hits;
pub mod merge;
pub mod odds;
pub mod plot;
pub mod preflop;
pub mod shared_args;
pub mod shuffle;

use clap::{Parser, Subcommand};

pub use bench::BenchArgs;
pub use exact::{ExactArgs, ExactMethod};
pub use merge::MergeArgs;
pub use odds::{LongRunArgs, OddsArgs};
pub use plot::{PlotArgs, PlotKind};
pub use shared_args::{CardList, Format, GameArgs, GameName, HandArgs, OutputArgs, RunArgs};

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
    /// Draw SVG charts from the CSVs of `sim` runs (the kinds: [`plot::plot_about`]).
    #[command(about = plot::plot_about())]
    Plot(PlotArgs),
    /// Measure odds throughput at several thread counts.
    Bench(BenchArgs),
    /// Shuffle models: exact enumeration, audits, riffle distance to uniform, odds after riffles.
    Shuffle(shuffle::ShuffleArgs),
    /// Deal hands by piles, a direct index or shuffle, and tally their suit patterns.
    Deal(deal::DealArgs),
    /// Equity of hands or ranges (its line names the games: [`game_help::equity_about`]).
    #[command(about = game_help::equity_about())]
    Equity(equity::EquityArgs),
    /// Starting-hand tables (its line names the games: [`game_help::preflop_about`]).
    #[command(about = game_help::preflop_about())]
    Preflop(preflop::PreflopArgs),
    /// What a range hits on a board (its line names the games: [`game_help::hits_about`]).
    #[command(about = game_help::hits_about())]
    Hits(hits::HitsArgs),
}
