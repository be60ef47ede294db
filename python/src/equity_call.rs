//! What `equity`, `breakdown`, `distribution` and `streets` share: the arguments of a `sim
//! equity` run, passed from Python as one dictionary (checked there, `pokerodds._equity_call`),
//! and the parameters their results share.

use engine::{Command, Game, Method};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use request::equity::{EquityArgs, EquityRequest};

use crate::errors::value_error;
use crate::odds::named_game;
use crate::params::params_dict;

/// The arguments of a `sim equity` run, as `pokerodds._equity_call` passes them.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct EquityCall {
    /// One hand or range per player.
    players: Vec<String>,
    /// `--board`.
    board: String,
    /// `--dead`.
    dead: String,
    /// `--exact` (`Some(true)`), Monte Carlo (`Some(false)`), or the automatic choice.
    exact: Option<bool>,
    /// `--rounds`.
    rounds: Option<u64>,
    /// `--seed`.
    seed: Option<u64>,
    /// `--target-stderr`.
    target_stderr: Option<f64>,
    /// `--threads`.
    threads: Option<usize>,
    /// `--opponents`.
    opponents: Option<usize>,
    /// `--game`.
    game: String,
    /// `--trips-beat-straight`.
    trips_beat_straight: bool,
    /// The game's own options (`engine::GameOption`), `(name, text)` each, as the keywords
    /// beyond the shared ones were given.
    options: Vec<(String, String)>,
    /// `--ranking`.
    ranking: Option<String>,
}

impl EquityCall {
    /// The game, checked as `sim equity --game` checks it.
    pub(crate) fn game(&self) -> PyResult<Game> {
        named_game(&self.game, self.trips_beat_straight, Command::Equity)
    }

    /// The request layer's arguments, in `game`.
    pub(crate) fn args(&self, game: Game) -> EquityArgs<'_> {
        EquityArgs {
            game,
            players: &self.players,
            board: &self.board,
            dead: &self.dead,
            exact: self.exact,
            rounds: self.rounds,
            target_stderr: self.target_stderr,
            opponents: self.opponents,
            seed: self.seed,
            options: &self.options,
            ranking: self.ranking.as_deref(),
        }
    }

    /// The worker threads, checked as `sim --threads` checks them.
    pub(crate) fn threads(&self) -> PyResult<usize> {
        request::threads::threads(self.threads).map_err(value_error)
    }
}

/// The parameters of an equity run of `request` (`request::run_params::equity`, with `view`
/// set to `breakdown` or `distribution` for those views), with the threads and, for Monte
/// Carlo `method`s, the rounds and standard-error target the Python result also keeps.
pub(crate) fn run_meta<'py>(
    py: Python<'py>,
    request: &EquityRequest,
    view: Option<&'static str>,
    (method, exact): (&Method, bool),
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let params = request::run_params::equity(request, view, method, exact);
    let meta = params_dict(py, params, threads)?;
    if let &Method::MonteCarlo {
        rounds,
        target_stderr,
        ..
    } = method
    {
        meta.set_item("rounds", rounds)?;
        meta.set_item("target_stderr", target_stderr)?;
    }
    Ok(meta)
}

/// A result as the Python layer takes it: `{"columns": columns, "meta": meta}`.
pub(crate) fn result_dict<'py>(
    py: Python<'py>,
    columns: Bound<'py, PyDict>,
    meta: Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyDict>> {
    let result = PyDict::new(py);
    result.set_item("columns", columns)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
