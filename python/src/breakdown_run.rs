//! `breakdown`: hand-by-hand equity inside the players' ranges (hold'em, short deck, Omaha,
//! stud down-card ranges), validated and computed by `request::breakdown`: the columns of
//! `sim equity --breakdown`, one entry per hand of each player's range, then one per class
//! (hi/lo games add the hi/lo columns).

use engine::{BreakdownEntry, PlayerRows};
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use request::breakdown::BreakdownRequest;

use crate::equity_call::{COUNTS, EquityCall, result_dict, run_meta, set_hilo_columns};
use crate::errors::value_error;
use crate::interrupt;

/// One row of a breakdown: the player's seat and range, the level (`hand` or `class`) and the
/// entry.
type Row<'a> = (usize, &'a str, &'static str, &'a BreakdownEntry);

/// A player's rows in `sim`'s order: its hands, then its classes.
fn player_rows(b: &PlayerRows) -> impl Iterator<Item = Row<'_>> {
    let hands = b
        .hands
        .iter()
        .map(|e| (b.seat, b.range.as_str(), "hand", e));
    let classes = b
        .classes
        .iter()
        .map(|e| (b.seat, b.range.as_str(), "class", e));
    hands.chain(classes)
}

/// The breakdown of `call`'s players (range texts); returns the columns and the run's
/// parameters.
#[pyfunction]
#[pyo3(name = "breakdown")]
pub(crate) fn breakdown_table<'py>(
    py: Python<'py>,
    call: EquityCall,
) -> PyResult<Bound<'py, PyDict>> {
    let game = call.game()?;
    let request = BreakdownRequest::new(&call.args(game)).map_err(value_error)?;
    let method = request.method().clone();
    let threads = call.threads()?;
    let result = interrupt::run(py, threads, |stop| {
        request.run_until_stopped(&|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("breakdown stopped"))?;
    let exact = result.is_exact();
    let rows: Vec<Row<'_>> = result.players.iter().flat_map(player_rows).collect();
    let text = |f: fn(&Row<'_>) -> String| rows.iter().map(f).collect::<Vec<_>>();
    let table = PyDict::new(py);
    let seats = rows.iter().map(|r| r.0 as u64).collect();
    table.set_item("player", PyArray1::from_vec(py, seats))?;
    table.set_item("range", text(|r| r.1.to_string()))?;
    table.set_item("level", rows.iter().map(|r| r.2).collect::<Vec<_>>())?;
    table.set_item("hand", text(|r| r.3.hand.clone()))?;
    table.set_item("class", text(|r| r.3.class.clone()))?;
    let combos = rows.iter().map(|r| r.3.combos as u64).collect();
    table.set_item("combos", PyArray1::from_vec(py, combos))?;
    type Float = fn(&BreakdownEntry) -> f64;
    let floats: [(&str, Float); 6] = [
        ("weight", |e| e.weight),
        ("frequency", |e| e.frequency),
        ("win", |e| e.equity.win),
        ("tie", |e| e.equity.tie),
        ("equity", |e| e.equity.equity),
        ("std_error", |e| e.equity.std_error),
    ];
    for (name, f) in floats {
        let column = rows.iter().map(|r| f(r.3)).collect();
        table.set_item(name, PyArray1::from_vec(py, column))?;
    }
    let samples = rows.iter().map(|r| r.3.equity.samples).collect();
    table.set_item("samples", PyArray1::from_vec(py, samples))?;
    for (name, f) in COUNTS {
        table.set_item(name, PyList::new(py, rows.iter().map(|r| f(&r.3.equity)))?)?;
    }
    // Hi/lo games: the columns of the plain hi/lo table, after the others as in sim's CSV.
    if game.is_hilo() {
        set_hilo_columns(py, &table, rows.iter().map(|r| &r.3.equity))?;
    }
    let meta = run_meta(
        py,
        &request.equity,
        Some("breakdown"),
        (&method, exact),
        threads,
    )?;
    result_dict(py, table, meta)
}
