//! `odds` and `exact`: the category tables of `sim odds` and `sim exact`, computed by the same
//! library calls with the same seeds and chunk plans (see `crates/sim/src/cmd/odds.rs`,
//! `long_run.rs` and `config.rs`), so the same arguments give the same numbers.

use deck::{Card, parse_cards};
use engine::driver::{self, CHUNKS_PER_THREAD, Job, Progress, Stop};
use engine::estimate::{CategoryEstimate, estimates};
use engine::exact_counts::{combinatorial_counts, enumerate_counts_of, exact_counts_of};
use engine::odds_loop::OddsChunks;
use engine::{CategoryCounts, ChunkPlan, Command, Game as Variant, HandSpec};
use eval::Category;
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::value_error;
use crate::games::{self, Game};
use crate::interrupt;
use crate::pools::resolve_threads;

/// The rounds cap of a `target_stderr` run without `max_rounds` (`sim`'s `DEFAULT_MAX_ROUNDS`).
const DEFAULT_MAX_ROUNDS: u64 = 1_000_000_000;

/// The rounds of an odds run without `rounds` (`sim odds`' default).
const DEFAULT_ROUNDS: u64 = 10_000_000;

/// The hand of `cards` and `known` in the game `variant`, checked as `sim`'s
/// `config::hand_spec` does.
fn hand_spec(variant: Variant, cards: usize, known: &str) -> PyResult<HandSpec> {
    let known: Vec<Card> =
        parse_cards(known).map_err(|e| value_error(format!("--known '{known}': {e}")))?;
    if (5..=7).contains(&cards) && known.len() >= cards {
        return Err(value_error(format!(
            "--known has {} cards but --cards {cards} allows at most {}",
            known.len(),
            cards - 1
        )));
    }
    HandSpec::of_game(variant, cards, known).map_err(value_error)
}

/// The chunks of an odds run: `rounds` rounds (10 million by default), or with a target at
/// most `max_rounds`; the checks and messages of `sim odds` (hold'em, short deck and Omaha).
pub(crate) fn odds_plan(
    rounds: Option<u64>,
    target_stderr: Option<f64>,
    max_rounds: Option<u64>,
) -> PyResult<ChunkPlan> {
    if let Some(e) = target_stderr
        && !(e.is_finite() && e > 0.0)
    {
        return Err(value_error(format!(
            "--target-stderr {e} must be a positive number"
        )));
    }
    if max_rounds.is_some() && target_stderr.is_none() {
        return Err(value_error(
            "--max-rounds caps a --target-stderr run; use --rounds for a fixed count",
        ));
    }
    if rounds.is_some() && target_stderr.is_some() {
        return Err(value_error(
            "--rounds cannot be used with --target-stderr (use --max-rounds to cap it)",
        ));
    }
    let plan = ChunkPlan::new(match target_stderr {
        Some(_) => max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS),
        None => rounds.unwrap_or(DEFAULT_ROUNDS),
    });
    if plan.rounds == 0 {
        let flag = if target_stderr.is_some() {
            "--max-rounds"
        } else {
            "--rounds"
        };
        return Err(value_error(format!("{flag} must be at least 1")));
    }
    Ok(plan)
}

/// One number of a category's estimate.
type Estimate = fn(&CategoryEstimate) -> f64;

/// The columns of an odds table (`sim odds`' CSV columns); the exact ones are numbers when
/// `exact_known`, else `None` as `sim` writes null (Omaha odds without every hole card).
pub(crate) fn estimate_table<'py>(
    py: Python<'py>,
    rows: &[CategoryEstimate],
    exact_known: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let column =
        |f: fn(&CategoryEstimate) -> f64| PyArray1::from_vec(py, rows.iter().map(f).collect());
    let table = PyDict::new(py);
    table.set_item(
        "category",
        rows.iter().map(|r| r.category.name()).collect::<Vec<_>>(),
    )?;
    table.set_item(
        "count",
        PyArray1::from_vec(py, rows.iter().map(|r| r.count).collect()),
    )?;
    table.set_item("probability", column(|r| r.probability))?;
    table.set_item("std_error", column(|r| r.std_error))?;
    table.set_item("ci95_low", column(|r| r.ci95_low))?;
    table.set_item("ci95_high", column(|r| r.ci95_high))?;
    let exact: [Estimate; 2] = [|r| r.exact_probability, |r| r.z_score];
    for (name, f) in ["exact_probability", "z_score"].into_iter().zip(exact) {
        if exact_known {
            table.set_item(name, column(f))?;
        } else {
            table.set_item(name, vec![None::<f64>; rows.len()])?;
        }
    }
    Ok(table)
}

/// The run's seed: as given, or drawn at random (and returned, so the run can be repeated).
pub(crate) fn resolve_seed(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(rand::random)
}

/// Monte Carlo category counts as `sim odds` computes them, with its exact probabilities,
/// z-scores and intervals. Returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(signature = (cards, known, rounds, seed, threads, target_stderr, max_rounds, game="holdem", trips_beat_straight=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn odds<'py>(
    py: Python<'py>,
    cards: usize,
    known: &str,
    rounds: Option<u64>,
    seed: Option<u64>,
    threads: Option<usize>,
    target_stderr: Option<f64>,
    max_rounds: Option<u64>,
    game: &str,
    trips_beat_straight: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = match Game::parse(game, trips_beat_straight)? {
        Game::Holdem(variant) => variant,
        Game::Omaha(variant) => {
            return crate::omaha_run::odds(
                py,
                variant,
                cards,
                known,
                rounds,
                seed,
                threads,
                target_stderr,
                max_rounds,
            );
        }
    };
    let hand = hand_spec(variant, cards, known)?;
    let plan = odds_plan(rounds, target_stderr, max_rounds)?;
    let seed = resolve_seed(seed);
    let threads = resolve_threads(threads)?;
    let outcome = interrupt::run(py, threads, |stop| {
        let mut progress = Progress {
            first: 0,
            next: 0,
            counts: CategoryCounts::default(),
        };
        let job = Job {
            seed,
            plan: &plan,
            range: 0..plan.chunks(),
        };
        let chunks = OddsChunks::new(&hand);
        let wave = CHUNKS_PER_THREAD * rayon::current_num_threads() as u64;
        let stopped = driver::drive(
            &job,
            wave,
            &mut progress,
            |chunk| chunks.run(chunk),
            |counts: &CategoryCounts| {
                target_stderr.is_some_and(|t| counts.every_std_error_below(t))
            },
            || stop.requested(),
            |_| Ok::<(), ()>(()),
        );
        let stopped = stopped.unwrap_or(Stop::Interrupted);
        if stopped == Stop::Interrupted {
            return None;
        }
        let exact = exact_counts_of(&hand);
        Some((stopped, progress.counts, exact))
    })?;
    let Some((stopped, counts, exact)) = outcome else {
        return Err(PyKeyboardInterrupt::new_err("odds stopped"));
    };
    let table = estimate_table(py, &estimates(&counts, &exact), true)?;
    let meta = PyDict::new(py);
    meta.set_item("command", "odds")?;
    meta.set_item("game", games::game_name(variant))?;
    meta.set_item("cards", hand.cards())?;
    meta.set_item("known", hand.known_text())?;
    meta.set_item("rounds", counts.total())?;
    meta.set_item("seed", seed)?;
    if let Some(target) = target_stderr {
        meta.set_item("target_stderr", target)?;
        meta.set_item("target_met", stopped == Stop::TargetMet)?;
    }
    meta.set_item("threads", threads)?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}

/// Exact category counts of every completion, as `sim exact` counts them: `method` is `auto`
/// (combinatorial without known cards, otherwise enumeration), `combinatorial` or `enumerate`.
#[pyfunction]
#[pyo3(signature = (cards, known, method, threads, game="holdem", trips_beat_straight=false))]
pub(crate) fn exact<'py>(
    py: Python<'py>,
    cards: usize,
    known: &str,
    method: &str,
    threads: Option<usize>,
    game: &str,
    trips_beat_straight: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = Game::parse(game, trips_beat_straight)?.holdem_only(Command::Exact)?;
    let hand = hand_spec(variant, cards, known)?;
    let holdem = variant == Variant::HOLDEM;
    let combinatorial = match method {
        "auto" => hand.known().is_empty() && holdem,
        "combinatorial" if !hand.known().is_empty() => {
            return Err(value_error(
                "--method combinatorial counts hands without known cards; use --method enumerate",
            ));
        }
        "combinatorial" if !holdem => {
            return Err(value_error(
                "--method combinatorial counts hold'em hands; short deck is counted with --method enumerate",
            ));
        }
        "combinatorial" => true,
        "enumerate" => false,
        other => {
            return Err(value_error(format!(
                "--method '{other}': want auto, combinatorial or enumerate"
            )));
        }
    };
    let threads = resolve_threads(threads)?;
    let counts = interrupt::run(py, threads, |_| {
        if combinatorial {
            combinatorial_counts(hand.cards())
        } else {
            enumerate_counts_of(&hand)
        }
    })?;
    let table = PyDict::new(py);
    table.set_item("category", Category::ALL.map(Category::name).to_vec())?;
    table.set_item(
        "count",
        PyArray1::from_vec(py, Category::ALL.map(|c| counts.get(c)).to_vec()),
    )?;
    table.set_item(
        "probability",
        PyArray1::from_vec(py, Category::ALL.map(|c| counts.probability(c)).to_vec()),
    )?;
    let meta = PyDict::new(py);
    meta.set_item("command", "exact")?;
    meta.set_item("game", games::game_name(variant))?;
    meta.set_item("cards", hand.cards())?;
    meta.set_item("known", hand.known_text())?;
    meta.set_item("total", counts.total())?;
    meta.set_item(
        "method",
        if combinatorial {
            "combinatorial"
        } else {
            "enumerate"
        },
    )?;
    let result = PyDict::new(py);
    result.set_item("columns", table)?;
    result.set_item("meta", meta)?;
    Ok(result)
}
