//! `sim exact` end to end: the reference tables, both counting methods, and completions of known
//! cards.

mod common;

use common::{counts_column, sim_ok};
use engine::choose::choose;

#[test]
fn exact_tables_match_the_reference_data() {
    let cases = [
        ("5", include_str!("../../../data/five_card_exact.csv")),
        ("6", include_str!("../../../data/six_card_exact.csv")),
        ("7", include_str!("../../../data/seven_card_exact.csv")),
    ];
    for (cards, reference) in cases {
        let table = sim_ok(&["exact", "--cards", cards]);
        assert!(table.starts_with("category,count,probability\n"), "{table}");
        assert_eq!(
            counts_column(&table),
            counts_column(reference),
            "{cards} cards"
        );
    }
}

#[test]
fn enumeration_agrees_with_combinatorial_counting() {
    let enumerated = sim_ok(&["exact", "--cards", "7", "--method", "enumerate"]);
    let combinatorial = sim_ok(&["exact", "--cards", "7", "--method", "combinatorial"]);
    assert_eq!(enumerated, combinatorial);
    assert_eq!(
        counts_column(&enumerated).iter().sum::<u64>(),
        choose(52, 7)
    );
}

#[test]
fn completions_of_known_cards_number_c_52_minus_k_n_minus_k() {
    for (cards, known, k) in [
        (7, "AsKd", 2),
        (7, "AsAh", 2),
        (7, "2c7d,Jh Qh 3s", 5),
        (7, "AsKsQsJsTs9s", 6),
        (6, "2c3c4c", 3),
        (6, "Td", 1),
        (5, "AhKhQhJh", 4),
        (5, "9c", 1),
    ] {
        let table = sim_ok(&["exact", "--cards", &cards.to_string(), "--known", known]);
        let total: u64 = counts_column(&table).iter().sum();
        assert_eq!(
            total,
            choose(52 - k, cards - k),
            "--cards {cards} --known {known}"
        );
    }
}

#[test]
fn a_four_card_royal_draw_completes_as_counted_by_hand() {
    // AhKhQhJh plus one of 48 cards: Th royal; 8 other hearts flush; three other tens straight;
    // an ace, king, queen or jack of another suit (12) pairs; the other 24 leave ace high.
    let table = sim_ok(&["exact", "--cards", "5", "--known", "AhKhQhJh"]);
    assert_eq!(counts_column(&table), [24, 12, 0, 0, 3, 8, 0, 0, 0, 1]);
}

#[test]
fn exact_json_has_the_rows_and_the_total() {
    let text = sim_ok(&["exact", "--cards", "6", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let rows = doc["rows"].as_array().expect("rows array");
    let counts: Vec<u64> = rows
        .iter()
        .map(|row| row["count"].as_u64().expect("count"))
        .collect();
    assert_eq!(
        counts,
        counts_column(include_str!("../../../data/six_card_exact.csv"))
    );
    assert_eq!(doc["total"].as_u64(), Some(choose(52, 6)));
    assert_eq!(doc["cards"].as_u64(), Some(6));
}
