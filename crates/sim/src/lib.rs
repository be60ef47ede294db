//! The `sim` binary's own code: the command line and the process around the library crates.
//! Nothing here computes odds or equities; every command validates its arguments into a config
//! (through the `request` crate, which the Python package shares), calls a library (`engine`,
//! `holdem`, `omaha`, `shuffle_lab`) and writes its rows.
//!
//! ```text
//!  main ──▶ cli (clap types) ──▶ config/<command> (one validation step through `request`:
//!   │                                    typed configs, seed and threads resolved once)
//!   └────▶ cmd::<command> ──▶ library call on a rayon pool ──▶ report/ (serde rows → CSV/JSON)
//!                │                                               └─▶ output (stdout, or a file
//!                └─▶ process glue: long_run (engine's driver + checkpoint + progress bar
//!                    + interrupt), checkpoint, claim, shard, identity, summary,      replaced atomically)
//!                    input (bounded reads of input files)
//! ```
//!
//! Imports flow one way: `main` → `cmd` → `config` → `cli` and the libraries; no module imports
//! one that imports it back.
//!
//! ```
//! use clap::Parser;
//! use sim::cli::{Cli, Command};
//! use sim::config::OddsConfig;
//!
//! let cli = Cli::try_parse_from(["sim", "odds", "--rounds", "1M", "--seed", "7"]).unwrap();
//! let Command::Odds(args) = &cli.command else { unreachable!() };
//! let config = OddsConfig::try_from(args).unwrap();
//! assert_eq!(
//!     (config.request.plan.rounds, config.request.seed.value),
//!     (1_000_000, 7)
//! );
//! ```
#![deny(missing_docs)]
#![deny(clippy::print_stderr)]

pub mod chart;
pub mod checkpoint;
pub mod claim;
pub mod cli;
pub mod cmd;
pub mod config;
pub mod error;
pub mod eval_path;
pub mod identity;
pub mod input;
pub mod interrupt;
pub mod long_run;
pub mod output;
pub mod preflop_checkpoint;
pub mod progress;
pub mod report;
pub mod same_file;
pub mod serve;
pub mod shard;
pub mod stderr;
pub mod summary;

use cli::{Cli, Command};

/// Runs the parsed command line.
///
/// # Errors
/// A [`error::UsageError`] for bad arguments, any other error for failures while running.
pub fn run(cli: &Cli) -> anyhow::Result<()> {
    match &cli.command {
        Command::Odds(args) => cmd::odds::run(args),
        Command::Exact(args) => cmd::exact::run(args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Plot(args) => cmd::plot::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Shuffle(args) => cmd::shuffle::run(args),
        Command::Deal(args) => cmd::deal::run(args),
        Command::Equity(args) if config::runouts::asked(args) => cmd::runouts::run(args),
        Command::Equity(args) if args.streets => cmd::streets::run(args),
        Command::Equity(args) if args.breakdown => cmd::breakdown::run(args),
        Command::Equity(args) if args.calling_range => cmd::calling::run(args),
        Command::Equity(args) if args.distribution => cmd::distribution::run(args),
        Command::Equity(args) => cmd::equity::run(args),
        Command::Preflop(args) => cmd::preflop::run(args),
        Command::Hits(args) => cmd::hits::run(args),
        Command::Rank(args) => cmd::rank::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Query(args) => cmd::query::run(args),
    }
}
