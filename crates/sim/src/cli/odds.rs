//! Arguments of `sim odds`: the hand, rounds, seed, output and the long-run options.

use clap::Args;

use super::count::parse_count;
use super::examples::{self, Example};
use super::game_help::game_arg;
use super::game_options::{GameOptionArgs, OddsOptions};
use super::shared_args::{CheckpointArgs, GameArgs, HandArgs, OutputArgs, RunArgs};

/// Arguments of `sim odds`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Odds)))]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim odds"))]
pub struct OddsArgs {
    /// The game (Omaha: the final hand is exactly two hole cards and three board cards; --known
    /// gives hole cards).
    #[command(flatten)]
    pub game: GameArgs,
    /// Hand size and known cards.
    #[command(flatten)]
    pub hand: HandArgs,
    /// Cards out of play (folded or exposed), never dealt, e.g. `2d7c`.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub dead: String,
    /// The games' own options, flags made from the game list (none plays odds yet).
    #[command(flatten)]
    pub options: GameOptionArgs<OddsOptions>,
    /// Rounds to deal: 100000000, 100_000_000, 100M, 1e8 and 1G all work.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value = request::odds::DEFAULT_ROUNDS_TEXT)]
    pub rounds: u64,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
    /// Precision target, checkpoints, shards, quiet.
    #[command(flatten)]
    pub long: LongRunArgs,
}

/// Long-run options of `sim odds`.
#[derive(Debug, Clone, Args)]
pub struct LongRunArgs {
    /// Deal until every category's standard error is below E (checked after every chunk of
    /// 2^20 rounds, so a seed always stops at the same point), at most --max-rounds.
    #[arg(long, value_name = "E", conflicts_with = "rounds")]
    pub target_stderr: Option<f64>,
    /// The most rounds a --target-stderr run deals [default: 1G].
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub max_rounds: Option<u64>,
    /// Checkpoint file and interval.
    #[command(flatten)]
    pub saving: CheckpointArgs,
    /// Run only shard I of N (from 0) and write a shard file for `sim merge`; `auto` reads
    /// SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT or JOB_COMPLETION_INDEX/SIM_SHARD_COUNT.
    #[arg(long, value_name = "I/N|auto")]
    pub shard: Option<String>,
    /// No progress bar and no summary on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `sim odds --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "The categories of seven random cards: 1M deals, seed 1",
        lines: &["sim odds --rounds 1M --seed 1"],
    },
    Example {
        what: "Five-card hands holding the ace and king of spades, as JSON",
        lines: &["sim odds --cards 5 --known AsKs --rounds 1M --format json"],
    },
    Example {
        what: "An Omaha hand: two of its four hole cards and three of the board",
        lines: &["sim odds --game omaha --known AsKsQdJd --rounds 1M"],
    },
    Example {
        what: "Deal until every category's standard error is below 0.001",
        lines: &["sim odds --target-stderr 1e-3 --seed 5"],
    },
    Example {
        what: "A run that resumes where it stopped when the same line is run again",
        lines: &["sim odds --rounds 5M --seed 42 --checkpoint run.ckpt --out odds.csv"],
    },
    super::merge::SHARDS_EXAMPLE,
];
