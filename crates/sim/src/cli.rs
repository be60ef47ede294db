//! The command line, declared with clap's derive API: every argument type of every command, in
//! this file and its submodules. Single values (cards, counts) are parsed here; relations between
//! arguments are checked in one step, when [`crate::config`] turns them into configs.

pub mod bench;
pub mod count;
pub mod deal;
pub mod equity;
pub mod error_line;
pub mod exact;
pub mod examples;
pub mod game_help;
pub mod game_options;
pub mod hits;
pub mod merge;
pub mod odds;
pub mod plot;
pub mod preflop;
pub mod query;
pub mod rank;
pub mod serve;
pub mod shared_args;
pub mod shuffle;

use clap::{Parser, Subcommand};

use examples::Example;

pub use bench::BenchArgs;
pub use exact::{ExactArgs, ExactMethod};
pub use merge::MergeArgs;
pub use odds::{LongRunArgs, OddsArgs};
pub use plot::{PlotArgs, PlotKind};
pub use shared_args::{CardList, Format, GameArgs, GameName, HandArgs, OutputArgs, RunArgs};

/// Monte Carlo and exact poker probabilities on every core.
///
/// Help wraps to the terminal, at most [`MAX_HELP_WIDTH`] columns wide (100 columns when the
/// output is not a terminal, unless `COLUMNS` says otherwise).
#[derive(Debug, Parser)]
#[command(name = "sim", version, about, long_about = None, max_term_width = MAX_HELP_WIDTH)]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim"))]
pub struct Cli {
    /// What to compute.
    #[command(subcommand)]
    pub command: Command,
}

/// The widest help is wrapped to, however wide the terminal: lines stay readable.
pub const MAX_HELP_WIDTH: usize = 100;

/// `sim --help`'s examples: one everyday line of the main commands.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "The categories of seven random cards: 1M deals, seed 1",
        lines: &["sim odds --rounds 1M --seed 1"],
    },
    Example {
        what: "Every five-card hand counted exactly, by category",
        lines: &["sim exact --cards 5"],
    },
    Example {
        what: "Aces against kings in hold'em: every board counted exactly",
        lines: &["sim equity AsAh KsKh"],
    },
    Example {
        what: "What a range makes and draws to on a flop",
        lines: &["sim hits QQ+,AKs,T9s --board Kh9h5c"],
    },
    Example {
        what: "A command's flags and examples",
        lines: &["sim help equity"],
    },
];

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The probability of each hand category by Monte Carlo, next to the exact value (its line
    /// names the games: [`game_help::odds_about`]).
    #[command(about = game_help::odds_about())]
    Odds(OddsArgs),
    /// Every completion of the known cards counted exactly, by category (its line names the
    /// games: [`game_help::exact_about`]).
    #[command(about = game_help::exact_about())]
    Exact(ExactArgs),
    /// Add up the shard files of one `sim odds --shard` run into its odds table.
    Merge(MergeArgs),
    /// Draw SVG charts from the CSVs of `sim` runs (the kinds: [`plot::plot_about`]).
    #[command(about = plot::plot_about())]
    Plot(PlotArgs),
    /// Odds throughput at several thread counts (its line names the games:
    /// [`game_help::bench_about`]).
    #[command(about = game_help::bench_about())]
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
    /// A starting hand's rank, percentile and equity in its game's ranking, or the classes of
    /// the top 15 % (hold'em, short deck, hold'em hi/lo, four-, five- and six-card Omaha,
    /// Courchevel, the stud games, and the draw games' pat hands).
    Rank(rank::RankArgs),
    /// The study page: a local web server for the range grid, equities, heat maps, streets and
    /// hits, answering the same JSON as `--format json`.
    Serve(serve::ServeArgs),
    /// A PQL question (`select avg(riverEquity(hero)) from hero='AsAh', villain='15%'`) over
    /// every game (hold'em, short deck, Omaha, stud, the draw games): exact where cheap, with
    /// error bars otherwise.
    Query(query::QueryArgs),
}
