//! `sim hits` end to end: the table's columns and sums, --combos and --improve, JSON against
//! CSV, the game list's refusal of Omaha, and bad input as one-line usage errors.

mod common;

use common::{assert_fails, sim_ok};

/// The records of a CSV, header first (quoted fields unquoted).
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

const BASE: [&str; 5] = ["kind", "class", "combos", "weighted_combos", "share"];

/// The rows of a `sim hits` CSV as (kind, class, combos, weighted, share).
fn table(text: &str) -> Vec<(String, String, u64, f64, f64)> {
    csv_rows(text)
        .into_iter()
        .skip(1)
        .map(|r| {
            (
                r[0].to_string(),
                r[1].to_string(),
                r[2].parse().unwrap(),
                r[3].parse().unwrap(),
                r[4].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn made_rows_add_up_to_the_range_row() {
    let csv = sim_ok(&["hits", "22+,A2s+,KTo+,T9s:0.5", "--board", "Th9h8c"]);
    assert_eq!(csv_rows(&csv)[0], BASE);
    let rows = table(&csv);
    let (kind, class, combos, weighted, share) = rows[0].clone();
    assert_eq!(
        (kind.as_str(), class.as_str(), share),
        ("range", "all", 1.0)
    );
    let made: Vec<_> = rows.iter().filter(|r| r.0 == "made").collect();
    assert_eq!(made.iter().map(|r| r.2).sum::<u64>(), combos);
    assert!((made.iter().map(|r| r.3).sum::<f64>() - weighted).abs() < 1e-9);
    assert!((made.iter().map(|r| r.4).sum::<f64>() - 1.0).abs() < 1e-12);
    // Every class of the game is listed, the empty ones too: 21 made hands, 9 draws.
    assert_eq!(made.len(), 21);
    assert_eq!(rows.iter().filter(|r| r.0 == "draw").count(), 9);
    // T9s:0.5 on T98: 3 combos left (Th9h is on the board), each weighing half.
    let two_pair = rows.iter().find(|r| r.1 == "two_pair_top_two").unwrap();
    assert_eq!((two_pair.2, two_pair.3), (3, 1.5));
}

#[test]
fn combos_are_written_as_ranges_that_sim_hits_takes_back() {
    let csv = sim_ok(&["hits", "AA,KK:0.5,AKs", "--board", "Kh9h5c", "--combos"]);
    let rows = csv_rows(&csv);
    assert_eq!(rows[0][5], "hands");
    for row in &rows[1..] {
        let hands = row[5].as_str();
        let combos: usize = row[2].parse().unwrap();
        if combos == 0 {
            assert_eq!(hands, "", "{row:?}");
            continue;
        }
        assert_eq!(hands.split(',').count(), combos, "{row:?}");
        if row[0] == "made" {
            // The class's combos as a range are wholly in that class again.
            let again = table(&sim_ok(&["hits", hands, "--board", "Kh9h5c"]));
            let same = again.iter().find(|r| r.1 == row[1]).unwrap();
            assert_eq!((same.2, same.4), (combos as u64, 1.0), "{row:?}");
        }
    }
    assert_eq!(rows[1][5].split(',').count(), 12);
    let set = rows.iter().find(|r| r[1] == "set").unwrap();
    assert_eq!(set[5], "KdKc:0.5,KsKc:0.5,KsKd:0.5");
}

#[test]
fn improve_rows_are_probabilities_that_add_up_to_one() {
    let csv = sim_ok(&["hits", "random", "--board", "Ks9h5h7c", "--improve"]);
    let rows = csv_rows(&csv);
    assert_eq!(rows[0].len(), 15);
    assert_eq!(rows[0][5], "river_high_card");
    assert_eq!(rows[0][14], "river_royal_flush");
    for row in &rows[1..] {
        if row[2] == "0" {
            assert!(row[5..].iter().all(|c| c.is_empty()), "{row:?}");
            continue;
        }
        let total: f64 = row[5..].iter().map(|c| c.parse::<f64>().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-12, "{row:?}");
    }
    // A set on the turn ends at least as three of a kind.
    let set = rows.iter().find(|r| r[1] == "set").unwrap();
    assert_eq!(set[5..7], ["0.000000000000000", "0.000000000000000"]);
}

#[test]
fn json_holds_the_numbers_of_the_csv() {
    let args = ["hits", "QQ+,AK,T9s", "--board", "Qh Jh 2c", "--dead", "Ts"];
    let csv = table(&sim_ok(&args));
    let json = sim_ok(&[&args[..], &["--format", "json", "--improve"]].concat());
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["command"], "hits");
    assert_eq!(doc["board"], "QhJh2c");
    assert_eq!(doc["dead"], "Ts");
    // 52 - 3 on the board - 1 dead - 2 in the combo = 46 cards: C(46, 2) runouts.
    assert_eq!(doc["runouts_per_combo"], 1035);
    assert!(doc.get("game").is_none(), "hold'em tables name no game");
    let rows = doc["rows"].as_array().unwrap();
    assert_eq!(rows.len(), csv.len());
    for (j, c) in rows.iter().zip(&csv) {
        assert_eq!(j["class"], c.1.as_str());
        assert_eq!(j["combos"], c.2);
        assert!((j["share"].as_f64().unwrap() - c.4).abs() < 1e-15);
    }
}

#[test]
fn short_deck_tables_name_their_game_and_rules() {
    let json = sim_ok(&[
        "hits",
        "random",
        "--game",
        "shortdeck",
        "--trips-beat-straight",
        "--board",
        "9h8h7c",
        "--format",
        "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["game"], "shortdeck_trips_beat_straight");
    // 33 cards left: C(33, 2) combos.
    assert_eq!(doc["rows"][0]["combos"], 528);
    // Triton's rules rank trips above straights: the made rows say so by their order.
    let classes: Vec<&str> = doc["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["class"].as_str().unwrap())
        .collect();
    let at = |name| classes.iter().position(|c| *c == name).unwrap();
    assert!(at("set") < at("straight"));
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["hits", "random", "--board", "Ks9h"],
            &["the board takes 3, 4 or 5 cards", "got 2"],
        ),
        (
            &["hits", "random", "--board", ""],
            &["the board takes 3, 4 or 5 cards", "got 0"],
        ),
        (
            &["hits", "random", "--board", "Ks9h5h", "--game", "omaha"],
            &[
                "--game omaha: this command plays hold'em, short deck and hold'em hi/lo",
                "sim equity, sim odds and sim rank",
            ],
        ),
        (
            &["hits", "AhKh", "--board", "Ks9h5h", "--dead", "Kh"],
            &["range 'AhKh' is empty"],
        ),
        (
            &["hits", "AhKh", "--board", "Ks9h5x"],
            &["--board 'Ks9h5x'"],
        ),
        (
            &["hits", "AhKh", "--board", "Ks9h5h", "--dead", "Ks"],
            &["card Ks appears twice"],
        ),
        (
            &["hits", "A5s", "--board", "Ks9h8h", "--game", "shortdeck"],
            &["range 'A5s' holds 5", "not in the short deck"],
        ),
        (
            &["hits", "KK", "--board", "Ks9h5h", "--game", "shortdeck"],
            &["card 5h is not in the short deck"],
        ),
        (
            &["hits", "KK", "--board", "Ks9h5h", "--trips-beat-straight"],
            &["--trips-beat-straight is a short-deck rule"],
        ),
        (&["hits", "Q", "--board", "Ks9h5h"], &["cannot parse 'Q'"]),
        (
            &["hits", "random"],
            &["missing required arguments", "--board"],
        ),
    ];
    for (args, needles) in cases {
        assert_fails(d, args, 2, needles);
    }
    // Everything but AcAd and the board dead: no turn and river left for --improve (it wrote
    // NaN probabilities with exit 0); on the turn no river. Without --improve the flop table
    // needs no runout and is written.
    for board in ["Kh9h5c", "Kh9h5c2d"] {
        let dead: Vec<String> = deck::Card::all()
            .map(|c| c.to_string())
            .filter(|c| !["Ac", "Ad"].contains(&c.as_str()) && !board.contains(c.as_str()))
            .collect();
        let dead = dead.join(",");
        let to_come = 5 - board.len() / 2;
        assert_fails(
            d,
            &["hits", "AA", "--board", board, "--dead", &dead, "--improve"],
            2,
            &[&format!(
                "not enough cards: the rest of the board needs {to_come}, 0 are left once the \
                 board, dead cards and a hand are out"
            )],
        );
        sim_ok(&["hits", "AA", "--board", board, "--dead", &dead]);
    }
}
