//! `odds` and `exact`: the category tables of `sim odds` and `sim exact`, validated by the same
//! request layer (`request::odds`, `request::exact`) and run by the same library calls with the
//! same seeds and chunk plans, so the same arguments give the same numbers.

use engine::driver::{CHUNKS_PER_THREAD, Progress, Stop};
use engine::{CategoryCounts, Command};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::exact::{ExactMethod, ExactRequest};
use request::odds::{OddsArgs, OddsRequest};
use request::odds_table::{COLUMNS, EXACT_COLUMNS, exact_lines};

use crate::errors::value_error;
use crate::interrupt;
use crate::params::params_dict;
use crate::table::set_columns;

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

/// Monte Carlo category counts as `sim odds` computes them, with its exact probabilities,
/// z-scores and intervals. Returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(signature = (cards, known, rounds, seed, threads, target_stderr, max_rounds, game="holdem", trips_beat_straight=false, dead="", options=Vec::new()))]
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
    options: Vec<(String, String)>,
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
        options: &options,
    };
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
        // The exact counts (a stud table's are a second long count) ask too.
        let exact = request.exact_until_stopped(&|| stop.requested())?;
        Some((stopped, progress.counts, exact))
    })?;
    let Some((stopped, counts, exact)) = outcome else {
        return Err(PyKeyboardInterrupt::new_err("odds stopped"));
    };
    let table = PyDict::new(py);
    let lines = request::odds_table::lines(request.rows(), &counts, exact.as_ref());
    set_columns(py, &table, &COLUMNS, &lines)?;
    let params =
        request::run_params::odds(&request.hand, counts.total(), seed, request.target_stderr);
    let meta = params_dict(py, params, threads)?;
    if request.target_stderr.is_some() {
        meta.set_item("target_met", stopped == Stop::TargetMet)?;
    }
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}

/// Exact category counts of every completion, as `sim exact` counts them: `method` is `auto`
/// (combinatorial without known cards, otherwise enumeration), `combinatorial` or `enumerate`.
#[pyfunction]
#[pyo3(signature = (cards, known, method, threads, game="holdem", trips_beat_straight=false, dead="", options=Vec::new()))]
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
    options: Vec<(String, String)>,
) -> PyResult<Bound<'py, PyDict>> {
    let method = ExactMethod::named(method).map_err(value_error)?;
    let game = named_game(game, trips_beat_straight, Command::Exact)?;
    let known = self::cards("known", known)?;
    let dead = self::cards("dead", dead)?;
    let request =
        ExactRequest::new(game, cards, &known, &dead, &options, method).map_err(value_error)?;
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let counts = interrupt::run(py, threads, |stop| {
        request.counts_until_stopped(&|| stop.requested())
    })?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("exact stopped"))?;
    let table = PyDict::new(py);
    set_columns(
        py,
        &table,
        &EXACT_COLUMNS,
        &exact_lines(request.rows(), &counts),
    )?;
    let params = request::run_params::exact(&request, counts.total());
    let meta = params_dict(py, params, threads)?;
    meta.set_item("method", request.method_name())?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
