//! Arguments of `sim preflop`.

use clap::Args;

use super::count::parse_count;
use super::examples::{self, Example};
use super::game_help::game_arg;
use super::shared_args::{CheckpointArgs, GameArgs, OutputArgs, RunArgs};

/// Arguments of `sim preflop`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Preflop)))]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim preflop"))]
pub struct PreflopArgs {
    /// The game (short deck: the 81 classes of sixes to aces).
    #[command(flatten)]
    pub game: GameArgs,
    /// Numbers of random opponents: `3`, or a span such as `1..9` [default: 1..9; short deck
    /// 1..7].
    #[arg(long, value_name = "A..B", conflicts_with = "matrix")]
    pub opponents: Option<String>,
    /// The 169×169 heads-up matrix (short deck 81×81) instead: exact, so it takes no
    /// --opponents, --rounds or --seed.
    #[arg(long, conflicts_with_all = ["opponents", "rounds", "seed"])]
    pub matrix: bool,
    /// Monte Carlo rounds per class and opponent count (not with --matrix).
    #[arg(long, value_name = "N", value_parser = parse_count, default_value = "1M")]
    pub rounds: u64,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Checkpoint file and interval (not with --matrix, which only stops).
    #[command(flatten)]
    pub saving: CheckpointArgs,
    /// No progress bar and no summary on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `sim preflop --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "Each starting hand against one random hand",
        lines: &["sim preflop --opponents 1 --rounds 10k --seed 1"],
    },
    Example {
        what: "Against one, two and three random hands",
        lines: &["sim preflop --opponents 1..3 --rounds 10k --seed 1"],
    },
    Example {
        what: "The short-deck heads-up matrix, exact",
        lines: &["sim preflop --game shortdeck --matrix"],
    },
    Example {
        what: "A table that a rerun of the same command resumes after Ctrl-C",
        lines: &["sim preflop --opponents 2 --rounds 10k --seed 7 --checkpoint t.ckpt"],
    },
];
