//! `sim plot hits`, `breakdown` and `distribution` check each table against the one its
//! command writes: a table no command writes (shares adding up to 6.3, a class named twice, a
//! NaN count, seats 0 and 99, a decreasing cumulative share, a level no command writes) is
//! refused with one `sim: …` line naming the file, the row, the column and the value (exit 2,
//! as for every plot input refused), where it was once drawn without a word.

use std::path::{Path, PathBuf};

mod common;
use common::assert_fails;

/// The committed table `name` of `tests/goldens`: what the command writes.
fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/goldens")
        .join(name)
}

/// Writes `golden`'s text with `edit` applied to its data lines (row 2 first) as `name` in
/// `dir`.
fn edited(dir: &Path, golden_name: &str, name: &str, edit: impl Fn(usize, &str) -> String) {
    let text = std::fs::read_to_string(golden(golden_name)).unwrap();
    let mut lines = text.lines();
    let mut out = format!("{}\n", lines.next().unwrap());
    for (i, line) in lines.enumerate() {
        out.push_str(&edit(i + 2, line));
        out.push('\n');
    }
    std::fs::write(dir.join(name), out).unwrap();
}

/// Asserts that `sim plot kind file` in `dir` is refused with one line holding the file's name
/// and every needle, and draws nothing.
fn refused(dir: &Path, kind: &str, file: &str, needles: &[&str]) {
    let mut all = vec![file];
    all.extend(needles);
    assert_fails(dir, &["plot", kind, file, "--out", "chart.svg"], 2, &all);
    assert!(
        !dir.join("chart.svg").exists(),
        "{kind} {file}: drew a chart"
    );
}

/// Replaces the cell `column` (counted from 0) of a CSV line without quoted commas in it.
fn set_cell(line: &str, column: usize, value: &str) -> String {
    let mut cells: Vec<&str> = line.split(',').collect();
    cells[column] = value;
    cells.join(",")
}

#[test]
fn the_goldens_themselves_draw() {
    let dir = tempfile::tempdir().unwrap();
    for (kind, table) in [
        ("hits", "hits_flop_random.csv"),
        ("hits", "hits_improve_combos.csv"),
        ("breakdown", "equity_breakdown_exact_turn.csv"),
        ("breakdown", "shortdeck_equity_breakdown_exact_flop.csv"),
        ("distribution", "equity_distribution_exact_flop.csv"),
        (
            "distribution",
            "equity_distribution_versus_three_handed.csv",
        ),
        (
            "distribution",
            "shortdeck_equity_distribution_exact_flop.csv",
        ),
    ] {
        let out = common::sim_in(
            dir.path(),
            &[
                "plot",
                kind,
                golden(table).to_str().unwrap(),
                "--out",
                "chart.svg",
            ],
        );
        assert!(out.status.success(), "{table}: {}", common::stderr(&out));
    }
}

/// Tables the commands write now, weighted, Monte Carlo, three-handed, in other games: each
/// draws. (A random range's curve of 1,326 hands ends at `1.000000000000003`, a rounding step
/// past 1, which was once refused as not a share.)
#[test]
fn tables_the_commands_write_draw() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: [(&str, &[&str]); 6] = [
        (
            "distribution",
            &[
                "equity",
                "AK,QQ",
                "JJ-99",
                "random",
                "--distribution",
                "--versus",
                "--rounds",
                "20k",
                "--seed",
                "1",
            ],
        ),
        (
            "distribution",
            &[
                "equity",
                "(QQ+,AKs)Kd",
                "AsAhKc",
                "--game",
                "razz",
                "--distribution",
                "--rounds",
                "20k",
                "--seed",
                "2",
            ],
        ),
        (
            "hits",
            &[
                "hits",
                "22+,A2s+,KTo+,T9s:0.5,65s:0.25",
                "--board",
                "Th9h8c2d",
                "--dead",
                "Ac",
            ],
        ),
        (
            "hits",
            &["hits", "random", "--game", "shortdeck", "--board", "Kh9h6c"],
        ),
        (
            "breakdown",
            &[
                "equity",
                "AKs:0.5,QQ",
                "AhAd",
                "random",
                "--breakdown",
                "--rounds",
                "20k",
                "--seed",
                "3",
            ],
        ),
        (
            "breakdown",
            &[
                "equity",
                "AK",
                "TT",
                "--game",
                "shortdeck",
                "--trips-beat-straight",
                "--board",
                "9h8h6c",
                "--breakdown",
            ],
        ),
    ];
    for (kind, args) in cases {
        let out = common::sim_in(d, &[args, &["--out", "t.csv"]].concat());
        assert!(out.status.success(), "{args:?}: {}", common::stderr(&out));
        let out = common::sim_in(d, &["plot", kind, "t.csv", "--out", "chart.svg"]);
        assert!(
            out.status.success(),
            "plot {kind} of {args:?}: {}",
            common::stderr(&out)
        );
    }
}

#[test]
fn hits_tables_no_command_writes_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Every made hand's share 0.3 (21 of them: 6.3).
    edited(d, "hits_flop_random.csv", "shares.csv", |_, line| {
        if line.starts_with("made,") {
            set_cell(line, 4, "0.3")
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "hits",
        "shares.csv",
        &["column share", "add up to 6.3", "not 1"],
    );
    // A class named twice.
    edited(d, "hits_flop_random.csv", "twice.csv", |row, line| {
        if row == 4 {
            line.replace("quads", "straight_flush")
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "hits",
        "twice.csv",
        &[
            "row 4",
            "column class",
            "'straight_flush'",
            "first in row 3",
        ],
    );
    // NaN weighted combos.
    edited(d, "hits_flop_random.csv", "nan.csv", |row, line| {
        if row == 10 {
            set_cell(line, 3, "NaN")
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "hits",
        "nan.csv",
        &["row 10", "column weighted_combos", "\"NaN\""],
    );
    // A class of no kind.
    edited(d, "hits_flop_random.csv", "class.csv", |row, line| {
        if row == 5 {
            line.replace("full_house", "boat")
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "hits",
        "class.csv",
        &["row 5", "column class", "'boat'", "made-hand class"],
    );
    // More weighted combos than combos.
    edited(d, "hits_flop_random.csv", "weight.csv", |row, line| {
        if row == 9 {
            set_cell(line, 3, "10.000")
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "hits",
        "weight.csv",
        &["row 9", "column weighted_combos", "'10.000'", "9 combos"],
    );
}

#[test]
fn breakdowns_no_command_writes_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let table = "equity_breakdown_exact_turn.csv";
    // Rows 2-41: player 1's hands and classes, then player 2's. Row 12 is player 1's AKs class.
    for (seat, name) in [("0", "seat0.csv"), ("99", "seat99.csv")] {
        edited(d, table, name, |row, line| {
            if row == 30 {
                line.replacen("holdem,2,", &format!("holdem,{seat},"), 1)
            } else {
                line.to_string()
            }
        });
        refused(
            d,
            "breakdown",
            name,
            &[
                "row 30",
                "column player",
                &format!("'{seat}'"),
                "from 1 to 10",
            ],
        );
    }
    edited(d, table, "twice.csv", |row, line| {
        if row == 13 {
            // Player 1's QQ class row becomes a second AKs.
            line.replace(",class,QQ,QQ,", ",class,AKs,AKs,")
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "breakdown",
        "twice.csv",
        &["row 13", "column class", "'AKs'", "first in row 12"],
    );
    edited(d, table, "level.csv", |row, line| {
        if row == 2 {
            line.replace(",hand,", ",combo,")
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "breakdown",
        "level.csv",
        &["row 2", "column level", "'combo'", "not hand or class"],
    );
    edited(d, table, "nan.csv", |row, line| {
        if row == 12 {
            line.replace(
                ",0.102272727272727,0.000000000000000,3168,",
                ",NaN,0.000000000000000,3168,",
            )
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "breakdown",
        "nan.csv",
        &["row 12", "column equity", "'NaN'"],
    );
}

#[test]
fn distributions_no_command_writes_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let table = "equity_distribution_exact_flop.csv";
    // Row 2 is player 1's first curve row; row 3 its second.
    for (seat, name) in [("0", "seat0.csv"), ("99", "seat99.csv")] {
        edited(d, table, name, |row, line| {
            if row == 3 {
                line.replacen("holdem,Kd7c2s,1,", &format!("holdem,Kd7c2s,{seat},"), 1)
            } else {
                line.to_string()
            }
        });
        refused(
            d,
            "distribution",
            name,
            &["row 3", "column player", &format!("'{seat}'")],
        );
    }
    edited(d, table, "decreasing.csv", |row, line| {
        if row == 3 {
            line.replace(
                ",0.055555555555556,0.111111111111111,",
                ",0.055555555555556,0.011111111111111,",
            )
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "distribution",
        "decreasing.csv",
        &["row 3", "column cumulative", "'0.011111111111111'"],
    );
    edited(d, table, "level.csv", |row, line| {
        if row == 5 {
            line.replace(",curve,", ",kurve,")
        } else {
            line.to_string()
        }
    });
    refused(
        d,
        "distribution",
        "level.csv",
        &["row 5", "column level", "'kurve'"],
    );
}
