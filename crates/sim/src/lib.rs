//! The engine behind the `sim` binary: Monte Carlo odds tables, exact enumeration and their
//! reports, as a library so that benchmarks and tests run it without a process.
//!
//! ```text
//!  flags ──clap──▶ Cli ──TryFrom──▶ OddsConfig ──▶ chunks 0..C on a rayon pool ──▶ counts ──▶ rows ──▶ CSV/JSON
//!                                   (validated)     chunk c: Xoshiro256++ seeded by (seed, c),
//!                                                   own deck, local counters; merged by addition
//! ```
//!
//! Output depends only on the seed, the rounds and the inputs: never on the thread count.
//!
//! `sim odds` runs the chunks through [`driver::drive`] in waves, in chunk order: between waves
//! it checks the precision target ([`driver::meets_target`], after every chunk), Ctrl-C
//! ([`interrupt`]), draws the [`progress`] bar and saves the [`checkpoint`]. A [`shard`] runs a
//! contiguous share of the same chunks; [`merge`] adds shards up by integer addition.
//!
//! ```
//! use sim::config::HandSpec;
//! use sim::plan::ChunkPlan;
//!
//! let hand = HandSpec { cards: 7, known: vec![] };
//! let counts = sim::odds::simulate(&hand, 42, &ChunkPlan::new(10_000));
//! assert_eq!(counts.total(), 10_000);
//! ```
#![deny(missing_docs)]

pub mod bench;
pub mod checkpoint;
pub mod cli;
pub mod cmd;
pub mod config;
pub mod count;
pub mod deal;
pub mod error;
pub mod identity;
pub mod interrupt;
pub mod longrun;
pub mod merge;
pub mod odds;
pub mod output;
pub mod plot;
pub mod progress;
pub mod report;
pub mod shard;
pub mod shuffle;
pub mod summary;

use cli::{Cli, Command};

/// Runs the parsed command line.
///
/// # Errors
/// A [`error::UsageError`] for bad arguments, any other error for failures while running.
pub fn run(cli: &Cli) -> anyhow::Result<()> {
    match &cli.command {
        Command::Odds(args) => odds::run(args),
        Command::Exact(args) => cmd::exact::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Plot(args) => plot::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Shuffle(args) => shuffle::run(args),
        Command::Deal(args) => deal::run(args),
        Command::Equity(args) => cmd::equity::run(args),
        Command::Preflop(args) => cmd::preflop::run(args),
    }
}
