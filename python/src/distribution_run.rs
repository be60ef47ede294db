//! `distribution`: each player's equity distribution over the hands of the range, validated and
//! computed as `sim equity --distribution` is (`request::distribution`): the columns of
//! `request::distribution_table`, absent cells as `None`.

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use request::distribution::DistributionRequest;
use request::distribution_table::{COLUMNS, lines};

use crate::equity_call::{EquityCall, result_dict, run_meta};
use crate::errors::value_error;
use crate::interrupt;
use crate::table::set_columns;

/// The equity distributions of `call`'s players (range texts) in `bins` bins, `versus` each
/// opponent's hands too; returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(name = "distribution")]
pub(crate) fn distribution_table<'py>(
    py: Python<'py>,
    call: EquityCall,
    bins: Option<usize>,
    versus: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = call.game()?;
    let request = DistributionRequest::new(&call.args(game), bins, versus).map_err(value_error)?;
    let method = request.breakdown.method().clone();
    let threads = call.threads()?;
    let result = interrupt::run(py, threads, |stop| {
        request.run_until_stopped(&|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("distribution stopped"))?;
    let exact = result.breakdown.is_exact();
    let table = PyDict::new(py);
    set_columns(py, &table, &COLUMNS, &lines(&request, &result))?;
    let equity = &request.breakdown.equity;
    let meta = run_meta(py, equity, Some("distribution"), (&method, exact), threads)?;
    meta.set_item("bins", request.bins)?;
    result_dict(py, table, meta)
}
