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
        &["shortdeck takes 2 to 8 players, got 9"],
    ),
    (
        &["equity", "AK", "QQ", "--trips-beat-straight"],
        &["--trips-beat-straight"],
    ),
    (
        &["preflop", "--game", "shortdeck", "--opponents", "1..8"],
        &["--opponents", "1..7"],
    ),
    // The matrix is exact: no opponents, rounds or seed (rounds and seed were once ignored).
    (
        &["preflop", "--matrix", "--opponents", "3"],
        &["--matrix", "--opponents"],
    ),
    (
        &["preflop", "--matrix", "--rounds", "10k"],
        &["--matrix", "--rounds"],
    ),
    (
        &["preflop", "--matrix", "--seed", "1"],
        &["--matrix", "--seed"],
    ),
    (
        &["preflop", "--rounds", "10k", "--matrix"],
        &["--matrix", "--rounds"],
    ),
    // Calling ranges: the price, the seat.
    (
        &[
            "equity",
            "QQ+",
            "AhKh",
            "--calling-range",
            "--pot",
            "0",
            "--call",
            "5",
        ],
        &["--pot 0", "above 0"],
    ),
    (
        &[
            "equity",
            "QQ+",
            "AhKh",
            "--calling-range",
            "--pot",
            "10",
            "--call",
            "-5",
        ],
        &["--call -5", "above 0"],
    ),
    (
        &[
            "equity",
            "QQ+",
            "AhKh",
            "--calling-range",
            "--min-equity",
            "1.5",
        ],
        &["--min-equity 1.5", "between 0 and 1"],
    ),
    (
        &[
            "equity",
            "QQ+",
            "AhKh",
            "--calling-range",
            "--min-equity",
            "0",
        ],
        &["--min-equity 0", "between 0 and 1"],
    ),
    (
        &[
            "equity",
            "QQ+",
            "AhKh",
            "--calling-range",
            "--pot",
            "10",
            "--call",
            "5",
            "--min-equity",
            "0.3",
        ],
        &["--pot P --call C, or --min-equity E"],
    ),
    (
        &["equity", "QQ+", "AhKh", "--calling-range", "--pot", "10"],
        &["--pot needs --call"],
    ),
    (
        &["equity", "QQ+", "AhKh", "--calling-range", "--call", "10"],
        &["--call needs --pot"],
    ),
    (
        &["equity", "QQ+", "AhKh", "--calling-range"],
        &["--pot P --call C, or --min-equity E"],
    ),
    (
        &[
            "equity",
            "QQ+",
            "AhKh",
            "--calling-range",
            "--seat",
            "2",
            "--min-equity",
            "0.3",
        ],
        &["seat 2", "one hand AhKh", "--seat"],
    ),
    (
        &[
            "equity",
            "AsAd",
            "AhKh",
            "--calling-range",
            "--min-equity",
            "0.3",
        ],
        &["every player holds one hand", "(QQ+,AKs)"],
    ),
    (
        &[
            "equity",
            "--game",
            "lowball-27",
            "7c5d",
            "8s6h4c",
            "--calling-range",
            "--min-equity",
            "0.3",
        ],
        &["every player holds one hand", "(7c5d4h3s,8s6h4c3d)"],
    ),
    (
        &[
            "equity",
            "QQ+",
            "AhKh",
            "--calling-range",
            "--seat",
            "3",
            "--min-equity",
            "0.3",
        ],
        &["--seat 3", "from 1 to 2"],
    ),
    (
        &["equity", "QQ+", "AhKh", "--pot", "10", "--call", "5"],
        &["--calling-range"],
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

/// clap's suggestions and possible values, kept in the one line: the whole line, exactly.
const SUGGESTIONS: &[(&[&str], &str)] = &[
    (
        &["equity", "--round", "5", "AKo", "QQ"],
        "sim: unexpected argument '--round' found (did you mean '--rounds'?)\n",
    ),
    (
        &["eqity"],
        "sim: unrecognized subcommand 'eqity' (did you mean 'equity'?)\n",
    ),
    (
        &["shuffle", "tvv"],
        "sim: unrecognized subcommand 'tvv' (did you mean 'tv'?)\n",
    ),
    (
        &["odds", "--format", "xml"],
        "sim: invalid value 'xml' for '--format <FORMAT>' (possible values: csv, json)\n",
    ),
    (
        &["odds", "--format", "jsn"],
        "sim: invalid value 'jsn' for '--format <FORMAT>' (possible values: csv, json; did you \
         mean 'json'?)\n",
    ),
    (
        &["exact", "--method", "x"],
        "sim: invalid value 'x' for '--method <METHOD>' (possible values: auto, combinatorial, \
         enumerate)\n",
    ),
    (
        &["plot", "tvv", "tv.csv", "--out", "tv.svg"],
        "sim: invalid value 'tvv' for '<KIND>' (possible values: odds, convergence, throughput, \
         tv, hits, breakdown, distribution, ranking; did you mean 'tv'?)\n",
    ),
    (
        &["hits", "--board", "Kh9h5c"],
        "sim: missing required arguments: <RANGE>\n",
    ),
];

#[test]
fn usage_errors_keep_clap_suggestions_on_their_one_line() {
    let dir = tempfile::tempdir().expect("temp folder");
    for &(args, line) in SUGGESTIONS {
        let out = sim_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "sim {args:?}");
        assert_eq!(stderr(&out), line, "sim {args:?}");
        assert!(out.stdout.is_empty(), "sim {args:?}");
    }
    // `--game` lists the games the command plays, and the nearest to a misspelt one.
    assert_fails(
        dir.path(),
        &["equity", "AA", "KK", "--game", "omha"],
        2,
        &[
            "'omha'",
            "this command plays holdem, ",
            "(did you mean 'omaha'?)",
        ],
    );
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
