//! Bad input becomes a Python `ValueError` carrying the message `sim` prints after `sim: `.

use std::fmt::Display;

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}
