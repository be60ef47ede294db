//! `runouts`: a double board (`boards=2`) or one board run N times (`runs=N`), validated and
//! counted by `request::runouts`: the columns of `sim equity --boards 2` / `--runs N`, in its
//! row order (`request::runouts_table`).

use engine::Command;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use request::runouts::{RunoutArgs, RunoutRequest};
use request::runouts_table::{COLUMNS, lines};

use crate::equity_call::result_dict;
use crate::errors::value_error;
use crate::interrupt;
use crate::odds::named_game;
use crate::params::params_dict;
use crate::table::set_columns;

/// The arguments of a runout run, as `pokerodds._runouts` passes them (the keys of an equity
/// call, checked there, plus the boards).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct RunoutCall {
    players: Vec<String>,
    board: String,
    board2: Option<String>,
    dead: String,
    boards: Option<usize>,
    runs: Option<usize>,
    exact: Option<bool>,
    rounds: Option<u64>,
    seed: Option<u64>,
    threads: Option<usize>,
    opponents: Option<usize>,
    game: String,
    trips_beat_straight: bool,
}

/// The runouts table of `call`; returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(name = "runouts")]
pub(crate) fn runouts_table<'py>(
    py: Python<'py>,
    call: RunoutCall,
) -> PyResult<Bound<'py, PyDict>> {
    let game = named_game(&call.game, call.trips_beat_straight, Command::Equity)?;
    let request = RunoutRequest::new(&RunoutArgs {
        board: &call.board,
        board2: call.board2.as_deref(),
        dead: &call.dead,
        boards: call.boards,
        runs: call.runs,
        exact: call.exact,
        rounds: call.rounds,
        seed: call.seed,
        opponents: call.opponents,
        ..RunoutArgs::new(game, &call.players)
    })
    .map_err(value_error)?;
    let threads = request::threads::threads(call.threads).map_err(value_error)?;
    let counts = interrupt::run(py, threads, |stop| {
        request.run_until_stopped(&|| stop.requested())
    })?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("runouts stopped"))?;
    let table = lines(&request, &counts);
    let columns = PyDict::new(py);
    set_columns(py, &columns, &COLUMNS, &table)?;
    let meta = params_dict(py, request::run_params::runouts(&request), threads)?;
    result_dict(py, columns, meta)
}
