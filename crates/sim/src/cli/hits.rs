//! Arguments of `sim hits`.

use clap::Args;

use super::game_help::game_arg;
use super::shared_args::{GameArgs, OutputArgs};

/// Arguments of `sim hits`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Hits)))]
pub struct HitsArgs {
    /// The range: `QQ+,AKs`, `77-TT`, `T9s-65s`, `AKs:0.5`, `AsKs`, `random`.
    #[arg(value_name = "RANGE")]
    pub range: String,
    /// The game: hold'em or short deck (with --trips-beat-straight, Triton's rules).
    #[command(flatten)]
    pub game: GameArgs,
    /// The flop, turn or river: 3, 4 or 5 cards, e.g. `Kh9h5c`.
    #[arg(long, value_name = "CARDS")]
    pub board: String,
    /// Cards out of play (not in the range's combos, not to come), e.g. `2d`.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub dead: String,
    /// Add each class's combos, as a range (`AhKh,AdKd:0.5`).
    #[arg(long)]
    pub combos: bool,
    /// Add, for each class, the probability of ending the hand in each category by the river,
    /// every runout counted exactly.
    #[arg(long)]
    pub improve: bool,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}
