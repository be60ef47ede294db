//! The columns of any self-describing table of the request layer ([`request::table`]) as the
//! Python layer takes them, by each column's kind: shares as `float64` arrays, counts as
//! `uint64` arrays, exact counts (which can pass 2^64) as Python integers and text as strings.

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use request::table::{Cell, Column, Kind};

/// Sets each of `columns` over `lines` as an item of `table`, keyed by the column's name.
pub(crate) fn set_columns<L>(
    py: Python<'_>,
    table: &Bound<'_, PyDict>,
    columns: &[Column<L>],
    lines: &[L],
) -> PyResult<()> {
    for column in columns {
        let cells = lines.iter().map(|line| (column.value)(line));
        match column.kind {
            Kind::Share => table.set_item(
                column.name,
                PyArray1::from_vec(py, cells.map(share).collect()),
            )?,
            Kind::Count => table.set_item(
                column.name,
                PyArray1::from_vec(
                    py,
                    cells
                        .map(|cell| u64::try_from(int(cell)).unwrap_or(u64::MAX))
                        .collect(),
                ),
            )?,
            Kind::Exact => table.set_item(column.name, PyList::new(py, cells.map(int))?)?,
            Kind::Text => table.set_item(column.name, PyList::new(py, cells.map(text))?)?,
        }
    }
    Ok(())
}

/// A share cell's value (0 for a cell of another kind, which a column's kind rules out).
fn share(cell: Cell) -> f64 {
    match cell {
        Cell::Share(x) => x,
        _ => 0.0,
    }
}

/// An integer cell's value.
fn int(cell: Cell) -> u128 {
    match cell {
        Cell::Int(n) => n,
        _ => 0,
    }
}

/// A text cell's value.
fn text(cell: Cell) -> String {
    match cell {
        Cell::Text(t) => t,
        _ => String::new(),
    }
}
