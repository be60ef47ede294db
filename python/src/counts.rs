//! Counts written as text (`"250M"`, `"2.5e8"`, `"1_000_000"`), parsed by `sim`'s own parser
//! ([`engine::parse_count`]) so that Python takes every form the command line takes.

use pyo3::prelude::*;

use crate::errors::value_error;

/// The count `text` stands for; `ValueError` with `sim`'s message when it is not one.
#[pyfunction]
pub(crate) fn parse_count(text: &str) -> PyResult<u64> {
    engine::parse_count(text).map_err(value_error)
}
