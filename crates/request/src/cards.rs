//! Card lists given as text: `AsKd`, `As Kd`, `As,Kd`, `10h`, any case.

use deck::{Card, parse_cards};

use crate::error::RequestError;

/// The cards of `text`, given with flag `--{flag}`.
///
/// # Errors
/// [`RequestError::Invalid`] naming the flag and the text: `--board 'Xx': malformed card …`.
pub fn cards(flag: &str, text: &str) -> Result<Vec<Card>, RequestError> {
    parse_cards(text).map_err(|e| RequestError::invalid(format!("--{flag} '{text}': {e}")))
}

/// Cards as text, e.g. `Qh7h2c`.
pub fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_lists_round_trip_and_bad_ones_name_the_flag() {
        assert_eq!(cards_text(&cards("board", "qh 7H,2c").unwrap()), "Qh7h2c");
        let refused = cards("dead", "Xx").unwrap_err().to_string();
        assert!(
            refused.starts_with("--dead 'Xx': malformed card"),
            "{refused}"
        );
    }
}
