//! `sim equity --game omaha…` and `sim odds --game omaha…` end to end: exact counts of
//! hand-checked spots, determinism across thread counts, agreement of Monte Carlo with exact,
//! and one-line usage errors for bad input.

mod common;

use common::{csv_rows, sim, sim_ok, stderr};

/// A hi/lo river where both hands hold A2 (the low is quartered) and one makes the nut flush:
/// 3 quarters and 1 quarter, counted exactly.
#[test]
fn hilo_quartering_is_counted_in_quarter_pots() {
    let out = sim_ok(&[
        "equity",
        "--game",
        "omaha-hilo",
        "Ah2hKcQd",
        "Ac2dKsQs",
        "--board",
        "3h4h8h9cTd",
    ]);
    let rows = csv_rows(&out);
    let header = &rows[0];
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    assert_eq!(rows[1][col("pot_units")], "3");
    assert_eq!(rows[2][col("pot_units")], "1");
    assert_eq!(rows[1][col("units_per_pot")], "4");
    assert_eq!(rows[1][col("equity")], "0.750000000000000");
    assert_eq!(rows[2][col("low")], "0.250000000000000");
}

/// With no low possible, the high hand scoops the whole pot.
#[test]
fn no_low_means_the_high_hand_scoops() {
    let out = sim_ok(&[
        "equity",
        "--game",
        "omaha-hilo",
        "AhKhKcQd",
        "2c3dJsJh",
        "--board",
        "KsJd9c9hTd",
    ]);
    let rows = csv_rows(&out);
    let col = |name: &str| rows[0].iter().position(|h| *h == name).unwrap();
    assert_eq!(rows[1][col("scoop")], "1.000000000000000");
    assert_eq!(rows[1][col("pot_units")], "4");
    assert_eq!(rows[2][col("pot_units")], "0");
}

#[test]
fn monte_carlo_is_identical_for_any_thread_count_and_near_exact() {
    let args = [
        "equity", "--game", "omaha", "AsAhKsKh", "JdTd9c8c", "--rounds", "1M", "--seed", "21",
    ];
    let one = sim_ok(&[&args[..], &["--threads", "1"]].concat());
    let three = sim_ok(&[&args[..], &["--threads", "3"]].concat());
    assert_eq!(one, three);
    let exact = sim_ok(&args[..5]);
    let (mc, ex) = (csv_rows(&one), csv_rows(&exact));
    for p in 1..=2 {
        let m: f64 = mc[p][4].parse().unwrap();
        let se: f64 = mc[p][5].parse().unwrap();
        let e: f64 = ex[p][4].parse().unwrap();
        // Within 4 standard errors (false alarm about 6e-5; the seed is fixed).
        assert!((m - e).abs() < 4.0 * se, "player {p}: {m} ± {se} vs {e}");
    }
}

#[test]
fn odds_are_identical_for_any_thread_count() {
    let args = [
        "odds",
        "--game",
        "omaha6-hilo",
        "--rounds",
        "300k",
        "--seed",
        "5",
    ];
    let one = sim_ok(&[&args[..], &["--threads", "1"]].concat());
    let two = sim_ok(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
}

#[test]
fn an_odds_target_stops_at_the_same_chunk_for_any_thread_count() {
    let args = [
        "odds",
        "--game",
        "omaha",
        "--target-stderr",
        "1e-3",
        "--seed",
        "6",
        "--format",
        "json",
        "-q",
    ];
    let one = sim_ok(&[&args[..], &["--threads", "1"]].concat());
    let two = sim_ok(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert!(one.contains("\"target_stderr\": 0.001"), "{one}");
}

#[test]
fn bad_input_is_one_line_naming_the_problem_with_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["equity", "--game", "omaha", "AsKs", "QdQc"], "'AsKs'"),
        (&["equity", "--game", "omaha", "AAZx", "random"], "'AAZx'"),
        (&["equity", "--game", "omaha", "AAxx:dss", "random"], ":dss"),
        (
            &["equity", "--game", "omaha", "AsAhKsKh", "AsQdJdTd"],
            "AsQdJdTd",
        ),
        (
            &["equity", "--game", "omaha6", "random", "--opponents", "7"],
            "omaha6 takes 2 to 7 players",
        ),
        (
            &["equity", "--game", "omaha", "AAxx", "KKxx", "--exact"],
            "hand combinations × boards (limit 10000000000); use --rounds",
        ),
        (
            &["equity", "--game", "omaha", "AsAhKsKh", "random", "--exact"],
            "'random' is random or weighted",
        ),
        (
            &[
                "equity", "--game", "omaha", "AsAhKsKh", "random", "--rounds", "0",
            ],
            "--rounds",
        ),
        (
            &["equity", "--game", "omahax", "AsAhKsKh", "random"],
            "omahax",
        ),
        (
            &["odds", "--game", "omaha", "--known", "AsKsQsJsTs"],
            "5 known hole cards",
        ),
        (
            &["odds", "--game", "omaha", "--shard", "0/2", "--seed", "1"],
            "--shard",
        ),
    ];
    for (args, needle) in cases {
        let out = sim(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("sim: ") && err.contains(needle),
            "{args:?}: {err}"
        );
    }
}
