//! The validated configuration of `sim hits`.

use deck::{Card, parse_cards};
use engine::Command;
use hits::HitsRequest;
use holdem::Range;

use crate::cli::hits::HitsArgs;
use crate::config::{OutputSpec, variant};
use crate::error::UsageError;

/// A validated `sim hits` run. The board's size and the range's combos left by the board and
/// dead cards are checked by [`hits::range_hits`] itself, with the library's messages.
#[derive(Debug, Clone)]
pub struct HitsConfig {
    /// The range, board and dead cards in hold'em or short deck.
    pub request: HitsRequest,
    /// Whether each class lists its combos.
    pub combos: bool,
    /// Whether each class gets its river categories.
    pub improve: bool,
    /// Where the table goes.
    pub output: OutputSpec,
}

/// The cards of `--flag`, parsed.
fn cards_arg(flag: &str, text: &str) -> Result<Vec<Card>, UsageError> {
    parse_cards(text).map_err(|e| UsageError::new(format!("--{flag} '{text}': {e}")))
}

impl TryFrom<&HitsArgs> for HitsConfig {
    type Error = UsageError;

    fn try_from(args: &HitsArgs) -> Result<Self, UsageError> {
        let game = variant(&args.game, Command::Hits)?;
        Ok(Self {
            request: HitsRequest {
                game,
                range: Range::parse(&args.range)?,
                board: cards_arg("board", &args.board)?,
                dead: cards_arg("dead", &args.dead)?,
            },
            combos: args.combos,
            improve: args.improve,
            output: OutputSpec::from(&args.output),
        })
    }
}
