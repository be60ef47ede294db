//! `sim equity --boards 2` and `--runs N` with ranges counted exactly end to end: chosen
//! without `--exact` when cheap (standard errors 0, the summary says exact), the same bytes on
//! 1 and 3 threads, the per-board equity equal to the single-board exact equity with the other
//! board's cards dead, and `--exact` past its limit refused in one line saying to drop it.

mod common;

use common::{assert_fails, sim, sim_ok, stderr};

/// The records of a CSV, header first (quoted fields unquoted: a range holds commas).
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// `sim equity` with `args` on `threads` threads: stdout and stderr.
fn run(args: &[&str], threads: &str) -> (String, String) {
    let out = sim(&[args, &["--threads", threads]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    (common::stdout(&out), stderr(&out))
}

const DOUBLE: [&str; 9] = [
    "equity",
    "AhKh",
    "QQ+,AKs:0.5",
    "--boards",
    "2",
    "--board",
    "Qh7h2c5c",
    "--board2",
    "Jd9s3c",
];

#[test]
fn cheap_ranged_runouts_are_exact_and_the_same_on_any_threads() {
    let (one, summary) = run(&DOUBLE, "1");
    assert!(summary.contains("double board, exact:"), "{summary}");
    let (three, _) = run(&DOUBLE, "3");
    assert_eq!(one, three);
    let rows = csv_rows(&one);
    let at = |name: &str| rows[0].iter().position(|c| c == name).unwrap();
    for row in &rows[1..] {
        assert_eq!(row[at("std_error")], "0.000000000000000", "{row:?}");
    }
    // Board 1's equity is the single-board exact equity with board 2's cards dead.
    let single = sim_ok(&[
        "equity",
        "AhKh",
        "QQ+,AKs:0.5",
        "--board",
        "Qh7h2c5c",
        "--dead",
        "Jd9s3c",
        "--exact",
        "--format",
        "json",
    ]);
    let board1: f64 = rows
        .iter()
        .find(|r| r[0] == "1" && r[2] == "1" && r[4] == "equity")
        .unwrap()[at("probability")]
    .parse()
    .unwrap();
    let json: serde_json::Value = serde_json::from_str(&single).unwrap();
    let want = json["rows"][0]["equity"].as_f64().unwrap();
    assert!((board1 - want).abs() < 1e-9, "{board1} vs {want}");
}

#[test]
fn runs_with_a_range_on_the_turn_are_exact() {
    let (csv, summary) = run(
        &[
            "equity",
            "AsAh",
            "KK,QQ:0.25",
            "--runs",
            "2",
            "--board",
            "Kd7c2s3h",
        ],
        "2",
    );
    assert!(summary.contains("run 2 times, exact:"), "{summary}");
    let rows = csv_rows(&csv);
    assert!(
        rows.iter()
            .skip(1)
            .all(|r| r[r.len() - 2] == "0.000000000000000")
    );
}

#[test]
fn exact_past_its_limit_is_refused_saying_to_drop_it() {
    let dir = tempfile::tempdir().unwrap();
    assert_fails(
        dir.path(),
        &["equity", "random", "random", "--boards", "2", "--exact"],
        2,
        &["sim: --exact with --boards and ranges", "drop --exact"],
    );
}
