//! A document's parameters (`request::run_params`: the keys `sim … --format json` writes before
//! its rows) as the dictionary the Python layer reads a result's parameters from.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::run_params::{Param, RunParams};

/// A document's parameters (`request::run_params`) as a dictionary, with the worker
/// `threads` the Python layer adds.
pub(crate) fn params_dict<'py>(
    py: Python<'py>,
    params: RunParams,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let meta = PyDict::new(py);
    for (key, value) in params.0 {
        match value {
            Param::Text(text) => meta.set_item(key, text)?,
            Param::Count(n) => meta.set_item(key, n)?,
            Param::Float(x) => meta.set_item(key, x)?,
            Param::Flag(flag) => meta.set_item(key, flag)?,
        }
    }
    meta.set_item("threads", threads)?;
    Ok(meta)
}
