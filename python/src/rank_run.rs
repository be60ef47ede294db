//! `rank`: a starting hand's place in its game's shipped ranking, the classes of a percentage
//! span, or the whole ranking, validated and listed by the same `request::rank` calls as
//! `sim rank`, with its rows: the `rank` table, in four-card Omaha the `rank_omaha` table, in the
//! stud games the `rank_stud` table, in the draw games the `rank_draw` table (named under
//! `table`).

use engine::Command;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::rank::{RankAsk, RankRun};
use request::{counted_rank_table, rank_table};

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
        ..RankAsk::default()
    };
    let columns = PyDict::new(py);
    let (table, params) = match RankRun::new(game, ask).map_err(value_error)? {
        RankRun::TwoCard(request) => {
            set_columns(py, &columns, &rank_table::COLUMNS, &request.lines())?;
            ("rank", request::run_params::rank(&request, hand, top))
        }
        RankRun::Counted(request) => {
            let counted = request.counted;
            let rows = request.lines();
            set_columns(py, &columns, counted_rank_table::columns_of(counted), &rows)?;
            (
                counted_rank_table::table_name(counted),
                request::run_params::counted_rank(&request, hand, top),
            )
        }
    };
    let meta = params_dict(py, params, 1)?;
    let result = PyDict::new(py);
    result.set_item("table", table)?;
    result.set_item("columns", columns)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
