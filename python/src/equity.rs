//! `equity`: the equity of 2 or more hands or ranges in any game that plays equity, validated by
//! the request layer (`request::equity`, as `sim equity` validates) and computed as `sim equity`
//! computes it, in pieces so that Ctrl-C can stop it (the pieces give the very numbers of one
//! call). Tiny exact spots are counted on the calling thread, skipping the pool.

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::equity::EquityRequest;

use crate::equity_call::{EquityCall, result_dict, run_meta};
use crate::errors::value_error;
use crate::interrupt;
use crate::table::set_columns;

/// The equity of `call`'s players; returns per-player columns (with the hi/lo columns in the
/// games that split the pot) and the run's parameters.
#[pyfunction]
#[pyo3(name = "equity")]
pub(crate) fn equity_table<'py>(py: Python<'py>, call: EquityCall) -> PyResult<Bound<'py, PyDict>> {
    let game = call.game()?;
    let request = EquityRequest::new(&call.args(game)).map_err(value_error)?;
    let threads = call.threads()?;
    let outcome = if request.is_tiny() {
        py.detach(|| request.run().map(Some))
    } else {
        interrupt::run(py, threads, |stop| {
            request.run_until_stopped(&|| stop.requested())
        })?
    }
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("equity stopped"))?;
    let table = PyDict::new(py);
    let lines = request::equity_table::lines(&outcome.players, &request.hands());
    set_columns(
        py,
        &table,
        request::equity_table::columns(game.is_hilo()),
        &lines,
    )?;
    let method = (&request.method, outcome.method.is_exact());
    let meta = run_meta(py, &request, None, method, threads)?;
    // As `sim equity --format json`: whether a standard-error target was met before the cap.
    if let Some(met) = outcome.target_met() {
        meta.set_item("target_met", met)?;
    }
    result_dict(py, table, meta)
}
