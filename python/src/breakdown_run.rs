//! `breakdown`: hand-by-hand equity inside the players' ranges (hold'em, short deck, Omaha,
//! stud down-card ranges), validated and computed by `request::breakdown`: the columns of
//! `sim equity --breakdown`, one entry per hand of each player's range, then one per class
//! (hi/lo games add the hi/lo columns).

use engine::{BreakdownEntry, PlayerRows};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use engine::Command;
use request::breakdown::BreakdownRequest;
use request::cards::cards_text;
use request::equity::EquityArgs;

use crate::errors::value_error;
use crate::interrupt;
use crate::odds::{game_name, named_game};

/// The rows of a breakdown as columns, in `sim`'s row order.
#[derive(Default)]
struct Columns {
    player: Vec<u64>,
    range: Vec<String>,
    level: Vec<&'static str>,
    hand: Vec<String>,
    class: Vec<String>,
    combos: Vec<u64>,
    weight: Vec<f64>,
    frequency: Vec<f64>,
    win: Vec<f64>,
    tie: Vec<f64>,
    equity: Vec<f64>,
    std_error: Vec<f64>,
    samples: Vec<u64>,
    wins: Vec<u128>,
    ties: Vec<u128>,
    outcomes: Vec<u128>,
    high: Vec<f64>,
    low: Vec<f64>,
    scoop: Vec<f64>,
    scoops: Vec<u64>,
    pot_units: Vec<u64>,
    units_per_pot: Vec<u64>,
}

impl Columns {
    /// Adds one row of seat `player`.
    fn push(&mut self, player: usize, range: &str, level: &'static str, e: &BreakdownEntry) {
        let q = &e.equity;
        self.player.push(player as u64);
        self.range.push(range.to_string());
        self.level.push(level);
        self.hand.push(e.hand.clone());
        self.class.push(e.class.clone());
        self.combos.push(e.combos as u64);
        self.weight.push(e.weight);
        self.frequency.push(e.frequency);
        self.win.push(q.win);
        self.tie.push(q.tie);
        self.equity.push(q.equity);
        self.std_error.push(q.std_error);
        self.samples.push(q.samples);
        self.wins.push(q.wins);
        self.ties.push(q.ties);
        self.outcomes.push(q.outcomes);
        let h = q.hilo.unwrap_or_default();
        self.high.push(h.high);
        self.low.push(h.low);
        self.scoop.push(h.scoop);
        self.scoops.push(h.scoops);
        self.pot_units.push(h.pot_units);
        self.units_per_pot.push(h.units_per_pot);
    }

    /// Adds a player's rows: its hands, then its classes.
    fn add_player(&mut self, b: &PlayerRows) {
        for e in &b.hands {
            self.push(b.seat, &b.range, "hand", e);
        }
        for e in &b.classes {
            self.push(b.seat, &b.range, "class", e);
        }
    }
}

/// The breakdown of `players` (range texts); returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(name = "breakdown", signature = (players, board, dead, exact, rounds, seed, target_stderr, threads, opponents, game="holdem", trips_beat_straight=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn breakdown_table<'py>(
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
    let request = BreakdownRequest::new(&EquityArgs {
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
    let method = request.method().clone();
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let result = interrupt::run(py, threads, |_| request.run())?.map_err(value_error)?;
    let exact = result.is_exact();
    let mut c = Columns::default();
    for player in &result.players {
        c.add_player(player);
    }
    let table = PyDict::new(py);
    table.set_item("player", PyArray1::from_vec(py, c.player))?;
    table.set_item("range", c.range)?;
    table.set_item("level", c.level)?;
    table.set_item("hand", c.hand)?;
    table.set_item("class", c.class)?;
    table.set_item("combos", PyArray1::from_vec(py, c.combos))?;
    for (name, column) in [
        ("weight", c.weight),
        ("frequency", c.frequency),
        ("win", c.win),
        ("tie", c.tie),
        ("equity", c.equity),
        ("std_error", c.std_error),
    ] {
        table.set_item(name, PyArray1::from_vec(py, column))?;
    }
    table.set_item("samples", PyArray1::from_vec(py, c.samples))?;
    for (name, column) in [("wins", c.wins), ("ties", c.ties), ("outcomes", c.outcomes)] {
        table.set_item(name, PyList::new(py, column)?)?;
    }
    // Hi/lo games: the columns of the plain hi/lo table, after the others as in sim's CSV.
    if game.is_hilo() {
        for (name, column) in [("high", c.high), ("low", c.low), ("scoop", c.scoop)] {
            table.set_item(name, PyArray1::from_vec(py, column))?;
        }
        for (name, column) in [
            ("scoops", c.scoops),
            ("pot_units", c.pot_units),
            ("units_per_pot", c.units_per_pot),
        ] {
            table.set_item(name, PyArray1::from_vec(py, column))?;
        }
    }
    let meta = PyDict::new(py);
    meta.set_item("command", "equity")?;
    meta.set_item("breakdown", true)?;
    meta.set_item("game", game_name(game))?;
    meta.set_item("method", if exact { "exact" } else { "monte_carlo" })?;
    let equity = &request.equity;
    match equity.shared_last_card() {
        Some(shared) => meta.set_item("shared_last_card", shared)?,
        None => meta.set_item("board", cards_text(equity.board()))?,
    }
    meta.set_item("dead", cards_text(equity.dead()))?;
    if let engine::Method::MonteCarlo {
        rounds,
        seed,
        target_stderr,
    } = method
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
