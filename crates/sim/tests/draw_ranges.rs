//! `sim equity` in the draw games with players written as ranges of kept hands
//! (`7c5d4h3s,8s6h4c3d:0.5`), end to end: each breakdown row is the equity of its hand alone,
//! the plain equity is the rows' weighted mean, Monte Carlo agrees with exact and does not
//! depend on the threads, distributions and calling ranges run, and bad ranges are one line.

mod common;

use std::collections::HashMap;

use common::{assert_fails, keyed_rows as rows, sim_ok};

type Row = HashMap<String, String>;

fn num(row: &Row, column: &str) -> f64 {
    row[column].parse().unwrap()
}

/// `sim equity` of `players` in `game` with `extra` options (`--dead ""` left out).
fn equity(game: &str, players: &[&str], extra: &[&str]) -> String {
    let mut args = vec!["equity", "--game", game];
    args.extend(players);
    args.extend(extra);
    if let Some(at) = args.iter().position(|a| *a == "--dead")
        && args[at + 1].is_empty()
    {
        args.drain(at..at + 2);
    }
    sim_ok(&args)
}

/// A 2-7 spot: a player who keeps 7-5-4-3, 7-5-4 or (half as often) 8-6-4-3 against a pat
/// 9-8 or a two-card draw to T-9.
const LOWBALL: [&str; 2] = ["7c5d4h3s,7c5d4h,8s6h4c3d:0.5", "9c8d6h4s2c,Th9h"];

#[test]
fn breakdown_rows_are_each_hand_alone_and_average_to_the_plain_run() {
    for (game, players, dead) in [
        ("lowball-27", &LOWBALL[..], ""),
        (
            "draw5-hilo",
            &["Ac2d3h4s,Ac2d3h,random:0.1", "KhKd8c"][..],
            "Qh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Qs Kc Jh Js Jd",
        ),
    ] {
        let plain = rows(&equity(game, players, &["--exact", "--dead", dead]));
        let breakdown = rows(&equity(
            game,
            players,
            &["--exact", "--breakdown", "--dead", dead],
        ));
        // A player of one hand has no rows.
        for (seat, range) in players.iter().enumerate().filter(|(_, r)| r.contains(',')) {
            let player = (seat + 1).to_string();
            let hands: Vec<&Row> = breakdown
                .iter()
                .filter(|r| r["level"] == "hand" && r["player"] == player)
                .collect();
            let listed = range.split(',').count();
            assert_eq!(hands.len(), listed, "{range}");
            let mean: f64 = hands
                .iter()
                .map(|r| num(r, "frequency") * num(r, "equity"))
                .sum();
            assert!(
                (mean - num(&plain[seat], "equity")).abs() < 1e-12,
                "{range}"
            );
            for hand in hands {
                let mut alone = players.to_vec();
                alone[seat] = &hand["hand"];
                let fixed = rows(&equity(game, &alone, &["--exact", "--dead", dead]));
                let want = num(&fixed[seat], "equity");
                assert!(
                    (num(hand, "equity") - want).abs() < 1e-12,
                    "{}: {} against {want}",
                    hand["hand"],
                    hand["equity"]
                );
            }
        }
    }
}

#[test]
fn monte_carlo_agrees_with_exact_and_not_with_the_threads() {
    let exact = rows(&equity("lowball-27", &LOWBALL, &["--exact", "--breakdown"]));
    let run = |threads: &str| {
        equity(
            "lowball-27",
            &LOWBALL,
            &[
                "--rounds",
                "300000",
                "--seed",
                "5",
                "--breakdown",
                "--threads",
                threads,
            ],
        )
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
    for (e, m) in exact.iter().zip(rows(&one)) {
        assert_eq!(e["hand"], m["hand"]);
        let z = (num(&m, "equity") - num(e, "equity")) / num(&m, "std_error");
        assert!(z.abs() < 4.0, "{}: z {z}", e["hand"]);
    }
    let plain = |threads: &str| {
        equity(
            "triple-draw-27",
            &["7c5d4h,7c5d,8s6h4c:0.5", "random"],
            &[
                "--draws",
                "3",
                "--rounds",
                "100000",
                "--seed",
                "2",
                "--threads",
                threads,
            ],
        )
    };
    let one = plain("1");
    assert_eq!(one, plain("3"));
    assert!(num(&rows(&one)[0], "equity") > 0.5, "{one}");
}

#[test]
fn distributions_and_calling_ranges_read_the_rows() {
    let out = equity(
        "lowball-27",
        &LOWBALL,
        &["--exact", "--distribution", "--versus", "--bins", "4"],
    );
    assert!(out.contains("7c5d4h3s"), "{out}");
    let line = &rows(&equity(
        "lowball-27",
        &LOWBALL,
        &["--exact", "--calling-range", "--pot", "3", "--call", "1"],
    ))[0];
    let hands = rows(&equity("lowball-27", &LOWBALL, &["--exact", "--breakdown"]));
    let calling: Vec<&str> = hands
        .iter()
        .filter(|r| r["level"] == "hand" && r["player"] == "1" && num(r, "equity") >= 0.25)
        .map(|r| r["hand"].as_str())
        .collect();
    assert_eq!(line["calling_hands"], calling.join(","));
    assert_eq!(line["hands"], "3");
}

#[test]
fn three_way_versus_runs_each_hand_given() {
    // Five-card draw (no pat rule): each hand of one list given in turn, the others whole.
    let out = equity(
        "draw5",
        &["AcAd,KhKs", "QcQd,JhJs:0.5", "Tc9c8c7c"],
        &[
            "--rounds",
            "20000",
            "--seed",
            "1",
            "--distribution",
            "--versus",
        ],
    );
    let versus: Vec<Row> = rows(&out)
        .into_iter()
        .filter(|r| r["level"] == "versus_curve")
        .collect();
    // Player 1 against player 2's two hands and back.
    assert_eq!(versus.len(), 4, "{out}");
    assert!(versus.iter().any(|r| r["hand"] == "JhJs"), "{out}");
}

#[test]
fn bad_ranges_are_one_line_each() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["7c5d4h3s,", "random"],
            "sim: empty item in range '7c5d4h3s,'",
        ),
        (
            &["7c5d4h3s,8c7c6c5c4c3c", "random"],
            "sim: player '7c5d4h3s,8c7c6c5c4c3c' keeps 6 cards; a 2-7 lowball hand has 5",
        ),
        (
            &["7c5d,8c6d", "7c8c"],
            "sim: range '7c5d,8c6d' is empty once the board, dead cards and other hands are removed",
        ),
        (
            &["7c5d,7c6d", "7c8d,7c9d"],
            "sim: no deal fits: the ranges always share cards",
        ),
        (
            &["7c5d,8c6d:1.5", "random"],
            "sim: bad weight '1.5' in range '7c5d,8c6d:1.5'",
        ),
        (
            &["7c5d", "8c6d", "--breakdown"],
            "sim: --breakdown lists the hands of a range: in 2-7 lowball write a player as the kept hands it may hold",
        ),
        (
            &["7c5d", "8c6d", "--distribution"],
            "sim: --distribution lists the hands of a range: in 2-7 lowball write a player as the kept hands it may hold",
        ),
    ];
    for (players, message) in cases {
        let mut args = vec!["equity", "--game", "lowball-27"];
        args.extend(players);
        assert_fails(dir.path(), &args, 2, &[message]);
    }
    // More draws are counted exactly for one hand a player only.
    assert_fails(
        dir.path(),
        &[
            "equity",
            "--game",
            "triple-draw-27",
            "--draws",
            "3",
            "--exact",
            "7c5d4h3s,8c6d4h3s",
            "random",
        ],
        2,
        &[
            "sim: 3 draws with ranges of kept hands are computed by Monte Carlo only: give each player one hand to count them exactly",
        ],
    );
}
