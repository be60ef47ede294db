//! `sim preflop` as a long run: the table against random hands stops cleanly on a signal,
//! saves its finished cells to `--checkpoint`, and a rerun of the same command resumes and
//! writes the bytes of one run in one go; the matrix stops cleanly and writes nothing.

use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{assert_fails, command, entries, sim, sim_in, stderr, wait_until_handling_signals};

/// The table's arguments: 338 cells of 20k rounds (a few seconds in the test build).
const TABLE: [&str; 7] = [
    "preflop",
    "--opponents",
    "1..2",
    "--rounds",
    "20k",
    "--seed",
    "5",
];

/// Waits until `path` exists (at most 20 s).
fn wait_for(path: &Path) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !path.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Runs `sim args` in `dir`, sends `signal` (kill's name) once it handles signals and `ready`
/// returned, and waits for it.
fn signalled(dir: &Path, args: &[&str], signal: &str, ready: impl FnOnce()) -> Output {
    let child = command(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_until_handling_signals(child.id());
    ready();
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    child.wait_with_output().unwrap()
}

#[test]
fn a_stopped_table_resumes_to_the_bytes_of_one_run() {
    let whole = sim(&TABLE);
    assert!(whole.status.success(), "{}", stderr(&whole));
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let dir = tempfile::tempdir().unwrap();
        let mut args = TABLE.to_vec();
        args.extend([
            "--out",
            "table.csv",
            "--checkpoint",
            "cells.ckpt",
            "--checkpoint-every",
            "0.05",
        ]);
        // After the first periodic save, so that the signal lands mid-table.
        let out = signalled(dir.path(), &args, signal, || {
            wait_for(&dir.path().join("cells.ckpt"));
        });
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "SIG{signal}: {err}");
        let last = err.lines().last().unwrap_or_default();
        assert!(
            last.starts_with(&format!("sim: SIG{signal}: stopped after "))
                && last.ends_with("progress saved to cells.ckpt; rerun the same command to resume"),
            "{err}"
        );
        assert_eq!(
            entries(dir.path()),
            ["cells.ckpt"],
            "no table, no temporary"
        );

        let rerun = sim_in(dir.path(), &args);
        let err = stderr(&rerun);
        assert!(rerun.status.success(), "{err}");
        assert!(
            err.contains("sim preflop: resuming from checkpoint cells.ckpt with "),
            "{err}"
        );
        assert_eq!(
            entries(dir.path()),
            ["table.csv"],
            "the checkpoint is removed"
        );
        assert!(
            std::fs::read(dir.path().join("table.csv")).unwrap() == whole.stdout,
            "SIG{signal}: the resumed table differs from one run in one go"
        );
    }
}

#[test]
fn the_matrix_stops_cleanly_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["preflop", "--matrix", "--out", "matrix.csv"];
    let out = signalled(dir.path(), &args, "TERM", || {
        std::thread::sleep(Duration::from_millis(300));
    });
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(143), "{err}");
    assert!(
        err.lines()
            .last()
            .unwrap_or_default()
            .starts_with("sim: SIGTERM: stopped"),
        "{err}"
    );
    assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
}

#[test]
fn checkpoint_flags_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert_fails(
        d,
        &["preflop", "--matrix", "--checkpoint", "c"],
        2,
        &["--checkpoint is for the table against random hands"],
    );
    assert_fails(
        d,
        &["preflop", "--checkpoint", "c"],
        2,
        &["--checkpoint needs --seed"],
    );
    assert_fails(
        d,
        &["preflop", "--checkpoint-every", "3", "--seed", "1"],
        2,
        &["--checkpoint-every needs --checkpoint FILE"],
    );
    assert_fails(
        d,
        &["preflop", "--seed", "1", "--checkpoint", "t", "--out", "t"],
        2,
        &["--out", "--checkpoint"],
    );
    // A damaged checkpoint is refused, not used (another table's: the unit tests).
    let other = [
        "preflop",
        "--opponents",
        "1",
        "--rounds",
        "1k",
        "--seed",
        "6",
        "--checkpoint",
        "c.ckpt",
        "--checkpoint-every",
        "0.001",
    ];
    std::fs::write(d.join("c.ckpt"), b"{}").unwrap();
    let out = sim_in(d, &other);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("is corrupt"), "{}", stderr(&out));
}
