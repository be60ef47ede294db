//! `streets`: street-by-street equity in hold'em, short deck and Omaha, validated as `equity`
//! is and computed by `request::streets`: the columns of `sim equity --streets` (hi/lo games:
//! with `high`, `low` and `scoop`), in its row order (`request::streets_table`).

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use request::streets::StreetsRequest;
use request::streets_table::lines;

use crate::equity_call::{EquityCall, result_dict};
use crate::errors::value_error;
use crate::interrupt;
use crate::params::params_dict;
use crate::table::set_columns;

/// The street-by-street table of `call`'s players (range texts), with each next card's row
/// when `next_cards`; returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(name = "streets")]
pub(crate) fn streets_table<'py>(
    py: Python<'py>,
    call: EquityCall,
    next_cards: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = call.game()?;
    let request = StreetsRequest::new(&call.args(game)).map_err(value_error)?;
    let threads = call.threads()?;
    let streets = interrupt::run(py, threads, |stop| {
        request.run_until_stopped(&|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("streets stopped"))?;
    let table = lines(&streets, &request.hands(), next_cards);
    let sampled = table.iter().any(|line| !line.exact);
    let columns = PyDict::new(py);
    set_columns(
        py,
        &columns,
        request::streets_table::columns(&table),
        &table,
    )?;
    let params = request::run_params::streets(&request, sampled);
    let meta = params_dict(py, params, threads)?;
    result_dict(py, columns, meta)
}
