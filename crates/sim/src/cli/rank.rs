//! Arguments of `sim rank`.

use clap::Args;

use super::examples::{self, Example};
use super::game_help::game_arg;
use super::shared_args::{GameArgs, OutputArgs};

/// Arguments of `sim rank`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Preflop)))]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim rank"))]
pub struct RankArgs {
    /// A starting hand: a class such as `AKs`, `AKo` or `QQ`, or two cards such as `AhKh`;
    /// omitted, every class (or those of --top).
    #[arg(value_name = "HAND", conflicts_with_all = ["top", "build"])]
    pub hand: Option<String>,
    /// The game (short deck: the 81 classes of sixes to aces).
    #[command(flatten)]
    pub game: GameArgs,
    /// The classes of a share of the combos, by the ranking: `15%` (the top 15 %), or `5%-15%`
    /// (those between).
    #[arg(long, value_name = "PERCENT", conflicts_with = "build")]
    pub top: Option<String>,
    /// The ranking: `vs1` (the default: exact equity against one random hand) or `vs2` to
    /// `vs9` (short deck: `vs7`), by Monte Carlo equity against that many random hands.
    #[arg(long, value_name = "NAME")]
    pub ranking: Option<String>,
    /// Make the ranking again from exact counts (every class against one random hand, every
    /// board) instead of reading the shipped one: how the files in data/ are made.
    #[arg(long)]
    pub build: bool,
    /// Worker threads for --build, 1 to 1024 (default: all cores). The output does not depend
    /// on it.
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
    /// No progress bar and no summary on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `sim rank --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "A hand's rank, percentile and equity against one random hand",
        lines: &["sim rank AJo"],
    },
    Example {
        what: "The classes of the top 15 % of the combos",
        lines: &["sim rank --top 15%"],
    },
    Example {
        what: "Those between 5 % and 15 %, in short deck, as JSON",
        lines: &["sim rank --top 5%-15% --game shortdeck --format json"],
    },
    Example {
        what: "The top 10 % against five random hands, with each equity's standard error",
        lines: &["sim rank --top 10% --ranking vs5"],
    },
    Example {
        what: "The short-deck ranking counted again, exactly",
        lines: &["sim rank --build --game shortdeck --out shortdeck_ranking.csv"],
    },
];
