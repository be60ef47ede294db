//! Arguments of `sim odds`: the hand, rounds, seed, output and the long-run options.

use clap::Args;

use super::count::parse_count;
use super::game_help::game_arg;
use super::shared_args::{CheckpointArgs, GameArgs, HandArgs, OutputArgs, RunArgs};

/// Arguments of `sim odds`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Odds)))]
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
