//! `sim hits --game holdem-hilo` end to end: hold'em's rows with hold'em's counts, then the low
//! rows (made lows exclusive, low draws), the `--improve` low columns, and the chart of the
//! table.

mod common;

use common::{csv_rows, sim_ok};

const HILO: [&str; 2] = ["--game", "holdem-hilo"];

/// `sim hits` with `args`, in hold'em hi/lo when `hilo`.
fn hits(args: &[&str], hilo: bool) -> String {
    let mut all = vec!["hits"];
    all.extend_from_slice(args);
    if hilo {
        all.extend_from_slice(&HILO);
    }
    sim_ok(&all)
}

#[test]
fn the_high_rows_are_holdems_and_the_low_rows_follow() {
    for (range, board) in [
        ("random", "Ah2c9d"),
        ("22+,A2s+,KTo+,T9s:0.5,54s", "4h5d9c8s"),
        ("A2,A3,34s,KK", "Ks9h5h3c2d"),
    ] {
        for improve in [false, true] {
            let mut args = vec![range, "--board", board];
            if improve {
                args.push("--improve");
            }
            let holdem = hits(&args, false);
            let hilo = hits(&args, true);
            let (holdem, hilo) = (csv_rows(&holdem), csv_rows(&hilo));
            let high_columns = holdem[0].len();
            // Every hold'em row, cell for cell, then the low rows.
            assert_eq!(holdem.len() + 5, hilo.len(), "{range} on {board}");
            for (a, b) in holdem.iter().zip(&hilo) {
                assert_eq!(a[..], b[..high_columns], "{range} on {board}");
            }
            let lows: Vec<&Vec<&str>> = hilo.iter().filter(|r| r[0] == "low").collect();
            let classes: Vec<&str> = lows.iter().map(|r| r[1]).collect();
            assert_eq!(classes, ["nut_low", "non_nut_low", "no_low"]);
            let total: u64 = hilo[1][2].parse().unwrap();
            let sum: u64 = lows.iter().map(|r| r[2].parse::<u64>().unwrap()).sum();
            assert_eq!(sum, total, "the made lows hold every combo once");
            let draws: Vec<&str> = hilo
                .iter()
                .filter(|r| r[0] == "low_draw")
                .map(|r| r[1])
                .collect();
            assert_eq!(draws, ["low_draw", "backdoor_low_draw"]);
            if improve {
                assert_eq!(hilo[0][high_columns..], ["river_low", "river_nut_low"]);
            }
        }
    }
}

#[test]
fn a_made_nut_low_keeps_its_low_on_every_runout() {
    // A-2 on 3-4-7: 7-4-3-2-A now, the best low two cards make; a low on every turn and river.
    let csv = hits(&["A2s,KK", "--board", "3h4d7c", "--improve"], true);
    let rows = csv_rows(&csv);
    let header = &rows[0];
    let at = |name: &str| header.iter().position(|c| *c == name).unwrap();
    let row = |class: &str| rows.iter().find(|r| r[1] == class).unwrap();
    assert_eq!(row("nut_low")[at("combos")], "4");
    assert_eq!(row("no_low")[at("combos")], "6");
    assert_eq!(row("nut_low")[at("river_low")], "1.000000000000000");
    // KK holds no low card, but the board plays: two more low ranks of A, 2, 5, 6, 8 on the turn
    // and river (160 of the 1,081 pairs) give it the board's low, always beaten.
    let board_low: f64 = row("no_low")[at("river_low")].parse().unwrap();
    assert!((board_low - 160.0 / 1081.0).abs() < 1e-12, "{board_low}");
    assert_eq!(row("no_low")[at("river_nut_low")], "0.000000000000000");
    assert_eq!(row("backdoor_low_draw")[at("combos")], "6");
    // Nobody can beat 7-4-3-2-A... but a 5-6 or an A-5 on the turn and river can: the nut low
    // by the river is rarer than the low.
    let nut: f64 = row("nut_low")[at("river_nut_low")].parse().unwrap();
    assert!(0.5 < nut && nut < 1.0, "{nut}");
    // An empty class has none.
    assert_eq!(row("non_nut_low")[at("river_nut_low")], "");
}

#[test]
fn the_chart_draws_the_high_classes_of_a_hilo_table() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("hits.csv");
    let svg = dir.path().join("hits.svg");
    let table_text = table.to_str().unwrap();
    hits(
        &["A2,A3,34s,KK", "--board", "4h5d9c", "--out", table_text],
        true,
    );
    sim_ok(&["plot", "hits", table_text, "--out", svg.to_str().unwrap()]);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains("ace_high") && !drawn.contains("no_low"));
}
