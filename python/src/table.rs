//! The columns of any self-describing table of the request layer ([`request::table`]) as the
//! Python layer takes them, by each column's kind: floats as `float64` arrays, counts as
//! `uint64` arrays, exact counts (which can pass 2^64) as Python integers and text as strings;
//! and the catalog of those tables, from which the Python layer builds its result classes.

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use request::table::{Cell, Column, Kind};

/// Sets each of `columns` over `lines` as an item of `table`, keyed by the column's name: floats
/// as a `float64` array and counts as a `uint64` array, or, where a line has no value
/// ([`Cell::None`]), as a list holding `None` there; exact counts as Python integers and text
/// as strings.
pub(crate) fn set_columns<L>(
    py: Python<'_>,
    table: &Bound<'_, PyDict>,
    columns: &[Column<L>],
    lines: &[L],
) -> PyResult<()> {
    for column in columns {
        let cells: Vec<Cell> = lines.iter().map(|line| (column.value)(line)).collect();
        let any_none = cells.contains(&Cell::None);
        match column.kind {
            Kind::Text => {
                table.set_item(column.name, PyList::new(py, cells.into_iter().map(text))?)?
            }
            Kind::Exact => {
                table.set_item(column.name, PyList::new(py, cells.into_iter().map(int))?)?
            }
            Kind::Count | Kind::CountOrNone => {
                let counts = cells.into_iter().map(|cell| match cell {
                    Cell::None => None,
                    cell => Some(u64::try_from(int(cell)).unwrap_or(u64::MAX)),
                });
                if any_none {
                    table.set_item(column.name, PyList::new(py, counts)?)?
                } else {
                    table.set_item(
                        column.name,
                        PyArray1::from_vec(py, counts.flatten().collect()),
                    )?
                }
            }
            Kind::Share | Kind::ShareOrNone | Kind::Score | Kind::ScoreOrNone | Kind::Weight => {
                let floats = cells.into_iter().map(float);
                if any_none {
                    table.set_item(column.name, PyList::new(py, floats)?)?
                } else {
                    table.set_item(
                        column.name,
                        PyArray1::from_vec(py, floats.flatten().collect()),
                    )?
                }
            }
        }
    }
    Ok(())
}

/// The catalog of tables (`request::catalog`) as the Python layer reads it: each table's name
/// to its columns, each `(name, kind, doc, optional)`, the kind as `Kind::name` writes it.
pub(crate) fn catalog<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
    let catalog = PyDict::new(py);
    for table in request::catalog::tables() {
        let columns: Vec<_> = table
            .columns
            .iter()
            .map(|c| (c.name, c.kind.name(), c.doc, c.optional))
            .collect();
        catalog.set_item(table.name, columns)?;
    }
    Ok(catalog)
}

/// A float cell's value, `None` for [`Cell::None`] (0 for a cell of another kind, which a
/// column's kind rules out).
fn float(cell: Cell) -> Option<f64> {
    match cell {
        Cell::Float(x) => Some(x),
        Cell::None => None,
        _ => Some(0.0),
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
