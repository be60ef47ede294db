//! A validated `sim equity --distribution` run: the breakdown's spot, method and seed, the
//! histogram's bins and the heads-up `--versus` view (checked by `request::distribution`), with
//! threads and output.

use request::distribution::DistributionRequest;

use crate::cli::equity::EquityArgs;
use crate::config::equity::request_args;
use crate::config::shared::{OutputSpec, resolve_threads};
use crate::error::UsageError;

/// A validated `sim equity --distribution` run.
#[derive(Debug, Clone)]
pub struct DistributionConfig {
    /// The breakdown request, bins and views.
    pub request: DistributionRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&EquityArgs> for DistributionConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        let request = DistributionRequest::new(&request_args(args)?, args.bins, args.versus)?;
        Ok(Self {
            request,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}
