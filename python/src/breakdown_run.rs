//! `breakdown`: hand-by-hand equity inside the players' ranges (hold'em, short deck, Omaha,
//! stud down-card ranges), validated and computed by `request::breakdown`: the columns of
//! `sim equity --breakdown`, one entry per hand of each player's range, then one per class
//! (hi/lo games add the hi/lo columns).

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::breakdown::BreakdownRequest;

use crate::equity_call::{EquityCall, result_dict, run_meta};
use crate::errors::value_error;
use crate::interrupt;
use crate::table::set_columns;

/// The breakdown of `call`'s players (range texts); returns the columns and the run's
/// parameters.
#[pyfunction]
#[pyo3(name = "breakdown")]
pub(crate) fn breakdown_table<'py>(
    py: Python<'py>,
    call: EquityCall,
) -> PyResult<Bound<'py, PyDict>> {
    let game = call.game()?;
    let request = BreakdownRequest::new(&call.args(game)).map_err(value_error)?;
    let method = request.method().clone();
    let threads = call.threads()?;
    let result = interrupt::run(py, threads, |stop| {
        request.run_until_stopped(&|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("breakdown stopped"))?;
    let exact = result.is_exact();
    let table = PyDict::new(py);
    let lines = request::breakdown_table::lines(game.name(), &result);
    set_columns(
        py,
        &table,
        request::breakdown_table::columns(game.is_hilo()),
        &lines,
    )?;
    let meta = run_meta(
        py,
        &request.equity,
        Some("breakdown"),
        (&method, exact),
        threads,
    )?;
    result_dict(py, table, meta)
}
