//! The validated configuration of `sim hits`.

use engine::Command;
use request::hits::{HitsRequest, hits_request};

use crate::cli::hits::HitsArgs;
use crate::config::shared::{OutputSpec, game};
use crate::error::UsageError;

/// A validated `sim hits` run. The board's size and the range's combos left by the board and
/// dead cards are checked by [`request::hits::run`] itself, with the library's messages.
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
    /// The ranking named by `--ranking`, if one was (for the table's parameters).
    pub ranking: Option<String>,
}

impl TryFrom<&HitsArgs> for HitsConfig {
    type Error = UsageError;

    fn try_from(args: &HitsArgs) -> Result<Self, UsageError> {
        Ok(Self {
            request: hits_request(
                game(&args.game, Command::Hits)?,
                &args.range,
                &args.board,
                &args.dead,
                args.ranking.as_deref(),
            )?,
            combos: args.combos,
            improve: args.improve,
            output: OutputSpec::from(&args.output),
            ranking: args.ranking.clone(),
        })
    }
}
