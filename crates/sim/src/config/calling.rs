//! A validated `sim equity --calling-range` run: the breakdown's spot, method and seed, the
//! player and the price of the call, with threads and output.

use request::calling::{CallingArgs, CallingRequest};

use crate::cli::equity::EquityArgs;
use crate::config::equity::request_args;
use crate::config::shared::{OutputSpec, resolve_threads};
use crate::error::UsageError;

/// A validated `sim equity --calling-range` run.
#[derive(Debug, Clone)]
pub struct CallingConfig {
    /// The breakdown, the seat and the price.
    pub request: CallingRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&EquityArgs> for CallingConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        let calling = CallingArgs {
            seat: args.seat,
            pot: args.pot,
            call: args.call,
            min_equity: args.min_equity,
        };
        let request = CallingRequest::new(&request_args(args)?, &calling)?;
        Ok(Self {
            request,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}
