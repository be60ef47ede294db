//! Hand evaluation: one hand from text, or a numpy array of hands with the GIL released.

use std::sync::OnceLock;

use deck::{Card, parse_cards};
use eval::batch::{self, BadHand, ENV_VAR, EvalPath};
use eval::{HandRank, evaluate};
use numpy::ndarray::ArrayView2;
use numpy::{PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::errors::value_error;

/// The strength (`eval::HandRank`'s value: category in the top four bits, larger is stronger)
/// of the best five of the 5 to 7 cards in `text`.
#[pyfunction]
pub(crate) fn evaluate_value(text: &str) -> PyResult<u16> {
    let cards = parse_cards(text).map_err(|e| value_error(format!("'{text}': {e}")))?;
    if !(5..=7).contains(&cards.len()) {
        return Err(value_error(engine::EngineError::HandSize {
            cards: cards.len(),
            known: 0,
        }));
    }
    Ok(evaluate(&cards).value())
}

/// The batch evaluation path: `POKERODDS_EVAL_PATH` ([`eval::batch::ENV_VAR`]) if set, else the
/// fastest this CPU runs. Read once per process; a bad setting is the `ValueError` of every call
/// that needs the path.
fn eval_path() -> PyResult<EvalPath> {
    static PATH: OnceLock<Result<EvalPath, String>> = OnceLock::new();
    PATH.get_or_init(|| {
        // Read as `sim bench` reads it: a value that is not UTF-8 is an unknown name, not unset.
        let setting = std::env::var_os(ENV_VAR);
        let text = setting.as_ref().map(|s| s.to_string_lossy());
        EvalPath::from_setting(text.as_deref()).map_err(|err| format!("{ENV_VAR}: {err}"))
    })
    .clone()
    .map_err(value_error)
}

/// The name of the batch evaluation path `evaluate_batch` runs (`scalar`, `avx2` or `avx512`).
#[pyfunction]
pub(crate) fn eval_path_name() -> PyResult<&'static str> {
    Ok(eval_path()?.name())
}

/// The strengths of every row of `hands` (shape `(n, 5..=7)`, card indices), evaluated with the
/// GIL released by the batch evaluator ([`eval::batch`]) on the process's path.
#[pyfunction]
pub(crate) fn evaluate_batch<'py>(
    py: Python<'py>,
    hands: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let view = hands.as_array();
    let (_, width) = view.dim();
    let path = match width {
        5..=7 => eval_path()?,
        _ => {
            return Err(value_error(format!(
                "hands must have 5 to 7 columns (cards), not {width}"
            )));
        }
    };
    let evaluated = py.detach(move || match width {
        5 => evaluate_rows::<5>(path, view),
        6 => evaluate_rows::<6>(path, view),
        _ => evaluate_rows::<7>(path, view),
    });
    let strengths = match evaluated {
        Ok(strengths) => strengths,
        Err(BadHand::NotACard {
            hand,
            column,
            value,
        }) => {
            return Err(value_error(format!(
                "hands[{hand}, {column}] = {value} is not a card index (0 to 51)"
            )));
        }
        Err(BadHand::Repeated { hand }) => {
            let cards: String = view
                .row(hand)
                .iter()
                .map(|&i| Card::from_index(i).to_string())
                .collect();
            return Err(value_error(format!(
                "hands[{hand}] holds a card twice: {cards}"
            )));
        }
    };
    Ok(PyArray1::from_vec(py, strengths))
}

/// Checks and evaluates rows of `K` cards (a copy first when the array is not one contiguous
/// block of rows).
fn evaluate_rows<const K: usize>(
    path: EvalPath,
    view: ArrayView2<'_, u8>,
) -> Result<Vec<u16>, BadHand> {
    let copied: Vec<[u8; K]>;
    let rows: &[[u8; K]] = match view.as_slice() {
        Some(flat) => flat.as_chunks::<K>().0,
        None => {
            copied = view
                .rows()
                .into_iter()
                .map(|row| std::array::from_fn(|j| row[j]))
                .collect();
            &copied
        }
    };
    let mut out = vec![HandRank::from_value(0).unwrap_or_else(|| unreachable!()); rows.len()];
    batch::evaluate_checked(path, rows, &mut out)?;
    Ok(out.into_iter().map(HandRank::value).collect())
}
