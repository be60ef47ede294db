//! Property tests of the text parsers: no input makes them panic, and what they accept
//! round-trips through its canonical text.

use deck::{Card, parse_cards};
use proptest::prelude::*;
use sim::cli::count::parse_count;

/// Strings made of card-like pieces, so that accepted inputs are common, not only rejections.
fn cardish() -> impl Strategy<Value = String> {
    "([2-9TJQKAtjqka]|10)[cdhsCDHS]([ ,]?([2-9TJQKAtjqka]|10|1|X)[cdhsCDHSx]?){0,8}"
}

/// Strings made of count-like pieces.
fn countish() -> impl Strategy<Value = String> {
    "[0-9_]{0,12}(\\.[0-9]{0,4})?([eE]-?[0-9]{1,3})?[kKmMgGtTx]?"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn card_parsing_never_panics_and_round_trips(text in any::<String>()) {
        if let Ok(card) = text.parse::<Card>() {
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn every_card_round_trips(index in 0u8..52) {
        let card = Card::all().nth(usize::from(index)).unwrap();
        prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        prop_assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
    }

    #[test]
    fn card_lists_never_panic_and_round_trip(text in prop_oneof![any::<String>(), cardish()]) {
        if let Ok(cards) = parse_cards(&text) {
            let joined: String = cards.iter().map(ToString::to_string).collect();
            prop_assert_eq!(parse_cards(&joined), Ok(cards.clone()));
            let spaced: Vec<String> = cards.iter().map(ToString::to_string).collect();
            prop_assert_eq!(parse_cards(&spaced.join(", ")), Ok(cards.clone()));
            let mut seen = std::collections::HashSet::new();
            prop_assert!(cards.iter().all(|c| seen.insert(*c)), "duplicates accepted in {:?}", text);
        }
    }

    #[test]
    fn suits_as_symbols_parse_as_their_letters(text in cardish(), outlined in any::<bool>()) {
        let symbols: String = text
            .chars()
            .map(|c| match (c.to_ascii_lowercase(), outlined) {
                ('s', false) => '♠',
                ('h', false) => '♥',
                ('d', false) => '♦',
                ('c', false) => '♣',
                ('s', true) => '♤',
                ('h', true) => '♡',
                ('d', true) => '♢',
                ('c', true) => '♧',
                _ => c,
            })
            .collect();
        prop_assert_eq!(parse_cards(&symbols).ok(), parse_cards(&text).ok());
    }

    #[test]
    fn counts_never_panic_and_round_trip(text in prop_oneof![any::<String>(), countish()]) {
        if let Ok(n) = parse_count(&text) {
            prop_assert!(n > 0);
            prop_assert_eq!(parse_count(&n.to_string()), Ok(n));
        }
    }
}
