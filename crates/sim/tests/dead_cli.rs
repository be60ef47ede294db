//! `--dead` on the board games' `sim odds` and `sim exact` (hold'em, short deck, Omaha's odds)
//! end to end: the same bytes on any thread count, Monte Carlo beside the exact counts of the
//! cards left, checkpoints and shards that carry the dead cards, and one-line refusals.

mod common;

use common::{counts_column, csv_rows, sim, sim_in, sim_ok, stderr};

const SPOTS: [&[&str]; 4] = [
    &["--known", "AsKs", "--dead", "QsJsTs2c"],
    &["--cards", "5", "--known", "Ah", "--dead", "AcAd2h"],
    &["--game", "shortdeck", "--known", "AsKs", "--dead", "QsJs6c"],
    &["--game", "omaha", "--known", "AsKsQdJd", "--dead", "TsTd"],
];

#[test]
fn odds_with_dead_cards_are_the_same_bytes_on_one_and_three_threads() {
    for spot in SPOTS {
        let run = |threads: &str| {
            let mut args = vec![
                "odds",
                "--rounds",
                "2M",
                "--seed",
                "5",
                "--threads",
                threads,
            ];
            args.extend_from_slice(spot);
            sim_ok(&args)
        };
        let one = run("1");
        assert_eq!(counts_column(&one).iter().sum::<u64>(), 2_000_000);
        assert_eq!(one, run("3"), "{spot:?}");
    }
}

#[test]
fn monte_carlo_with_dead_cards_is_within_four_standard_errors_of_exact() {
    for spot in SPOTS {
        let mut args = vec!["odds", "--rounds", "2M", "--seed", "6"];
        args.extend_from_slice(spot);
        let table = sim_ok(&args);
        for row in &csv_rows(&table)[1..] {
            let number = |i: usize| -> f64 { row[i].parse().expect("number") };
            let (p, exact) = (number(2), number(6));
            // Ten categories at 4 standard errors: a false alarm has probability about 6e-4
            // for a seed fixed in advance. A category the dead cards rule out is never dealt.
            if exact == 0.0 {
                assert_eq!(row[1], "0", "{spot:?} {row:?}");
                continue;
            }
            let se = (exact * (1.0 - exact) / 2e6).sqrt();
            assert!((p - exact).abs() <= 4.0 * se, "{spot:?} {row:?}");
        }
    }
}

#[test]
fn exact_with_dead_cards_counts_the_completions_from_the_cards_left() {
    let total = |args: &[&str]| counts_column(&sim_ok(args)).iter().sum::<u64>();
    // C(46, 5), C(48, 4), C(31, 5).
    assert_eq!(
        total(&["exact", "--known", "AsKs", "--dead", "QsJsTs2c"]),
        1_370_754
    );
    assert_eq!(
        total(&["exact", "--cards", "5", "--known", "Ah", "--dead", "AcAd2h"]),
        194_580
    );
    assert_eq!(
        total(&[
            "exact",
            "--game",
            "shortdeck",
            "--known",
            "AsKs",
            "--dead",
            "QsJs6c"
        ]),
        169_911
    );
    let plain = sim_ok(&[
        "exact",
        "--cards",
        "5",
        "--method",
        "enumerate",
        "--dead",
        "2c",
        "--threads",
        "1",
    ]);
    assert_eq!(
        plain,
        sim_ok(&["exact", "--cards", "5", "--dead", "2c", "--threads", "3"])
    );
    let json = sim_ok(&[
        "exact", "--cards", "5", "--dead", "2c7h", "--format", "json",
    ]);
    assert!(json.contains("\"dead\": \"2c7h\""), "{json}");
}

#[test]
fn refusals_are_one_line_with_exit_code_2() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["odds", "--known", "AsKs", "--dead", "As"],
            "sim: card As is given twice",
        ),
        (
            &["exact", "--dead", "2c2c"],
            "sim: --dead '2c2c': duplicate card 2c",
        ),
        (
            &["odds", "--dead", "Xx"],
            "sim: --dead 'Xx': malformed card",
        ),
        (
            &["exact", "--game", "shortdeck", "--dead", "5h"],
            "sim: card 5h is not in the 36-card deck of short deck (sixes to aces only)",
        ),
        (
            &[
                "odds",
                "--game",
                "shortdeck",
                "--dead",
                "6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJdJhJsQcQdQhQsKcKd",
            ],
            "sim: the hand needs 7 more cards but only 6 are left",
        ),
        (
            &[
                "exact",
                "--cards",
                "5",
                "--known",
                "AsKsQsJs",
                "--dead",
                "2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTdJdQdKdAd2h3h4h5h6h7h8h9hThJhQhKhAh2s3s4s5s6s7s8s9sTs",
            ],
            "sim: the hand needs 1 more cards but only 0 are left after the known and dead cards",
        ),
        (
            &["odds", "--game", "omaha", "--known", "AsKs", "--dead", "Ks"],
            "sim: card Ks is given twice",
        ),
        (
            &["exact", "--dead", "2c", "--method", "combinatorial"],
            "sim: --method combinatorial counts hands without dead cards; use --method enumerate",
        ),
    ];
    for (args, message) in cases {
        let out = sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn shards_and_checkpoints_carry_the_dead_cards() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "odds", "--known", "AsKs", "--dead", "QsJsTs2c", "--rounds", "3M", "--seed", "8",
    ];
    let whole = sim_ok(&base);
    for i in 0..2 {
        let shard = format!("{i}/2");
        let out = format!("s{i}.json");
        let mut args = base.to_vec();
        args.extend_from_slice(&["--shard", &shard, "--out", &out, "-q"]);
        let run = sim_in(dir.path(), &args);
        assert!(run.status.success(), "{}", stderr(&run));
    }
    let merged = sim_in(dir.path(), &["merge", "s0.json", "s1.json"]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(common::stdout(&merged), whole);
    let shard = std::fs::read_to_string(dir.path().join("s0.json")).unwrap();
    assert!(
        shard.contains("\"dead\":\"QsJsTs2c\"") || shard.contains("\"dead\": \"QsJsTs2c\""),
        "{shard}"
    );
}
