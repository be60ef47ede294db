//! `equity`: the equity of 2 or more hands or ranges in any game that plays equity, validated by
//! the request layer (`request::equity`, as `sim equity` validates) and computed as `sim equity`
//! computes it, in pieces so that Ctrl-C can stop it (the pieces give the very numbers of one
//! call). Tiny exact spots are counted on the calling thread, skipping the pool.

use engine::{Command, Family, Method, PlayerEquity};
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use request::equity::{EquityArgs, EquityRequest};

use crate::errors::value_error;
use crate::interrupt;
use crate::odds::{game_name, named_game};

/// One integer column of a player's result.
type Count<T> = fn(&PlayerEquity) -> T;

/// The equity of `players` (range texts); returns per-player columns (with the hi/lo columns in
/// the games that split the pot) and the run's parameters.
#[pyfunction]
#[pyo3(name = "equity", signature = (players, board, dead, exact, rounds, seed, target_stderr, threads, opponents, game="holdem", trips_beat_straight=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn equity_table<'py>(
    py: Python<'py>,
    players: Vec<String>,
    board: &str,
    dead: &str,
    exact: Option<bool>,
    rounds: Option<u64>,
    seed: Option<u64>,
    target_stderr: Option<f64>,
    threads: Option<usize>,
    opponents: Option<usize>,
    game: &str,
    trips_beat_straight: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = named_game(game, trips_beat_straight, Command::Equity)?;
    let request = EquityRequest::new(&EquityArgs {
        game,
        players: &players,
        board,
        dead,
        exact,
        rounds,
        target_stderr,
        opponents,
        seed,
    })
    .map_err(value_error)?;
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let outcome = if request.is_tiny() {
        py.detach(|| request.run().map(Some))
    } else {
        interrupt::run(py, threads, |stop| {
            request.run_until_stopped(&|| stop.requested())
        })?
    }
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("equity stopped"))?;
    let rows = &outcome.players;
    let column = |f: fn(&PlayerEquity) -> f64| PyArray1::from_vec(py, rows.iter().map(f).collect());
    let table = PyDict::new(py);
    table.set_item(
        "player",
        PyArray1::from_vec(py, (1..=rows.len() as u64).collect()),
    )?;
    table.set_item("hand", request.hands())?;
    table.set_item("win", column(|e| e.win))?;
    table.set_item("tie", column(|e| e.tie))?;
    table.set_item("equity", column(|e| e.equity))?;
    table.set_item("std_error", column(|e| e.std_error))?;
    if game.is_hilo() {
        table.set_item("high", column(|e| e.hilo.unwrap_or_default().high))?;
        table.set_item("low", column(|e| e.hilo.unwrap_or_default().low))?;
        table.set_item("scoop", column(|e| e.hilo.unwrap_or_default().scoop))?;
    }
    table.set_item(
        "samples",
        PyArray1::from_vec(py, rows.iter().map(|e| e.samples).collect()),
    )?;
    let counts: [(&str, Count<u128>); 3] = [
        ("wins", |e| e.wins),
        ("ties", |e| e.ties),
        ("outcomes", |e| e.outcomes),
    ];
    for (name, f) in counts {
        match game.family() {
            // Weighted hold'em and stud counts pass 2^64: Python integers.
            Family::Holdem | Family::Stud => {
                table.set_item(name, PyList::new(py, rows.iter().map(f))?)?;
            }
            // Omaha counts are unweighted outcomes: numpy integers.
            Family::Omaha => table.set_item(
                name,
                PyArray1::from_vec(py, rows.iter().map(|e| f(e) as u64).collect()),
            )?,
        }
    }
    if game.is_hilo() {
        let units: [(&str, Count<u64>); 3] = [
            ("scoops", |e| e.hilo.unwrap_or_default().scoops),
            ("pot_units", |e| e.hilo.unwrap_or_default().pot_units),
            ("units_per_pot", |e| {
                e.hilo.unwrap_or_default().units_per_pot
            }),
        ];
        for (name, f) in units {
            table.set_item(name, PyArray1::from_vec(py, rows.iter().map(f).collect()))?;
        }
    }
    let meta = PyDict::new(py);
    meta.set_item("command", "equity")?;
    meta.set_item("game", game_name(game))?;
    meta.set_item(
        "method",
        if outcome.method.is_exact() {
            "exact"
        } else {
            "monte_carlo"
        },
    )?;
    // Stud has no board: whether its last card is shared instead, as `sim equity` writes it.
    match request.shared_last_card() {
        Some(shared) => meta.set_item("shared_last_card", shared)?,
        None => meta.set_item("board", request::cards::cards_text(request.board()))?,
    }
    meta.set_item("dead", request::cards::cards_text(request.dead()))?;
    if let Method::MonteCarlo {
        rounds,
        seed,
        target_stderr,
    } = request.method
    {
        meta.set_item("seed", seed)?;
        meta.set_item("rounds", rounds)?;
        meta.set_item("target_stderr", target_stderr)?;
    }
    meta.set_item("threads", threads)?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
