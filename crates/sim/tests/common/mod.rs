//! Helpers shared by the end-to-end tests: run the `sim` binary and read what it wrote.

// Each test binary includes this module and uses only some of it.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// The binary under test, as built by cargo for this test run.
pub(crate) const SIM: &str = env!("CARGO_BIN_EXE_sim");

/// The header of every odds table.
pub(crate) const ODDS_HEADER: &str =
    "category,count,probability,std_error,ci95_low,ci95_high,exact_probability,z_score";

/// Category names in table order.
pub(crate) const CATEGORIES: [&str; 10] = [
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
];

/// Runs `sim` with `args` in the current folder.
pub(crate) fn sim(args: &[&str]) -> Output {
    command(args).output().expect("run sim")
}

/// Runs `sim` with `args` in `dir`.
pub(crate) fn sim_in(dir: &Path, args: &[&str]) -> Output {
    command(args).current_dir(dir).output().expect("run sim")
}

/// Variables through which `--shard auto` finds its shard: cleared for every test run, so that a
/// test machine that happens to run under a scheduler cannot change the results.
pub(crate) const SCHEDULER_VARS: [&str; 5] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "JOB_COMPLETION_INDEX",
    "SIM_SHARD_COUNT",
];

/// The command for `sim args`, not yet started, without scheduler variables and without
/// `COLUMNS`: help not written to a terminal wraps to `COLUMNS`, else to 100 columns, and the
/// goldens of help are the 100-column ones whatever the shell running the tests exports.
pub(crate) fn command(args: &[&str]) -> Command {
    let mut command = Command::new(SIM);
    command.args(args);
    for var in SCHEDULER_VARS {
        command.env_remove(var);
    }
    command.env_remove("COLUMNS");
    with_default_stop_signals(&mut command);
    command
}

/// Starts `command`'s process with SIGINT, SIGTERM and SIGHUP at their default action, as a
/// `sim` started from a terminal has them, whatever this test process was started with: a
/// test run started in the background by a shell without job control has SIGINT ignored, one
/// under `nohup` SIGHUP, and `sim` keeps a signal it was started ignoring ignored.
#[allow(unsafe_code)]
pub(crate) fn with_default_stop_signals(command: &mut Command) {
    use nix::sys::signal::{SigHandler, Signal, signal};
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the closure only calls `sigaction` (through nix's
    // `signal`), which is async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(|| {
            for stop in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
                signal(stop, SigHandler::SigDfl).map_err(std::io::Error::from)?;
            }
            Ok(())
        });
    }
}

/// Runs `sim` with `args`, asserts it succeeded and returns its stdout.
pub(crate) fn sim_ok(args: &[&str]) -> String {
    let out = sim(args);
    assert!(
        out.status.success(),
        "sim {args:?} failed ({}): {}",
        out.status,
        stderr(&out)
    );
    stdout(&out)
}

/// Standard output as text.
pub(crate) fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error as text.
pub(crate) fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// The rows of a CSV table without quoting (all of ours), header first.
pub(crate) fn csv_rows(text: &str) -> Vec<Vec<&str>> {
    assert!(text.ends_with('\n'), "table ends with a newline");
    text.lines().map(|line| line.split(',').collect()).collect()
}

/// The data rows of a CSV table, as text cells keyed by the header.
pub(crate) fn keyed_rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

/// The counts column of a table whose first two columns are category and count, after checking
/// that the categories are the ten in order.
pub(crate) fn counts_column(text: &str) -> Vec<u64> {
    let rows = csv_rows(text);
    assert_eq!(rows.len(), 11, "header and ten rows:\n{text}");
    rows[1..]
        .iter()
        .zip(CATEGORIES)
        .map(|(row, name)| {
            assert_eq!(row[0], name, "categories in order");
            row[1].parse().expect("count is an integer")
        })
        .collect()
}

/// Names of the entries of `dir`, sorted.
pub(crate) fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read folder")
        .map(|entry| {
            entry
                .expect("folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Waits (up to 10 s) until process `pid` handles every stop signal (SIGHUP, SIGINT and
/// SIGTERM), read from its `SigCgt` mask in `/proc`: from then on a stop signal reaches `sim`'s
/// handler, not the default action. Returns early if the process has already ended.
pub(crate) fn wait_until_handling_signals(pid: u32) {
    // Bit n - 1 for signal n: SIGHUP 1, SIGINT 2, SIGTERM 15.
    const STOP_BITS: u64 = 1 | 1 << 1 | 1 << 14;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while std::time::Instant::now() < deadline {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .unwrap_or(0);
        let ended = status.is_empty()
            || status
                .lines()
                .any(|line| line.starts_with("State:") && line.contains('Z'));
        if caught & STOP_BITS == STOP_BITS || ended {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("sim (pid {pid}) never installed its signal handlers");
}

/// Asserts the failure contract for `sim args` run in `dir`: exit code, one `sim: ` line that
/// contains every needle, an empty stdout.
pub(crate) fn assert_fails(dir: &Path, args: &[&str], code: i32, needles: &[&str]) {
    let out = sim_in(dir, args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(code), "sim {args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "sim {args:?}: one line: {err:?}");
    assert!(err.starts_with("sim: "), "sim {args:?}: {err:?}");
    for needle in needles {
        assert!(err.contains(needle), "sim {args:?}: {needle:?} in {err:?}");
    }
    assert!(out.stdout.is_empty(), "sim {args:?}: nothing on stdout");
}

/// The seeded ranking build `sim rank --build --game GAME --rounds ROUNDS --seed 5`: the same
/// bytes on two threads and on one, and `sim rank --merge` of its two shards (`--shard 0/2`,
/// `1/2`) gives them byte for byte; the table has `classes` rows, each of 1 to `rounds` rounds
/// (its eighth column: a stud class plays every round, an Omaha class the boards that miss
/// it). Returns the build's CSV.
pub(crate) fn ranking_build_is_sharded_exactly(game: &str, rounds: &str, classes: usize) -> String {
    let dir = tempfile::tempdir().expect("temp folder");
    let at = |name: &str| dir.path().join(name).display().to_string();
    let build = [
        "rank", "--build", "--game", game, "--rounds", rounds, "--seed", "5",
    ];
    let whole = sim_ok(&[&build[..], &["--threads", "2", "--quiet"]].concat());
    let one = at("one.csv");
    sim_ok(&[&build[..], &["--threads", "1", "--out", &one, "-q"]].concat());
    assert_eq!(std::fs::read_to_string(&one).unwrap(), whole, "one thread");
    for i in 0..2 {
        let shard = format!("{i}/2");
        let out = at(&format!("s{i}.csv"));
        let threads = ["1", "2"][i];
        sim_ok(
            &[
                &build[..],
                &["--threads", threads, "--shard", &shard, "--out", &out, "-q"],
            ]
            .concat(),
        );
    }
    let merge = [
        "rank",
        "--game",
        game,
        "--merge",
        &at("s0.csv"),
        &at("s1.csv"),
    ];
    assert_eq!(sim_ok(&merge), whole, "the shards merged");
    let rows: Vec<&str> = whole.lines().skip(1).collect();
    assert_eq!(rows.len(), classes);
    let played = |r: &&str| r.split(',').nth(7).and_then(|n| n.parse::<u64>().ok());
    let most: u64 = rounds.parse().expect("a plain number of rounds");
    assert!(
        rows.iter()
            .all(|r| played(r).is_some_and(|n| n > 0 && n <= most))
    );
    whole
}

/// `sim rank --top PERCENT --game GAME`'s rows, checked against the midpoint rule: the middle of
/// the last class lies below `percent` of the game's `hands`, and the span reaches within one
/// class (24 combos at most) of it.
pub(crate) fn top_span_ends_by_the_midpoint_rule(game: &str, percent: f64, hands: f64) -> String {
    let top = sim_ok(&["rank", "--top", &format!("{percent}%"), "--game", game]);
    let rows = csv_rows(&top);
    let last_row = rows.last().expect("a class at least");
    let last: u32 = last_row[4].parse().unwrap();
    let combos: u32 = last_row[2].parse().unwrap();
    let edge = hands * percent / 100.0;
    assert!(f64::from(2 * last - combos) / 2.0 < edge, "{game}: {last}");
    assert!(f64::from(last) >= edge - 24.0, "{game}: {last}");
    top
}

/// `PERCENT%` of an Omaha game of `hands` hands is the hands of its ranking's top classes, in
/// every command that reads a range: the breakdown's class row of it against `villain` holds
/// the span's hands that miss the villain's cards (at least a third of them, never all), and a
/// percentage with a suit qualifier (`qualified`) is a range like any other.
pub(crate) fn omaha_percentages_are_ranges(
    game: &str,
    percent: f64,
    hands: f64,
    villain: &str,
    qualified: &str,
) {
    let top = top_span_ends_by_the_midpoint_rule(game, percent, hands);
    let item = format!("{percent}%");
    let combos: u32 = csv_rows(&top)[1..]
        .iter()
        .map(|row| row[2].parse::<u32>().unwrap())
        .sum();
    let args = ["--game", game, "--rounds", "20000", "--seed", "3"];
    let rows = sim_ok(&[&["equity", &item, villain, "--breakdown"], &args[..]].concat());
    let class = rows
        .lines()
        .find(|l| l.starts_with(&format!("{game},1,{item},class,{item},")))
        .unwrap_or_else(|| panic!("{rows}"));
    let held: u32 = class.split(',').nth(6).unwrap().parse().unwrap();
    assert!(
        held < combos && held * 3 >= combos,
        "{game}: {held} of {combos}"
    );
    let out = sim_ok(&[&["equity", qualified, "random"], &args[..]].concat());
    assert!(out.contains(qualified), "{out}");
}
