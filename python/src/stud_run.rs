//! `game="stud"`, `"stud-hilo"`, `"razz"`: stud equity and odds, validated as `sim`'s
//! `config::stud` validates them and computed by the same `stud` library calls as
//! `crates/sim/src/cmd/stud_equity.rs` and `stud_tables.rs`, so the same arguments give the
//! same numbers. Both stop on Ctrl-C between pieces of work.

use deck::{Card, parse_cards};
use engine::estimate::{Z95, wilson_interval};
use engine::{ChunkPlan, Method, PlayerEquity};
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use stud::{Chart, StudHand, StudSpot};

use crate::equity_run::player_columns;
use crate::errors::value_error;
use crate::interrupt;
use crate::odds::{odds_plan, resolve_seed};
use crate::pools::resolve_threads;

fn cards_arg(flag: &str, text: &str) -> PyResult<Vec<Card>> {
    parse_cards(text).map_err(|e| value_error(format!("--{flag} '{text}': {e}")))
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

/// `sim equity --game <stud game>`: per-player columns (with the hi/lo columns for stud hi/lo)
/// and the run's parameters.
#[allow(clippy::too_many_arguments)]
pub(crate) fn equity<'py>(
    py: Python<'py>,
    game: stud::Game,
    players: &[String],
    board: &str,
    dead: &str,
    exact: Option<bool>,
    rounds: Option<u64>,
    seed: Option<u64>,
    target_stderr: Option<f64>,
    threads: Option<usize>,
    opponents: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    if !board.trim().is_empty() {
        return Err(value_error(format!(
            "--board is not used in {game}: give each player's up cards with the player; when the deck runs short the last card is shared by rule"
        )));
    }
    let mut hands = players
        .iter()
        .map(|text| StudHand::parse(text))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    if let Some(n) = opponents {
        if n == 0 {
            return Err(value_error("--opponents must be at least 1"));
        }
        for _ in 0..n.min(stud::spot::MAX_PLAYERS + 1) {
            hands.push(StudHand::parse("").map_err(value_error)?);
        }
    }
    let spot = StudSpot::new(game, hands, cards_arg("dead", dead)?).map_err(value_error)?;
    if exact == Some(true) && (rounds.is_some() || target_stderr.is_some()) {
        return Err(value_error(
            "--exact cannot be used with --rounds or --target-stderr",
        ));
    }
    let seed = resolve_seed(seed);
    let asked = if exact == Some(true) {
        Method::Exact
    } else if exact == Some(false) || rounds.is_some() || target_stderr.is_some() {
        Method::MonteCarlo {
            rounds: rounds.unwrap_or_else(|| Method::default_rounds(target_stderr)),
            seed,
            target_stderr,
        }
    } else {
        Method::Auto { seed }
    };
    let method = stud::resolve(&asked, &spot).map_err(value_error)?;
    let threads = resolve_threads(threads)?;
    let result = interrupt::run(py, threads, |stop| {
        stud::equity_until_stopped(&spot, &method, &|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("equity stopped"))?;
    let is_exact = result.is_exact();
    let rows = &result.players;
    let column = |f: fn(&PlayerEquity) -> f64| PyArray1::from_vec(py, rows.iter().map(f).collect());
    let counts = |f: fn(&PlayerEquity) -> u64| PyArray1::from_vec(py, rows.iter().map(f).collect());
    let wide = |f: fn(&PlayerEquity) -> u128| -> Vec<u128> { rows.iter().map(f).collect() };
    let labels = spot.players.iter().map(|p| p.text.clone()).collect();
    let shares: [fn(&PlayerEquity) -> f64; 4] =
        [|e| e.win, |e| e.tie, |e| e.equity, |e| e.std_error];
    let table = player_columns(py, labels, shares.map(|f| rows.iter().map(f).collect()))?;
    let hilo = game.is_hilo();
    if hilo {
        table.set_item("high", column(|e| e.hilo.unwrap_or_default().high))?;
        table.set_item("low", column(|e| e.hilo.unwrap_or_default().low))?;
        table.set_item("scoop", column(|e| e.hilo.unwrap_or_default().scoop))?;
    }
    table.set_item("samples", counts(|e| e.samples))?;
    // Weighted exact counts may pass 2^64: plain ints (the wrapper makes uint64 arrays when
    // they fit).
    table.set_item("wins", wide(|e| e.wins))?;
    table.set_item("ties", wide(|e| e.ties))?;
    table.set_item("outcomes", wide(|e| e.outcomes))?;
    if hilo {
        table.set_item("scoops", counts(|e| e.hilo.unwrap_or_default().scoops))?;
        table.set_item(
            "pot_units",
            counts(|e| e.hilo.unwrap_or_default().pot_units),
        )?;
        table.set_item(
            "units_per_pot",
            counts(|e| e.hilo.unwrap_or_default().units_per_pot),
        )?;
    }
    let meta = PyDict::new(py);
    meta.set_item("command", "equity")?;
    meta.set_item("game", game.name())?;
    meta.set_item("method", if is_exact { "exact" } else { "monte_carlo" })?;
    meta.set_item("dead", cards_text(&spot.dead))?;
    meta.set_item("shared_last_card", spot.community())?;
    if let Method::MonteCarlo {
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
    let out = PyDict::new(py);
    out.set_item("columns", table)?;
    out.set_item("meta", meta)?;
    Ok(out)
}

/// The table of a stud game's odds: stud's categories, razz's A-5 lows, stud hi/lo's
/// eight-or-better lows (as `sim odds --game …` writes them).
fn chart_of(game: stud::Game) -> Chart {
    match game {
        stud::Game::Stud => Chart::Categories,
        stud::Game::StudHiLo => Chart::EightLows,
        stud::Game::Razz => Chart::RazzLows,
    }
}

/// `sim odds --game <stud game>`: the rows of the game's table beside the exact counts, and
/// the run's parameters.
#[allow(clippy::too_many_arguments)]
pub(crate) fn odds<'py>(
    py: Python<'py>,
    game: stud::Game,
    cards: usize,
    known: &str,
    dead: &str,
    rounds: Option<u64>,
    seed: Option<u64>,
    threads: Option<usize>,
    target_stderr: Option<f64>,
    max_rounds: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    if cards != 7 {
        return Err(value_error(format!(
            "--cards is not supported with --game {game}"
        )));
    }
    let known = cards_arg("known", known)?;
    let dead = cards_arg("dead", dead)?;
    let plan: ChunkPlan = odds_plan(rounds, target_stderr, max_rounds)?;
    stud::odds::check(&known, &dead).map_err(value_error)?;
    let chart = chart_of(game);
    let seed = resolve_seed(seed);
    let threads = resolve_threads(threads)?;
    let outcome = interrupt::run(py, threads, |stop| {
        let sampled = stud::odds::odds_until_stopped(
            chart,
            &known,
            &dead,
            seed,
            &plan,
            target_stderr,
            stud::odds::TARGET_WAVE,
            &|| stop.requested(),
        );
        let exact = stud::exact_table(chart, &known, &dead);
        (sampled, exact)
    })?;
    let (sampled, exact) = outcome;
    let sampled = sampled
        .map_err(value_error)?
        .ok_or_else(|| PyKeyboardInterrupt::new_err("odds stopped"))?;
    let exact = exact.map_err(value_error)?;
    let n = sampled.total();
    let exact_total = exact.total() as f64;
    let rows = sampled.rows();
    let (mut probability, mut std_error, mut low, mut high, mut exact_p, mut z) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    for ((_, count, p), &e) in rows.iter().zip(exact.counts()) {
        let q = e as f64 / exact_total;
        let (lo, hi) = wilson_interval(*count, n, Z95);
        let null_sd = (q * (1.0 - q) / n as f64).sqrt();
        probability.push(*p);
        std_error.push((p * (1.0 - p) / n as f64).sqrt());
        low.push(lo);
        high.push(hi);
        exact_p.push(q);
        z.push(if null_sd > 0.0 {
            (p - q) / null_sd
        } else if *p == q {
            0.0
        } else {
            f64::INFINITY.copysign(p - q)
        });
    }
    let table = PyDict::new(py);
    table.set_item("category", rows.iter().map(|r| r.0).collect::<Vec<&str>>())?;
    table.set_item(
        "count",
        PyArray1::from_vec(py, rows.iter().map(|r| r.1).collect()),
    )?;
    for (name, column) in [
        ("probability", probability),
        ("std_error", std_error),
        ("ci95_low", low),
        ("ci95_high", high),
        ("exact_probability", exact_p),
        ("z_score", z),
    ] {
        table.set_item(name, PyArray1::from_vec(py, column))?;
    }
    let meta = PyDict::new(py);
    meta.set_item("command", "odds")?;
    meta.set_item("game", game.name())?;
    meta.set_item("table", chart.name())?;
    meta.set_item("known", cards_text(&known))?;
    meta.set_item("dead", cards_text(&dead))?;
    meta.set_item("rounds", n)?;
    meta.set_item("seed", seed)?;
    if let Some(target) = target_stderr {
        meta.set_item("target_stderr", target)?;
    }
    meta.set_item("threads", threads)?;
    let out = PyDict::new(py);
    out.set_item("columns", table)?;
    out.set_item("meta", meta)?;
    Ok(out)
}
