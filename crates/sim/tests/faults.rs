//! Regression tests for what clusters and hostile users do: output paths that are not regular
//! files, two flags naming one file, stale temporary files, absurd thread counts, unwritable
//! checkpoint folders, plots of partial tables, missing arguments, edited checkpoints and a closed
//! stdout. (Signals are in `signals.rs` and `longruns.rs`.)

mod common;

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::Stdio;

use common::{assert_fails, command, entries, sim_in, sim_ok, stderr};
use engine::CategoryCounts;
use sim::checkpoint::Checkpoint;
use sim::identity::RunIdentity;

const SMALL_ODDS: [&str; 5] = ["odds", "--rounds", "10000", "--seed", "1"];

fn with(args: &[&str], more: &[&str]) -> Vec<String> {
    args.iter().chain(more).map(|s| s.to_string()).collect()
}

fn run_in(dir: &Path, args: &[String]) -> std::process::Output {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    sim_in(dir, &args)
}

/// Defect 1: devices are written through, never replaced.
#[test]
fn devices_are_written_through_and_stay_devices() {
    let dir = tempfile::tempdir().unwrap();
    for device in ["/dev/null", "/dev/zero"] {
        let before = std::fs::metadata(device).unwrap();
        let out = run_in(dir.path(), &with(&SMALL_ODDS, &["--out", device]));
        assert!(out.status.success(), "{device}: {}", stderr(&out));
        let after = std::fs::metadata(device).unwrap();
        assert!(after.file_type().is_char_device(), "{device} was replaced");
        assert_eq!(
            std::os::unix::fs::MetadataExt::ino(&before),
            std::os::unix::fs::MetadataExt::ino(&after)
        );
    }
    // /dev/full takes no bytes: a runtime error, still a device afterwards.
    let out = run_in(dir.path(), &with(&SMALL_ODDS, &["--out", "/dev/full"]));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("/dev/full"), "{}", stderr(&out));
    assert!(
        std::fs::metadata("/dev/full")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
}

/// Defect 1: `/dev/stdout` is the process's stdout, not a file to rename over.
#[test]
fn dev_stdout_is_stdout() {
    let expected = sim_ok(&SMALL_ODDS);
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(dir.path(), &with(&SMALL_ODDS, &["--out", "/dev/stdout"]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    assert!(entries(dir.path()).is_empty());
}

/// Defect 1: a FIFO's reader receives the table.
#[test]
fn a_fifo_reader_receives_the_table() {
    let expected = sim_ok(&SMALL_ODDS);
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = std::process::Command::new("cat")
        .arg(&fifo)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let out = run_in(dir.path(), &with(&SMALL_ODDS, &["--out", "pipe"]));
    assert!(out.status.success(), "{}", stderr(&out));
    let read = reader.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(read.stdout).unwrap(), expected);
    assert!(
        std::fs::metadata(&fifo).unwrap().file_type().is_fifo(),
        "the FIFO was replaced"
    );
    assert_eq!(entries(dir.path()), ["pipe"]);
}

/// Defect 1: a symbolic link is followed; its target is replaced and the link stays a link.
#[test]
fn a_link_is_followed_and_its_target_replaced() {
    let expected = sim_ok(&SMALL_ODDS);
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    std::fs::write(dir.path().join("real/table.csv"), "old\n").unwrap();
    std::os::unix::fs::symlink("real/table.csv", dir.path().join("link.csv")).unwrap();
    let out = run_in(dir.path(), &with(&SMALL_ODDS, &["--out", "link.csv"]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(dir.path().join("link.csv"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("real/table.csv")).unwrap(),
        expected
    );
    assert_eq!(entries(dir.path()), ["link.csv", "real"]);
    assert_eq!(entries(&dir.path().join("real")), ["table.csv"]);
}

/// Defect 1: a folder is an error (exit 1), before any work.
#[test]
fn a_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("folder")).unwrap();
    assert_fails(
        dir.path(),
        &["odds", "--rounds", "1T", "--out", "folder"],
        1,
        &["folder", "it is a folder"],
    );
}

/// Defect 2: two of a command's paths naming one file are refused up front (exit 2).
#[test]
fn two_flags_naming_one_file_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("keep.csv"), "keep\n").unwrap();
    std::os::unix::fs::symlink("x.csv", dir.path().join("alias.csv")).unwrap();
    let cases: [(&[&str], [&str; 2]); 5] = [
        (
            &[
                "odds",
                "--seed",
                "1",
                "--checkpoint",
                "x.csv",
                "--out",
                "x.csv",
            ],
            ["--out", "--checkpoint"],
        ),
        (
            &[
                "odds",
                "--seed",
                "1",
                "--checkpoint",
                "alias.csv",
                "--out",
                "./x.csv",
            ],
            ["--out", "--checkpoint"],
        ),
        (
            &[
                "shuffle", "audit", "--method", "naive", "--matrix", "keep.csv", "--out",
                "keep.csv",
            ],
            ["--out", "--matrix"],
        ),
        (
            &["merge", "keep.csv", "--out", "keep.csv"],
            ["SHARD", "--out"],
        ),
        (
            &["plot", "odds", "keep.csv", "--out", "keep.csv"],
            ["CSV", "--out"],
        ),
    ];
    for (args, flags) in cases {
        assert_fails(dir.path(), args, 2, &[flags[0], flags[1], "same file"]);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("keep.csv")).unwrap(),
            "keep\n"
        );
        assert_eq!(entries(dir.path()), ["alias.csv", "keep.csv"]);
    }
}

/// Defect 4: a temporary file left by a killed run is reused, and gone afterwards.
#[test]
fn a_stale_temporary_file_is_cleaned_up() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(".table.csv.sim-tmp"),
        "stale from a killed run",
    )
    .unwrap();
    let out = run_in(dir.path(), &with(&SMALL_ODDS, &["--out", "table.csv"]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(entries(dir.path()), ["table.csv"]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("table.csv")).unwrap(),
        sim_ok(&SMALL_ODDS)
    );
}

/// Defect 5: thread counts have a documented limit.
#[test]
fn thread_counts_above_the_limit_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["odds", "--threads", "5000"][..],
        &["equity", "AA", "KK", "--threads", "100000"],
        &["bench", "--threads", "1,1025"],
        &["deal", "--threads", "2000"],
    ] {
        assert_fails(dir.path(), args, 2, &["--threads", "at most 1024"]);
    }
    assert!(
        sim_in(dir.path(), &["exact", "--threads", "1024"])
            .status
            .success()
    );
}

/// Defect 6: every output path is checked before any work (a 1T-round run would never end).
#[test]
fn unwritable_paths_fail_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &[
                "odds",
                "--rounds",
                "1T",
                "--seed",
                "1",
                "--checkpoint",
                "missing/c.ckpt",
            ],
            "missing",
        ),
        (
            &[
                "odds",
                "--rounds",
                "1T",
                "--seed",
                "1",
                "--checkpoint",
                "/dev/null",
            ],
            "not a regular file",
        ),
        (
            &["odds", "--rounds", "1T", "--out", "missing/t.csv"],
            "missing",
        ),
        (
            &[
                "shuffle",
                "audit",
                "--method",
                "naive",
                "--trials",
                "1T",
                "--matrix",
                "missing/m.csv",
            ],
            "missing",
        ),
        (
            &[
                "odds",
                "--rounds",
                "1T",
                "--seed",
                "1",
                "--shard",
                "0/2",
                "--out",
                "missing/s.json",
            ],
            "missing",
        ),
    ];
    for (args, needle) in cases {
        assert_fails(dir.path(), args, 1, &[needle]);
        assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
    }
    std::fs::write(dir.path().join("t.csv"), "category\nx\n").unwrap();
    assert_fails(
        dir.path(),
        &["plot", "odds", "t.csv", "--out", "missing/p.svg"],
        1,
        &["missing"],
    );
}

/// Defect 7: a `sim shuffle tv` table without trials plots its exact curve.
#[test]
fn plot_tv_draws_the_exact_curve_without_trials() {
    let dir = tempfile::tempdir().unwrap();
    let table = sim_ok(&["shuffle", "tv", "--deck-size", "8", "--max-riffles", "5"]);
    std::fs::write(dir.path().join("tv.csv"), &table).unwrap();
    let out = sim_in(dir.path(), &["plot", "tv", "tv.csv", "--out", "tv.svg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(dir.path().join("tv.svg")).unwrap();
    assert!(svg.contains("exact") && !svg.contains("estimate"), "{svg}");
}

/// Defect 8: missing required arguments are named; garbage input names its file.
#[test]
fn missing_arguments_and_garbage_are_named() {
    let dir = tempfile::tempdir().unwrap();
    assert_fails(dir.path(), &["merge"], 2, &["missing", "SHARD"]);
    assert_fails(
        dir.path(),
        &["plot", "odds", "f.csv"],
        2,
        &["missing", "--out"],
    );
    assert_fails(
        dir.path(),
        &["shuffle", "audit"],
        2,
        &["missing", "--method"],
    );
    let garbage: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    std::fs::write(dir.path().join("junk.csv"), garbage).unwrap();
    assert_fails(
        dir.path(),
        &["plot", "odds", "junk.csv", "--out", "j.svg"],
        2,
        &["junk.csv"],
    );
    assert_eq!(entries(dir.path()), ["junk.csv"]);
}

/// Defect 9: a checkpoint whose counts were edited (checksum recomputed) is refused.
#[test]
fn an_edited_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let run = RunIdentity {
        cards: 7,
        known: String::new(),
        rounds: 10 << 20,
        chunk_rounds: 1 << 20,
        seed: 1,
        target_stderr: None,
        game: None,
    };
    // Four chunks done, but the counts claim a single hand: probability 1.0 after resuming.
    let mut counts = CategoryCounts::default();
    counts.0[0] = 1;
    let ckpt = dir.path().join("c.ckpt");
    Checkpoint::new(&run, (0, 10), 4, counts)
        .unwrap()
        .save(&ckpt)
        .unwrap();
    assert_fails(
        dir.path(),
        &[
            "odds",
            "--rounds",
            "10485760",
            "--seed",
            "1",
            "--checkpoint",
            "c.ckpt",
        ],
        1,
        &["c.ckpt", "corrupt", "add up to 1 rounds"],
    );
    assert_eq!(entries(dir.path()), ["c.ckpt"]);
}

/// Also: an absurd save interval says what the limit is.
#[test]
fn checkpoint_every_states_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    assert_fails(
        dir.path(),
        &[
            "odds",
            "--seed",
            "1",
            "--checkpoint",
            "c",
            "--checkpoint-every",
            "1e308",
        ],
        2,
        &["--checkpoint-every", "at most 31536000 seconds"],
    );
}

/// Also: with stdout closed there is nowhere to write the table: exit 1, not a silent 0.
#[test]
fn a_closed_stdout_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"{}\" exact >&-", common::SIM))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("stdout is closed"),
        "{}",
        stderr(&out)
    );
    // Redirected to /dev/null on purpose is fine.
    let out = command(&["exact"])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}
