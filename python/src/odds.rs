//! `odds` and `exact`: the category tables of `sim odds` and `sim exact`, validated by the same
//! request layer (`request::odds`, `request::exact`) and run by the same library calls with the
//! same seeds and chunk plans, so the same arguments give the same numbers.

use engine::driver::{CHUNKS_PER_THREAD, Progress, Stop};
use engine::estimate::{CategoryEstimate, estimates};
use engine::{CategoryCounts, Command};
use eval::Category;
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::exact::{ExactMethod, ExactRequest};
use request::odds::{OddsArgs, OddsHand, OddsRequest};
use request::stud_odds::StudTableRequest;

use crate::errors::value_error;
use crate::interrupt;

/// The `game` entry of a result's parameters: absent for hold'em, as in `sim`'s JSON.
pub(crate) fn game_name(game: engine::Game) -> Option<&'static str> {
    (game != engine::Game::HOLDEM).then(|| game.name())
}

/// The game named `name` for `command`, as `sim --game` checks it.
pub(crate) fn named_game(
    name: &str,
    trips_beat_straight: bool,
    command: Command,
) -> PyResult<engine::Game> {
    request::game::game_named(name, trips_beat_straight, command).map_err(value_error)
}

/// The cards of `flag`'s text.
fn cards(flag: &str, text: &str) -> PyResult<Vec<deck::Card>> {
    request::cards::cards(flag, text).map_err(value_error)
}

/// One number of a category's estimate.
type Estimate = fn(&CategoryEstimate) -> f64;

/// The columns of an odds table (`sim odds`' CSV columns); the exact ones are numbers when
/// `exact_known`, else `None` as `sim` writes null (Omaha odds without every hole card).
pub(crate) fn estimate_table<'py>(
    py: Python<'py>,
    rows: &[CategoryEstimate],
    exact_known: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let column =
        |f: fn(&CategoryEstimate) -> f64| PyArray1::from_vec(py, rows.iter().map(f).collect());
    let table = PyDict::new(py);
    table.set_item(
        "category",
        rows.iter().map(|r| r.category.name()).collect::<Vec<_>>(),
    )?;
    table.set_item(
        "count",
        PyArray1::from_vec(py, rows.iter().map(|r| r.count).collect()),
    )?;
    table.set_item("probability", column(|r| r.probability))?;
    table.set_item("std_error", column(|r| r.std_error))?;
    table.set_item("ci95_low", column(|r| r.ci95_low))?;
    table.set_item("ci95_high", column(|r| r.ci95_high))?;
    let exact: [Estimate; 2] = [|r| r.exact_probability, |r| r.z_score];
    for (name, f) in ["exact_probability", "z_score"].into_iter().zip(exact) {
        if exact_known {
            table.set_item(name, column(f))?;
        } else {
            table.set_item(name, vec![None::<f64>; rows.len()])?;
        }
    }
    Ok(table)
}

/// Monte Carlo category counts as `sim odds` computes them, with its exact probabilities,
/// z-scores and intervals. Returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(signature = (cards, known, rounds, seed, threads, target_stderr, max_rounds, game="holdem", trips_beat_straight=false, dead=""))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn odds<'py>(
    py: Python<'py>,
    cards: usize,
    known: &str,
    rounds: Option<u64>,
    seed: Option<u64>,
    threads: Option<usize>,
    target_stderr: Option<f64>,
    max_rounds: Option<u64>,
    game: &str,
    trips_beat_straight: bool,
    dead: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let game = named_game(game, trips_beat_straight, Command::Odds)?;
    let known = self::cards("known", known)?;
    let dead = self::cards("dead", dead)?;
    let args = OddsArgs {
        game,
        cards,
        known: &known,
        dead: &dead,
        rounds,
        target_stderr,
        max_rounds,
        seed,
    };
    if request::stud_odds::is_stud_table_game(game) {
        let request = StudTableRequest::odds(&args).map_err(value_error)?;
        return stud_odds(py, &request, threads);
    }
    let request = OddsRequest::new(&args).map_err(value_error)?;
    let seed = request.seed.value;
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let outcome = interrupt::run(py, threads, |stop| {
        let mut progress = Progress {
            first: 0,
            next: 0,
            counts: CategoryCounts::default(),
        };
        let wave = CHUNKS_PER_THREAD * rayon::current_num_threads() as u64;
        let stopped = request
            .drive(
                0..request.plan.chunks(),
                wave,
                &mut progress,
                || stop.requested(),
                |_| Ok::<(), ()>(()),
            )
            .unwrap_or(Stop::Interrupted);
        if stopped == Stop::Interrupted {
            return None;
        }
        Some((stopped, progress.counts, request.exact()))
    })?;
    let Some((stopped, counts, exact)) = outcome else {
        return Err(PyKeyboardInterrupt::new_err("odds stopped"));
    };
    let rows = estimates(&counts, exact.as_ref().unwrap_or(&counts));
    let table = estimate_table(py, &rows, exact.is_some())?;
    let meta = PyDict::new(py);
    meta.set_item("command", "odds")?;
    meta.set_item("game", game_name(request.game()))?;
    if let OddsHand::Board(hand) = &request.hand {
        meta.set_item("cards", hand.cards())?;
    }
    meta.set_item("known", request.known_text())?;
    if !request.dead().is_empty() {
        meta.set_item("dead", request.dead_text())?;
    }
    meta.set_item("rounds", counts.total())?;
    meta.set_item("seed", seed)?;
    if let Some(target) = request.target_stderr {
        meta.set_item("target_stderr", target)?;
        meta.set_item("target_met", stopped == Stop::TargetMet)?;
    }
    meta.set_item("threads", threads)?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}

/// Exact category counts of every completion, as `sim exact` counts them: `method` is `auto`
/// (combinatorial without known cards, otherwise enumeration), `combinatorial` or `enumerate`.
#[pyfunction]
#[pyo3(signature = (cards, known, method, threads, game="holdem", trips_beat_straight=false, dead=""))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn exact<'py>(
    py: Python<'py>,
    cards: usize,
    known: &str,
    method: &str,
    threads: Option<usize>,
    game: &str,
    trips_beat_straight: bool,
    dead: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let method = ExactMethod::named(method).map_err(value_error)?;
    let game = named_game(game, trips_beat_straight, Command::Exact)?;
    let known = self::cards("known", known)?;
    let dead = self::cards("dead", dead)?;
    if request::stud_odds::is_stud_table_game(game) {
        let request =
            StudTableRequest::exact(game, cards, &known, &dead, method).map_err(value_error)?;
        return stud_exact(py, &request, threads);
    }
    let request = ExactRequest::new(game, cards, &known, &dead, method).map_err(value_error)?;
    let hand = &request.hand;
    let combinatorial = request.method == ExactMethod::Combinatorial;
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let counts = interrupt::run(py, threads, |_| request.counts())?;
    let table = PyDict::new(py);
    table.set_item("category", Category::ALL.map(Category::name).to_vec())?;
    table.set_item(
        "count",
        PyArray1::from_vec(py, Category::ALL.map(|c| counts.get(c)).to_vec()),
    )?;
    table.set_item(
        "probability",
        PyArray1::from_vec(py, Category::ALL.map(|c| counts.probability(c)).to_vec()),
    )?;
    let meta = PyDict::new(py);
    meta.set_item("command", "exact")?;
    meta.set_item("game", game_name(hand.game()))?;
    meta.set_item("cards", hand.cards())?;
    meta.set_item("known", hand.known_text())?;
    if !hand.dead().is_empty() {
        meta.set_item("dead", hand.dead_text())?;
    }
    meta.set_item("total", counts.total())?;
    meta.set_item(
        "method",
        if combinatorial {
            "combinatorial"
        } else {
            "enumerate"
        },
    )?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}

/// The parameters every stud table carries, as `sim`'s JSON writes them.
fn stud_meta<'py>(
    py: Python<'py>,
    command: &str,
    request: &StudTableRequest,
) -> PyResult<Bound<'py, PyDict>> {
    let meta = PyDict::new(py);
    meta.set_item("command", command)?;
    meta.set_item("game", request.game.name())?;
    meta.set_item("table", request.chart.name())?;
    meta.set_item("known", request.known_text())?;
    meta.set_item("dead", request.dead_text())?;
    Ok(meta)
}

/// A stud odds table (`sim odds --game stud|stud-hilo|razz`): Monte Carlo rows beside the exact
/// table, stopping on Ctrl-C before any chunk or exact job not yet started.
fn stud_odds<'py>(
    py: Python<'py>,
    request: &StudTableRequest,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let (sampled, exact) = interrupt::run(py, threads, |stop| {
        let stop = || stop.requested();
        let Some(sampled) = request.sampled_until_stopped(&stop)? else {
            return Ok(None);
        };
        // The exact table is a second long count: it asks too, and only once sampled.
        Ok::<_, request::RequestError>(
            request
                .exact_table_until_stopped(&stop)?
                .map(|exact| (sampled, exact)),
        )
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("odds stopped"))?;
    let rows = request::stud_odds::estimates(&sampled, &exact);
    let column = |f: fn(&request::stud_odds::RowEstimate) -> f64| {
        PyArray1::from_vec(py, rows.iter().map(f).collect())
    };
    let table = PyDict::new(py);
    table.set_item(
        "category",
        rows.iter().map(|r| r.category).collect::<Vec<_>>(),
    )?;
    table.set_item(
        "count",
        PyArray1::from_vec(py, rows.iter().map(|r| r.count).collect()),
    )?;
    table.set_item("probability", column(|r| r.probability))?;
    table.set_item("std_error", column(|r| r.std_error))?;
    table.set_item("ci95_low", column(|r| r.ci95_low))?;
    table.set_item("ci95_high", column(|r| r.ci95_high))?;
    table.set_item("exact_probability", column(|r| r.exact_probability))?;
    table.set_item("z_score", column(|r| r.z_score))?;
    let meta = stud_meta(py, "odds", request)?;
    meta.set_item("rounds", sampled.total())?;
    meta.set_item("seed", request.seed.value)?;
    if let Some(target) = request.target_stderr {
        meta.set_item("target_stderr", target)?;
    }
    meta.set_item("threads", threads)?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}

/// A stud exact table (`sim exact --game stud|stud-hilo|razz`): every completion visited,
/// stopping on Ctrl-C before any job not yet started.
fn stud_exact<'py>(
    py: Python<'py>,
    request: &StudTableRequest,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let counted = interrupt::run(py, threads, |stop| {
        request.exact_table_until_stopped(&|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("exact stopped"))?;
    let rows = counted.rows();
    let table = PyDict::new(py);
    table.set_item("category", rows.iter().map(|r| r.0).collect::<Vec<_>>())?;
    table.set_item(
        "count",
        PyArray1::from_vec(py, rows.iter().map(|r| r.1).collect()),
    )?;
    table.set_item(
        "probability",
        PyArray1::from_vec(py, rows.iter().map(|r| r.2).collect()),
    )?;
    let meta = stud_meta(py, "exact", request)?;
    meta.set_item("total", counted.total())?;
    meta.set_item("method", "enumerate")?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
