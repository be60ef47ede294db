//! The draw games' rankings of pat hands end to end: `sim rank --game G` writes the shipped
//! exact ranking, `--build` counts it again to the byte on any thread count, a hand reads as its
//! class, and a percentage in a draw range is the pat hands of its span (checked against the
//! hands listed one by one); bad input refused in one line.

mod common;

use common::{assert_fails, csv_rows, sim_ok};

/// Each draw game and its shipped ranking (the 2-7 games share one, as do the A-5 games).
const SHIPPED: [(&str, &str); 7] = [
    ("draw5", include_str!("../../../data/draw5_ranking.csv")),
    (
        "draw5-hilo",
        include_str!("../../../data/draw5_hilo_ranking.csv"),
    ),
    (
        "lowball-27",
        include_str!("../../../data/lowball27_ranking.csv"),
    ),
    (
        "triple-draw-27",
        include_str!("../../../data/lowball27_ranking.csv"),
    ),
    (
        "lowball-a5",
        include_str!("../../../data/lowball_a5_ranking.csv"),
    ),
    (
        "triple-draw-a5",
        include_str!("../../../data/lowball_a5_ranking.csv"),
    ),
    ("badugi", include_str!("../../../data/badugi_ranking.csv")),
];

#[test]
fn the_whole_rankings_are_the_shipped_files() {
    for (game, shipped) in SHIPPED {
        assert_eq!(sim_ok(&["rank", "--game", game]), shipped, "{game}");
    }
}

#[test]
fn the_build_counts_the_shipped_files_again_on_any_threads() {
    for (game, shipped) in [SHIPPED[1], SHIPPED[6]] {
        for threads in ["1", "2"] {
            let built = sim_ok(&[
                "rank",
                "--build",
                "--game",
                game,
                "--threads",
                threads,
                "-q",
            ]);
            assert_eq!(built, shipped, "{game} on {threads} threads");
        }
    }
}

#[test]
fn a_hand_gives_its_classes_line() {
    let by_cards = sim_ok(&["rank", "7c5d4h3s2c", "--game", "lowball-27"]);
    assert_eq!(
        by_cards,
        sim_ok(&["rank", "75432o", "--game", "lowball-27"])
    );
    let line = &csv_rows(&by_cards)[1];
    assert_eq!(&line[..3], ["1", "75432o", "1020"]);
    assert_eq!(line[6], "0.000000000000000", "exact: no standard error");
    let badugi = sim_ok(&["rank", "4sAc3h2d", "--game", "badugi"]);
    assert_eq!(&csv_rows(&badugi)[1][..3], ["1", "432A", "24"]);
    let json = sim_ok(&["rank", "AsKsQsJsTs", "--game", "draw5", "--format", "json"]);
    assert!(json.contains("\"method\": \"exact\""), "{json}");
    assert!(json.contains("\"showdowns\""), "{json}");
    let top = sim_ok(&["rank", "--top", "1%", "--game", "triple-draw-a5"]);
    let rows = csv_rows(&top);
    let last = &rows[rows.len() - 1];
    let (cumulative, combos): (f64, f64) = (last[4].parse().unwrap(), last[2].parse().unwrap());
    // The midpoint rule: the last class's middle inside 1 % of 2,598,960 hands.
    assert!(cumulative - combos / 2.0 < 25_989.6 && cumulative + 1_020.0 > 25_989.6);
}

/// Every suit choice of the ranks 7-5-4-3-2 that is not a flush, not using `blocked`.
fn seven_lows(blocked: &[&str]) -> Vec<String> {
    let mut hands = Vec::new();
    for n in 0..1024u32 {
        let suits: Vec<usize> = (0..5).map(|i| (n >> (2 * i) & 3) as usize).collect();
        if suits.iter().all(|&s| s == suits[0]) {
            continue;
        }
        let hand: Vec<String> = "75432"
            .chars()
            .zip(&suits)
            .map(|(r, &s)| format!("{r}{}", &"cdhs"[s..=s]))
            .collect();
        if hand.iter().any(|c| blocked.contains(&c.as_str())) {
            continue;
        }
        hands.push(hand.concat());
    }
    hands
}

#[test]
fn a_percentage_is_the_pat_hands_of_its_span() {
    // 2-7's top 0.04 %: the 1,020 offsuit 7-5-4-3-2s, less those using the drawer's cards.
    let listed = seven_lows(&["7c", "2d"]).join(",");
    let by_percent = sim_ok(&["equity", "--game", "lowball-27", "7c2d", "0.04%"]);
    let by_list = sim_ok(&["equity", "--game", "lowball-27", "7c2d", &listed]);
    // Every column after the hand (a quoted list in the second run): the last eight.
    let numbers = |csv: &str| -> Vec<Vec<String>> {
        csv.lines()
            .map(|line| {
                let cells: Vec<&str> = line.split(',').collect();
                cells[cells.len() - 8..]
                    .iter()
                    .map(|c| c.to_string())
                    .collect()
            })
            .collect()
    };
    assert_eq!(numbers(&by_percent), numbers(&by_list));
    let tie = &numbers(&by_percent)[1][1];
    assert!(
        tie.parse::<f64>().unwrap() > 0.0,
        "the drawer ties some 7-5-4-3-2s: {tie}"
    );
    let weighted = sim_ok(&[
        "equity",
        "--game",
        "lowball-27",
        "7c2d",
        "0.04%:0.5,9c8d6h4s2c",
    ]);
    assert_ne!(numbers(&weighted), numbers(&by_percent));
    // Monte Carlo: the same bytes on one thread and on two.
    let sampled = |threads: &str| {
        sim_ok(&[
            "equity",
            "--game",
            "badugi",
            "As2d3c",
            "5%",
            "--rounds",
            "200k",
            "--seed",
            "3",
            "--threads",
            threads,
        ])
    };
    assert_eq!(sampled("1"), sampled("2"));
}

#[test]
fn bad_input_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let at = dir.path();
    for (span, words) in [
        ("0%", "want a share of the combos"),
        ("101%", "want a share of the combos"),
        ("5%-3%", "want a share of the combos"),
        ("0.00001%", "holds no whole class"),
    ] {
        let args = ["equity", "--game", "lowball-27", "7c5d", span];
        assert_fails(at, &args, 2, &[span, words]);
    }
    assert_fails(
        at,
        &["equity", "--game", "lowball-27", "15%", "15%"],
        2,
        &["narrow them"],
    );
    assert_fails(
        at,
        &["rank", "--build", "--game", "badugi", "--rounds", "10"],
        2,
        &["counted exactly"],
    );
    assert_fails(
        at,
        &["rank", "AAKK", "--game", "draw5"],
        2,
        &["want five distinct cards"],
    );
    assert_fails(
        at,
        &["rank", "Ac2d3h", "--game", "badugi"],
        2,
        &["want four distinct cards"],
    );
    assert_fails(
        at,
        &["rank", "--game", "lowball-27", "--ranking", "vs2"],
        2,
        &["leave it out"],
    );
}
