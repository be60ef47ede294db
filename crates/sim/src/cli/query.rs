//! Arguments of `sim query`.

use clap::Args;

use super::count::parse_count;
use super::examples::{self, Example};
use super::shared_args::{OutputArgs, RunArgs};

/// Arguments of `sim query`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim query"))]
pub struct QueryArgs {
    /// The question, in PQL's form: `select avg(riverEquity(hero)) as eq from game='holdem',
    /// hero='AsAh', villain='15%' where handType(hero, flop) >= pair`. Selectors avg, count,
    /// histogram, min and max; bindings game (hold'em, short deck and the Omaha games, high and
    /// hi/lo), board, dead and any number of named players, whose values are ranges in the
    /// game's syntax; the functions are listed in the guide's query page.
    #[arg(value_name = "QUERY")]
    pub query: String,
    /// Count every outcome, however many (up to the limit); by default the query is counted
    /// exactly when that is cheap and sampled otherwise.
    #[arg(long, conflicts_with_all = ["rounds", "target_stderr"])]
    pub exact: bool,
    /// Monte Carlo with this many trials (100M, 1e8, …); with --target-stderr, at most this many.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub rounds: Option<u64>,
    /// Monte Carlo until every line's standard error is below E.
    #[arg(long, value_name = "E")]
    pub target_stderr: Option<f64>,
    /// Seed and threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
    /// No summary on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `sim query --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "Aces against kings: the mean river equity, every board counted exactly",
        lines: &[
            "sim query \"select avg(riverEquity(hero)) as eq from game='holdem', hero='AsAh', villain='KsKh'\"",
        ],
    },
    Example {
        what: "How often a flush draw on the flop gets there, and its equity, against the top 15 %",
        lines: &[
            "sim query \"select count(minHandType(hero, river, flush)) as flush, avg(riverEquity(hero)) as eq from hero='AhKh', villain='15%', board='Qh7h2c'\" --rounds 1M --seed 1",
        ],
    },
    Example {
        what: "The hand types a range makes on the flop, as JSON",
        lines: &[
            "sim query \"select histogram(handType(hero, flop)) as made from hero='QQ+,AKs', villain='random'\" --rounds 1M --seed 1 --format json",
        ],
    },
    Example {
        what: "How often A2 is quartered in Omaha hi/lo",
        lines: &[
            "sim query \"select count(tiesLo(hero) and not winsHi(hero)) as quartered from game='omaha8', hero='AsAd2c7h', villain='Ac2dKhQs'\" --rounds 1M --seed 1",
        ],
    },
];
