//! Hand evaluation: one hand from text, or a numpy array of hands with the GIL released.

use deck::{Card, parse_cards};
use eval::evaluate;
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

/// A row that is not a hand.
enum BadRow {
    /// A value of 52 or more at (row, column).
    Index(usize, usize, u8),
    /// A card twice in the row.
    Duplicate(usize),
}

/// The strengths of every row of `hands` (shape `(n, 5..=7)`, card indices), evaluated with the
/// GIL released.
#[pyfunction]
pub(crate) fn evaluate_batch<'py>(
    py: Python<'py>,
    hands: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let view = hands.as_array();
    let (_, width) = view.dim();
    let evaluated = py.detach(move || match width {
        5 => Ok(evaluate_rows::<5>(view)),
        6 => Ok(evaluate_rows::<6>(view)),
        7 => Ok(evaluate_rows::<7>(view)),
        _ => Err(width),
    });
    let strengths = match evaluated {
        Ok(Ok(strengths)) => strengths,
        Err(width) => {
            return Err(value_error(format!(
                "hands must have 5 to 7 columns (cards), not {width}"
            )));
        }
        Ok(Err(BadRow::Index(row, column, value))) => {
            return Err(value_error(format!(
                "hands[{row}, {column}] = {value} is not a card index (0 to 51)"
            )));
        }
        Ok(Err(BadRow::Duplicate(row))) => {
            let cards: String = view
                .row(row)
                .iter()
                .map(|&i| Card::from_index(i).to_string())
                .collect();
            return Err(value_error(format!(
                "hands[{row}] holds a card twice: {cards}"
            )));
        }
    };
    Ok(PyArray1::from_vec(py, strengths))
}

/// Evaluates rows of `K` cards, checking each: indices below 52, no card twice.
fn evaluate_rows<const K: usize>(view: ArrayView2<'_, u8>) -> Result<Vec<u16>, BadRow> {
    let mut out = Vec::with_capacity(view.nrows());
    match view.as_slice() {
        Some(flat) => {
            for (row, cards) in flat.chunks_exact(K).enumerate() {
                let cards: &[u8; K] = cards.try_into().unwrap_or_else(|_| unreachable!());
                out.push(evaluate_row(row, cards)?);
            }
        }
        None => {
            for (row, cards) in view.rows().into_iter().enumerate() {
                let cards: [u8; K] = std::array::from_fn(|j| cards[j]);
                out.push(evaluate_row(row, &cards)?);
            }
        }
    }
    Ok(out)
}

#[inline(always)]
fn evaluate_row<const K: usize>(row: usize, indices: &[u8; K]) -> Result<u16, BadRow> {
    let mut seen = 0u64;
    let mut hand = [Card::from_index(0); K];
    for (column, (&index, card)) in indices.iter().zip(&mut hand).enumerate() {
        if usize::from(index) >= Card::COUNT {
            return Err(BadRow::Index(row, column, index));
        }
        seen |= 1 << index;
        *card = Card::from_index(index);
    }
    if seen.count_ones() as usize != K {
        return Err(BadRow::Duplicate(row));
    }
    Ok(evaluate(&hand).value())
}
