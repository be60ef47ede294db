//! `game="omaha…"`: Omaha equity and odds, validated as `sim`'s `OmahaEquityConfig` and
//! `OmahaOddsConfig` validate them and computed by the same `omaha` library calls as
//! `crates/sim/src/cmd/omaha_equity.rs` and `omaha_odds.rs`, so the same arguments give the same
//! numbers. Both stop on Ctrl-C between pieces of work.

use deck::{Card, parse_cards};
use engine::ChunkPlan;
use engine::estimate::estimates;
use engine::{Method, PlayerEquity};
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::equity_run::player_columns;
use crate::errors::value_error;
use crate::interrupt::{self, StopFlag};
use crate::odds::{estimate_table, odds_plan, resolve_seed};
use crate::pools::resolve_threads;

fn cards_arg(flag: &str, text: &str) -> PyResult<Vec<Card>> {
    parse_cards(text).map_err(|e| value_error(format!("--{flag} '{text}': {e}")))
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

/// `sim equity --game <variant>`: per-player columns (with the hi/lo columns for the hi/lo
/// games) and the run's parameters.
#[allow(clippy::too_many_arguments)]
pub(crate) fn equity<'py>(
    py: Python<'py>,
    variant: engine::Game,
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
    let mut ranges = players
        .iter()
        .map(|text| omaha::OmahaRange::parse(text, variant.hole_cards()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    if let Some(n) = opponents {
        if n == 0 {
            return Err(value_error("--opponents must be at least 1"));
        }
        for _ in 0..n.min(engine::MAX_PLAYERS + 1) {
            ranges.push(
                omaha::OmahaRange::parse("random", variant.hole_cards()).map_err(value_error)?,
            );
        }
    }
    let game = omaha::Spot::new(
        variant,
        ranges,
        cards_arg("board", board)?,
        cards_arg("dead", dead)?,
    )
    .map_err(value_error)?;
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
    let method = omaha::resolve(&asked, &game).map_err(value_error)?;
    let threads = resolve_threads(threads)?;
    let tally = interrupt::run(py, threads, |stop| count(&game, &method, stop))?
        .map_err(value_error)?
        .ok_or_else(|| PyKeyboardInterrupt::new_err("equity stopped"))?;
    let is_exact = method == Method::Exact;
    let rows = &tally.equities(is_exact, variant.is_hilo());
    let column = |f: fn(&PlayerEquity) -> f64| PyArray1::from_vec(py, rows.iter().map(f).collect());
    let counts = |f: fn(&PlayerEquity) -> u64| PyArray1::from_vec(py, rows.iter().map(f).collect());
    let hands = game.players.iter().map(|r| r.text.clone()).collect();
    let shares: [fn(&PlayerEquity) -> f64; 4] =
        [|e| e.win, |e| e.tie, |e| e.equity, |e| e.std_error];
    let table = player_columns(py, hands, shares.map(|f| rows.iter().map(f).collect()))?;
    if variant.is_hilo() {
        table.set_item("high", column(|e| e.hilo.unwrap_or_default().high))?;
        table.set_item("low", column(|e| e.hilo.unwrap_or_default().low))?;
        table.set_item("scoop", column(|e| e.hilo.unwrap_or_default().scoop))?;
    }
    table.set_item("samples", counts(|e| e.samples))?;
    table.set_item("wins", counts(|e| e.wins as u64))?;
    table.set_item("ties", counts(|e| e.ties as u64))?;
    table.set_item("outcomes", counts(|e| e.outcomes as u64))?;
    if variant.is_hilo() {
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
    meta.set_item("game", variant.name())?;
    meta.set_item("method", if is_exact { "exact" } else { "monte_carlo" })?;
    meta.set_item("board", cards_text(&game.board))?;
    meta.set_item("dead", cards_text(&game.dead))?;
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

/// The tally of a resolved method (`omaha::equity`'s), or `None` when stopped: Monte Carlo in
/// pieces, exact enumeration one combination of hands at a time, the stop flag read between.
fn count(
    game: &omaha::Spot,
    method: &Method,
    stop: &StopFlag,
) -> Result<Option<engine::PotTally>, omaha::OmahaError> {
    match *method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            // Built here, before any worker needs them, as `omaha::equity` does.
            let _ = omaha::tables::Tables::get();
            let sampler = omaha::monte_carlo::Sampler::new(game, seed)?;
            let plan = ChunkPlan::with_chunk_rounds(rounds, omaha::monte_carlo::CHUNK_ROUNDS);
            // Pieces of a check's chunks (a million rounds) keep Ctrl-C prompt.
            let piece = omaha::monte_carlo::CHECK_CHUNKS;
            Ok(sampler
                .simulate_until_stopped(seed, &plan, target_stderr, piece, &|| stop.requested()))
        }
        _ => {
            let _ = omaha::tables::Tables::get();
            Ok(omaha::exact::enumerate_until_stopped(game, &|| {
                stop.requested()
            }))
        }
    }
}

/// `sim odds --game <variant>`: category columns (the exact ones `None` unless every hole card
/// is known) and the run's parameters.
#[allow(clippy::too_many_arguments)]
pub(crate) fn odds<'py>(
    py: Python<'py>,
    variant: engine::Game,
    cards: usize,
    known: &str,
    rounds: Option<u64>,
    seed: Option<u64>,
    threads: Option<usize>,
    target_stderr: Option<f64>,
    max_rounds: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    if cards != 7 {
        return Err(value_error(format!(
            "--cards is not supported with --game {variant}"
        )));
    }
    let known = cards_arg("known", known)?;
    if known.len() > variant.hole_cards() {
        return Err(value_error(omaha::OmahaError::TooManyKnown {
            known: known.len(),
            hole_cards: variant.hole_cards(),
        }));
    }
    let plan = odds_plan(rounds, target_stderr, max_rounds)?;
    let seed = resolve_seed(seed);
    let threads = resolve_threads(threads)?;
    let outcome = interrupt::run(py, threads, |stop| {
        // Pieces of 4 chunks keep Ctrl-C prompt (an Omaha-6 odds round evaluates 150 ways to
        // play a hand: 16 chunks took 0.8 s); the exact counts (every hole card known) take a
        // moment.
        let piece = 4;
        let counts = omaha::odds::simulate_until_stopped(
            variant,
            &known,
            seed,
            &plan,
            target_stderr,
            piece,
            &|| stop.requested(),
        )?;
        Some((counts, omaha::odds::exact(variant, &known)))
    })?;
    let Some((counts, exact)) = outcome else {
        return Err(PyKeyboardInterrupt::new_err("odds stopped"));
    };
    let rows = estimates(&counts, exact.as_ref().unwrap_or(&counts));
    let table = estimate_table(py, &rows, exact.is_some())?;
    let meta = PyDict::new(py);
    meta.set_item("command", "odds")?;
    meta.set_item("game", variant.name())?;
    meta.set_item("known", cards_text(&known))?;
    meta.set_item("rounds", counts.total())?;
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
