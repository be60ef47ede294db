//! `equity`: hold'em equity of 2 to 10 hands or ranges, validated as `sim`'s
//! `EquityConfig::try_from` validates and computed as `equity::compute` computes, in pieces so
//! that Ctrl-C can stop it: Monte Carlo chunk ranges and exact batches of suit classes. The counts
//! are integers added up, so the pieces give the very numbers of one call.

use deck::{Card, parse_cards};
use engine::ChunkPlan;
use equity::enumeration::enumerate_every_board;
use equity::isomorphic::{self, SignedCounts, Spot};
use equity::sampler::{CHECK_CHUNKS, EQUITY_CHUNK_ROUNDS, Sampler};
use equity::suit_classes::suit_classes;
use equity::tally::LocalCounts;
use equity::{EXACT_MAX_ASSIGNMENTS, EquityError, Game, MAX_PLAYERS, Method, Range, Tally};
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;

use crate::errors::value_error;
use crate::interrupt::{self, StopFlag};
use crate::odds::resolve_seed;
use crate::pools::resolve_threads;

/// Monte Carlo chunks run between two looks at the stop flag when no target is set.
const CHUNKS_PER_PIECE: u64 = 64;

/// Work items of an exact run between two looks at the stop flag, per worker thread.
const ITEMS_PER_THREAD: usize = 64;

/// Below this many suit classes, each is split into [`isomorphic::PARTS`] items (as in
/// `equity::enumeration`, where it only sets how the work is shared).
const SPLIT_BELOW: usize = 64;

fn parse_card_arg(flag: &str, text: &str) -> PyResult<Vec<Card>> {
    parse_cards(text).map_err(|e| value_error(format!("--{flag} '{text}': {e}")))
}

/// The equity of `players` (range texts); returns per-player columns and the run's parameters.
#[pyfunction]
#[pyo3(name = "equity", signature = (players, board, dead, exact, rounds, seed, target_stderr, threads, opponents))]
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
) -> PyResult<Bound<'py, PyDict>> {
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
            return Err(value_error(EquityError::PlayerCount {
                players: ranges.len().saturating_add(n),
            }));
        }
        for _ in 0..n {
            ranges.push(Range::parse("random").map_err(value_error)?);
        }
    }
    let board = parse_card_arg("board", board)?;
    let dead = parse_card_arg("dead", dead)?;
    let game = Game::new(ranges, board, dead).map_err(value_error)?;
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
    let method = asked.resolve(&game).map_err(value_error)?;
    let threads = resolve_threads(threads)?;
    let tally =
        interrupt::run(py, threads, |stop| count(&game, &method, stop))?.map_err(value_error)?;
    let Some(tally) = tally else {
        return Err(PyKeyboardInterrupt::new_err("equity stopped"));
    };
    let is_exact = method == Method::Exact;
    let equities = tally.equities(is_exact);
    let column = |f: fn(&equity::PlayerEquity) -> f64| {
        PyArray1::from_vec(py, equities.iter().map(f).collect())
    };
    let counts = |f: fn(&equity::PlayerEquity) -> u128| -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, equities.iter().map(f))
    };
    let table = PyDict::new(py);
    table.set_item(
        "player",
        PyArray1::from_vec(py, (1..=equities.len() as u64).collect()),
    )?;
    table.set_item(
        "hand",
        game.players
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>(),
    )?;
    table.set_item("win", column(|e| e.win))?;
    table.set_item("tie", column(|e| e.tie))?;
    table.set_item("equity", column(|e| e.equity))?;
    table.set_item("std_error", column(|e| e.std_error))?;
    table.set_item(
        "samples",
        PyArray1::from_vec(py, equities.iter().map(|e| e.samples).collect()),
    )?;
    table.set_item("wins", counts(|e| e.wins)?)?;
    table.set_item("ties", counts(|e| e.ties)?)?;
    table.set_item("outcomes", counts(|e| e.outcomes)?)?;
    let meta = PyDict::new(py);
    meta.set_item("command", "equity")?;
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

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

/// The tally of a resolved method, or `None` when stopped.
fn count(game: &Game, method: &Method, stop: &StopFlag) -> Result<Option<Tally>, EquityError> {
    match *method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(game, seed)?;
            let plan = ChunkPlan::with_chunk_rounds(rounds, EQUITY_CHUNK_ROUNDS);
            Ok(simulate(&sampler, game, seed, &plan, target_stderr, stop))
        }
        _ => enumerate_in_batches(game, stop),
    }
}

/// `Sampler::simulate` in pieces: with a target, pieces of [`CHECK_CHUNKS`] chunks checked after
/// each (its stopping rule); without, pieces of [`CHUNKS_PER_PIECE`].
fn simulate(
    sampler: &Sampler,
    game: &Game,
    seed: u64,
    plan: &ChunkPlan,
    target: Option<f64>,
    stop: &StopFlag,
) -> Option<Tally> {
    let players = game.players.len();
    let piece = if target.is_some() {
        CHECK_CHUNKS
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

/// `equity::compute`'s exact branch (`enumeration::enumerate`), its work items run a batch at a
/// time: suit-equivalent assignments counted once per class (`suit_classes`), each class's boards
/// by suit isomorphism, split into [`isomorphic::PARTS`] items when classes are few. The
/// flush corrections are summed apart and taken away at the end, as the library does.
fn enumerate_in_batches(game: &Game, stop: &StopFlag) -> Result<Option<Tally>, EquityError> {
    let assignments = game
        .assignments(EXACT_MAX_ASSIGNMENTS)
        .ok_or(EquityError::TooManyAssignments)?;
    if assignments.is_empty() {
        return Err(EquityError::NoDealFits);
    }
    if game.to_deal() == 0 {
        // One board per assignment: a single quick pass.
        return Ok(Some(enumerate_every_board(game, &assignments)));
    }
    let players = game.players.len();
    let classes = suit_classes(game, &assignments);
    let parts = if classes.len() < SPLIT_BELOW {
        isomorphic::PARTS
    } else {
        1
    };
    let items = classes.len() * parts;
    let batch = ITEMS_PER_THREAD * rayon::current_num_threads();
    let (mut plus, mut minus) = (Tally::new(players), Tally::new(players));
    let mut start = 0;
    while start < items {
        if stop.requested() {
            return Ok(None);
        }
        let end = (start + batch).min(items);
        let (p, m) = (start..end)
            .into_par_iter()
            .map(|item| {
                let (class, part) = (classes[item / parts], item % parts);
                let holes = assignments.holes(game, class.representative);
                let spot = Spot::new(game, &holes[..players]);
                let counts = if parts == 1 {
                    SignedCounts {
                        plus: spot.count(),
                        minus: LocalCounts::default(),
                    }
                } else {
                    spot.count_part(part)
                };
                let (mut plus, mut minus) = (Tally::new(players), Tally::new(players));
                plus.add_local_for(&counts.plus, class.weight, class.members);
                minus.add_local_for(&counts.minus, class.weight, class.members);
                (plus, minus)
            })
            .reduce(
                || (Tally::new(players), Tally::new(players)),
                |a, b| (a.0 + b.0, a.1 + b.1),
            );
        plus = plus + p;
        minus = minus + m;
        start = end;
    }
    Ok(Some(plus - minus))
}
