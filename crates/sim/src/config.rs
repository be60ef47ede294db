//! Validated configurations: every relation between arguments is checked once, here.

use deck::{Card, parse_cards};
use engine::{ChunkPlan, HandSpec};
use equity::{EquityError, Game, MAX_PLAYERS, Method, Range};

use crate::cli::equity::EquityArgs;
use crate::cli::preflop::PreflopArgs;
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

/// A validated `sim equity` run.
#[derive(Debug, Clone)]
pub struct EquityConfig {
    /// The spot.
    pub game: Game,
    /// Exact or Monte Carlo, resolved (never `Auto`).
    pub method: Method,
    /// Whether the seed was drawn at random (and must be printed to repeat the run).
    pub seed_was_random: bool,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

fn parse_card_arg(flag: &str, text: &str) -> Result<Vec<Card>, UsageError> {
    parse_cards(text).map_err(|e| UsageError::new(format!("--{flag} '{text}': {e}")))
}

impl TryFrom<&EquityArgs> for EquityConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        let mut players = args
            .players
            .iter()
            .map(|text| Range::parse(text))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(n) = args.opponents {
            if n == 0 {
                return Err(UsageError::new("--opponents must be at least 1"));
            }
            if players.len() + n > MAX_PLAYERS {
                return Err(EquityError::PlayerCount {
                    players: players.len().saturating_add(n),
                }
                .into());
            }
            for _ in 0..n {
                players.push(Range::parse("random")?);
            }
        }
        let board = parse_card_arg("board", &args.board)?;
        let dead = parse_card_arg("dead", &args.dead)?;
        let game = Game::new(players, board, dead)?;
        let seed = args.run.seed.unwrap_or_else(rand::random);
        let asked = if args.exact {
            Method::Exact
        } else if args.rounds.is_some() || args.target_stderr.is_some() {
            Method::MonteCarlo {
                rounds: args
                    .rounds
                    .unwrap_or_else(|| Method::default_rounds(args.target_stderr)),
                seed,
                target_stderr: args.target_stderr,
            }
        } else {
            Method::Auto { seed }
        };
        Ok(Self {
            method: asked.resolve(&game)?,
            game,
            seed_was_random: args.run.seed.is_none(),
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}

/// What a `sim preflop` run computes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreflopTable {
    /// The 169×169 heads-up matrix, exact.
    Matrix,
    /// The classes against random hands, by Monte Carlo.
    VsRandom {
        /// Fewest random opponents.
        from: usize,
        /// Most random opponents.
        to: usize,
        /// Rounds per cell.
        rounds: u64,
        /// The run's seed.
        seed: u64,
        /// Whether the seed was drawn at random (and must be printed to repeat the run).
        seed_was_random: bool,
    },
}

/// A validated `sim preflop` run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreflopConfig {
    /// The table.
    pub table: PreflopTable,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

/// Parses `3` or `1..9` into an inclusive span within 1..=9.
///
/// # Errors
/// A usage error naming the text.
pub fn parse_opponents(text: &str) -> Result<(usize, usize), UsageError> {
    let bad = || UsageError::new(format!("--opponents '{text}': want N or A..B within 1..9"));
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let n = text.trim().parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    if a < 1 || b > equity::preflop::MAX_OPPONENTS || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

impl TryFrom<&PreflopArgs> for PreflopConfig {
    type Error = UsageError;

    fn try_from(args: &PreflopArgs) -> Result<Self, UsageError> {
        let threads = resolve_threads(args.run.threads)?;
        let table = if args.matrix {
            PreflopTable::Matrix
        } else {
            let (from, to) = parse_opponents(&args.opponents)?;
            if args.rounds == 0 {
                return Err(EquityError::NoRounds.into());
            }
            PreflopTable::VsRandom {
                from,
                to,
                rounds: args.rounds,
                seed: args.run.seed.unwrap_or_else(rand::random),
                seed_was_random: args.run.seed.is_none(),
            }
        };
        Ok(Self {
            table,
            threads,
            output: OutputSpec::from(&args.output),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_spans_parse() {
        assert_eq!(parse_opponents("1..9").unwrap(), (1, 9));
        assert_eq!(parse_opponents("3").unwrap(), (3, 3));
        for bad in ["0", "10", "5..2", "x", "1..", "1..10"] {
            assert!(parse_opponents(bad).is_err(), "{bad}");
        }
    }
}
