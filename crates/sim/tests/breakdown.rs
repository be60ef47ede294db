//! `sim equity --breakdown` end to end: the hands' rows add up to the plain run's counts, Monte
//! Carlo rows do not depend on the threads, and refusals are one-line usage errors.

mod common;

use common::{keyed_rows as rows, sim, stderr, stdout};

fn int(row: &std::collections::HashMap<String, String>, column: &str) -> u128 {
    row[column].parse().unwrap()
}

#[test]
fn exact_hands_and_classes_add_up_to_the_plain_rows() {
    let spot = [
        "equity",
        "AK,QQ:0.5",
        "JJ-99",
        "random",
        "--board",
        "Kd7c2s5h",
        "--exact",
    ];
    let plain = sim(&spot);
    assert!(plain.status.success(), "{}", stderr(&plain));
    let plain = rows(&stdout(&plain));
    let out = sim(&[&spot[..], &["--breakdown"]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with(
        "game,player,range,level,hand,class,combos,weight,frequency,win,tie,equity,std_error,\
         samples,wins,ties,outcomes\n"
    ));
    let rows = rows(&text);
    for (p, plain) in plain.iter().enumerate() {
        let seat = (p + 1).to_string();
        for level in ["hand", "class"] {
            let mine = rows
                .iter()
                .filter(|r| r["player"] == seat && r["level"] == level);
            let (mut wins, mut ties, mut outcomes, mut mean) = (0, 0, 0, 0.0);
            for r in mine {
                wins += int(r, "wins");
                ties += int(r, "ties");
                outcomes += int(r, "outcomes");
                mean +=
                    r["frequency"].parse::<f64>().unwrap() * r["equity"].parse::<f64>().unwrap();
            }
            assert_eq!(
                (wins, ties, outcomes),
                (
                    int(plain, "wins"),
                    int(plain, "ties"),
                    int(plain, "outcomes")
                ),
                "player {seat} {level}"
            );
            let equity: f64 = plain["equity"].parse().unwrap();
            assert!((mean - equity).abs() < 1e-9, "{mean} vs {equity}");
        }
    }
    // random: every hand not blocked by the board (C(48, 2)), in its 169 classes.
    let random: Vec<_> = rows.iter().filter(|r| r["player"] == "3").collect();
    assert_eq!(random.iter().filter(|r| r["level"] == "hand").count(), 1128);
    assert_eq!(random.iter().filter(|r| r["level"] == "class").count(), 169);
}

#[test]
fn monte_carlo_rows_do_not_depend_on_the_threads() {
    let run = |threads: &str| {
        let out = sim(&[
            "equity",
            "AK,QQ",
            "JJ-99:0.5",
            "--board",
            "Kd7c2s",
            "--rounds",
            "700k",
            "--seed",
            "4",
            "--breakdown",
            "--threads",
            threads,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let one = run("1");
    assert_eq!(one, run("3"));
    assert!(
        rows(&one)
            .iter()
            .all(|r| r["std_error"].parse::<f64>().unwrap() > 0.0)
    );
}

#[test]
fn refusals_are_usage_errors() {
    let args = [
        "equity",
        "random",
        "random",
        "random",
        "--rounds",
        "1000",
        "--breakdown",
    ];
    let message = "sim: --breakdown by Monte Carlo lists every combination of the players' hands: \
         these ranges have 2331473976 (limit 1048576); narrow a range or use --exact\n";
    let out = sim(&args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(stderr(&out).ends_with(message), "{}", stderr(&out));
}
