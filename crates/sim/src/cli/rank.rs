//! Arguments of `sim rank`.

use std::path::PathBuf;

use clap::Args;

use super::count::parse_count;
use super::examples::{self, Example};
use super::game_help::game_arg;
use super::shared_args::{GameArgs, OutputArgs};

/// Arguments of `sim rank`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Rank)))]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim rank"))]
pub struct RankArgs {
    /// A starting hand: a class such as `AKs`, `AKo` or `QQ`, or two cards such as `AhKh`
    /// (Omaha: four cards such as `AsAhKsKh`, omaha5: five such as `AsAhKsKhQd`, omaha6: six
    /// such as `AsAhKsKhQdJd`, any suits;
    /// stud, stud-hilo, razz: the three
    /// third-street cards such as `AsAhKd`, any order and suits; the draw games: a pat hand
    /// such as `7c5d4h3s2c` or its class `75432o`, badugi four cards or a class such as `432A`);
    /// omitted, every class (or those of --top).
    #[arg(value_name = "HAND", conflicts_with_all = ["top", "build", "merge"])]
    pub hand: Option<String>,
    /// The game (short deck: the 81 classes of sixes to aces; holdem-hilo: the 169 classes by
    /// Monte Carlo pot share; omaha, omaha-hilo: the 16,432 classes of four cards, hi/lo by pot
    /// share; omaha5, omaha5-hilo, courchevel, courchevel-hilo: the 134,459 classes of five
    /// cards; omaha6, omaha6-hilo: the 962,988 classes of six cards; stud, stud-hilo, razz: the 1,755 classes of three cards; the draw games: pat
    /// hands, 7,462 classes of five cards, badugi 1,092).
    #[command(flatten)]
    pub game: GameArgs,
    /// The classes of a share of the combos, by the ranking: `15%` (the top 15 %), or `5%-15%`
    /// (those between).
    #[arg(long, value_name = "PERCENT", conflicts_with_all = ["build", "merge"])]
    pub top: Option<String>,
    /// The ranking: `vs1` (the default: exact equity against one random hand) or `vs2` to
    /// `vs9` (short deck: `vs7`), by Monte Carlo equity against that many random hands.
    #[arg(long, value_name = "NAME")]
    pub ranking: Option<String>,
    /// Make the ranking again instead of reading the shipped one: how the files in data/ are
    /// made. Hold'em and short deck: exact counts (every class against one random hand, every
    /// board; hold'em hi/lo's is made by data/holdem_hilo_ranking.py); omaha: Monte Carlo, --rounds boards that every class plays; the stud games:
    /// Monte Carlo, --rounds per class; the draw games: exact counts (every pat hand against
    /// every other).
    #[arg(long, conflicts_with = "merge")]
    pub build: bool,
    /// Omaha and stud --build, all shards together (k, M, G suffixes). Stud: showdowns per class
    /// against a random hand. Omaha: boards dealt, each played by every class it misses (about
    /// 66 % of them, 59 % with five cards, 53 % with six) against a random hand.
    #[arg(long, value_name = "N", value_parser = parse_count, requires = "build")]
    pub rounds: Option<u64>,
    /// Omaha and stud --build: the seed (default 1). Each chunk (of a stud class's rounds, of
    /// Omaha's boards) has its own stream, so the table does not depend on --threads or --shard.
    #[arg(long, value_name = "S", requires = "build")]
    pub seed: Option<u64>,
    /// Omaha and stud --build: play only shard I of N (from 0), the chunks c with c mod N = I
    /// (of each stud class's rounds, of Omaha's boards), and write a partial ranking for
    /// --merge; `auto` reads Slurm's or Kubernetes's array index.
    #[arg(long, value_name = "I/N", requires = "build")]
    pub shard: Option<String>,
    /// Omaha and stud: add up the rankings of FILES (shards of one --build, written with --shard) into
    /// the ranking of the whole build.
    #[arg(long, value_name = "FILES", num_args = 1..)]
    pub merge: Vec<PathBuf>,
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
    Example {
        what: "An Omaha hand's class, rank and equity against one random hand",
        lines: &["sim rank KdKcQdJc --game omaha"],
    },
    Example {
        what: "The Omaha ranking built in two shards, then merged",
        lines: &[
            "sim rank --build --game omaha --rounds 2k --seed 1 --shard 0/2 --out a.csv",
            "sim rank --build --game omaha --rounds 2k --seed 1 --shard 1/2 --out b.csv",
            "sim rank --merge a.csv b.csv --game omaha --out omaha_ranking.csv",
        ],
    },
    Example {
        what: "A razz start's class, rank and equity against one random hand",
        lines: &["sim rank 2d3cAh --game razz"],
    },
    Example {
        what: "The top 5 % of seven-card stud's third-street starts",
        lines: &["sim rank --top 5% --game stud"],
    },
];
