//! Validated configurations: every relation between arguments is checked once, here.

use engine::{ChunkPlan, HandSpec};

use crate::cli::{ExactArgs, ExactMethod, Format, HandArgs, OddsArgs, OutputArgs};
use crate::error::UsageError;
use crate::longrun::{DEFAULT_MAX_ROUNDS, LongRunConfig};
use std::path::PathBuf;

/// The hand of `--cards` and `--known`, checked.
///
/// # Errors
/// A usage error when too many cards are known.
pub fn hand_spec(args: &HandArgs) -> Result<HandSpec, UsageError> {
    let cards = usize::from(args.cards);
    let known = args.known.0.clone();
    if known.len() >= cards {
        return Err(UsageError::new(format!(
            "--known has {} cards but --cards {cards} allows at most {}",
            known.len(),
            cards - 1
        )));
    }
    HandSpec::new(cards, known).map_err(|e| UsageError::new(e.to_string()))
}

/// Where the table goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputSpec {
    /// The file, or `None` for stdout.
    pub path: Option<PathBuf>,
    /// The format.
    pub format: Format,
}

impl From<&OutputArgs> for OutputSpec {
    fn from(args: &OutputArgs) -> Self {
        Self {
            path: args.out.clone(),
            format: args.format,
        }
    }
}

/// The worker count: as asked, or every core.
///
/// # Errors
/// A usage error for zero threads.
pub fn resolve_threads(threads: Option<usize>) -> Result<usize, UsageError> {
    match threads {
        Some(0) => Err(UsageError::new("--threads must be at least 1")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, usize::from)),
    }
}

/// The run's seed: as given, or drawn at random and announced on stderr as
/// `sim {command}: no --seed given; using --seed {seed}` so the run can be repeated.
pub fn resolve_seed(command: &str, seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let seed = rand::random();
        eprintln!("sim {command}: no --seed given; using --seed {seed}");
        seed
    })
}

/// A count flag that must be positive.
///
/// # Errors
/// A usage error naming `flag` when `value` is 0.
pub fn positive(flag: &str, value: u64) -> Result<u64, UsageError> {
    if value == 0 {
        return Err(UsageError::new(format!("{flag} must be at least 1")));
    }
    Ok(value)
}

/// A validated `sim odds` run.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsConfig {
    /// The hand.
    pub hand: HandSpec,
    /// Rounds and chunks.
    pub plan: ChunkPlan,
    /// The run's seed.
    pub seed: u64,
    /// Whether the seed was drawn at random (and must be printed to repeat the run).
    pub seed_was_random: bool,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
    /// Precision target, checkpoint, shard, quiet.
    pub long: LongRunConfig,
}

impl TryFrom<&OddsArgs> for OddsConfig {
    type Error = UsageError;

    fn try_from(args: &OddsArgs) -> Result<Self, UsageError> {
        Ok(Self {
            hand: hand_spec(&args.hand)?,
            plan: ChunkPlan::new(match args.long.target_stderr {
                Some(_) => args.long.max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS),
                None => args.rounds,
            }),
            seed: args.run.seed.unwrap_or_else(rand::random),
            seed_was_random: args.run.seed.is_none(),
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
            long: LongRunConfig::new(&args.long, args.run.seed.is_some())?,
        })
    }
}

/// A validated `sim exact` run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExactConfig {
    /// The hand.
    pub hand: HandSpec,
    /// How to count (never `Auto`: resolved here).
    pub method: ExactMethod,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl TryFrom<&ExactArgs> for ExactConfig {
    type Error = UsageError;

    fn try_from(args: &ExactArgs) -> Result<Self, UsageError> {
        let hand = hand_spec(&args.hand)?;
        let method = match args.method {
            ExactMethod::Auto if hand.known().is_empty() => ExactMethod::Combinatorial,
            ExactMethod::Auto => ExactMethod::Enumerate,
            ExactMethod::Combinatorial if !hand.known().is_empty() => {
                return Err(UsageError::new(
                    "--method combinatorial counts hands without known cards; use --method enumerate",
                ));
            }
            method => method,
        };
        Ok(Self {
            hand,
            method,
            threads: resolve_threads(args.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}
