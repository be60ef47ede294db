//! The arguments of `sim shuffle` and its four subcommands.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::count::parse_count;
use super::examples::{self, Example};
use super::shared_args::{OutputArgs, RunArgs};

/// Arguments of `sim shuffle`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim shuffle"))]
pub struct ShuffleArgs {
    /// What to measure.
    #[command(subcommand)]
    pub command: ShuffleCommand,
}

/// The `sim shuffle` subcommands.
#[derive(Debug, Clone, Subcommand)]
pub enum ShuffleCommand {
    /// Enumerate every sequence of random choices of a small deck's shuffle.
    Exact(ShuffleExactArgs),
    /// Chi-square test of the position × card frequencies of a shuffle.
    Audit(AuditArgs),
    /// Total-variation distance to uniform after 1..K riffles, exact and simulated.
    Tv(TvArgs),
    /// Seven-card category probabilities after K riffles of a new deck.
    Odds(ShuffleOddsArgs),
}

/// Arguments of `sim shuffle exact`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(EXACT_EXAMPLES))]
#[command(after_help = examples::short_help("sim shuffle exact"))]
pub struct ShuffleExactArgs {
    /// The shuffle to enumerate.
    #[arg(long, value_enum)]
    pub method: EnumeratedMethod,
    /// Cards in the deck (1 to 8; the naive shuffle of 8 cards has 8^8 = 16.8 M sequences).
    #[arg(long, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(1..=8))]
    pub deck_size: u8,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Shuffles whose choice sequences are all equally likely, so that counts are exact integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EnumeratedMethod {
    /// Each slot swaps with a uniform pick from the whole deck (n^n sequences).
    Naive,
    /// Slot i swaps with a uniform pick from slots i.. (n! sequences).
    FisherYates,
}

impl From<EnumeratedMethod> for shuffle_lab::permutations::EnumeratedMethod {
    fn from(method: EnumeratedMethod) -> Self {
        match method {
            EnumeratedMethod::Naive => Self::Naive,
            EnumeratedMethod::FisherYates => Self::FisherYates,
        }
    }
}

/// Arguments of `sim shuffle audit`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(AUDIT_EXAMPLES))]
#[command(after_help = examples::short_help("sim shuffle audit"))]
pub struct AuditArgs {
    /// The shuffle to audit.
    #[arg(long, value_enum)]
    pub method: AuditMethod,
    /// Riffles per trial (`--method riffle` only).
    #[arg(long, value_name = "K", default_value_t = 7,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub riffles: u32,
    /// Cards in the deck (2 to 52).
    #[arg(long, value_name = "N", default_value_t = 52,
          value_parser = clap::value_parser!(u8).range(2..=52))]
    pub deck_size: u8,
    /// Cards dealt per trial (`--method partial` only; at most the deck size).
    #[arg(long, value_name = "K", default_value_t = 7,
          value_parser = clap::value_parser!(u8).range(1..=52))]
    pub cards: u8,
    /// Piles to deal into (`--method piles` only; as equal in size as possible).
    #[arg(long, value_name = "P", default_value_t = 4,
          value_parser = clap::value_parser!(u8).range(1..=52))]
    pub piles: u8,
    /// Trials (shuffles) to run.
    #[arg(long, value_name = "T", value_parser = parse_count, default_value = "1M")]
    pub trials: u64,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Also write the full position × card table to FILE.
    #[arg(long, value_name = "FILE")]
    pub matrix: Option<PathBuf>,
    /// Where and how to write the summary.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The shuffles an audit can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AuditMethod {
    /// Each slot swaps with a uniform pick from the whole deck (biased).
    Naive,
    /// Full Fisher–Yates.
    FisherYates,
    /// Partial Fisher–Yates dealing `--cards` cards from a reused deck.
    Partial,
    /// `--riffles` Gilbert–Shannon–Reeds riffles of a deck in order.
    Riffle,
    /// Pile dealing of a deck in order; the piles stacked are the result (hands come out sorted,
    /// so the order is far from uniform even though the deal is).
    Piles,
}

impl From<AuditMethod> for shuffle_lab::audit::AuditMethod {
    fn from(method: AuditMethod) -> Self {
        match method {
            AuditMethod::Naive => Self::Naive,
            AuditMethod::FisherYates => Self::FisherYates,
            AuditMethod::Partial => Self::Partial,
            AuditMethod::Riffle => Self::Riffle,
            AuditMethod::Piles => Self::Piles,
        }
    }
}

/// Arguments of `sim shuffle tv`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(TV_EXAMPLES))]
#[command(after_help = examples::short_help("sim shuffle tv"))]
pub struct TvArgs {
    /// Cards in the deck (1 to 52).
    #[arg(long, value_name = "N", default_value_t = 52,
          value_parser = clap::value_parser!(u8).range(1..=52))]
    pub deck_size: u8,
    /// Report 1, 2, …, K riffles (at most 40).
    #[arg(long, value_name = "K", default_value_t = 10,
          value_parser = clap::value_parser!(u8).range(1..=40))]
    pub max_riffles: u8,
    /// Also estimate each distance from this many simulated decks (each riffled K times).
    #[arg(long, value_name = "T", value_parser = parse_count)]
    pub trials: Option<u64>,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `sim shuffle odds`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(ODDS_EXAMPLES))]
#[command(after_help = examples::short_help("sim shuffle odds"))]
pub struct ShuffleOddsArgs {
    /// GSR riffles of the new deck before each deal (0 deals the new deck's top seven).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=100))]
    pub riffles: u32,
    /// Rounds (decks) to deal: 1000000, 1M and 1e6 all work.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value = "1M")]
    pub rounds: u64,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `sim shuffle --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "Every sequence of the naive shuffle of three cards",
        lines: &["sim shuffle exact --method naive --deck-size 3"],
    },
    Example {
        what: "Chi-square test of Fisher-Yates over 100k shuffles",
        lines: &["sim shuffle audit --method fisher-yates --trials 100k --seed 42"],
    },
    Example {
        what: "The exact distance to uniform after 1 to 8 riffles of 52 cards",
        lines: &["sim shuffle tv --max-riffles 8"],
    },
    Example {
        what: "Seven-card categories after 3 riffles of a new deck",
        lines: &["sim shuffle odds --riffles 3 --rounds 100k --seed 42"],
    },
];

/// `sim shuffle exact --help`'s examples.
pub const EXACT_EXAMPLES: &[Example] = &[
    Example {
        what: "Every sequence of the naive shuffle of three cards",
        lines: &["sim shuffle exact --method naive --deck-size 3"],
    },
    Example {
        what: "Fisher-Yates on five cards: every order equally often",
        lines: &["sim shuffle exact --method fisher-yates --deck-size 5"],
    },
];

/// `sim shuffle audit --help`'s examples.
pub const AUDIT_EXAMPLES: &[Example] = &[
    Example {
        what: "Chi-square test of Fisher-Yates over 100k shuffles",
        lines: &["sim shuffle audit --method fisher-yates --trials 100k --seed 42"],
    },
    Example {
        what: "Seven riffles of a new deck",
        lines: &["sim shuffle audit --method riffle --riffles 7 --trials 100k --seed 42"],
    },
    Example {
        what: "The naive shuffle of 8 cards, with its position x card table",
        lines: &["sim shuffle audit --method naive --deck-size 8 --matrix matrix.csv"],
    },
];

/// `sim shuffle tv --help`'s examples.
pub const TV_EXAMPLES: &[Example] = &[
    Example {
        what: "The exact distance to uniform after 1 to 8 riffles of 52 cards",
        lines: &["sim shuffle tv --max-riffles 8"],
    },
    Example {
        what: "The same, next to an estimate from 100k simulated decks",
        lines: &["sim shuffle tv --max-riffles 8 --trials 100k --seed 2"],
    },
];

/// `sim shuffle odds --help`'s examples.
pub const ODDS_EXAMPLES: &[Example] = &[
    Example {
        what: "Seven-card categories after 3 riffles of a new deck",
        lines: &["sim shuffle odds --riffles 3 --rounds 100k --seed 42"],
    },
    Example {
        what: "The new deck's top seven cards, never riffled",
        lines: &["sim shuffle odds --riffles 0 --rounds 1k"],
    },
];
