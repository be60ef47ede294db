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
            "sim: card As is given twice among the players and dead cards",
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
            "sim: --game razz: this command plays hold'em and short deck; razz is played by sim equity, sim odds and sim exact",
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
