//! Arguments of `sim hits`.

use clap::Args;

use super::examples::{self, Example};
use super::game_help::game_arg;
use super::shared_args::{GameArgs, OutputArgs};

/// Arguments of `sim hits`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Hits)))]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim hits"))]
pub struct HitsArgs {
    /// The range: `QQ+,AKs`, `77-TT`, `T9s-65s`, `AKs:0.5`, `AsKs`, `random`.
    #[arg(value_name = "RANGE")]
    pub range: String,
    /// The game: those hits plays, as [`game_arg`] lists them.
    #[command(flatten)]
    pub game: GameArgs,
    /// The flop, turn or river: 3, 4 or 5 cards, e.g. `Kh9h5c`.
    #[arg(long, value_name = "CARDS")]
    pub board: String,
    /// Cards out of play (not in the range's combos, not to come), e.g. `2d`.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub dead: String,
    /// The ranking that reads percentages in RANGE (`15%`): `vs1` (the default, exact equity
    /// against one random hand) or `vs2` to `vs9` (short deck: `vs7`), against that many.
    #[arg(long, value_name = "NAME")]
    pub ranking: Option<String>,
    /// Add each class's combos, as a range (`AhKh,AdKd:0.5`).
    #[arg(long)]
    pub combos: bool,
    /// Add, for each class, the probability of ending the hand in each category by the river
    /// (in hold'em hi/lo also with a low and with the nut low), every runout counted exactly.
    #[arg(long)]
    pub improve: bool,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `sim hits --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "What a range makes and draws to on a flop",
        lines: &["sim hits AA,KK,AKs,KQ,T9s,87s --board Kh9h5c"],
    },
    Example {
        what: "Where each class of a range on a flop ends by the river",
        lines: &["sim hits QQ+,AKs,T9s --board Kh9h5c --improve"],
    },
    Example {
        what: "Each class's combos on a turn, as JSON",
        lines: &["sim hits 22+,AJs+ --board Kh9h5c2d --combos --format json"],
    },
    Example {
        what: "Short deck",
        lines: &["sim hits 66+,AKs --game shortdeck --board Kh9h6c"],
    },
    Example {
        what: "Hold'em hi/lo: how often each class makes a low, and the nut low",
        lines: &["sim hits A2,A3,23s,KK --game holdem-hilo --board 4h7d9c --improve"],
    },
];
