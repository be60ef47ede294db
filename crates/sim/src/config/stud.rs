//! Validated stud runs: `sim equity`, `sim odds` and `sim exact` with `--game stud`,
//! `stud-hilo` or `razz`. The spot, the method and the table are checked here by the `stud`
//! library; nothing downstream validates again.

use deck::Card;
use engine::{ChunkPlan, Game, GameId, Method};
use stud::{Chart, StudError, StudHand, StudSpot};

use super::{DEFAULT_MAX_ROUNDS, OutputSpec, RunSeed, parse_card_arg, positive, resolve_threads};
use crate::cli::equity::EquityArgs;
use crate::cli::{ExactArgs, ExactMethod, GameArgs, GameName, OddsArgs};
use crate::error::UsageError;

/// The stud game of `--game`, or `None` for a game of another family.
pub fn stud_game(game: GameName) -> Option<stud::Game> {
    stud::Game::of(game.0)
}

/// Refuses `--dead` for the odds and exact tables of games that do not take it (every game but
/// the stud games).
///
/// # Errors
/// A usage error naming the game when dead cards are given.
pub fn refuse_dead(dead: &str, game: GameId) -> Result<(), UsageError> {
    if dead.trim().is_empty() {
        return Ok(());
    }
    Err(UsageError::new(format!(
        "--dead is not supported with --game {game}; the stud games take it"
    )))
}

fn usage(e: StudError) -> UsageError {
    UsageError::new(e.to_string())
}

/// Refuses short deck's rule option with a stud game.
fn plain(args: &GameArgs) -> Result<(), UsageError> {
    Game::new(args.game.0, args.trips_beat_straight)
        .map(|_| ())
        .map_err(|e| UsageError::new(e.to_string()))
}

/// A validated `sim equity --game stud…` run.
#[derive(Debug, Clone)]
pub struct StudEquityConfig {
    /// The spot.
    pub spot: StudSpot,
    /// Exact or Monte Carlo, resolved (never `Auto`).
    pub method: Method,
    /// The seed of a Monte Carlo run.
    pub seed: RunSeed,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
}

impl StudEquityConfig {
    /// Validates `sim equity` arguments for the stud game `game`.
    ///
    /// # Errors
    /// A usage error naming the bad player, card list or option.
    pub fn new(args: &EquityArgs, game: stud::Game) -> Result<Self, UsageError> {
        plain(&args.game)?;
        if !args.board.trim().is_empty() {
            return Err(UsageError::new(format!(
                "--board is not used in {game}: give each player's up cards with the player; when the deck runs short the last card is shared by rule"
            )));
        }
        let mut players = args
            .players
            .iter()
            .map(|text| StudHand::parse(text))
            .collect::<Result<Vec<_>, _>>()
            .map_err(usage)?;
        if let Some(n) = args.opponents {
            if n == 0 {
                return Err(UsageError::new("--opponents must be at least 1"));
            }
            for _ in 0..n.min(stud::spot::MAX_PLAYERS + 1) {
                players.push(StudHand::parse("").map_err(usage)?);
            }
        }
        let dead = parse_card_arg("dead", &args.dead)?;
        let spot = StudSpot::new(game, players, dead).map_err(usage)?;
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
            method: stud::resolve(&asked, &spot).map_err(usage)?,
            spot,
            seed: run_seed,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
        })
    }
}

/// The table of a stud game's `sim odds` and `sim exact`: stud's high-hand categories, razz's
/// A-5 lows, stud hi/lo's eight-or-better lows (its high hand's table is stud's).
pub fn chart_of(game: stud::Game) -> Chart {
    match game {
        stud::Game::Stud => Chart::Categories,
        stud::Game::StudHiLo => Chart::EightLows,
        stud::Game::Razz => Chart::RazzLows,
    }
}

/// A validated `sim odds` or `sim exact` run of a stud game.
#[derive(Debug, Clone, PartialEq)]
pub struct StudTableConfig {
    /// The game.
    pub game: stud::Game,
    /// The table.
    pub chart: Chart,
    /// The hand's known cards.
    pub known: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
    /// Rounds and chunks (odds only).
    pub plan: ChunkPlan,
    /// The run's seed (odds only).
    pub seed: RunSeed,
    /// Stop once every row's standard error is below this (odds only).
    pub target_stderr: Option<f64>,
    /// Worker threads.
    pub threads: usize,
    /// Where the table goes.
    pub output: OutputSpec,
    /// No summary on stderr.
    pub quiet: bool,
}

/// Checks the known and dead cards of a table (the library's check).
fn check_cards(known: &[Card], dead: &[Card]) -> Result<(), UsageError> {
    stud::odds::check(known, dead).map(|_| ()).map_err(usage)
}

impl StudTableConfig {
    /// Validates `sim odds` arguments for the stud game `game`.
    ///
    /// # Errors
    /// A usage error for options stud tables do not take, bad cards or zero rounds.
    pub fn odds(args: &OddsArgs, game: stud::Game) -> Result<Self, UsageError> {
        plain(&args.game)?;
        let unsupported = [
            (args.hand.cards != 7, "--cards"),
            (args.long.checkpoint.is_some(), "--checkpoint"),
            (args.long.checkpoint_every.is_some(), "--checkpoint-every"),
            (args.long.shard.is_some(), "--shard"),
        ];
        if let Some((_, flag)) = unsupported.iter().find(|(given, _)| *given) {
            return Err(UsageError::new(format!(
                "{flag} is not supported with --game {game}"
            )));
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
        let chart = chart_of(game);
        let known = args.hand.known.0.clone();
        let dead = parse_card_arg("dead", &args.dead)?;
        check_cards(&known, &dead)?;
        Ok(Self {
            game,
            chart,
            known,
            dead,
            plan: ChunkPlan::new(positive("--rounds", rounds)?),
            seed: RunSeed::resolve(args.run.seed),
            target_stderr: args.long.target_stderr,
            threads: resolve_threads(args.run.threads)?,
            output: OutputSpec::from(&args.output),
            quiet: args.long.quiet,
        })
    }

    /// Validates `sim exact` arguments for the stud game `game`.
    ///
    /// # Errors
    /// A usage error for `--cards` other than 7, `--method combinatorial` or bad cards.
    pub fn exact(args: &ExactArgs, game: stud::Game) -> Result<Self, UsageError> {
        plain(&args.game)?;
        if args.hand.cards != 7 {
            return Err(UsageError::new(format!(
                "--cards is not supported with --game {game}"
            )));
        }
        if args.method == ExactMethod::Combinatorial {
            return Err(UsageError::new(format!(
                "--method combinatorial counts hold'em hands; {game} is counted with --method enumerate"
            )));
        }
        let chart = chart_of(game);
        let known = args.hand.known.0.clone();
        let dead = parse_card_arg("dead", &args.dead)?;
        check_cards(&known, &dead)?;
        Ok(Self {
            game,
            chart,
            known,
            dead,
            plan: ChunkPlan::new(1),
            seed: RunSeed::resolve(Some(0)),
            target_stderr: None,
            threads: resolve_threads(args.threads)?,
            output: OutputSpec::from(&args.output),
            quiet: false,
        })
    }
}
