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
use sim::shard::ShardFile;

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
        dead: String::new(),
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

/// Also: with stdout closed there is nowhere to write the table: exit 1, not a silent 0; a
/// `/dev/null` opened on purpose, write-only or read-write, is fine.
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
    // So is a /dev/null opened read-write, as Python's `subprocess.DEVNULL` opens it (and as
    // Rust's runtime opens it in place of a closed stdout, which only the descriptor's state
    // before the runtime starts tells apart).
    let null = std::fs::File::options()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    let out = command(&["exact"])
        .current_dir(dir.path())
        .stdout(Stdio::from(null))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

/// A name of `len` bytes ending in `.csv`.
fn long_name(len: usize, ext: &str) -> String {
    format!("{}{ext}", "t".repeat(len - ext.len()))
}

/// Issue 24, defect 4: a valid name of 247 to 255 bytes is written, through a temporary file
/// whose name still fits (the name's first bytes and a hash), by every command's `--out`, and as
/// a checkpoint.
#[test]
fn names_too_long_for_a_dotted_temporary_name_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let expected = sim_ok(&SMALL_ODDS);
    for len in 247..=255 {
        let name = long_name(len, ".csv");
        let out = run_in(dir.path(), &with(&SMALL_ODDS, &["--out", &name]));
        assert!(out.status.success(), "{len} bytes: {}", stderr(&out));
        assert_eq!(
            std::fs::read_to_string(dir.path().join(&name)).unwrap(),
            expected
        );
        assert_eq!(
            entries(dir.path()),
            std::slice::from_ref(&name),
            "no temporary file left"
        );
        std::fs::remove_file(dir.path().join(&name)).unwrap();
    }
    let name = long_name(255, ".csv");
    let shard = long_name(255, ".json");
    let commands: [&[&str]; 5] = [
        &["exact", "--cards", "5"],
        &["equity", "AsAh", "KsKh", "--board", "2c3d4h"],
        &["deal", "--rounds", "10K", "--seed", "1"],
        &["odds", "--rounds", "2M", "--seed", "1", "--shard", "0/1"],
        &["merge", &shard],
    ];
    for (i, args) in commands.iter().enumerate() {
        let target = if i == 3 { &shard } else { &name };
        let out = run_in(dir.path(), &with(args, &["--out", target]));
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let mut expected_entries = vec![shard.clone()];
        if i != 3 {
            expected_entries.push(name.clone());
        }
        expected_entries.sort();
        if i >= 3 {
            assert_eq!(entries(dir.path()), expected_entries, "{args:?}");
        }
        if i != 3 {
            std::fs::remove_file(dir.path().join(&name)).unwrap();
        }
    }
    let svg = long_name(255, ".svg");
    let tv = format!("{}/tests/fixtures/tv.csv", env!("CARGO_MANIFEST_DIR"));
    let out = run_in(dir.path(), &with(&["plot", "tv", &tv], &["--out", &svg]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.path().join(&svg).exists());

    // A checkpoint of 255 bytes: saved when a run is stopped, resumed, removed at the end.
    let dir = tempfile::tempdir().unwrap();
    let ckpt = long_name(255, ".ckpt");
    let args = [
        "odds",
        "--cards",
        "5",
        "--rounds",
        "100M",
        "--seed",
        "3",
        "--threads",
        "1",
        "--checkpoint",
        &ckpt,
        "--checkpoint-every",
        "0.05",
        "--quiet",
    ];
    let child = command(&args)
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !dir.path().join(&ckpt).exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert_eq!(entries(dir.path()), std::slice::from_ref(&ckpt));
    let out = sim_in(dir.path(), &args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
}

/// Issue 24, defect 7: processes writing one `--out` at once take turns; one that finds another
/// writing says so (never "No such file or directory"), touches nothing of the other's, and the
/// file ends whole with no temporary file beside it.
#[test]
fn writers_of_one_file_at_once_name_each_other_and_leave_it_whole() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["exact", "--cards", "5", "--out", "same.csv"];
    let expected = sim_ok(&args[..3]);
    let mut refusals = 0;
    for _ in 0..15 {
        let children: Vec<_> = (0..6)
            .map(|_| {
                command(&args)
                    .current_dir(dir.path())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            let err = stderr(&out);
            if !out.status.success() {
                refusals += 1;
                assert_eq!(out.status.code(), Some(1), "{err}");
                assert!(
                    err.contains("cannot write same.csv")
                        && err.contains("another sim process is writing it"),
                    "{err}"
                );
                assert_eq!(err.lines().count(), 1, "{err}");
            }
        }
        assert_eq!(
            std::fs::read_to_string(dir.path().join("same.csv")).unwrap(),
            expected
        );
        assert_eq!(entries(dir.path()), ["same.csv"]);
    }
    eprintln!("{refusals} writers found another writing");
}

/// A checkpointed single-thread five-card run of 100M rounds (seconds), saving often.
fn checkpointed(checkpoint: &str, out: &str) -> Vec<String> {
    [
        "odds",
        "--cards",
        "5",
        "--rounds",
        "100M",
        "--seed",
        "4",
        "--threads",
        "1",
        "--checkpoint",
        checkpoint,
        "--checkpoint-every",
        "0.05",
        "--quiet",
        "--out",
        out,
    ]
    .map(String::from)
    .to_vec()
}

/// Issue 24, defect 7: two runs given one checkpoint both failed and wrote no table. The first
/// run keeps its checkpoint to itself: a second one started meanwhile is refused at once, naming
/// the other process, and the first writes its table.
#[test]
fn a_checkpoint_in_use_is_refused_to_a_second_run() {
    let dir = tempfile::tempdir().unwrap();
    let expected = sim_ok(&[
        "odds", "--cards", "5", "--rounds", "100M", "--seed", "4", "--quiet",
    ]);
    let first = command(
        &checkpointed("run.ckpt", "first.csv")
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    )
    .current_dir(dir.path())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !ckpt.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let second = run_in(dir.path(), &checkpointed("run.ckpt", "second.csv"));
    let err = stderr(&second);
    assert_eq!(second.status.code(), Some(1), "{err}");
    assert!(
        err.contains("checkpoint run.ckpt is in use by another sim process"),
        "{err}"
    );
    let first = first.wait_with_output().unwrap();
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("first.csv")).unwrap(),
        expected
    );
    assert_eq!(entries(dir.path()), ["first.csv"]);
}

/// Issue 24, defect 7: two runs started together with one checkpoint, before either saved: the
/// one that saves second is refused at that save (its table is not written), and the other one
/// finishes with its table.
#[test]
fn runs_started_together_on_one_checkpoint_leave_one_winner() {
    let dir = tempfile::tempdir().unwrap();
    let expected = sim_ok(&[
        "odds", "--cards", "5", "--rounds", "100M", "--seed", "4", "--quiet",
    ]);
    let start = |out: &str| {
        command(
            &checkpointed("run.ckpt", out)
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
        )
        .current_dir(dir.path())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
    };
    let (a, b) = (start("a.csv"), start("b.csv"));
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    let (winner, loser, table) = match (a.status.success(), b.status.success()) {
        (true, false) => (a, b, "a.csv"),
        (false, true) => (b, a, "b.csv"),
        _ => panic!(
            "one run wins: {:?} {} / {:?} {}",
            a.status,
            stderr(&a),
            b.status,
            stderr(&b)
        ),
    };
    assert!(winner.status.success());
    let err = stderr(&loser);
    assert_eq!(loser.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot save checkpoint run.ckpt") && err.contains("another sim process"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join(table)).unwrap(),
        expected
    );
    assert_eq!(entries(dir.path()), [table]);
}

/// Issue 24, defect 6: counts whose sum wraps past 2^64 to the rounds of the chunks done
/// ([2^64 − 1, 0, …, 100000001], checksum recomputed) are refused, not resumed into a table
/// with a probability of 184467440737.
#[test]
fn a_checkpoint_whose_counts_wrap_past_2_64_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let rounds = 100_000_000u64;
    let run = RunIdentity {
        cards: 7,
        known: String::new(),
        dead: String::new(),
        rounds,
        chunk_rounds: 1 << 20,
        seed: 1,
        target_stderr: None,
        game: None,
    };
    let chunks = rounds.div_ceil(1 << 20);
    let mut counts = CategoryCounts::default();
    counts.0[0] = u64::MAX;
    counts.0[9] = 100_000_001;
    assert_eq!(counts.0[0].wrapping_add(counts.0[9]), rounds);
    Checkpoint::new(&run, (0, chunks), chunks, counts)
        .unwrap()
        .save(&dir.path().join("c.ckpt"))
        .unwrap();
    assert_fails(
        dir.path(),
        &[
            "odds",
            "--rounds",
            "100000000",
            "--seed",
            "1",
            "--checkpoint",
            "c.ckpt",
            "--out",
            "t.csv",
        ],
        1,
        &["c.ckpt", "corrupt", "more than 2^64 rounds"],
    );
    assert_eq!(entries(dir.path()), ["c.ckpt"]);
}

/// Writes shard 0/1 of `--rounds 3M --seed 9` into `dir` and returns its text.
fn one_shard(dir: &Path) -> String {
    let out = run_in(
        dir,
        &with(
            &["odds", "--rounds", "3M", "--seed", "9", "--shard", "0/1"],
            &["--out", "s.json"],
        ),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::read_to_string(dir.join("s.json")).unwrap()
}

/// Also in issue 24: shard files carry the checkpoint's checksum, so counts swapped between
/// categories (their sum kept) are refused; a shard from before checksums is refused with how
/// to remake it.
#[test]
fn shards_with_swapped_counts_or_no_checksum_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = one_shard(dir.path());
    let expected = sim_ok(&["odds", "--rounds", "3M", "--seed", "9"]);
    assert_eq!(
        sim_ok(&["merge", dir.path().join("s.json").to_str().unwrap()]),
        expected
    );
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let counts = doc["counts"].as_array_mut().unwrap();
    counts.swap(1, 2);
    std::fs::write(
        dir.path().join("swapped.json"),
        serde_json::to_string_pretty(&doc).unwrap(),
    )
    .unwrap();
    assert_fails(
        dir.path(),
        &["merge", "swapped.json"],
        2,
        &[
            "shard swapped.json",
            "checksum mismatch",
            "sim odds … --shard 0/1",
        ],
    );
    doc.as_object_mut().unwrap().remove("checksum");
    doc["counts"].as_array_mut().unwrap().swap(1, 2);
    std::fs::write(
        dir.path().join("old.json"),
        serde_json::to_string_pretty(&doc).unwrap(),
    )
    .unwrap();
    assert_fails(
        dir.path(),
        &["merge", "old.json", "--out", "t.csv"],
        2,
        &[
            "shard old.json",
            "no checksum",
            "remake it by rerunning the `sim odds … --shard 0/1` command",
        ],
    );
    assert_eq!(entries(dir.path()), ["old.json", "s.json", "swapped.json"]);
}

/// Issue 24, defect 11: `merge` names the file of a shard with an unknown game, and takes
/// `"game": "holdem"`, which a checkpoint takes.
#[test]
fn merge_names_the_file_of_an_unknown_game_and_takes_holdem() {
    let dir = tempfile::tempdir().unwrap();
    let text = one_shard(dir.path());
    let shard: ShardFile = serde_json::from_str(&text).unwrap();
    let with_game = |game: &str| {
        let run = RunIdentity {
            game: Some(game.to_string()),
            ..shard.run.clone()
        };
        ShardFile::new(&run, shard.shard, shard.total_chunks, shard.counts)
            .unwrap()
            .to_bytes()
            .unwrap()
    };
    std::fs::write(dir.path().join("holdem.json"), with_game("holdem")).unwrap();
    assert_eq!(
        sim_ok(&["merge", dir.path().join("holdem.json").to_str().unwrap()]),
        sim_ok(&["odds", "--rounds", "3M", "--seed", "9"])
    );
    std::fs::write(dir.path().join("omaha.json"), with_game("omaha")).unwrap();
    assert_fails(
        dir.path(),
        &["merge", "omaha.json"],
        2,
        &[
            "shard omaha.json: unknown game \"omaha\"",
            "holdem, shortdeck",
        ],
    );
}

/// A stderr that takes no bytes (`2>/dev/full`) loses the messages, never the run: every command
/// that finished its work still exits 0 with its table complete, and a usage error still exits
/// 2 (the standard `eprintln!` panicked there, exit 101).
#[test]
fn an_unwritable_stderr_changes_no_exit_status() {
    let full_stderr = |args: &[&str]| {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        command(args).stderr(file).output().unwrap()
    };
    for args in [
        &SMALL_ODDS[..],
        &["equity", "AA", "KK", "--rounds", "1000", "--seed", "1"][..],
        &["equity", "AsAh", "KsKh", "--board", "2c7d9h"][..],
        &["hits", "AA,KK", "--board", "Kh9h5c"][..],
        &["preflop", "--rounds", "1000", "--seed", "1"][..],
        &[
            "bench",
            "--threads",
            "1",
            "--rounds",
            "100000",
            "--repeats",
            "1",
        ][..],
    ] {
        let out = full_stderr(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let quiet = command(args).stderr(Stdio::null()).output().unwrap();
        if args[0] != "bench" {
            assert_eq!(out.stdout, quiet.stdout, "{args:?}: the table is complete");
        }
    }
    assert_eq!(full_stderr(&["equity", "AA"]).status.code(), Some(2));
    assert_eq!(
        full_stderr(&["odds", "--rounds", "x"]).status.code(),
        Some(2)
    );
}

/// `sim shuffle audit --matrix` writes two tables as one: when either cannot be written, an
/// existing file at the other path keeps its bytes (the matrix used to be replaced before a
/// failing `--out` was tried).
#[test]
fn a_failed_audit_table_leaves_the_other_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let audit = [
        "shuffle", "audit", "--method", "naive", "--trials", "100", "--seed", "1",
    ];
    for (matrix, out) in [("m.csv", "/dev/full"), ("/dev/full", "o.csv")] {
        for name in ["m.csv", "o.csv"] {
            std::fs::write(dir.path().join(name), "old\n").unwrap();
        }
        let args = [&audit[..], &["--matrix", matrix, "--out", out]].concat();
        assert_fails(dir.path(), &args, 1, &["cannot write /dev/full"]);
        for name in ["m.csv", "o.csv"] {
            let text = std::fs::read_to_string(dir.path().join(name)).unwrap();
            assert_eq!(text, "old\n", "{name} after --matrix {matrix} --out {out}");
        }
        assert_eq!(
            entries(dir.path()),
            ["m.csv", "o.csv"],
            "no temporary file left"
        );
    }
    // Both written when both can be.
    let args = [&audit[..], &["--matrix", "m.csv", "--out", "o.csv"]].concat();
    let out = sim_in(dir.path(), &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let matrix = std::fs::read_to_string(dir.path().join("m.csv")).unwrap();
    assert!(matrix.starts_with("position,card,count"), "{matrix}");
    let table = std::fs::read_to_string(dir.path().join("o.csv")).unwrap();
    assert_ne!(table, "old\n");
}

/// A shard of a run of no rounds, checksum and all, is refused: its odds would be NaN, and
/// `sim odds` refuses zero rounds in the first place.
#[test]
fn merge_refuses_a_shard_of_no_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let text = one_shard(dir.path());
    let shard: ShardFile = serde_json::from_str(&text).unwrap();
    let run = RunIdentity {
        rounds: 0,
        ..shard.run.clone()
    };
    let empty = ShardFile::new(&run, shard.shard, 0, CategoryCounts::default())
        .unwrap()
        .to_bytes()
        .unwrap();
    std::fs::write(dir.path().join("empty.json"), empty).unwrap();
    assert_fails(
        dir.path(),
        &["merge", "empty.json"],
        2,
        &["shard empty.json: its chunk range or counts do not match its plan"],
    );
}

/// A shard path that never ends (`/dev/zero`) or holds far more than a shard is refused after at
/// most `MAX_SHARD_BYTES` read (it was read until memory ran out, about 4 GB).
#[test]
fn merge_reads_a_shard_only_up_to_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    assert_fails(
        dir.path(),
        &["merge", "/dev/zero"],
        2,
        &["/dev/zero is longer than 1 MiB, the most sim merge reads"],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    let big = dir.path().join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(sim::cmd::merge::MAX_SHARD_BYTES + 1)
        .unwrap();
    assert_fails(
        dir.path(),
        &["merge", "big.json"],
        2,
        &["big.json is longer than 1 MiB"],
    );
}
