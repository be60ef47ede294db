//! `sim equity --boards 2` and `--runs N` end to end: the bad input of issue 55 (each a
//! one-line `sim:` refusal, exit 2, nothing on stdout), the joint outcomes summing to 1, and
//! the same bytes on 1 and 2 threads.

mod common;

use common::{sim, sim_ok, stderr};

/// Each refusal with words its one line must contain.
const REFUSALS: &[(&[&str], &[&str])] = &[
    (
        &[
            "equity", "AsAh", "KsKh", "--boards", "2", "--board", "Qh7h2c", "--board2", "2c3d4h",
        ],
        &["--board and --board2 share 2c"],
    ),
    (
        &[
            "equity",
            "AsAh",
            "KsKh",
            "--boards",
            "2",
            "--board2",
            "2c3d4h5s6s7s",
        ],
        &["--board2 has 6 cards"],
    ),
    (
        &[
            "equity", "AsAh", "KsKh", "--boards", "2", "--board2", "2c3d",
        ],
        &["--board2 has 2 cards", "0, 3, 4 or 5"],
    ),
    (
        &["equity", "AsAh", "KsKh", "--boards", "3"],
        &["--boards must be 2"],
    ),
    (
        &["equity", "AsAh", "KsKh", "--runs", "1"],
        &["--runs must be 2, 3 or 4, not 1"],
    ),
    (
        &["equity", "AsAh", "KsKh", "--runs", "5"],
        &["--runs must be 2, 3 or 4, not 5"],
    ),
    (
        &[
            "equity", "--game", "stud", "AsAdKc", "8h9hTh", "--runs", "2",
        ],
        &["--runs", "games with a board", "stud"],
    ),
    (
        &[
            "equity",
            "--game",
            "lowball-27",
            "7c5d4h3s2c",
            "9c8d6h4s2d",
            "--boards",
            "2",
        ],
        &["--boards", "games with a board"],
    ),
    (
        &["equity", "AsAh", "KsKh", "--board2", "2c3d4h"],
        &["--board2 needs --boards 2"],
    ),
    (
        &[
            "equity", "AsAh", "KsKh", "--runs", "2", "--board2", "2c3d4h",
        ],
        &["--board2 needs --boards 2"],
    ),
    (
        &["equity", "AsAh", "KsKh", "--runs", "3", "--boards", "2"],
        &["each board runs twice at most (four boards in all), not 3 times"],
    ),
    (
        &["equity", "AsAh", "QQ+", "--runs", "2", "--exact"],
        &["--exact with --runs and ranges", "drop --exact"],
    ),
    (
        &["equity", "AA", "AA", "AA", "--boards", "2"],
        &["no deal fits"],
    ),
    (
        &[
            "equity",
            "--game",
            "courchevel",
            "AsKs2d3d4h",
            "random",
            "--board",
            "2c5h",
            "--boards",
            "2",
        ],
        &["got 2"],
    ),
    (
        &["equity", "AsAh", "KsKh", "--runs", "2", "--streets"],
        &["--runs cannot be used with --streets"],
    ),
];

#[test]
fn bad_input_is_one_line_naming_the_flag() {
    for (args, words) in REFUSALS {
        let out = sim(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "sim {args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "sim {args:?}: {err:?}");
        assert!(err.starts_with("sim: "), "{err}");
        assert!(out.stdout.is_empty());
        assert!(
            words.iter().any(|w| err.contains(w)),
            "sim {args:?}: {err:?} names none of {words:?}"
        );
    }
}

/// The probabilities of one player's outcome rows (`board` `both`, or `all` with a share).
/// Fields are read from the ends: a range's text (`"QQ+,AKs"`) holds commas.
fn outcomes(csv: &str, player: &str) -> Vec<f64> {
    csv.lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .map(|f| (f[0], f[f.len() - 4], f[f.len() - 3]))
        .filter(|&(p, outcome, _)| p == player && outcome != "equity")
        .map(|(_, _, probability)| probability.parse().unwrap())
        .collect()
}

#[test]
fn outcomes_sum_to_one_and_threads_do_not_change_the_bytes() {
    for args in [
        &[
            "equity", "AsAh", "KsKh", "8d9d", "--boards", "2", "--board", "Qh7h2c", "--rounds",
            "50k", "--seed", "3",
        ][..],
        &[
            "equity",
            "--game",
            "omaha-hilo",
            "As2s3dKd",
            "AhKhQcJc",
            "--runs",
            "3",
            "--rounds",
            "50k",
            "--seed",
            "3",
        ],
        &[
            "equity", "--game", "omaha", "AsKsQdJd", "8c8h7c6h", "--boards", "2", "--board",
            "2s5d9h", "--board2", "Tc3h4s",
        ],
        // Ranges (weighted) and a random player: drawn each round.
        &[
            "equity",
            "AhKh",
            "QQ+,AKs:0.5",
            "random",
            "--boards",
            "2",
            "--board",
            "Qh7h2c",
            "--rounds",
            "70k",
            "--seed",
            "4",
        ],
        &[
            "equity",
            "--game",
            "omaha-hilo",
            "As2s3dKd",
            "AAxx",
            "--opponents",
            "1",
            "--runs",
            "2",
            "--rounds",
            "70k",
            "--seed",
            "4",
        ],
    ] {
        let one = sim_ok(&[args, &["--threads", "1"]].concat());
        let two = sim_ok(&[args, &["--threads", "2"]].concat());
        assert_eq!(one, two, "{args:?}");
        if args.contains(&"random") {
            let three = sim_ok(&[args, &["--threads", "3"]].concat());
            assert_eq!(one, three, "{args:?}");
        }
        for player in ["1", "2"] {
            let sum: f64 = outcomes(&one, player).iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "{args:?} {player}: {sum}");
        }
    }
}
