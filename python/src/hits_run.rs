//! `hits`: what a hold'em, short-deck or hold'em hi/lo range hits on a board, validated as `sim`'s
//! `HitsConfig::try_from` validates and computed by the same `hits` library calls as
//! `sim hits`, with its rows: the range first, then every class in table order.

use engine::Command;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::hits_table::{columns, lines};

use crate::errors::value_error;
use crate::odds::named_game;
use crate::params::params_dict;
use crate::table::set_columns;

/// The hits table of `range` on `board`; returns the columns of `sim hits` and its parameters.
#[pyfunction]
#[pyo3(
    name = "hits",
    signature = (range, board, dead, game, trips_beat_straight, combos, improve, ranking)
)]
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
    ranking: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = named_game(game, trips_beat_straight, Command::Hits)?;
    let request =
        request::hits::hits_request(game, range, board, dead, ranking).map_err(value_error)?;
    let (table, improved) = py
        .detach(|| request::hits::run(&request, improve))
        .map_err(value_error)?;
    let columns_of_run = columns(combos, improved.is_some(), request.game.is_hilo());
    let columns = PyDict::new(py);
    set_columns(
        py,
        &columns,
        &columns_of_run,
        &lines(&table, combos, improved.as_ref()),
    )?;
    let meta = params_dict(
        py,
        request::run_params::hits(&request, improved.as_ref(), ranking),
        1,
    )?;
    let result = PyDict::new(py);
    result.set_item("columns", columns)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
