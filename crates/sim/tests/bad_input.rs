//! Bad input end to end: each mistake exits non-zero (2 for usage, 1 for runtime failures) with
//! exactly one `sim: …` line on stderr that names the problem, writes nothing to stdout, and
//! leaves no file behind, neither a new one nor a temporary one nor a clobbered old one.

mod common;

use std::path::Path;

use common::{assert_fails, entries, sim_in, sim_ok, stderr};

/// Usage errors, each with words its message must contain.
const USAGE_ERRORS: &[(&[&str], &[&str])] = &[
    (&["odds", "--known", "Xx"], &["--known", "Xx"]),
    (
        &["odds", "--known", "AsAs"],
        &["--known", "duplicate", "As"],
    ),
    (&["odds", "--known", "AsK"], &["--known", "K"]),
    (
        &["odds", "--cards", "5", "--known", "AsKsQsJsTs"],
        &["--known", "5 cards", "--cards 5"],
    ),
    (&["odds", "--cards", "8"], &["--cards", "8"]),
    (&["odds", "--rounds", "0"], &["--rounds", "0"]),
    (&["odds", "--rounds", "abc"], &["--rounds", "abc"]),
    (&["odds", "--rounds", "-5"], &["-5"]),
    (&["odds", "--seed", "x"], &["--seed", "x"]),
    (&["odds", "--threads", "0"], &["--threads"]),
    (&["odds", "--format", "xml"], &["--format", "xml"]),
    (&["odds", "--bogus"], &["--bogus"]),
    (&["exact", "--known", "AsAs"], &["duplicate", "As"]),
    (
        &["exact", "--cards", "6", "--known", "2c3c4c5c6c7c"],
        &["--known", "6 cards", "--cards 6"],
    ),
    (&["exact", "--threads", "0"], &["--threads"]),
    (
        &["exact", "--method", "combinatorial", "--known", "As"],
        &["--method"],
    ),
    (&["exact", "--format", "xml"], &["--format", "xml"]),
    (&["frobnicate"], &["frobnicate"]),
    (&["odds", "--game", "omaha9"], &["--game", "omaha9"]),
    (
        &["odds", "--trips-beat-straight"],
        &["--trips-beat-straight", "--game shortdeck"],
    ),
    (
        &["exact", "--game", "holdem", "--trips-beat-straight"],
        &["--trips-beat-straight"],
    ),
    (
        &["odds", "--game", "shortdeck", "--known", "As5d"],
        &["5d", "short", "sixes to aces"],
    ),
    (
        &["exact", "--game", "shortdeck", "--known", "2c"],
        &["2c", "sixes to aces"],
    ),
    (
        &["bench", "--game", "shortdeck", "--known", "4h"],
        &["4h", "sixes to aces"],
    ),
    (
        &["exact", "--game", "shortdeck", "--method", "combinatorial"],
        &["--method", "short deck"],
    ),
    (
        &["equity", "AsKs", "5h5d", "--game", "shortdeck"],
        &["5h5d", "not in the short deck"],
    ),
    (
        &["equity", "22+", "AK", "--game", "shortdeck"],
        &["22+", "not in the short deck"],
    ),
    (
        &[
            "equity",
            "AK",
            "QQ",
            "--board",
            "As2c3d",
            "--game",
            "shortdeck",
        ],
        &["2c", "not in the short deck"],
    ),
    (
        &["equity", "AK", "--opponents", "8", "--game", "shortdeck"],
        &["short deck", "2 to 8 players", "9"],
    ),
    (
        &["equity", "AK", "QQ", "--trips-beat-straight"],
        &["--trips-beat-straight"],
    ),
    (
        &["preflop", "--game", "shortdeck", "--opponents", "1..8"],
        &["--opponents", "1..7"],
    ),
];

#[test]
fn usage_errors_exit_2_with_one_line_and_no_output() {
    for &(args, needles) in USAGE_ERRORS {
        let dir = tempfile::tempdir().expect("temp folder");
        assert_fails(dir.path(), args, 2, needles);
        // The same mistake with an output file: still nothing written.
        let mut with_out = args.to_vec();
        with_out.extend(["--out", "table.csv"]);
        assert_fails(dir.path(), &with_out, 2, needles);
        assert!(
            entries(dir.path()).is_empty(),
            "sim {with_out:?} left {:?}",
            entries(dir.path())
        );
    }
}

#[test]
fn unwritable_outputs_exit_1_and_leave_nothing() {
    assert!(!Path::new("/nonexistent-dir").exists());
    let dir = tempfile::tempdir().expect("temp folder");
    for command in ["odds", "exact"] {
        assert_fails(
            dir.path(),
            &[command, "--out", "/nonexistent-dir/x.csv"],
            1,
            &["/nonexistent-dir/x.csv", "does not exist"],
        );
        assert!(!Path::new("/nonexistent-dir").exists());

        std::fs::create_dir(dir.path().join("folder")).expect("make folder");
        assert_fails(dir.path(), &[command, "--out", "folder"], 1, &["folder"]);
        assert_fails(dir.path(), &[command, "--out", "."], 1, &["."]);
        assert_eq!(entries(dir.path()), ["folder"]);
        assert!(entries(&dir.path().join("folder")).is_empty());
        std::fs::remove_dir(dir.path().join("folder")).expect("remove folder");

        // A folder that exists but takes no new files, even from root: creating the temporary
        // file fails, which is a runtime error.
        if cfg!(target_os = "linux") {
            assert_fails(
                dir.path(),
                &[command, "--out", "/proc/x.csv"],
                1,
                &["cannot write /proc/x.csv"],
            );
            assert!(!Path::new("/proc/x.csv").exists());
        }
        assert!(entries(dir.path()).is_empty());
    }
}

#[test]
fn a_failed_run_leaves_an_existing_file_alone() {
    let dir = tempfile::tempdir().expect("temp folder");
    let path = dir.path().join("keep.csv");
    std::fs::write(&path, "old contents\n").expect("write old file");
    let failing: [&[&str]; 4] = [
        &["odds", "--rounds", "0", "--out", "keep.csv"],
        &["odds", "--known", "AsAs", "--out", "keep.csv"],
        &["odds", "--threads", "0", "--out", "keep.csv"],
        &["exact", "--known", "Xx", "--out", "keep.csv"],
    ];
    for args in failing {
        assert_fails(dir.path(), args, 2, &[]);
        assert_eq!(
            std::fs::read_to_string(&path).expect("old file"),
            "old contents\n",
            "sim {args:?} clobbered the file"
        );
        assert_eq!(entries(dir.path()), ["keep.csv"]);
    }
    // A successful run replaces it whole.
    let out = sim_in(
        dir.path(),
        &[
            "odds", "--rounds", "10K", "--seed", "2", "--out", "keep.csv",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&path).expect("new file"),
        sim_ok(&["odds", "--rounds", "10K", "--seed", "2"])
    );
    assert_eq!(entries(dir.path()), ["keep.csv"], "no temp files left");
}
