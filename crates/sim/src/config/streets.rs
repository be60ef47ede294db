//! A validated `sim equity --streets` run: the plain equity run's spot and method in hold'em,
//! short deck or Omaha, resolved again for each street's board, with threads and output.

use request::streets::StreetsRequest;

use crate::cli::equity::EquityArgs;
use crate::config::equity::request_args;
use crate::config::shared::{OutputSpec, resolve_threads};
use crate::error::UsageError;

/// A validated `sim equity --streets` run.
#[derive(Debug, Clone)]
pub struct StreetsConfig {
    /// The ranges, board, dead cards, the method as asked and the seed.
    pub request: StreetsRequest,
    /// Whether to write a row per next card and player.
    pub next_cards: bool,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&EquityArgs> for StreetsConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        for (given, flag) in [
            (args.breakdown, "--breakdown"),
            (args.distribution, "--distribution"),
        ] {
            if given {
                return Err(UsageError::new(format!(
                    "--streets cannot be used with {flag}: run them one at a time"
                )));
            }
        }
        let request = StreetsRequest::new(&request_args(args)?)?;
        Ok(Self {
            request,
            next_cards: args.next_cards,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}
