//! `sim equity --breakdown` in Omaha and stud end to end: the hands' rows add up to the plain
//! run, hi/lo tables carry the hi/lo columns, Monte Carlo rows do not depend on the threads,
//! the row limit is a one-line usage error, and the heat map refuses these tables.

mod common;

use std::collections::HashMap;

use common::{keyed_rows as rows, sim, stderr, stdout};

type Row = HashMap<String, String>;

fn num(row: &Row, column: &str) -> f64 {
    row[column].parse().unwrap()
}

fn run(args: &[&str]) -> String {
    let out = sim(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// Per seat in the plain table, the frequency-weighted mean of the seat's rows at `level`.
fn check_means(plain: &[Row], rows: &[Row], level: &str, tolerance: impl Fn(&Row) -> f64) {
    for p in plain {
        let mine: Vec<&Row> = rows
            .iter()
            .filter(|r| r["player"] == p["player"] && r["level"] == level)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let mean: f64 = mine
            .iter()
            .map(|r| num(r, "frequency") * num(r, "equity"))
            .sum();
        let se = mine
            .iter()
            .map(|r| (num(r, "frequency") * num(r, "std_error")).powi(2))
            .sum::<f64>()
            .sqrt();
        let want = num(p, "equity");
        let bound = tolerance(p).max(4.0 * se);
        assert!(
            (mean - want).abs() <= bound,
            "{level} {mean} vs {want} ± {bound}"
        );
    }
}

#[test]
fn omaha_hilo_rows_add_up_to_the_plain_run() {
    let spot = [
        "equity",
        "A2xx:ds,AKxx:ds",
        "KsKdQsQd",
        "--game",
        "omaha-hilo",
        "--board",
        "3c4h8s",
        "--exact",
    ];
    let plain = rows(&run(&spot));
    let text = run(&[&spot[..], &["--breakdown"]].concat());
    assert!(text.starts_with(
        "game,player,range,level,hand,class,combos,weight,frequency,win,tie,equity,std_error,\
         samples,wins,ties,outcomes,high,low,scoop,scoops,pot_units,units_per_pot\n"
    ));
    let table = rows(&text);
    // Exact: means agree to the printed digits.
    check_means(&plain, &table, "hand", |_| 1e-9);
    check_means(&plain, &table, "class", |_| 1e-9);
    for p in &plain {
        let units: u64 = table
            .iter()
            .filter(|r| r["player"] == p["player"] && r["level"] == "hand")
            .map(|r| r["pot_units"].parse::<u64>().unwrap())
            .sum();
        assert_eq!(units.to_string(), p["pot_units"]);
    }
    let classes: Vec<&str> = table
        .iter()
        .filter(|r| r["player"] == "1" && r["level"] == "class")
        .map(|r| r["hand"].as_str())
        .collect();
    assert_eq!(classes, ["A2xx:ds", "AKxx:ds"]);
}

#[test]
fn stud_rows_add_up_to_the_plain_run() {
    let spot = [
        "equity",
        "(QQ+,AKs)Kd5c",
        "AhAd9c2s",
        "--game",
        "stud",
        "--exact",
    ];
    let plain = rows(&run(&spot));
    let table = rows(&run(&[&spot[..], &["--breakdown"]].concat()));
    check_means(&plain, &table, "hand", |_| 1e-9);
    assert!(table.iter().all(|r| r["player"] == "1"));
    let classes: Vec<&str> = table
        .iter()
        .filter(|r| r["level"] == "class")
        .map(|r| r["hand"].as_str())
        .collect();
    // The aces left after AhAd: one combo (AsAc).
    assert_eq!(classes, ["AA", "AKs", "KK", "QQ"]);
}

#[test]
fn monte_carlo_rows_do_not_depend_on_the_threads() {
    for spot in [
        &[
            "equity", "AAxx:ds", "KhKd9c8c", "--game", "omaha", "--seed", "4",
        ][..],
        &[
            "equity",
            "(JJ+,AKs)",
            "7h8h9h",
            "--game",
            "razz",
            "--seed",
            "2",
        ],
    ] {
        let go = |threads: &str| {
            run(&[
                spot,
                &["--rounds", "300k", "--breakdown", "--threads", threads],
            ]
            .concat())
        };
        let one = go("1");
        assert_eq!(one, go("3"), "{spot:?}");
        let plain = rows(&run(&[spot, &["--rounds", "4M"]].concat()));
        // The plain run's own standard error is added to the rows'.
        check_means(&plain, &rows(&one), "hand", |p| 4.0 * num(p, "std_error"));
    }
}

#[test]
fn refusals_are_usage_errors() {
    for (args, message) in [
        (
            &[
                "equity",
                "AsKsQdJd",
                "random",
                "--game",
                "omaha",
                "--breakdown",
            ][..],
            "sim: --breakdown writes one row per hand: the ranges hold 194581 hands, more than the limit of 100000; narrow them\n",
        ),
        (
            &[
                "equity",
                "AsAd9c",
                "KhKs2c",
                "--game",
                "stud",
                "--breakdown",
            ],
            "sim: --breakdown needs a player's down cards as a range, as in (QQ+,AKs)Kd\n",
        ),
    ] {
        let out = sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).ends_with(message), "{}", stderr(&out));
    }
}

#[test]
fn the_heat_map_refuses_omaha_tables() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("omaha.csv");
    run(&[
        "equity",
        "AAxx:ds",
        "KhKd9c8c",
        "--game",
        "omaha",
        "--board",
        "2c7d9h",
        "--breakdown",
        "--out",
        csv.to_str().unwrap(),
    ]);
    let svg = dir.path().join("omaha.svg");
    let out = sim(&[
        "plot",
        "breakdown",
        csv.to_str().unwrap(),
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the heat map draws hold'em and short-deck breakdowns, not omaha"),
        "{}",
        stderr(&out)
    );
}
