//! `sim exact`: the hand and the counting method.

use engine::Command;
use request::exact::{ExactMethod as Counting, ExactRequest};

use crate::cli::{ExactArgs, ExactMethod};
use crate::config::shared::{OutputSpec, game, resolve_threads};
use crate::error::UsageError;

/// A validated `sim exact` run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExactConfig {
    /// The hand and how to count it (never `Auto`: resolved by the request).
    pub request: ExactRequest,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&ExactArgs> for ExactConfig {
    type Error = UsageError;

    fn try_from(args: &ExactArgs) -> Result<Self, UsageError> {
        let game = game(&args.game, Command::Exact)?;
        Ok(Self {
            request: ExactRequest::new(
                game,
                usize::from(args.hand.cards),
                &args.hand.known.0,
                &request::cards::cards("dead", &args.dead)?,
                &args.options.values,
                counting(args.method),
            )?,
            threads: resolve_threads(args.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}

/// The request's counting method of `--method`.
fn counting(method: ExactMethod) -> Counting {
    match method {
        ExactMethod::Auto => Counting::Auto,
        ExactMethod::Combinatorial => Counting::Combinatorial,
        ExactMethod::Enumerate => Counting::Enumerate,
    }
}
