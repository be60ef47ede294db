//! `calling_range`: the hands of a player's range that reach the breakeven of a call, validated
//! and computed by `request::calling` (the breakdown of the spot, read at the breakeven): the
//! one line of `sim equity --calling-range`.

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::calling::{CallingArgs, CallingRequest};

use crate::equity_call::{EquityCall, result_dict, run_meta};
use crate::errors::value_error;
use crate::interrupt;
use crate::table::set_columns;

/// The calling range of `call`'s spot at `seat` (from 1; `None`: the first player holding a
/// range) for a pot of `pot` and a call of `to_call`, or a least equity of `min_equity`;
/// returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(name = "calling_range", signature = (call, seat, pot, to_call, min_equity))]
pub(crate) fn calling_range_table<'py>(
    py: Python<'py>,
    call: EquityCall,
    seat: Option<usize>,
    pot: Option<f64>,
    to_call: Option<f64>,
    min_equity: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = call.game()?;
    let calling = CallingArgs {
        seat,
        pot,
        call: to_call,
        min_equity,
    };
    let request = CallingRequest::new(&call.args(game), &calling).map_err(value_error)?;
    let method = request.method().clone();
    let threads = call.threads()?;
    let range = interrupt::run(py, threads, |stop| {
        request.run_until_stopped(&|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("calling range stopped"))?;
    let exact = range.exact;
    let table = PyDict::new(py);
    set_columns(py, &table, &request::calling_table::COLUMNS, &[range])?;
    let meta = run_meta(
        py,
        &request.breakdown.equity,
        Some("calling_range"),
        (&method, exact),
        threads,
    )?;
    result_dict(py, table, meta)
}
