//! `sim odds` end to end: determinism across thread counts, the golden table, the table's shape,
//! JSON, output files, the stderr summary, random seeds and a closed stdout pipe.

mod common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use common::{CATEGORIES, ODDS_HEADER, command, counts_column, csv_rows, sim, sim_ok, stderr};

#[test]
fn thread_count_does_not_change_a_single_byte() {
    let cases: [&[&str]; 3] = [
        &["--rounds", "3M", "--seed", "7"],
        &[
            "--rounds", "3M", "--seed", "7", "--known", "AsKd", "--cards", "7",
        ],
        &["--rounds", "3M", "--seed", "7", "--cards", "5"],
    ];
    for case in cases {
        let run = |threads: &str| {
            let mut args = vec!["odds", "--threads", threads];
            args.extend_from_slice(case);
            sim_ok(&args)
        };
        let one = run("1");
        assert_eq!(counts_column(&one).iter().sum::<u64>(), 3_000_000);
        assert_eq!(one, run("2"), "{case:?}: --threads 1 vs 2");
        assert_eq!(one, run("3"), "{case:?}: --threads 1 vs 3");
    }
}

/// To regenerate after a deliberate change to dealing, seeding or the table format:
/// `cargo run --release -p sim -- odds --rounds 2M --seed 42 --out data/golden/odds_seed42_2M.csv`
/// (the table does not depend on the build profile or the thread count).
#[test]
fn seed_42_matches_the_golden_table() {
    let golden = include_str!("../../../data/golden/odds_seed42_2M.csv");
    let table = sim_ok(&["odds", "--rounds", "2M", "--seed", "42"]);
    assert_eq!(table, golden);
}

#[test]
fn odds_table_has_the_documented_shape() {
    let table = sim_ok(&["odds", "--rounds", "2M", "--seed", "1234"]);
    let rows = csv_rows(&table);
    assert_eq!(rows[0].join(","), ODDS_HEADER);
    assert_eq!(counts_column(&table).iter().sum::<u64>(), 2_000_000);
    let exact = counts_column(include_str!("../../../data/seven_card_exact.csv"));
    let exact_total: u64 = exact.iter().sum();
    for (row, exact_count) in rows[1..].iter().zip(exact) {
        assert_eq!(row.len(), 8, "{row:?}");
        let number = |i: usize| -> f64 { row[i].parse().expect("number") };
        let (count, p, se, low, high, q, z) = (
            number(1),
            number(2),
            number(3),
            number(4),
            number(5),
            number(6),
            number(7),
        );
        assert!((p - count / 2e6).abs() < 1e-15, "{row:?}");
        assert!((se - (p * (1.0 - p) / 2e6).sqrt()).abs() < 1e-15, "{row:?}");
        assert!(
            low <= p && p <= high && 0.0 <= low && high <= 1.0,
            "{row:?}"
        );
        assert!(
            (q - exact_count as f64 / exact_total as f64).abs() < 1e-15,
            "{row:?}"
        );
        // Each row's z-score is standard normal under a correct simulation; 5 standard
        // deviations in any of ten rows has probability below 6e-6.
        assert!(z.abs() < 5.0, "{row:?}");
    }
}

#[test]
fn json_has_the_rows_and_the_run() {
    let text = sim_ok(&[
        "odds", "--rounds", "100K", "--seed", "3", "--format", "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(doc["command"], "odds");
    assert_eq!(doc["seed"].as_u64(), Some(3));
    assert_eq!(doc["rounds"].as_u64(), Some(100_000));
    assert_eq!(doc["cards"].as_u64(), Some(7));
    let rows = doc["rows"].as_array().expect("rows array");
    let names: Vec<&str> = rows
        .iter()
        .map(|row| row["category"].as_str().expect("category"))
        .collect();
    assert_eq!(names, CATEGORIES);
    let mut columns: Vec<&str> = ODDS_HEADER.split(',').collect();
    columns.sort_unstable();
    for row in rows {
        let mut keys: Vec<&str> = row
            .as_object()
            .expect("row object")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, columns, "the CSV columns, by name");
    }
    let total: u64 = rows.iter().map(|row| row["count"].as_u64().unwrap()).sum();
    assert_eq!(total, 100_000);
    // The same run as CSV has the same counts.
    let csv = sim_ok(&["odds", "--rounds", "100K", "--seed", "3"]);
    let json_counts: Vec<u64> = rows
        .iter()
        .map(|row| row["count"].as_u64().unwrap())
        .collect();
    assert_eq!(json_counts, counts_column(&csv));
}

#[test]
fn out_file_gets_the_table_and_stdout_stays_empty() {
    let dir = tempfile::tempdir().expect("temp folder");
    let path = dir.path().join("odds.csv");
    let out = sim(&[
        "odds",
        "--rounds",
        "1M",
        "--seed",
        "5",
        "--threads",
        "2",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "nothing on stdout");
    let written = std::fs::read_to_string(&path).expect("output file");
    assert_eq!(
        written,
        sim_ok(&["odds", "--rounds", "1M", "--seed", "5"]),
        "file holds what stdout would"
    );
    assert_eq!(
        common::entries(dir.path()),
        ["odds.csv"],
        "no temp files left"
    );
    let summary = stderr(&out);
    assert_eq!(summary.lines().count(), 1, "one summary line: {summary:?}");
    for needle in ["1000000 rounds", "seed 5", "2 threads", "hands/s"] {
        assert!(summary.contains(needle), "{needle:?} in {summary:?}");
    }
}

#[test]
fn a_chosen_seed_is_reported_and_reproduces_the_run() {
    let out = sim(&["odds", "--rounds", "200K"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let seed = err
        .split("--seed ")
        .skip(1)
        .find_map(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no `--seed N` in stderr: {err:?}"));
    let again = sim(&["odds", "--rounds", "200K", "--seed", &seed.to_string()]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(again.stdout, out.stdout, "seed {seed} reproduces the table");
    assert!(
        !stderr(&again).contains("no --seed"),
        "a given seed is not announced as chosen"
    );
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    // Reads one line, then closes the pipe.
    let mut child = command(&["odds", "--rounds", "1M", "--seed", "9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sim");
    let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("read a line");
    assert_eq!(first.trim_end(), ODDS_HEADER);
    drop(reader);
    let out = child.wait_with_output().expect("wait for sim");
    assert!(out.status.success(), "exit {}", out.status);
    assert!(!stderr(&out).contains("sim: "), "{}", stderr(&out));

    // Closes the pipe before sim writes anything (it is still dealing): the write fails with a
    // broken pipe, which must end the run quietly with success.
    let mut child = command(&["odds", "--rounds", "4M", "--seed", "9", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sim");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait for sim");
    assert!(out.status.success(), "exit {}", out.status);
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

/// A table is an ordinary file: its permissions are those any new file in the folder gets (the
/// umask's), not the private 0600 of the temporary file it was renamed from.
#[cfg(unix)]
#[test]
fn output_files_get_ordinary_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("sim-perm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("t.csv");
    let reference = dir.join("reference");
    std::fs::File::create(&reference).unwrap();
    let out = sim(&[
        "odds",
        "--rounds",
        "1000",
        "--seed",
        "1",
        "--out",
        table.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&table), mode(&reference));
    let _ = std::fs::remove_dir_all(&dir);
}
