//! Validated configurations: the one step that turns parsed arguments into typed configs. Seeds
//! and thread counts are resolved here, relations between arguments checked here, and nothing
//! downstream validates again.

use std::path::PathBuf;
use std::time::Duration;

use deck::{Card, parse_cards};
use engine::{ChunkPlan, Command, Family, Game, HandSpec};
use engine::{MAX_PLAYERS, Method, MethodError};
use holdem::{HoldemError, Range, Spot};

use crate::cli::equity::EquityArgs;
use crate::cli::preflop::PreflopArgs;
use crate::cli::{
    BenchArgs, ExactArgs, ExactMethod, Format, GameArgs, GameName, HandArgs, LongRunArgs, OddsArgs,
    OutputArgs,
};
use crate::error::UsageError;
use crate::identity::RunIdentity;
use crate::same_file::refuse_same_file;
use crate::shard::Shard;

pub mod breakdown;

/// The hold'em-family game of `--game` and `--trips-beat-straight`, for `command`.
///
/// # Errors
/// A usage error for `--trips-beat-straight` with a game other than short deck, or a game the
/// command does not play.
pub fn variant(args: &GameArgs, command: Command) -> Result<Game, UsageError> {
    let game = Game::new(args.game.0, args.trips_beat_straight)
        .map_err(|e| UsageError::new(e.to_string()))?;
    if game.family() != Family::Holdem {
        return Err(UsageError::new(format!(
            "--game {}: this command plays {}; {} is played by {}",
            game.name(),
            Game::titles_playing(command),
            game.spec().title,
            game.commands_sentence()
        )));
    }
    Ok(game)
}

/// The hand of `--cards` and `--known` in `game`, checked.
///
/// # Errors
/// A usage error when too many cards are known, or a known card is not in the game's deck.
pub fn hand_spec(args: &HandArgs, variant: Game) -> Result<HandSpec, UsageError> {
    let cards = usize::from(args.cards);
    let known = args.known.0.clone();
    if known.len() >= cards {
        return Err(UsageError::new(format!(
            "--known has {} cards but --cards {cards} allows at most {}",
            known.len(),
            cards - 1
        )));
    }
    HandSpec::of_game(variant, cards, known).map_err(|e| UsageError::new(e.to_string()))
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
        Some(n) if n > MAX_THREADS => Err(too_many_threads(n)),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, usize::from)),
    }
}

/// The most worker threads a run may ask for: far above any machine's cores (threads beyond
/// them only slow a run down), low enough that starting them takes a moment, not minutes.
pub const MAX_THREADS: usize = 1024;

fn too_many_threads(n: usize) -> UsageError {
    UsageError::new(format!(
        "--threads {n}: at most {MAX_THREADS} worker threads (this machine has {})",
        std::thread::available_parallelism().map_or(1, usize::from)
    ))
}

/// A run's seed, resolved once: as given with `--seed`, or drawn at random.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunSeed {
    /// The seed.
    pub value: u64,
    /// Whether it was drawn at random (and must be printed for the run to be repeated).
    pub drawn: bool,
}

impl RunSeed {
    /// The given seed, or one drawn at random.
    pub fn resolve(given: Option<u64>) -> Self {
        match given {
            Some(value) => Self {
                value,
                drawn: false,
            },
            None => Self {
                value: rand::random(),
                drawn: true,
            },
        }
    }

    /// Prints `sim {command}: no --seed given; using --seed {value}` on stderr for a drawn seed,
    /// so the run can be repeated; nothing for a given one.
    pub fn announce(&self, command: &str) {
        if self.drawn {
            eprintln!(
                "sim {command}: no --seed given; using --seed {}",
                self.value
            );
        }
    }
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
    pub seed: RunSeed,
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
        if let (Some(out), Some(checkpoint)) = (&args.output.out, &args.long.checkpoint) {
            refuse_same_file(&[("--out", out), ("--checkpoint", checkpoint)])?;
        }
        Ok(Self {
            hand: hand_spec(&args.hand, variant(&args.game, Command::Odds)?)?,
            plan: ChunkPlan::new(match args.long.target_stderr {
                Some(_) => args.long.max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS),
                None => args.rounds,
            }),
            seed: RunSeed::resolve(args.run.seed),
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
            long: LongRunConfig::new(&args.long, args.run.seed.is_some())?,
        })
    }
}

impl OddsConfig {
    /// The arguments that define this run's counts, as checkpoints and shard files record them.
    pub fn identity(&self) -> RunIdentity {
        RunIdentity {
            game: RunIdentity::game_of(self.hand.game()),
            cards: self.hand.cards(),
            known: self.hand.known_text(),
            rounds: self.plan.rounds,
            chunk_rounds: self.plan.chunk_rounds,
            seed: self.seed.value,
            target_stderr: self.long.target_stderr,
        }
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
        let hand = hand_spec(&args.hand, variant(&args.game, Command::Exact)?)?;
        let holdem = hand.game() == Game::HOLDEM;
        let method = match args.method {
            ExactMethod::Auto if hand.known().is_empty() && holdem => ExactMethod::Combinatorial,
            ExactMethod::Auto => ExactMethod::Enumerate,
            ExactMethod::Combinatorial if !hand.known().is_empty() => {
                return Err(UsageError::new(
                    "--method combinatorial counts hands without known cards; use --method enumerate",
                ));
            }
            ExactMethod::Combinatorial if !holdem => {
                return Err(UsageError::new(
                    "--method combinatorial counts hold'em hands; short deck is counted with --method enumerate",
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

/// The rounds cap of a `--target-stderr` run without `--max-rounds`.
pub const DEFAULT_MAX_ROUNDS: u64 = 1_000_000_000;

/// How often a checkpointed run saves without `--checkpoint-every` (it also saves when stopped
/// by a signal).
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

/// The longest `--checkpoint-every`: a year.
pub const MAX_CHECKPOINT_EVERY: Duration = Duration::from_secs(365 * 24 * 3600);

/// Validated long-run options.
#[derive(Debug, Clone, PartialEq)]
pub struct LongRunConfig {
    /// Stop once every standard error is below this.
    pub target_stderr: Option<f64>,
    /// Checkpoint file.
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoint saves.
    pub checkpoint_every: Duration,
    /// This process's shard.
    pub shard: Option<Shard>,
    /// No bar, no summary.
    pub quiet: bool,
}

impl LongRunConfig {
    /// Validates the options; `seeded` tells whether `--seed` was given.
    ///
    /// # Errors
    /// A usage error for a target that is not a positive number, a shard with a target, or a
    /// checkpoint or shard without a seed.
    pub fn new(args: &LongRunArgs, seeded: bool) -> Result<Self, UsageError> {
        if let Some(e) = args.target_stderr
            && !(e.is_finite() && e > 0.0)
        {
            return Err(UsageError::new(format!(
                "--target-stderr {e} must be a positive number"
            )));
        }
        if args.max_rounds.is_some() && args.target_stderr.is_none() {
            return Err(UsageError::new(
                "--max-rounds caps a --target-stderr run; use --rounds for a fixed count",
            ));
        }
        let checkpoint_every = match args.checkpoint_every {
            None => CHECKPOINT_EVERY,
            Some(_) if args.checkpoint.is_none() => {
                return Err(UsageError::new(
                    "--checkpoint-every needs --checkpoint FILE",
                ));
            }
            Some(s) if s.is_nan() || s <= 0.0 => {
                return Err(UsageError::new(format!(
                    "--checkpoint-every {s}: expected a positive number of seconds"
                )));
            }
            Some(s) if s > MAX_CHECKPOINT_EVERY.as_secs_f64() => {
                return Err(UsageError::new(format!(
                    "--checkpoint-every {s:e}: at most {} seconds (a year)",
                    MAX_CHECKPOINT_EVERY.as_secs()
                )));
            }
            Some(s) => Duration::try_from_secs_f64(s)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    UsageError::new(format!(
                        "--checkpoint-every {s}: expected a positive number of seconds"
                    ))
                })?,
        };
        let shard = match &args.shard {
            Some(text) => Some(Shard::parse(text, |name| std::env::var(name).ok())?),
            None => None,
        };
        if shard.is_some() && args.target_stderr.is_some() {
            return Err(UsageError::new(
                "--shard cannot be combined with --target-stderr: the stopping point depends on every shard's counts",
            ));
        }
        if !seeded && (shard.is_some() || args.checkpoint.is_some()) {
            let flag = if shard.is_some() {
                "--shard"
            } else {
                "--checkpoint"
            };
            return Err(UsageError::new(format!(
                "{flag} needs --seed, so that every process runs the same plan"
            )));
        }
        Ok(Self {
            target_stderr: args.target_stderr,
            checkpoint: args.checkpoint.clone(),
            checkpoint_every,
            shard,
            quiet: args.quiet,
        })
    }
}

/// A validated benchmark plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchConfig {
    /// The hand dealt.
    pub hand: HandSpec,
    /// Rounds per measurement.
    pub rounds: u64,
    /// Thread counts, in the order given.
    pub threads: Vec<usize>,
    /// Measurements per thread count.
    pub repeats: u32,
    /// Seed.
    pub seed: u64,
}

impl TryFrom<&BenchArgs> for BenchConfig {
    type Error = UsageError;

    fn try_from(args: &BenchArgs) -> Result<Self, UsageError> {
        let threads = match &args.threads {
            Some(list) => parse_thread_list(list)?,
            None => default_thread_counts(resolve_threads(None)?),
        };
        if args.repeats == 0 {
            return Err(UsageError::new("--repeats must be at least 1"));
        }
        Ok(Self {
            hand: hand_spec(&args.hand, variant(&args.game, Command::Bench)?)?,
            rounds: args.rounds,
            threads,
            repeats: args.repeats,
            seed: args.seed,
        })
    }
}

/// A validated `sim equity` run.
#[derive(Debug, Clone)]
pub struct EquityConfig {
    /// The spot.
    pub game: Spot,
    /// Exact or Monte Carlo, resolved (never `Auto`).
    pub method: Method,
    /// The seed of a Monte Carlo run (an exact one needs none).
    pub seed: RunSeed,
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
                return Err(HoldemError::PlayerCount {
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
        let game = Spot::of_game(variant(&args.game, Command::Equity)?, players, board, dead)?;
        let run_seed = RunSeed::resolve(args.run.seed);
        let seed = run_seed.value;
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
            method: holdem::resolve(&asked, &game)?,
            game,
            seed: run_seed,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}

/// The Omaha game of `--game`, or `None` for the hold'em family.
pub fn omaha_variant(game: GameName) -> Option<Game> {
    let game = Game::plain(game.0);
    (game.family() == Family::Omaha).then_some(game)
}

/// A validated `sim equity --game omaha…` run.
#[derive(Debug, Clone)]
pub struct OmahaEquityConfig {
    /// The spot.
    pub game: omaha::Spot,
    /// Exact or Monte Carlo, resolved (never `Auto`).
    pub method: Method,
    /// The seed of a Monte Carlo run.
    pub seed: RunSeed,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl OmahaEquityConfig {
    /// Validates `sim equity` arguments for the Omaha game `variant`.
    ///
    /// # Errors
    /// A usage error naming the bad range, card list or option.
    pub fn new(args: &EquityArgs, variant: Game) -> Result<Self, UsageError> {
        Game::new(variant.id(), args.game.trips_beat_straight)
            .map_err(|e| UsageError::new(e.to_string()))?;
        let usage = |e: omaha::OmahaError| UsageError::new(e.to_string());
        let mut players = args
            .players
            .iter()
            .map(|text| omaha::OmahaRange::parse(text, variant.hole_cards()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(usage)?;
        if let Some(n) = args.opponents {
            if n == 0 {
                return Err(UsageError::new("--opponents must be at least 1"));
            }
            for _ in 0..n.min(MAX_PLAYERS + 1) {
                players
                    .push(omaha::OmahaRange::parse("random", variant.hole_cards()).map_err(usage)?);
            }
        }
        let board = parse_card_arg("board", &args.board)?;
        let dead = parse_card_arg("dead", &args.dead)?;
        let game = omaha::Spot::new(variant, players, board, dead).map_err(usage)?;
        let run_seed = RunSeed::resolve(args.run.seed);
        let seed = run_seed.value;
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
            method: omaha::resolve(&asked, &game).map_err(usage)?,
            game,
            seed: run_seed,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}

/// A validated `sim odds --game omaha…` run.
#[derive(Debug, Clone, PartialEq)]
pub struct OmahaOddsConfig {
    /// The game.
    pub variant: Game,
    /// Hole cards fixed in every hand.
    pub known: Vec<Card>,
    /// Rounds and chunks.
    pub plan: ChunkPlan,
    /// The run's seed.
    pub seed: RunSeed,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
    /// Stop once every category's standard error is below this.
    pub target_stderr: Option<f64>,
    /// No summary on stderr.
    pub quiet: bool,
}

impl OmahaOddsConfig {
    /// Validates `sim odds` arguments for the Omaha game `variant`.
    ///
    /// # Errors
    /// A usage error for hold'em-only options, too many known cards or zero rounds.
    pub fn new(args: &OddsArgs, variant: Game) -> Result<Self, UsageError> {
        Game::new(variant.id(), args.game.trips_beat_straight)
            .map_err(|e| UsageError::new(e.to_string()))?;
        let unsupported = [
            (args.hand.cards != 7, "--cards"),
            (args.long.checkpoint.is_some(), "--checkpoint"),
            (args.long.checkpoint_every.is_some(), "--checkpoint-every"),
            (args.long.shard.is_some(), "--shard"),
        ];
        if let Some((_, flag)) = unsupported.iter().find(|(given, _)| *given) {
            return Err(UsageError::new(format!(
                "{flag} is not supported with --game {variant}"
            )));
        }
        let known = args.hand.known.0.clone();
        if known.len() > variant.hole_cards() {
            return Err(UsageError::new(
                omaha::OmahaError::TooManyKnown {
                    known: known.len(),
                    hole_cards: variant.hole_cards(),
                }
                .to_string(),
            ));
        }
        if let Some(e) = args.long.target_stderr
            && !(e.is_finite() && e > 0.0)
        {
            return Err(UsageError::new(format!(
                "--target-stderr {e} must be a positive number"
            )));
        }
        if args.long.max_rounds.is_some() && args.long.target_stderr.is_none() {
            return Err(UsageError::new(
                "--max-rounds caps a --target-stderr run; use --rounds for a fixed count",
            ));
        }
        let rounds = match args.long.target_stderr {
            Some(_) => args.long.max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS),
            None => args.rounds,
        };
        Ok(Self {
            variant,
            known,
            plan: ChunkPlan::new(positive("--rounds", rounds)?),
            target_stderr: args.long.target_stderr,
            seed: RunSeed::resolve(args.run.seed),
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
            quiet: args.long.quiet,
        })
    }
}

/// The default thread counts: powers of two below the core count, then the core count.
pub fn default_thread_counts(cores: usize) -> Vec<usize> {
    let mut counts: Vec<usize> = std::iter::successors(Some(1usize), |&t| t.checked_mul(2))
        .take_while(|&t| t < cores)
        .collect();
    counts.push(cores.max(1));
    counts
}

fn parse_thread_list(text: &str) -> Result<Vec<usize>, UsageError> {
    text.split(',')
        .map(|part| match part.trim() {
            "all" => resolve_threads(None),
            n => match n.parse::<usize>() {
                Ok(0) | Err(_) => Err(UsageError::new(format!(
                    "--threads {text:?}: expected thread counts of at least 1 like 1,2,4 or all"
                ))),
                Ok(t) if t > MAX_THREADS => Err(too_many_threads(t)),
                Ok(t) => Ok(t),
            },
        })
        .collect()
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
        seed: RunSeed,
    },
}

/// A validated `sim preflop` run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreflopConfig {
    /// The game.
    pub game: Game,
    /// The table.
    pub table: PreflopTable,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

/// Parses `3` or `1..9` into an inclusive span within `1..=max`.
///
/// # Errors
/// A usage error naming the text.
pub fn parse_opponents(text: &str, max: usize) -> Result<(usize, usize), UsageError> {
    let bad = || {
        UsageError::new(format!(
            "--opponents '{text}': want N or A..B within 1..{max}"
        ))
    };
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
    if a < 1 || b > max || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

impl TryFrom<&PreflopArgs> for PreflopConfig {
    type Error = UsageError;

    fn try_from(args: &PreflopArgs) -> Result<Self, UsageError> {
        let threads = resolve_threads(args.run.threads)?;
        let game = variant(&args.game, Command::Preflop)?;
        let table = if args.matrix {
            PreflopTable::Matrix
        } else {
            let max = game.max_players() - 1;
            let default = format!("1..{max}");
            let (from, to) = parse_opponents(args.opponents.as_deref().unwrap_or(&default), max)?;
            if args.rounds == 0 {
                return Err(UsageError::new(MethodError::NoRounds.to_string()));
            }
            PreflopTable::VsRandom {
                from,
                to,
                rounds: args.rounds,
                seed: RunSeed::resolve(args.run.seed),
            }
        };
        Ok(Self {
            game,
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
    fn default_thread_counts_double_up_to_the_cores() {
        assert_eq!(default_thread_counts(1), vec![1]);
        assert_eq!(default_thread_counts(2), vec![1, 2]);
        assert_eq!(default_thread_counts(16), vec![1, 2, 4, 8, 16]);
        assert_eq!(default_thread_counts(12), vec![1, 2, 4, 8, 12]);
    }

    #[test]
    fn thread_lists_parse_and_reject_zero() {
        assert_eq!(parse_thread_list("1,2, 8").unwrap(), vec![1, 2, 8]);
        assert!(parse_thread_list("1,0").is_err());
        assert!(parse_thread_list("x").is_err());
    }

    #[test]
    fn opponent_spans_parse() {
        assert_eq!(parse_opponents("1..9", 9).unwrap(), (1, 9));
        assert_eq!(parse_opponents("3", 9).unwrap(), (3, 3));
        for bad in ["0", "10", "5..2", "x", "1..", "1..10"] {
            assert!(parse_opponents(bad, 9).is_err(), "{bad}");
        }
        assert!(parse_opponents("1..8", 7).is_err());
    }
}
