//! Arguments of `sim exact`.

use clap::{Args, ValueEnum};

use super::examples::{self, Example};
use super::game_help::game_arg;
use super::game_options::{ExactOptions, GameOptionArgs};
use super::shared_args::{GameArgs, HandArgs, OutputArgs};

/// Arguments of `sim exact`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Exact)))]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim exact"))]
pub struct ExactArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Hand size and known cards.
    #[command(flatten)]
    pub hand: HandArgs,
    /// Cards out of play (folded or exposed), never dealt, e.g. `2d7c`.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub dead: String,
    /// The games' own options, flags made from the game list (none plays exact yet).
    #[command(flatten)]
    pub options: GameOptionArgs<ExactOptions>,
    /// How to count: `combinatorial` counts rank multisets and suit patterns (no known or dead
    /// cards only); `enumerate` visits every hand; `auto` picks the faster.
    #[arg(long, value_enum, default_value_t = ExactMethod::Auto)]
    pub method: ExactMethod,
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Ways to compute exact counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExactMethod {
    /// Combinatorial counting without known or dead cards, enumeration with them.
    Auto,
    /// Count by rank multisets and suit patterns.
    Combinatorial,
    /// Visit every hand.
    Enumerate,
}

/// `sim exact --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "Every five-card hand, by category",
        lines: &["sim exact --cards 5"],
    },
    Example {
        what: "The six-card hands holding the ace and king of spades, as JSON",
        lines: &["sim exact --cards 6 --known AsKs --format json"],
    },
    Example {
        what: "Seven-card short-deck hands, every one visited",
        lines: &["sim exact --game shortdeck --cards 7"],
    },
    Example {
        what: "Seven-card stud from three known cards, two folded cards out",
        lines: &["sim exact --game stud --known AsAhKd --dead 2c7d"],
    },
];
