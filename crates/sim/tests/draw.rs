//! `sim equity` in the draw games, end to end: a spot whose answer is known by hand, the
//! metadata of a multi-draw run, and every bad input of the draw family refused with one
//! `sim:` line, exit code 2 and nothing written.

mod common;

use common::{assert_fails, csv_rows, sim, sim_ok};

#[test]
fn a_one_card_draw_wins_with_nine_of_forty_three_cards() {
    // 7-5-4-3 draws one against a pat 9-8: a deuce, an eight or a nine wins (three of each
    // unseen); a six makes a straight, which loses in deuce-to-seven.
    let out = sim_ok(&["equity", "--game", "lowball-27", "7c5d4h3s", "9c8d6h4s2c"]);
    let rows = csv_rows(&out);
    assert_eq!(rows[0][..4], ["player", "hand", "win", "tie"]);
    assert_eq!(rows[1][1], "7c5d4h3s");
    assert_eq!(rows[1][7], "9", "wins: {out}");
    assert_eq!(rows[1][9], "43", "outcomes: {out}");
}

#[test]
fn a_triple_draw_run_records_its_draws_and_pat_ranks() {
    let out = sim_ok(&[
        "equity",
        "--game",
        "triple-draw-27",
        "--draws",
        "3",
        "--pat",
        "8,T",
        "--rounds",
        "20000",
        "--seed",
        "4",
        "--format",
        "json",
        "7c5d3h",
        "random",
    ]);
    assert!(out.contains("\"draws\": 3"), "{out}");
    assert!(out.contains("\"pat\": \"8,T\""), "{out}");
    assert!(!out.contains("\"board\""), "{out}");
    assert!(out.contains("\"method\": \"monte_carlo\""), "{out}");
}

#[test]
fn bad_draw_spots_are_one_line_each() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 9] = [
        (
            &["equity", "--game", "lowball-27", "7c5d2h3s4c9d", "random"],
            "sim: player '7c5d2h3s4c9d' keeps 6 cards; a 2-7 lowball hand has 5",
        ),
        (
            &["equity", "--game", "badugi", "Ac2d", "2d"],
            "sim: card 2d is given twice among the players and dead cards",
        ),
        (
            &[
                "equity",
                "--game",
                "lowball-27",
                "7c5d",
                "8h",
                "--dead",
                "5d",
            ],
            "sim: card 5d is given twice among the players and dead cards",
        ),
        (
            &["equity", "--game", "draw5", "random", "--opponents", "6"],
            "sim: the hands dealt and the cards drawn need 70 cards; the deck has 52",
        ),
        (
            &[
                "equity",
                "--game",
                "triple-draw-27",
                "--draws",
                "4",
                "7c",
                "8h",
            ],
            "sim: --draws 4: 2-7 triple draw has 1 to 3 draws, not 4",
        ),
        (
            &["equity", "--game", "lowball-27", "--draws", "2", "7c", "8h"],
            "sim: --draws 2: 2-7 lowball has one draw, not 2",
        ),
        (
            &["equity", "--game", "draw5", "--pat", "9", "AsAd", "KcKd"],
            "sim: --pat '9': five-card draw is played for high: a pat rule belongs to the lowball games and badugi",
        ),
        (
            &[
                "equity", "--game", "badugi", "--draws", "3", "--pat", "A", "Ac", "2d",
            ],
            "sim: --pat 'A': want a rank from 2 to K",
        ),
        (
            &[
                "equity", "--game", "badugi", "--draws", "2", "--exact", "Ac", "2d",
            ],
            "sim: 2 draws are computed by Monte Carlo only",
        ),
    ];
    for (args, message) in cases {
        assert_fails(dir.path(), args, 2, &[message]);
    }
}

#[test]
fn odds_and_exact_tables_count_a_draw_hands_classes() {
    let exact = sim_ok(&["exact", "--game", "lowball-27", "--known", "7c5d4h3s"]);
    let rows = csv_rows(&exact);
    assert_eq!(rows[1], ["7_low", "4", "0.083333333333333"]);
    assert_eq!(rows[9], ["paired", "12", "0.250000000000000"]);
    let odds = sim_ok(&[
        "odds", "--game", "badugi", "--known", "As2d", "--rounds", "50000", "--seed", "1",
        "--format", "json",
    ]);
    assert!(odds.contains("\"table\": \"badugis\""), "{odds}");
    assert!(odds.contains("\"category\": \"three_card\""), "{odds}");
}

#[test]
fn bad_draw_tables_are_one_line_each() {
    let dir = tempfile::tempdir().unwrap();
    assert_fails(
        dir.path(),
        &["exact", "--game", "badugi", "--known", "Ac2d3h4s5c"],
        2,
        &["sim: --known has 5 cards but a badugi hand holds 4"],
    );
    assert_fails(
        dir.path(),
        &["odds", "--game", "draw5", "--known", "AsAd", "--dead", "Ad"],
        2,
        &["sim: card Ad is given twice"],
    );
}

/// `sim odds` and `sim exact` take the draw games' own options: the table after three draws
/// by the pat rule, exact beside the sample, and the same counts from both commands.
#[test]
fn odds_and_exact_tables_after_more_draws() {
    let exact = sim_ok(&[
        "exact",
        "--game",
        "triple-draw-27",
        "--known",
        "7c5d4h3s",
        "--draws",
        "3",
        "--pat",
        "9",
    ]);
    let odds = sim_ok(&[
        "odds",
        "--game",
        "triple-draw-27",
        "--known",
        "7c5d4h3s",
        "--draws",
        "3",
        "--rounds",
        "200k",
        "--seed",
        "1",
    ]);
    // Each row's exact probability in the odds table is the exact table's, and every sampled
    // row lies within 4.5 standard errors of it.
    for (e, o) in exact.lines().skip(1).zip(odds.lines().skip(1)) {
        let e: Vec<&str> = e.split(',').collect();
        let o: Vec<&str> = o.split(',').collect();
        assert_eq!(e[0], o[0]);
        assert_eq!(e[2], o[6], "{}", e[0]);
        let z: f64 = o[7].parse().unwrap();
        assert!(z.abs() < 4.5, "{}: z {z}", e[0]);
    }
    let refused = sim(&["odds", "--game", "holdem", "--draws", "2"]);
    assert_eq!(refused.status.code(), Some(2));
}
