//! A validated `sim equity --breakdown` run: the plain equity run's spot, method, seed, threads
//! and output, in a game that has breakdowns.

use crate::cli::equity::EquityArgs;
use crate::config::{EquityConfig, omaha_variant};
use crate::error::UsageError;

/// A validated `sim equity --breakdown` run.
#[derive(Debug, Clone)]
pub struct BreakdownConfig {
    /// The spot, method (resolved as the plain run resolves it), seed, threads and output.
    pub equity: EquityConfig,
}

impl TryFrom<&EquityArgs> for BreakdownConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        if let Some(game) = omaha_variant(args.game.game) {
            return Err(UsageError::new(format!(
                "--breakdown is built for hold'em and short deck, not {}",
                game.spec().title
            )));
        }
        Ok(Self {
            equity: EquityConfig::try_from(args)?,
        })
    }
}
