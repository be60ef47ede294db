//! The `pokerodds._core` extension module: the workspace's library crates (`deck`, `eval`,
//! `engine`, and `request`, which alone runs the game families) called from Python, never the
//! `sim` binary.
//!
//! ```text
//!  Python: pokerodds/__init__.py (argument checks, result classes, docstrings)
//!            │ plain ints, floats, strings
//!            ▼
//!  _core:  cards ─ evaluation (numpy in, numpy out, GIL released)
//!          odds ── exact ── equity      (validated by the `request` crate, as `sim` is, then
//!            │                           run by the same library calls as `sim`'s cmd/*.rs)
//!            ▼
//!          interrupt::run: the work on a cached rayon pool, the GIL released; the calling
//!          thread polls for Ctrl-C and asks the work to stop at its next chunk boundary
//! ```
//!
//! Results cross back as dictionaries of numpy arrays and plain values, which the Python layer
//! wraps in picklable classes. Bad input becomes `ValueError` with the message `sim` prints.
#![deny(missing_docs)]

mod breakdown_run;
mod calling_run;
mod cards;
mod counts;
mod distribution_run;
mod equity;
mod equity_call;
mod errors;
mod evaluation;
mod hits_run;
mod interrupt;
mod odds;
mod params;
mod pools;
mod query_run;
mod rank_run;
mod runouts_run;
mod streets_run;
mod table;

use pyo3::prelude::*;

/// The `pokerodds._core` module.
#[pymodule]
#[pyo3(name = "_core")]
fn pokerodds(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(cards::card_index, m)?)?;
    m.add_function(wrap_pyfunction!(cards::card_name, m)?)?;
    m.add_function(wrap_pyfunction!(counts::parse_count, m)?)?;
    m.add_function(wrap_pyfunction!(cards::parse_hands, m)?)?;
    m.add_function(wrap_pyfunction!(evaluation::evaluate_value, m)?)?;
    m.add_function(wrap_pyfunction!(evaluation::evaluate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(evaluation::eval_path_name, m)?)?;
    m.add_function(wrap_pyfunction!(odds::odds, m)?)?;
    m.add_function(wrap_pyfunction!(odds::exact, m)?)?;
    m.add_function(wrap_pyfunction!(equity::equity_table, m)?)?;
    m.add_function(wrap_pyfunction!(hits_run::hits, m)?)?;
    m.add_function(wrap_pyfunction!(breakdown_run::breakdown_table, m)?)?;
    m.add_function(wrap_pyfunction!(calling_run::calling_range_table, m)?)?;
    m.add_function(wrap_pyfunction!(distribution_run::distribution_table, m)?)?;
    m.add_function(wrap_pyfunction!(streets_run::streets_table, m)?)?;
    m.add_function(wrap_pyfunction!(runouts_run::runouts_table, m)?)?;
    m.add_function(wrap_pyfunction!(rank_run::rank, m)?)?;
    m.add_function(wrap_pyfunction!(query_run::query_table, m)?)?;
    m.add("CATEGORIES", eval::Category::ALL.map(eval::Category::name))?;
    m.add(
        "CATEGORY_HANDS",
        eval::Category::ALL.map(eval::Category::hands),
    )?;
    m.add("GAMES", engine::GAMES.map(|g| g.name))?;
    m.add("GAME_OPTIONS", game_options(m.py())?)?;
    m.add("DEFAULT_ROUNDS", engine::DEFAULT_ROUNDS)?;
    m.add("MIN_BINS", request::distribution::MIN_BINS)?;
    m.add("TABLES", table::catalog(m.py())?)?;
    Ok(())
}

/// The games' own options by command (`engine::GameOption`): `{"equity": [(name, value
/// name, help, games), ...]}`, every command listed, for the keywords the wrappers pass on.
fn game_options(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    let options = pyo3::types::PyDict::new(py);
    for command in engine::Command::ALL {
        let declared: Vec<(&str, &str, &str, Vec<&str>)> = engine::GameOption::for_command(command)
            .into_iter()
            .map(|o| {
                let games = engine::GameOption::games_taking(o.name, command)
                    .into_iter()
                    .map(|id| id.spec().name)
                    .collect();
                (o.name, o.value_name, o.help, games)
            })
            .collect();
        options.set_item(command.name(), declared)?;
    }
    Ok(options)
}
