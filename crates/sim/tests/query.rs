//! `sim query` end to end: exact answers equal `sim equity`'s on the same spots, samples agree
//! with exact answers within their error, the same bytes on any thread count, and refusals as
//! one line with the query's line and column.

mod common;

use std::path::Path;

use common::{assert_fails, csv_rows, sim_ok};

/// The `value` column of a query table, line by line (no query's name holds a comma).
fn values(text: &str) -> Vec<f64> {
    csv_rows(text)
        .iter()
        .skip(1)
        .map(|row| row[3].parse().unwrap())
        .collect()
}

/// The `equity` column of `sim equity`, player by player.
fn equities(text: &str) -> Vec<f64> {
    let rows = csv_rows(text);
    let at = rows[0].iter().position(|&c| c == "equity").unwrap();
    rows.iter()
        .skip(1)
        .map(|row| row[at].parse().unwrap())
        .collect()
}

#[test]
fn exact_river_equity_is_sim_equity_s_equity() {
    // (game, players, board): preflop, a flop with ranges, short deck, Omaha hi/lo on the turn.
    let spots: &[(&str, &[&str], &str)] = &[
        ("holdem", &["AsAh", "KsKh"], ""),
        ("holdem", &["AhKh", "JJ+:0.5", "JTs"], "Qh7h2c"),
        ("shortdeck", &["AsKs", "QQ"], "Ts9h6h"),
        ("omaha-hilo", &["AsAd2c7h", "Ac2dKhQs"], "3h8s4dKd"),
        ("omaha", &["AsAdKcQh", "JJ**"], "2h8s4dKd"),
    ];
    for &(game, players, board) in spots {
        let mut args = vec!["equity", "--game", game, "--exact"];
        args.extend_from_slice(players);
        if !board.is_empty() {
            args.extend_from_slice(&["--board", board]);
        }
        let want = equities(&sim_ok(&args));
        let names = ["p1", "p2", "p3"];
        let selectors: Vec<String> = (0..players.len())
            .map(|i| format!("avg(riverEquity({}))", names[i]))
            .collect();
        let bindings: Vec<String> = players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}='{p}'", names[i]))
            .collect();
        let query = format!(
            "select {} from game='{game}', {}, board='{board}'",
            selectors.join(", "),
            bindings.join(", ")
        );
        // A plain equity question is asked of the engine's equity; with one more selector the
        // language counts every outcome itself: both give sim equity's numbers.
        let plain = values(&sim_ok(&["query", &query, "--exact", "-q"]));
        let own = query.replacen("select ", "select count(tiesHi(p1)), ", 1);
        let own = values(&sim_ok(&["query", &own, "--exact", "-q"]));
        assert_eq!(plain.len(), want.len());
        for (i, w) in want.iter().enumerate() {
            for got in [plain[i], own[i + 1]] {
                assert!(
                    (got - w).abs() < 1e-12,
                    "{game} {players:?} {board}: {got} against {w}"
                );
            }
        }
    }
}

#[test]
fn samples_agree_with_the_exact_answer() {
    let query = "select avg(riverEquity(hero)) as eq, count(minHandType(hero, river, flush)) as flush \
                 from hero='AhKh', villain='QsQd', board='Qh7h2c'";
    let exact = values(&sim_ok(&["query", query, "-q"]));
    let out = sim_ok(&["query", query, "--rounds", "200k", "--seed", "3", "-q"]);
    let rows = csv_rows(&out);
    for (row, want) in rows.iter().skip(1).zip(&exact) {
        let (value, error): (f64, f64) = (row[3].parse().unwrap(), row[4].parse().unwrap());
        // Five standard errors: a chance of about 6e-7 of failing by bad luck.
        assert!((value - want).abs() < 5.0 * error, "{row:?} against {want}");
        let (low, high): (f64, f64) = (row[5].parse().unwrap(), row[6].parse().unwrap());
        assert!(low < value && value < high);
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_on_any_thread_count() {
    let query = "select avg(riverEquity(hero)) as eq, histogram(flopHandCategory(hero)) as flop \
                 from hero='QQ+,AKs,T9s', villain='15%' where not pairedBoard(flop)";
    let run = |threads: &str| {
        sim_ok(&[
            "query",
            query,
            "--rounds",
            "300k",
            "--seed",
            "9",
            "--threads",
            threads,
            "-q",
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
    let exact =
        "select avg(hvhEquity(hero, turn)) as hvh from hero='AhKh', villain='QQ', board='Qh7h2c'";
    let run = |threads: &str| sim_ok(&["query", exact, "--threads", threads, "-q"]);
    assert_eq!(run("1"), run("2"));
}

#[test]
fn where_is_exact_conditioning() {
    // The share of boards where the villain makes a set or better, and hero's equity then.
    let all = values(&sim_ok(&[
        "query",
        "select count(minHandType(villain, river, trips)) as strong from hero='AsAh', villain='KsKh', board='2c7d9h'",
        "-q",
    ]));
    let given = values(&sim_ok(&[
        "query",
        "select count(minHandType(villain, river, trips)) as strong, avg(riverEquity(hero)) as eq \
         from hero='AsAh', villain='KsKh', board='2c7d9h' where minHandType(villain, river, trips)",
        "-q",
    ]));
    assert!(all[0] > 0.0 && all[0] < 0.3);
    assert_eq!(given[0], 1.0);
    assert!(
        given[1] < 0.5,
        "aces mostly lose when kings improve: {}",
        given[1]
    );
}

#[test]
fn a_target_stops_when_every_error_is_below_it() {
    let out = sim_ok(&[
        "query",
        "select avg(riverEquity(hero)) from hero='AhKh', villain='random'",
        "--target-stderr",
        "2e-3",
        "--seed",
        "1",
        "-q",
        "--format",
        "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let trials = doc["trials"].as_u64().unwrap();
    assert!(trials < 10_000_000, "stopped early: {trials}");
    assert!(doc["rows"][0]["std_error"].as_f64().unwrap() < 2e-3);
}

#[test]
fn refusals_are_one_line_with_the_column() {
    let dir = Path::new(".");
    let cases: &[(&str, &[&str])] = &[
        (
            "select avg(riverEquty(hero)) from game='holdem', hero='AsAh', villain='KsKh'",
            &["sim: query:1:12: unknown function 'riverEquty' (did you mean riverEquity?)"],
        ),
        (
            "select avg(handType(hero, flop)) from hero='AsAh', villain='KsKh'",
            &["query:1:12: type error: avg takes a number or a boolean, found hand type"],
        ),
        (
            "select count(flopHandCategory(hero) = flopSet) from game='omaha', hero='AAKK', villain='random'",
            &["type error: flopHandCategory has no meaning in omaha"],
        ),
        (
            "select avg(1) from hero='AsAh', villain='AsKd'",
            &["no deal"],
        ),
        ("select", &["query:1:7: expected a selector"]),
    ];
    for (query, needles) in cases {
        assert_fails(dir, &["query", query, "--seed", "1"], 2, needles);
    }
}
