//! `sim equity --streets` end to end: each street's rows are the plain run of its board, the
//! next street's mean is the current equity, rows do not depend on the threads, and refusals
//! are one-line usage errors.

mod common;

use std::collections::HashMap;

use common::{keyed_rows as rows, sim, stderr, stdout};

fn ok(args: &[&str]) -> String {
    let out = sim(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

fn float(row: &HashMap<String, String>, column: &str) -> f64 {
    row[column].parse().unwrap()
}

/// The street rows of `sim equity PLAYERS --board BOARD --streets ARGS` equal the plain runs
/// of each street's board with `ARGS`.
fn streets_are_plain_runs(players: &[&str], board: &str, args: &[&str]) {
    let streets = rows(&ok(&[
        &["equity"],
        players,
        &["--board", board, "--streets"],
        args,
    ]
    .concat()));
    let cards = [0, 3, 4, 5].into_iter().filter(|n| 2 * n <= board.len());
    for (i, n) in cards.enumerate() {
        let shown = &board[..2 * n];
        let plain = rows(&ok(
            &[&["equity"], players, &["--board", shown], args].concat()
        ));
        for (p, plain) in plain.iter().enumerate() {
            let row = &streets[i * players.len() + p];
            assert_eq!(row["level"], "street");
            assert_eq!(row["board"], shown);
            for column in [
                "player",
                "hand",
                "win",
                "tie",
                "equity",
                "std_error",
                "samples",
            ] {
                assert_eq!(row[column], plain[column], "{shown} {column}");
            }
        }
    }
}

#[test]
fn each_street_is_the_plain_run_of_its_board() {
    streets_are_plain_runs(&["AsKs", "QQ"], "Qh7s2dKc3s", &[]);
    streets_are_plain_runs(
        &["AhKh", "QQ+,AKs", "random"],
        "Qh7h2c9d",
        &["--rounds", "100k", "--seed", "4"],
    );
    streets_are_plain_runs(
        &["AK", "TT"],
        "9h8h6cJd",
        &[
            "--game",
            "shortdeck",
            "--target-stderr",
            "0.01",
            "--seed",
            "2",
        ],
    );
}

#[test]
fn the_next_street_averages_to_the_current_equity() {
    for (players, board, next, count) in [
        (["AsKs", "QhQd"], "Qs7s2d", "turn", 45),
        (["AK,QQ:0.5", "JJ-99"], "Kd7c2s5h", "river", 48),
    ] {
        let table = ok(&[
            &["equity"],
            &players[..],
            &["--board", board, "--streets", "--next-cards"],
        ]
        .concat());
        let rows = rows(&table);
        let now: Vec<_> = rows
            .iter()
            .filter(|r| r["level"] == "street" && r["board"] == board)
            .collect();
        let spread: Vec<_> = rows.iter().filter(|r| r["level"] == "next").collect();
        assert_eq!(spread.len(), 2);
        for (now, spread) in now.iter().zip(&spread) {
            assert_eq!(spread["street"], next);
            assert_eq!(spread["method"], "exact");
            assert_eq!(spread["next_cards"], count.to_string());
            assert!((float(now, "equity") - float(spread, "equity")).abs() < 1e-14);
            let (lo, q1, med, q3, hi) = (
                float(spread, "min"),
                float(spread, "q1"),
                float(spread, "median"),
                float(spread, "q3"),
                float(spread, "max"),
            );
            assert!(lo <= q1 && q1 <= med && med <= q3 && q3 <= hi);
        }
        let cards: Vec<_> = rows.iter().filter(|r| r["level"] == "card").collect();
        assert!(cards.len() <= 2 * count);
        let probability: f64 = cards
            .iter()
            .filter(|r| r["player"] == "1")
            .map(|r| float(r, "probability"))
            .sum();
        assert!((probability - 1.0).abs() < 1e-12);
        // A card row is the plain run of the board it makes.
        let card = cards[6];
        let plain = rows_of(
            &[
                &["equity"],
                &players[..],
                &["--board", &format!("{board}{}", card["next"])],
            ]
            .concat(),
        );
        let seat: usize = card["player"].parse().unwrap();
        assert_eq!(card["equity"], plain[seat - 1]["equity"]);
    }
}

fn rows_of(args: &[&str]) -> Vec<HashMap<String, String>> {
    rows(&ok(args))
}

#[test]
fn monte_carlo_streets_do_not_depend_on_the_threads() {
    let args = [
        "equity",
        "AhKh",
        "QQ+,AKs:0.5",
        "random",
        "--board",
        "Qh7h2c",
        "--streets",
        "--next-cards",
        "--rounds",
        "20k",
        "--seed",
        "9",
    ];
    let one = ok(&[&args[..], &["--threads", "1"]].concat());
    let two = ok(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    let rows = rows(&one);
    assert!(rows.iter().all(|r| r["method"] == "monte_carlo"));
}

#[test]
fn the_flops_from_preflop_are_counted_when_cheap() {
    let rows = rows_of(&["equity", "AsKs", "QhQd", "--streets", "--game", "shortdeck"]);
    // Short deck: 36 cards, 32 unseen: 4960 flops.
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[2]["street"], "flop");
    assert_eq!(rows[2]["next_cards"], "4960");
    assert!((float(&rows[0], "equity") - float(&rows[2], "equity")).abs() < 1e-14);
}

#[test]
fn refusals_are_one_line_usage_errors() {
    for (args, message) in [
        (
            &["equity", "AK", "QQ", "--streets", "--breakdown"][..],
            "sim: --streets cannot be used with --breakdown: run them one at a time\n",
        ),
        (
            &["equity", "AsKsQs", "2h3h4h", "--game", "stud", "--streets"][..],
            "sim: --streets is built for hold'em, short deck, hold'em hi/lo, Omaha and \
             Courchevel, not seven-card stud\n",
        ),
        (
            &[
                "equity",
                "AsKsQdJd",
                "random",
                "--game",
                "omaha",
                "--streets",
            ][..],
            "sim: --streets from preflop runs every flop (17296 of them): each flop's run would \
             be Monte Carlo with random or weighted ranges; give a flop with --board, narrow the \
             ranges, or ask for --rounds N per flop or --exact\n",
        ),
        (
            &["equity", "AK", "random", "--streets"][..],
            "sim: --streets from preflop runs every flop (22100 of them): these ranges would \
             count up to 464184864000 outcomes (limit 1000000000); give a flop with --board, \
             narrow the ranges, or ask for --rounds N per flop or --exact\n",
        ),
    ] {
        let out = sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert!(stdout(&out).is_empty());
    }
    let out = sim(&["equity", "AK", "QQ", "--next-cards"]);
    assert_eq!(out.status.code(), Some(2));
}
