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
            &["equity", "--game", "omaha6", "random:0.5", "AAxxxx"],
            "range 'random:0.5' holds more than 4194304 hands; narrow it or use 'random'",
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

/// `sim equity`'s CSV with the range `from` in the `hand` column written as `to` (a range with
/// commas is quoted there).
fn relabel(out: &str, from: &str, to: &str) -> String {
    let quoted = format!(",\"{from}\",");
    assert!(out.contains(&quoted), "{out:.300}");
    out.replace(&quoted, &format!(",{to},"))
}

/// Issue: each repeat of a broad pattern cost about 38 ms (5,000 `xxxx` took over three
/// minutes). A repeated item lists its hands once, with the weight of its last mention: the
/// same hands, order and weights as the item written once, so the same draws.
#[test]
fn long_lists_of_repeated_patterns_run_as_the_pattern_written_once() {
    for (item, times) in [("xxxx", 5000), ("Axxx", 5000), ("xxxx:0.5", 1000)] {
        let list = vec![item; times].join(",");
        let started = std::time::Instant::now();
        let long = sim_ok(&[
            "equity", "--game", "omaha", &list, "random", "--seed", "1", "--rounds", "100",
        ]);
        let elapsed = started.elapsed();
        let once = sim_ok(&[
            "equity", "--game", "omaha", item, "random", "--seed", "1", "--rounds", "100",
        ]);
        assert_eq!(relabel(&long, &list, item), once, "{item}");
        // Generous for a loaded machine: a list takes a few tens of milliseconds.
        assert!(
            elapsed.as_secs_f64() < 20.0,
            "{item} x {times}: {elapsed:?}"
        );
    }
}

/// `random` in a list is every hand, its weight applying; with every hand at full weight the
/// range is `random` itself, dealt from the deck, in every Omaha game.
#[test]
fn random_in_a_list_is_every_hand() {
    for (game, aces) in [("omaha", "AAxx"), ("omaha6", "AAxxxx")] {
        let run = |range: &str| {
            sim_ok(&[
                "equity", "--game", game, range, aces, "--seed", "3", "--rounds", "2000",
            ])
        };
        let random = run("random");
        for list in ["random,random".to_string(), format!("{aces}:0.5,random")] {
            assert_eq!(
                relabel(&run(&list), &list, "random"),
                random,
                "{game} {list}"
            );
        }
    }
    // With a weight after it, random lists every hand, as xxxx does.
    let run = |range: &str| {
        sim_ok(&[
            "equity", "--game", "omaha", range, "AAxx", "--seed", "3", "--rounds", "2000",
        ])
    };
    assert_eq!(
        relabel(&run("random,KKxx:0.5"), "random,KKxx:0.5", "x"),
        relabel(&run("xxxx,KKxx:0.5"), "xxxx,KKxx:0.5", "x")
    );
}

/// The different items of a list may name at most 20,000,000 hands between them, so that no
/// list, however long, takes long to parse: two aces and any four more symbols in PLO6, with
/// three suit shapes (5,460 items, 1.24 M different hands).
#[test]
fn lists_naming_too_many_hands_are_refused_quickly() {
    let symbols: Vec<char> = "xKQJT98765432".chars().collect();
    let mut items = Vec::new();
    for i in 0..13 {
        for j in i..13 {
            for k in j..13 {
                for l in k..13 {
                    let ranks: String = [i, j, k, l].iter().map(|&s| symbols[s]).collect();
                    for shape in ["", ":ds", ":ss"] {
                        items.push(format!("AA{ranks}{shape}"));
                    }
                }
            }
        }
    }
    let list = items.join(",");
    let started = std::time::Instant::now();
    let out = sim(&["equity", "--game", "omaha6", &list, "random"]);
    let elapsed = started.elapsed();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{:.300}", err);
    assert_eq!(err.lines().count(), 1);
    assert!(err.starts_with("sim: the items of range 'AAxxxx,AAxxxx:ds,AAxxxx:ss,AAxxxK,"));
    assert!(
        err.trim_end().ends_with(
            "' name more than 20000000 hands between them (a hand counted once for each \
             different item naming it); use fewer overlapping items, or 'random'"
        ),
        "{:.300}",
        err
    );
    // Generous for a loaded machine: about a second.
    assert!(elapsed.as_secs_f64() < 20.0, "{elapsed:?}");
}
