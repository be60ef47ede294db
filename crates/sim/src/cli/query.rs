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
    /// histogram, min and max; bindings game (hold'em, short deck, the Omaha games with
    /// Courchevel, the stud games and the draw games with one draw to come; high, hi/lo and
    /// low), board (none in stud and the draw games), dead and any number of named players,
    /// whose values are ranges in the game's syntax (stud's `AsAhKd`, `(QQ+,AKs)Kd`; a draw
    /// player's kept cards `7c5d2h` or `random`); the functions are listed in the guide's query
    /// page.
    ///
    /// Examples (quoted as a shell needs them, hence not in the examples below, which are plain
    /// words): `sim query "select avg(riverEquity(hero)) as eq from game='holdem',
    /// hero='AsAh', villain='KsKh'"` (exact: 0.826366112559452); `sim query "select
    /// count(tiesLo(hero) and not winsHi(hero)) as quartered from game='omaha8',
    /// hero='AsAd2c7h', villain='Ac2dKhQs'" --rounds 1M --seed 1`.
    #[arg(value_name = "QUERY", required_unless_present = "functions")]
    pub query: Option<String>,
    /// Write the table of the language's functions (name, arguments, result, games, meaning)
    /// instead of running a query.
    #[arg(long, conflicts_with_all = ["query", "exact", "rounds", "target_stderr"])]
    pub functions: bool,
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

/// `sim query --help`'s examples: plain words, so the language's functions (a query needs the
/// shell's quotes: see QUERY above and the guide's query page).
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "The functions a query may call and the games they mean something in",
        lines: &["sim query --functions"],
    },
    Example {
        what: "The same, as JSON",
        lines: &["sim query --functions --format json --out functions.json"],
    },
];
