//! A validated `sim equity --breakdown` run: the plain equity run's spot, method and seed in a
//! game that has breakdowns (hold'em and short deck), with threads and output.

use request::breakdown::BreakdownRequest;

use crate::cli::equity::EquityArgs;
use crate::config::equity::request_args;
use crate::config::shared::{OutputSpec, resolve_threads};
use crate::error::UsageError;

/// A validated `sim equity --breakdown` run.
#[derive(Debug, Clone)]
pub struct BreakdownConfig {
    /// The spot, method (resolved as the plain run resolves it) and seed.
    pub request: BreakdownRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&EquityArgs> for BreakdownConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        let request = BreakdownRequest::new(&request_args(args)?)?;
        Ok(Self {
            request,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}
