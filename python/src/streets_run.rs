//! `streets`: street-by-street equity in hold'em, short deck and Omaha, validated as `equity`
//! is and computed by `request::streets`: the columns of `sim equity --streets` (hi/lo games:
//! with `high`, `low` and `scoop`), in its row order (`request::streets_table`).

use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use request::cards::cards_text;
use request::streets::StreetsRequest;
use request::streets_table::lines;

use crate::equity_call::{EquityCall, base_meta, result_dict};
use crate::errors::value_error;
use crate::interrupt;

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
    let text = |f: &dyn Fn(&request::streets_table::StreetLine) -> String| -> Vec<String> {
        table.iter().map(f).collect()
    };
    columns.set_item("level", text(&|l| l.level.name().to_string()))?;
    columns.set_item("street", text(&|l| l.street.to_string()))?;
    columns.set_item("board", text(&|l| cards_text(&l.board)))?;
    columns.set_item("next", text(&|l| cards_text(&l.cards)))?;
    columns.set_item("hand", text(&|l| l.hand.clone()))?;
    columns.set_item(
        "method",
        text(&|l| if l.exact { "exact" } else { "monte_carlo" }.to_string()),
    )?;
    let whole = |f: &dyn Fn(&request::streets_table::StreetLine) -> u64| -> Vec<u64> {
        table.iter().map(f).collect()
    };
    columns.set_item(
        "player",
        PyArray1::from_vec(py, whole(&|l| l.player as u64)),
    )?;
    columns.set_item(
        "next_cards",
        PyArray1::from_vec(py, whole(&|l| l.next_cards as u64)),
    )?;
    columns.set_item("samples", PyArray1::from_vec(py, whole(&|l| l.samples)))?;
    type Float = fn(&request::streets_table::StreetLine) -> f64;
    let floats: [(&str, Float); 11] = [
        ("probability", |l| l.probability),
        ("equity", |l| l.equity),
        ("win", |l| l.win),
        ("tie", |l| l.tie),
        ("std_error", |l| l.std_error),
        ("min", |l| l.min),
        ("q1", |l| l.q1),
        ("median", |l| l.median),
        ("q3", |l| l.q3),
        ("max", |l| l.max),
        ("favourite", |l| l.favourite),
    ];
    for (name, f) in floats {
        let column: Vec<f64> = table.iter().map(f).collect();
        columns.set_item(name, PyArray1::from_vec(py, column))?;
    }
    if table.iter().any(|line| line.hilo.is_some()) {
        let hilo: [(&str, Float); 3] = [
            ("high", |l| l.hilo.map_or(0.0, |h| h.high)),
            ("low", |l| l.hilo.map_or(0.0, |h| h.low)),
            ("scoop", |l| l.hilo.map_or(0.0, |h| h.scoop)),
        ];
        for (name, f) in hilo {
            let column: Vec<f64> = table.iter().map(f).collect();
            columns.set_item(name, PyArray1::from_vec(py, column))?;
        }
    }
    let meta = base_meta(py, game, Some("streets"), threads)?;
    meta.set_item("board", cards_text(&request.board))?;
    meta.set_item("dead", cards_text(&request.dead))?;
    if sampled {
        meta.set_item("seed", request.seed.value)?;
    }
    result_dict(py, columns, meta)
}
