//! Cards as text and as indices (`rank * 4 + suit`: `2c` = 0, `2d` = 1, … `As` = 51).

use deck::{Card, parse_cards};
use numpy::PyArray2;
use numpy::ndarray::Array2;
use pyo3::prelude::*;

use crate::errors::value_error;

/// The index of one card (`"As"` → 51), with `deck`'s notation: `Th` or `10h`, any case.
#[pyfunction]
pub(crate) fn card_index(text: &str) -> PyResult<u8> {
    text.trim()
        .parse::<Card>()
        .map(Card::to_u8)
        .map_err(value_error)
}

/// The text of card `index` (51 → `"As"`).
#[pyfunction]
pub(crate) fn card_name(index: u8) -> PyResult<String> {
    if usize::from(index) >= Card::COUNT {
        return Err(value_error(format!(
            "card index {index} is not below {}",
            Card::COUNT
        )));
    }
    Ok(Card::from_index(index).to_string())
}

/// Parses hands of equal size (`"AsKsQsJsTs9h2c"`, `"As Ks Qs …"`) into a `uint8` array of
/// shape `(len(hands), cards)`.
#[pyfunction]
pub(crate) fn parse_hands<'py>(
    py: Python<'py>,
    hands: Vec<String>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let mut width = None;
    let mut flat = Vec::new();
    for (i, text) in hands.iter().enumerate() {
        let cards =
            parse_cards(text).map_err(|e| value_error(format!("hand {i} '{text}': {e}")))?;
        match width {
            None => width = Some(cards.len()),
            Some(w) if w != cards.len() => {
                return Err(value_error(format!(
                    "hand {i} '{text}' has {} cards, hand 0 has {w}: every hand needs the same number",
                    cards.len()
                )));
            }
            Some(_) => {}
        }
        flat.extend(cards.iter().map(|c| c.to_u8()));
    }
    let width = width.unwrap_or(0);
    let array = Array2::from_shape_vec((hands.len(), width), flat)
        .map_err(|e| value_error(format!("cannot shape the hands: {e}")))?;
    Ok(PyArray2::from_owned_array(py, array))
}
