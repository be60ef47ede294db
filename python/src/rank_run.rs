//! `rank`: a starting hand's place in its game's shipped ranking, the classes of a percentage
//! span, or the whole ranking, validated and listed by the same `request::rank` calls as
//! `sim rank`, with its rows.

use engine::Command;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::rank::{RankAsk, RankRequest};
use request::rank_table::COLUMNS;

use crate::errors::value_error;
use crate::odds::named_game;
use crate::params::params_dict;
use crate::table::set_columns;

/// The rank table of `hand`, of the span `top`, or of every class; returns the columns of
/// `sim rank` and its parameters.
#[pyfunction]
#[pyo3(name = "rank", signature = (hand, top, ranking, game, trips_beat_straight))]
pub(crate) fn rank<'py>(
    py: Python<'py>,
    hand: Option<&str>,
    top: Option<&str>,
    ranking: Option<&str>,
    game: &str,
    trips_beat_straight: bool,
) -> PyResult<Bound<'py, PyDict>> {
    // Any game name is read as a game; the ranking then refuses those without one, in the
    // words of `sim rank`'s request.
    let game = named_game(game, trips_beat_straight, Command::Equity)?;
    let ask = RankAsk {
        ranking,
        hand,
        top,
        build: false,
    };
    let request = RankRequest::new(game, ask).map_err(value_error)?;
    let columns = PyDict::new(py);
    set_columns(py, &columns, &COLUMNS, &request.lines())?;
    let meta = params_dict(py, request::run_params::rank(&request, hand, top), 1)?;
    let result = PyDict::new(py);
    result.set_item("columns", columns)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
