//! `hits`: what a hold'em or short-deck range hits on a board, validated as `sim`'s
//! `HitsConfig::try_from` validates and computed by the same `hits` library calls as
//! `sim hits`, with its rows: the range first, then every class in table order.

use engine::Command;
use eval::Category;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::cards::cards_text;
use request::hits::ImproveRow;

use crate::errors::value_error;
use crate::odds::{game_name, named_game};

/// A float column: a numpy array, or a list holding `None` where `sim` writes null.
fn float_column<'py>(py: Python<'py>, values: Vec<Option<f64>>) -> PyResult<Bound<'py, PyAny>> {
    if values.iter().all(Option::is_some) {
        Ok(PyArray1::from_vec(py, values.into_iter().flatten().collect()).into_any())
    } else {
        values.into_pyobject(py).map(Bound::into_any)
    }
}

/// The hits table of `range` on `board`; returns the columns of `sim hits` and its parameters.
#[pyfunction]
#[pyo3(name = "hits", signature = (range, board, dead, game, trips_beat_straight, combos, improve))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn hits<'py>(
    py: Python<'py>,
    range: &str,
    board: &str,
    dead: &str,
    game: &str,
    trips_beat_straight: bool,
    combos: bool,
    improve: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = named_game(game, trips_beat_straight, Command::Hits)?;
    let request = request::hits::hits_request(game, range, board, dead).map_err(value_error)?;
    let (table, improved) = py
        .detach(|| request::hits::run(&request, improve))
        .map_err(value_error)?;
    let mut kind = vec!["range"];
    let mut class = vec!["all"];
    let mut count = vec![table.total_combos as u64];
    let mut weight = vec![table.total_weight];
    let mut share = vec![1.0];
    let mut hands = vec![table.combos_range_text()];
    for row in &table.rows {
        kind.push(row.class.kind());
        class.push(row.class.name());
        count.push(row.combos as u64);
        weight.push(row.weight);
        share.push(row.share);
        if combos {
            hands.push(table.class_range_text(row.class));
        }
    }
    let columns = PyDict::new(py);
    columns.set_item("kind", kind)?;
    columns.set_item("class", class)?;
    columns.set_item("combos", PyArray1::from_vec(py, count))?;
    columns.set_item(
        "weighted_combos",
        PyArray1::from_vec(py, weight.iter().map(|&w| w as f64 / 1000.0).collect()),
    )?;
    columns.set_item("share", PyArray1::from_vec(py, share))?;
    if combos {
        columns.set_item("hands", hands)?;
    }
    if let Some(improved) = &improved {
        let rows: Vec<&ImproveRow> = std::iter::once(&improved.range)
            .chain(&improved.rows)
            .collect();
        for category in Category::ALL {
            let column = rows
                .iter()
                .map(|r| (r.combos > 0).then(|| r.probability(category)))
                .collect();
            columns.set_item(
                format!("river_{}", category.name()),
                float_column(py, column)?,
            )?;
        }
    }
    let meta = PyDict::new(py);
    meta.set_item("command", "hits")?;
    meta.set_item("game", game_name(game))?;
    meta.set_item("range", &request.range.text)?;
    meta.set_item("board", cards_text(&request.board))?;
    meta.set_item("dead", cards_text(&request.dead))?;
    meta.set_item("runouts_per_combo", improved.as_ref().map(|t| t.runouts))?;
    let result = PyDict::new(py);
    result.set_item("columns", columns)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
