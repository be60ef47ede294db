//! `query`: a PQL question (`select … from … [where …]`), validated and answered by the same
//! `request::query` calls as `sim query`, with its rows (`request::query_table`).

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::query::{QueryArgs, QueryRequest};
use request::query_table::COLUMNS;

use crate::equity_call::result_dict;
use crate::errors::value_error;
use crate::interrupt;
use crate::params::params_dict;
use crate::table::set_columns;

/// The query table of `text`; returns the columns of `sim query` and its parameters.
#[pyfunction]
#[pyo3(
    name = "query",
    signature = (text, exact, rounds, target_stderr, seed, threads)
)]
pub(crate) fn query_table<'py>(
    py: Python<'py>,
    text: &str,
    exact: bool,
    rounds: Option<u64>,
    target_stderr: Option<f64>,
    seed: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let request = QueryRequest::new(&QueryArgs {
        text,
        exact,
        rounds,
        target_stderr,
        seed,
    })
    .map_err(value_error)?;
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let answer = interrupt::run(py, threads, |stop| {
        request.run_until_stopped(&|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("query stopped"))?;
    let columns = PyDict::new(py);
    set_columns(py, &columns, &COLUMNS, &answer.lines)?;
    let meta = params_dict(py, request::run_params::query(&request, &answer), threads)?;
    result_dict(py, columns, meta)
}
