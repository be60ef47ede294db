//! `sim equity`: Hold'em equity of 2 to 10 hands or ranges, exact when cheap enough, otherwise by
//! seeded Monte Carlo; and `sim preflop`, the starting-hand tables built on it.
//!
//! ```text
//!  RANGE… ──parse──▶ Range ─┐
//!  --board --dead ──────────┴─▶ Game (conflicts removed) ──┬─ exact: every combo combination × board
//!                                                          └─ Monte Carlo: chunk c seeded by (seed, c)
//!                                   ──▶ Tally (integer shares per player and split size) ──▶ rows
//! ```
//!
//! Exact runs count the boards of each combination by suit isomorphism ([`isomorphic`]: rank
//! multisets plus a flush correction); Monte Carlo deals spots without ranges from a deck
//! ([`dealt`]) and draws range combos otherwise ([`monte_carlo`]).

pub mod dealt;
pub mod exact;
pub mod game;
pub mod isomorphic;
pub mod monte_carlo;
pub mod preflop;
pub mod range;
pub mod tally;

use std::time::Instant;

use clap::Args;
use deck::{Card, parse_cards};

use crate::cli::OutputArgs;
use crate::cli::count::parse_count;
use crate::config::{OutputSpec, resolve_threads};
use crate::error::UsageError;
use crate::output::Output;
use crate::report::render_cells as render;
use engine::ChunkPlan;
use engine::on_pool;
use game::Game;
use monte_carlo::{EQUITY_CHUNK_ROUNDS, Sampler};
use range::Range;
use tally::{EquityRow, Tally};

/// Automatic choice: enumerate when there are at most this many outcomes (set when every board
/// was visited, about a second of one core; counted by suit isomorphism it is now milliseconds,
/// but the limit is kept so that the method chosen for a command does not change).
pub const EXACT_AUTO_LIMIT: u128 = 50_000_000;

/// `--exact` refuses more outcomes than this.
pub const EXACT_MAX: u128 = 100_000_000_000;

/// Combinations of range combos an exact run may list.
const EXACT_MAX_ASSIGNMENTS: u128 = 1 << 22;

/// Monte Carlo rounds when neither `--rounds` nor `--target-stderr` says otherwise.
pub const DEFAULT_ROUNDS: u64 = 10_000_000;

/// Monte Carlo rounds at most, with `--target-stderr` and no `--rounds`.
pub const TARGET_MAX_ROUNDS: u64 = 1 << 32;

/// Arguments of `sim equity`.
#[derive(Debug, Clone, Args)]
pub struct EquityArgs {
    /// Hands or ranges, one per player: `AsAh`, `QQ+,AKs`, `77-TT`, `T9s-65s`, `AKs:0.5`, `random`.
    #[arg(value_name = "RANGE")]
    pub players: Vec<String>,
    /// Add N players holding random hands.
    #[arg(long, value_name = "N")]
    pub opponents: Option<usize>,
    /// Community cards: 0, 3, 4 or 5 of them, e.g. `Qh7h2c`.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub board: String,
    /// Cards out of play, e.g. `2d`.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub dead: String,
    /// Enumerate every outcome, however many.
    #[arg(long, conflicts_with_all = ["rounds", "target_stderr"])]
    pub exact: bool,
    /// Monte Carlo with this many rounds (100M, 1e8, …); with --target-stderr, at most this many.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub rounds: Option<u64>,
    /// Monte Carlo until every player's equity has a standard error below E.
    #[arg(long, value_name = "E")]
    pub target_stderr: Option<f64>,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: crate::cli::RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// How a run computes.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// Every outcome.
    Exact,
    /// Seeded sampling.
    MonteCarlo {
        /// Rounds (at most, with a target) and chunks.
        plan: ChunkPlan,
        /// The run's seed.
        seed: u64,
        /// Whether the seed was drawn at random.
        seed_was_random: bool,
        /// Standard error to stop at.
        target: Option<f64>,
    },
}

/// A validated `sim equity` run.
#[derive(Debug, Clone)]
pub struct EquityConfig {
    /// The spot.
    pub game: Game,
    /// Exact or Monte Carlo.
    pub method: Method,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

fn parse_card_arg(flag: &str, text: &str) -> Result<Vec<Card>, UsageError> {
    parse_cards(text).map_err(|e| UsageError::new(format!("--{flag} '{text}': {e}")))
}

/// Outcomes an exact run would visit, at most (conflicts between ranges ignored).
pub fn outcome_bound(game: &Game) -> u128 {
    game.players
        .iter()
        .map(|r| r.combos.len() as u128)
        .product::<u128>()
        .saturating_mul(exact::boards_per_assignment(game))
}

impl TryFrom<&EquityArgs> for EquityConfig {
    type Error = UsageError;

    fn try_from(args: &EquityArgs) -> Result<Self, UsageError> {
        let mut players = args
            .players
            .iter()
            .map(|text| Range::parse(text).map_err(UsageError::new))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(n) = args.opponents {
            if n == 0 {
                return Err(UsageError::new("--opponents must be at least 1"));
            }
            if players.len() + n > tally::MAX_PLAYERS {
                return Err(UsageError::new(format!(
                    "need 2 to {} players, got {}",
                    tally::MAX_PLAYERS,
                    players.len().saturating_add(n)
                )));
            }
            for _ in 0..n {
                players.push(Range::parse("random").map_err(UsageError::new)?);
            }
        }
        let board = parse_card_arg("board", &args.board)?;
        let dead = parse_card_arg("dead", &args.dead)?;
        let game = Game::new(players, board, dead).map_err(UsageError::new)?;
        let bound = outcome_bound(&game);
        let method = if args.exact
            || (args.rounds.is_none() && args.target_stderr.is_none() && bound <= EXACT_AUTO_LIMIT)
        {
            if bound > EXACT_MAX {
                return Err(UsageError::new(format!(
                    "--exact would visit up to {bound} outcomes (limit {EXACT_MAX}); use --rounds"
                )));
            }
            Method::Exact
        } else {
            if let Some(e) = args.target_stderr
                && !(e > 0.0 && e < 1.0)
            {
                return Err(UsageError::new(format!(
                    "--target-stderr {e} must lie strictly between 0 and 1"
                )));
            }
            let rounds = match (args.rounds, args.target_stderr) {
                (Some(0), _) => return Err(UsageError::new("--rounds must be at least 1")),
                (Some(n), _) => n,
                (None, Some(_)) => TARGET_MAX_ROUNDS,
                (None, None) => DEFAULT_ROUNDS,
            };
            Method::MonteCarlo {
                plan: ChunkPlan::with_chunk_rounds(rounds, EQUITY_CHUNK_ROUNDS),
                seed: args.run.seed.unwrap_or_else(rand::random),
                seed_was_random: args.run.seed.is_none(),
                target: args.target_stderr,
            }
        };
        Ok(Self {
            game,
            method,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}

/// Computes the tally of a validated run on the current pool: exact or Monte Carlo.
///
/// # Errors
/// A usage error when the ranges cannot be dealt together.
pub fn compute(game: &Game, method: &Method) -> Result<Tally, UsageError> {
    match method {
        Method::Exact => {
            let assignments = game.assignments(EXACT_MAX_ASSIGNMENTS).ok_or_else(|| {
                UsageError::new("too many combinations of range hands to enumerate; use --rounds")
            })?;
            if assignments.is_empty() {
                return Err(UsageError::new(
                    "no deal fits: the ranges always share cards",
                ));
            }
            Ok(exact::enumerate(game, &assignments))
        }
        Method::MonteCarlo {
            plan, seed, target, ..
        } => {
            let sampler = Sampler::new(game, *seed).map_err(UsageError::new)?;
            Ok(sampler.simulate(*seed, plan, *target))
        }
    }
}

/// Runs `sim equity`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = EquityConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo {
        seed,
        seed_was_random: true,
        ..
    } = config.method
    {
        eprintln!("sim equity: no --seed given; using --seed {seed}");
    }
    let started = Instant::now();
    let tally = on_pool(config.threads, || compute(&config.game, &config.method))??;
    let elapsed = started.elapsed();
    let exact = config.method == Method::Exact;
    let rows = tally.rows(&config.game.hands(), exact);
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "equity".into());
    meta.insert(
        "method".into(),
        if exact { "exact" } else { "monte_carlo" }.into(),
    );
    meta.insert("board".into(), cards_text(&config.game.board).into());
    meta.insert("dead".into(), cards_text(&config.game.dead).into());
    if let Method::MonteCarlo { seed, .. } = config.method {
        meta.insert("seed".into(), seed.into());
    }
    output.finish(&render(&rows, config.output.format, meta)?)?;
    eprint!("{}", human_table(&rows, exact));
    let per_second = tally.samples as f64 / elapsed.as_secs_f64().max(1e-9);
    // Exact runs count boards in groups, so "boards" there; Monte Carlo plays each showdown.
    let (what, unit) = match config.method {
        Method::Exact => ("exact".to_string(), "boards"),
        Method::MonteCarlo { seed, .. } => (format!("monte carlo, seed {seed}"), "showdowns"),
    };
    eprintln!(
        "sim equity: {what}, {} {unit} in {} on {} ({}/s)",
        tally.samples,
        duration_text(elapsed.as_secs_f64()),
        crate::summary::Threads(config.threads),
        crate::summary::si(per_second)
    );
    Ok(())
}

/// Seconds for people: milliseconds below one second (exact runs take a few).
fn duration_text(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.3} ms", seconds * 1e3)
    } else {
        format!("{seconds:.3} s")
    }
}

/// Cards as text, e.g. `Qh7h2c`.
pub fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

/// The table for people, written to stderr.
fn human_table(rows: &[EquityRow], exact: bool) -> String {
    let width = rows
        .iter()
        .map(|r| r.hand.len())
        .max()
        .unwrap_or(4)
        .clamp(4, 40);
    let mut out = format!(
        "{:<6} {:<width$} {:>9} {:>9} {:>9} {:>10}\n",
        "player",
        "hand",
        "win %",
        "tie %",
        "equity %",
        if exact { "" } else { "± s.e. %" }
    );
    for r in rows {
        let se = if exact {
            String::new()
        } else {
            format!("{:.4}", 100.0 * r.std_error)
        };
        out.push_str(&format!(
            "{:<6} {:<width$} {:>9.4} {:>9.4} {:>9.4} {:>10}\n",
            r.player,
            r.hand,
            100.0 * r.win,
            100.0 * r.tie,
            100.0 * r.equity,
            se
        ));
    }
    out
}
