//! The validated configuration of `sim query`.

use request::query::{QueryArgs as QueryRequestArgs, QueryRequest};

use crate::cli::query::QueryArgs;
use crate::config::shared::{OutputSpec, resolve_threads};
use crate::error::UsageError;

/// A validated `sim query` run.
#[derive(Debug, Clone)]
pub struct QueryConfig {
    /// The compiled query, its spot, method and seed.
    pub request: QueryRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
    /// No summary.
    pub quiet: bool,
}

impl TryFrom<&QueryArgs> for QueryConfig {
    type Error = UsageError;

    fn try_from(args: &QueryArgs) -> Result<Self, UsageError> {
        let request = QueryRequest::new(&QueryRequestArgs {
            text: args.query.as_deref().unwrap_or_default(),
            exact: args.exact,
            rounds: args.rounds,
            target_stderr: args.target_stderr,
            seed: args.run.seed,
        })?;
        Ok(Self {
            request,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
            quiet: args.quiet,
        })
    }
}
