//! Arguments of `sim merge`.

use std::path::PathBuf;

use clap::Args;

use super::examples::{self, Example};
use super::shared_args::OutputArgs;

/// Arguments of `sim merge`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim merge"))]
pub struct MergeArgs {
    /// The shard files, each written by `sim odds --shard I/N --out FILE`.
    #[arg(value_name = "SHARD", required = true)]
    pub shards: Vec<PathBuf>,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// A run split into two shards and merged: an example of `sim merge --help` and `sim odds
/// --help` both.
pub const SHARDS_EXAMPLE: Example = Example {
    what: "Split a run into two shards (two machines), then add them up",
    lines: &[
        "sim odds --rounds 2M --seed 42 --shard 0/2 --out shard-0.json --quiet",
        "sim odds --rounds 2M --seed 42 --shard 1/2 --out shard-1.json --quiet",
        "sim merge shard-0.json shard-1.json --out merged.csv",
    ],
};

/// `sim merge --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    SHARDS_EXAMPLE,
    Example {
        what: "The same table as JSON",
        lines: &["sim merge shard-0.json shard-1.json --format json"],
    },
];
