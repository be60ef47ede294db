//! `sim equity`, `sim odds` and `sim exact` with `--game stud|stud-hilo|razz` end to end: the
//! tables' columns, determinism across threads, and one-line usage errors for bad input.

mod common;

use common::{sim, stderr, stdout};

fn header(args: &[&str]) -> String {
    let out = sim(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out).lines().next().unwrap_or_default().to_string()
}

#[test]
fn tables_have_the_columns_of_the_other_games() {
    assert_eq!(
        header(&["equity", "--game", "stud", "AsAdKc", "QhQd2s"]),
        header(&["equity", "AsAd", "QhQd", "--board", "Kc2s7d"])
    );
    assert_eq!(
        header(&["equity", "--game", "razz", "As2d3c4h5s", "6h7h8s9cTs"]),
        header(&["equity", "AsAd", "QhQd", "--board", "Kc2s7d"])
    );
    assert_eq!(
        header(&["equity", "--game", "stud-hilo", "As2d3c4h", "6h7h8s9c"]),
        header(&[
            "equity",
            "--game",
            "omaha-hilo",
            "As2sKdKh",
            "Ah3c5d6d",
            "--board",
            "4c7h8s"
        ])
    );
    assert_eq!(
        header(&[
            "odds", "--game", "razz", "--known", "As2d3c", "--rounds", "1000"
        ]),
        header(&["odds", "--known", "AsAh", "--rounds", "1000"])
    );
    assert_eq!(
        header(&["exact", "--game", "stud", "--known", "AsAhKdKc"]),
        "category,count,probability"
    );
}

#[test]
fn results_do_not_depend_on_the_threads() {
    let cases: [&[&str]; 3] = [
        &[
            "equity",
            "--game",
            "stud-hilo",
            "(A2,A3:0.5)4c",
            "KdKh",
            "7s8s",
            "--rounds",
            "300k",
            "--seed",
            "6",
        ],
        &[
            "odds", "--game", "razz", "--known", "As", "--dead", "2c", "--rounds", "300k",
            "--seed", "1",
        ],
        &["equity", "--game", "razz", "As2d3c", "4h5h6h", "--exact"],
    ];
    for args in cases {
        let one = sim(&[args, &["--threads", "1"]].concat());
        let two = sim(&[args, &["--threads", "2"]].concat());
        assert!(one.status.success(), "{args:?}: {}", stderr(&one));
        assert_eq!(one.stdout, two.stdout, "{args:?}");
    }
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let cases: [(&[&str], &str); 12] = [
        (
            &["equity", "--game", "stud", "AsAh"],
            "sim: stud takes 2 to 8 players, got 1; add a hand, a range or `random` for each opponent, or --opponents N",
        ),
        (
            &["equity", "--game", "stud", "AsAh", "AsKd"],
            "sim: card As is given twice among the players and dead cards",
        ),
        (
            &["equity", "--game", "razz", "(QQ+", "Kd"],
            "sim: player '(QQ+': write the two down cards' range first, in parentheses, then the known cards: (QQ+,AKs)Kd",
        ),
        (
            &["equity", "--game", "razz", "(QX)Kd", "2c"],
            "sim: player '(QX)Kd': cannot parse 'QX' in range 'QX'",
        ),
        (
            &[
                "equity", "--game", "stud", "AsAhKd", "Qc", "--board", "2c3c4c",
            ],
            "sim: --board is not used in stud",
        ),
        (
            &["equity", "--game", "stud", "AsAhKdKc2c3c4c5c", "Qc"],
            "sim: player 'AsAhKdKc2c3c4c5c' has 8 cards; a stud hand has 7",
        ),
        (
            &[
                "equity", "--game", "stud", "AsAhKd", "QcQdQh", "7h8h9h", "JcJs3d", "--exact",
            ],
            "sim: --exact would visit up to",
        ),
        (
            &[
                "equity",
                "--game",
                "stud",
                "AsAh",
                "Kd",
                "--trips-beat-straight",
            ],
            "sim: --trips-beat-straight is a short-deck rule",
        ),
        (
            &["odds", "--game", "stud", "--known", "AsAh", "--dead", "As"],
            "sim: card As is given twice",
        ),
        (
            &["odds", "--known", "AsAh", "--dead", "Ah"],
            "sim: card Ah is given twice",
        ),
        (
            &["exact", "--game", "razz", "--cards", "6"],
            "sim: --cards is not supported with --game razz",
        ),
        (
            &["preflop", "--game", "razz"],
            "sim: --game razz: this command plays hold'em and short deck; razz is played by sim equity, sim odds, sim exact and sim rank",
        ),
    ];
    for (args, message) in cases {
        let out = sim(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(message), "{args:?}: {err}");
    }
}

/// Issue 51, defects 7 and 8: a spot no index can count is refused `--exact` in words, not with
/// u128::MAX as its step count; stud tables name `--known`, not a player.
#[test]
fn refusals_say_why_in_the_flags_words() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["equity", "--game", "stud", "As", "random", "--exact"],
            "sim: --exact cannot count this spot: every player has too many completions to index (more than 2^25 entries each); use --rounds\n",
        ),
        (
            &["odds", "--game", "stud", "--known", "AsAh7dKcQcJc2d3d"],
            "sim: --known has 8 cards but a stud hand holds 7\n",
        ),
        (
            &["exact", "--game", "razz", "--known", "AsAh7dKcQcJc2d3d"],
            "sim: --known has 8 cards but a stud hand holds 7\n",
        ),
        (
            &[
                "exact",
                "--game",
                "stud-hilo",
                "--known",
                "As",
                "--dead",
                "As",
            ],
            "sim: card As is given twice\n",
        ),
    ];
    for (args, message) in cases {
        let out = sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert!(!stderr(&out).contains(&u128::MAX.to_string()));
    }
}

/// Issue 51, defect 5: weighted exact stud hi/lo writes its scoops and pot units in full (they
/// were capped at u64::MAX): every outcome hands out one pot, so the players' pot units add up
/// to the outcomes times the units of a pot, in CSV and JSON alike.
#[test]
fn weighted_hilo_counts_are_written_in_full() {
    let args = [
        "equity",
        "--game",
        "stud-hilo",
        "(AsAd:0.5,AhAc:0.7)2c9c",
        "(8h9h:0.3,8c9d:0.9)ThJd",
        "(3s4s:0.2,3d4d:0.4)5d6h",
    ];
    let out = sim(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let columns = [
        column("outcomes"),
        column("scoops"),
        column("pot_units"),
        column("units_per_pot"),
    ];
    let rows: Vec<Vec<u128>> = reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            columns
                .iter()
                .map(|&c| record[c].parse().unwrap())
                .collect()
        })
        .collect();
    let total: u128 = rows.iter().map(|r| r[2]).sum();
    assert_eq!(total, rows[0][0] * rows[0][3], "{text}");
    assert!(
        rows.iter()
            .all(|r| r[1] < r[0] && r[1] != u128::from(u64::MAX)),
        "{text}"
    );
    let json = sim(&[&args[..], &["--format", "json"]].concat());
    assert!(json.status.success(), "{}", stderr(&json));
    let json = stdout(&json);
    for expected in &rows {
        assert!(
            json.contains(&format!("\"scoops\": {},", expected[1])),
            "{json}"
        );
        assert!(
            json.contains(&format!("\"pot_units\": {},", expected[2])),
            "{json}"
        );
    }
}

#[test]
fn game_help_lists_the_stud_games() {
    let out = sim(&["equity", "--help"]);
    let help = stdout(&out);
    for name in ["stud", "stud-hilo", "razz"] {
        assert!(help.contains(&format!("{name}:")), "{help}");
    }
    let bad = sim(&["equity", "--game", "stud8", "AsAh", "Kd"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("'stud8'"), "{}", stderr(&bad));
}
