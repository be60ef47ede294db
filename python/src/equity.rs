//! `equity`: the equity of 2 or more hands or ranges in any game that plays equity, validated by
//! the request layer (`request::equity`, as `sim equity` validates) and computed as `sim equity`
//! computes it, in pieces so that Ctrl-C can stop it (the pieces give the very numbers of one
//! call). Tiny exact spots are counted on the calling thread, skipping the pool.

use engine::PlayerEquity;
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use request::equity::EquityRequest;

use crate::equity_call::{COUNTS, EquityCall, result_dict, run_meta, set_hilo_columns};
use crate::errors::value_error;
use crate::interrupt;

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
    let rows = &outcome.players;
    let column = |f: fn(&PlayerEquity) -> f64| PyArray1::from_vec(py, rows.iter().map(f).collect());
    let table = PyDict::new(py);
    table.set_item(
        "player",
        PyArray1::from_vec(py, (1..=rows.len() as u64).collect()),
    )?;
    table.set_item("hand", request.hands())?;
    table.set_item("win", column(|e| e.win))?;
    table.set_item("tie", column(|e| e.tie))?;
    table.set_item("equity", column(|e| e.equity))?;
    table.set_item("std_error", column(|e| e.std_error))?;
    table.set_item(
        "samples",
        PyArray1::from_vec(py, rows.iter().map(|e| e.samples).collect()),
    )?;
    for (name, f) in COUNTS {
        if request.counts_fit_u64() {
            // Unweighted outcomes (Omaha): numpy integers.
            table.set_item(
                name,
                PyArray1::from_vec(py, rows.iter().map(|e| f(e) as u64).collect()),
            )?;
        } else {
            // Weighted counts pass 2^64: Python integers.
            table.set_item(name, PyList::new(py, rows.iter().map(f))?)?;
        }
    }
    if game.is_hilo() {
        set_hilo_columns(py, &table, rows.iter())?;
    }
    let method = (&request.method, outcome.method.is_exact());
    let meta = run_meta(py, &request, None, method, threads)?;
    // As `sim equity --format json`: whether a standard-error target was met before the cap.
    if let Some(met) = outcome.target_met() {
        meta.set_item("target_met", met)?;
    }
    result_dict(py, table, meta)
}
