//! Arguments of `sim merge`.

use std::path::PathBuf;

use clap::Args;

use super::shared_args::OutputArgs;

/// Arguments of `sim merge`.
#[derive(Debug, Clone, Args)]
pub struct MergeArgs {
    /// The shard files, each written by `sim odds --shard I/N --out FILE`.
    #[arg(value_name = "SHARD", required = true)]
    pub shards: Vec<PathBuf>,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}
