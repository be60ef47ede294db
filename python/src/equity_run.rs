//! `equity`: hold'em equity of 2 to 10 hands or ranges, validated as `sim`'s
//! `EquityConfig::try_from` validates and computed as `holdem::compute` computes, in pieces so
//! that Ctrl-C can stop it: Monte Carlo chunk ranges and exact batches of suit classes. The counts
//! are integers added up, so the pieces give the very numbers of one call. Tiny exact spots are
//! counted on the calling thread, skipping the pool.

use deck::{Card, parse_cards};
use engine::ChunkPlan;
use engine::{MAX_PLAYERS, Method, PlayerEquity, SplitTally as Tally};
use holdem::enumeration;
use holdem::sampler::Sampler;
use holdem::{EXACT_MAX_ASSIGNMENTS, HoldemError, Range, Spot};
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors::value_error;
use crate::games;
use crate::interrupt::{self, StopFlag};
use crate::odds::resolve_seed;
use crate::pools::resolve_threads;

/// Monte Carlo chunks run between two looks at the stop flag when no target is set.
const CHUNKS_PER_PIECE: u64 = 64;

/// Work items of an exact run between two looks at the stop flag, per worker thread.
const ITEMS_PER_THREAD: usize = 64;

/// Exact spots with at most this many outcomes are counted on the calling thread (with the GIL
/// released): microseconds of work, where handing them to the pool and waiting for the answer
/// cost more than the count.
const CALLING_THREAD_OUTCOMES: u128 = 20_000;

fn parse_card_arg(flag: &str, text: &str) -> PyResult<Vec<Card>> {
    parse_cards(text).map_err(|e| value_error(format!("--{flag} '{text}': {e}")))
}

/// The equity of `players` (range texts); returns per-player columns and the run's parameters.
#[pyfunction]
#[pyo3(name = "equity", signature = (players, board, dead, exact, rounds, seed, target_stderr, threads, opponents, game="holdem", trips_beat_straight=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn equity_table<'py>(
    py: Python<'py>,
    players: Vec<String>,
    board: &str,
    dead: &str,
    exact: Option<bool>,
    rounds: Option<u64>,
    seed: Option<u64>,
    target_stderr: Option<f64>,
    threads: Option<usize>,
    opponents: Option<usize>,
    game: &str,
    trips_beat_straight: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = match games::Game::parse(game, trips_beat_straight)? {
        games::Game::Holdem(variant) => variant,
        games::Game::Omaha(variant) => {
            return crate::omaha_run::equity(
                py,
                variant,
                &players,
                board,
                dead,
                exact,
                rounds,
                seed,
                target_stderr,
                threads,
                opponents,
            );
        }
    };
    let (game, method) = holdem_request(
        &players,
        board,
        dead,
        exact,
        rounds,
        seed,
        target_stderr,
        opponents,
        variant,
    )?;
    let threads = resolve_threads(threads)?;
    let tally =
        if method == Method::Exact && holdem::outcome_bound(&game) <= CALLING_THREAD_OUTCOMES {
            py.detach(|| count(&game, &method, &StopFlag::default()))
        } else {
            interrupt::run(py, threads, |stop| count(&game, &method, stop))?
        }
        .map_err(value_error)?;
    let Some(tally) = tally else {
        return Err(PyKeyboardInterrupt::new_err("equity stopped"));
    };
    let is_exact = method == Method::Exact;
    let equities = tally.equities(is_exact);
    let counts = |f: fn(&PlayerEquity) -> u128| -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, equities.iter().map(f))
    };
    let hands = game.players.iter().map(|r| r.text.clone()).collect();
    let shares: [fn(&PlayerEquity) -> f64; 4] =
        [|e| e.win, |e| e.tie, |e| e.equity, |e| e.std_error];
    let table = player_columns(py, hands, shares.map(|f| equities.iter().map(f).collect()))?;
    table.set_item(
        "samples",
        PyArray1::from_vec(py, equities.iter().map(|e| e.samples).collect()),
    )?;
    table.set_item("wins", counts(|e| e.wins)?)?;
    table.set_item("ties", counts(|e| e.ties)?)?;
    table.set_item("outcomes", counts(|e| e.outcomes)?)?;
    let meta = PyDict::new(py);
    meta.set_item("command", "equity")?;
    meta.set_item("game", games::game_name(variant))?;
    meta.set_item("method", if is_exact { "exact" } else { "monte_carlo" })?;
    meta.set_item("board", cards_text(&game.board))?;
    meta.set_item("dead", cards_text(&game.dead))?;
    if let Method::MonteCarlo {
        rounds,
        seed,
        target_stderr,
    } = method
    {
        meta.set_item("seed", seed)?;
        meta.set_item("rounds", rounds)?;
        meta.set_item("target_stderr", target_stderr)?;
    }
    meta.set_item("threads", threads)?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}

/// The spot and the resolved method of a hold'em or short-deck equity request, validated as
/// `sim`'s `EquityConfig::try_from` validates them (the same messages): shared by `equity` and
/// `breakdown`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn holdem_request(
    players: &[String],
    board: &str,
    dead: &str,
    exact: Option<bool>,
    rounds: Option<u64>,
    seed: Option<u64>,
    target_stderr: Option<f64>,
    opponents: Option<usize>,
    variant: engine::Game,
) -> PyResult<(Spot, Method)> {
    let mut ranges = players
        .iter()
        .map(|text| Range::parse(text))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    if let Some(n) = opponents {
        if n == 0 {
            return Err(value_error("--opponents must be at least 1"));
        }
        if ranges.len() + n > MAX_PLAYERS {
            return Err(value_error(HoldemError::PlayerCount {
                players: ranges.len().saturating_add(n),
            }));
        }
        for _ in 0..n {
            ranges.push(Range::parse("random").map_err(value_error)?);
        }
    }
    let board = parse_card_arg("board", board)?;
    let dead = parse_card_arg("dead", dead)?;
    let game = Spot::of_game(variant, ranges, board, dead).map_err(value_error)?;
    if exact == Some(true) && (rounds.is_some() || target_stderr.is_some()) {
        return Err(value_error(
            "--exact cannot be used with --rounds or --target-stderr",
        ));
    }
    let seed = resolve_seed(seed);
    let asked = if exact == Some(true) {
        Method::Exact
    } else if exact == Some(false) || rounds.is_some() || target_stderr.is_some() {
        Method::MonteCarlo {
            rounds: rounds.unwrap_or_else(|| Method::default_rounds(target_stderr)),
            seed,
            target_stderr,
        }
    } else {
        Method::Auto { seed }
    };
    let method = holdem::resolve(&asked, &game).map_err(value_error)?;
    Ok((game, method))
}

/// The columns every equity table starts with: `player`, `hand`, then `win`, `tie`, `equity`
/// and `std_error` (`shares`, in that order).
pub(crate) fn player_columns<'py>(
    py: Python<'py>,
    hands: Vec<String>,
    shares: [Vec<f64>; 4],
) -> PyResult<Bound<'py, PyDict>> {
    let table = PyDict::new(py);
    table.set_item(
        "player",
        PyArray1::from_vec(py, (1..=hands.len() as u64).collect()),
    )?;
    table.set_item("hand", hands)?;
    for (name, column) in ["win", "tie", "equity", "std_error"]
        .into_iter()
        .zip(shares)
    {
        table.set_item(name, PyArray1::from_vec(py, column))?;
    }
    Ok(table)
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

/// The tally of a resolved method, or `None` when stopped.
fn count(game: &Spot, method: &Method, stop: &StopFlag) -> Result<Option<Tally>, HoldemError> {
    match *method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(game, seed)?;
            let plan = sampler.plan(rounds);
            Ok(simulate(&sampler, game, seed, &plan, target_stderr, stop))
        }
        _ => enumerate_in_batches(game, stop),
    }
}

/// `Sampler::simulate` in pieces: with a target, pieces of `Sampler::check_chunks` chunks checked after
/// each (its stopping rule); without, pieces of [`CHUNKS_PER_PIECE`].
fn simulate(
    sampler: &Sampler,
    game: &Spot,
    seed: u64,
    plan: &ChunkPlan,
    target: Option<f64>,
    stop: &StopFlag,
) -> Option<Tally> {
    let players = game.players.len();
    let piece = if target.is_some() {
        sampler.check_chunks()
    } else {
        CHUNKS_PER_PIECE
    };
    let mut tally = Tally::new(players);
    let mut done = 0;
    while done < plan.chunks() {
        if stop.requested() {
            return None;
        }
        let next = (done + piece).min(plan.chunks());
        tally = tally + sampler.run_chunks(seed, plan, done, next);
        done = next;
        if target.is_some_and(|t| (0..players).all(|p| tally.std_error(p) < t)) {
            break;
        }
    }
    Some(tally)
}

/// `holdem::compute`'s exact branch, its work items run [`ITEMS_PER_THREAD`] per worker at a
/// time with the stop flag read between batches
/// ([`holdem::enumeration::enumerate_in_batches`]): the same counts as one call.
fn enumerate_in_batches(game: &Spot, stop: &StopFlag) -> Result<Option<Tally>, HoldemError> {
    let assignments = game
        .assignments(EXACT_MAX_ASSIGNMENTS)
        .ok_or(HoldemError::TooManyAssignments)?;
    if assignments.is_empty() {
        return Err(engine::RangeError::NoDealFits.into());
    }
    let batch = ITEMS_PER_THREAD * rayon::current_num_threads();
    Ok(enumeration::enumerate_in_batches(
        game,
        &assignments,
        batch,
        &|| stop.requested(),
    ))
}
