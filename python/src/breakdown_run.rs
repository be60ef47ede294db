//! `breakdown`: hand-by-hand equity inside hold'em and short-deck ranges, validated as `equity`
//! is (`request::breakdown`) and computed by `holdem::breakdown`: the columns of
//! `sim equity --breakdown`, one entry per hand of each player's range, then one per class.

use holdem::breakdown::{HandTally, PlayerBreakdown};
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
}

impl Columns {
    /// Adds one row.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        player: usize,
        range: &str,
        level: &'static str,
        hand: String,
        class: String,
        combos: usize,
        weight: f64,
        tally: &HandTally,
        total: &HandTally,
        exact: bool,
    ) {
        let e = tally.equity(exact);
        self.player.push(player as u64);
        self.range.push(range.to_string());
        self.level.push(level);
        self.hand.push(hand);
        self.class.push(class);
        self.combos.push(combos as u64);
        self.weight.push(weight);
        self.frequency.push(tally.frequency_in(total));
        self.win.push(e.win);
        self.tie.push(e.tie);
        self.equity.push(e.equity);
        self.std_error.push(e.std_error);
        self.samples.push(e.samples);
        self.wins.push(e.wins);
        self.ties.push(e.ties);
        self.outcomes.push(e.outcomes);
    }

    /// Adds seat `player`'s rows (from 1): its hands, then its classes.
    fn add_player(&mut self, player: usize, b: &PlayerBreakdown, exact: bool) {
        let total = b.total();
        for h in &b.hands {
            let (hand, class) = (h.text(), h.class.name());
            let w = h.weight_share();
            self.push(
                player, &b.range, "hand", hand, class, 1, w, &h.tally, &total, exact,
            );
        }
        for c in b.classes() {
            let name = c.class.name();
            let w = c.mean_weight();
            let (n, t) = (c.combos, &c.tally);
            self.push(
                player,
                &b.range,
                "class",
                name.clone(),
                name,
                n,
                w,
                t,
                &total,
                exact,
            );
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
    let (spot, method) = (&request.spot, request.method.clone());
    let threads = request::threads::threads(threads).map_err(value_error)?;
    let result = interrupt::run(py, threads, |_| request.run())?.map_err(value_error)?;
    let exact = result.is_exact();
    let mut c = Columns::default();
    for (p, player) in result.players.iter().enumerate() {
        c.add_player(p + 1, player, exact);
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
    let meta = PyDict::new(py);
    meta.set_item("command", "equity")?;
    meta.set_item("breakdown", true)?;
    meta.set_item("game", game_name(game))?;
    meta.set_item("method", if exact { "exact" } else { "monte_carlo" })?;
    meta.set_item("board", cards_text(&spot.board))?;
    meta.set_item("dead", cards_text(&spot.dead))?;
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
