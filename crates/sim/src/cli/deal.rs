//! The arguments of `sim deal`.

use clap::{Args, ValueEnum};

use super::count::parse_count;
use super::examples::{self, Example};
use super::shared_args::{OutputArgs, RunArgs};

/// Arguments of `sim deal`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim deal"))]
pub struct DealArgs {
    /// Hands per deal.
    #[arg(long, value_name = "P", default_value_t = 4,
          value_parser = clap::value_parser!(u8).range(1..=52))]
    pub players: u8,
    /// Cards per hand (players × cards-each at most 52).
    #[arg(long, value_name = "C", default_value_t = 13,
          value_parser = clap::value_parser!(u8).range(1..=52))]
    pub cards_each: u8,
    /// How to deal.
    #[arg(long, value_enum, default_value_t = DealMethod::Piles)]
    pub method: DealMethod,
    /// Deals to make.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value = "1M")]
    pub rounds: u64,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Ways to deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DealMethod {
    /// Ordered deck, each card into a random pile with room (no shuffle).
    Piles,
    /// One uniform index below the number of deals, unranked.
    Direct,
    /// Fisher–Yates shuffle, then round robin.
    Shuffle,
}

impl From<DealMethod> for shuffle_lab::deal_patterns::DealMethod {
    fn from(method: DealMethod) -> Self {
        match method {
            DealMethod::Piles => Self::Piles,
            DealMethod::Direct => Self::Direct,
            DealMethod::Shuffle => Self::Shuffle,
        }
    }
}

/// `sim deal --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "The suit patterns of four 13-card hands dealt into piles",
        lines: &["sim deal --rounds 100k --seed 42"],
    },
    Example {
        what: "Two five-card hands from a shuffled deck",
        lines: &["sim deal --players 2 --cards-each 5 --method shuffle --rounds 100k --seed 42"],
    },
];
