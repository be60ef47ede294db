//! `sim equity --distribution` end to end: the curve's mean is the plain run's equity, the
//! histogram adds up to the range, quartiles on a spot counted by hand, the heads-up view against
//! separate plain runs, thread-independent Monte Carlo rows, and one-line refusals.

mod common;

use common::{sim, sim_ok, stderr};
use serde_json::Value;

/// The `rows` of `sim ARGS --format json`.
fn json_rows(args: &[&str]) -> Vec<Value> {
    let text = sim_ok(&[args, &["--format", "json"]].concat());
    let doc: Value = serde_json::from_str(&text).unwrap();
    doc["rows"].as_array().unwrap().clone()
}

fn number(row: &Value, column: &str) -> f64 {
    row[column]
        .as_f64()
        .unwrap_or_else(|| panic!("{column}: {row}"))
}

fn level<'a>(rows: &'a [Value], player: u64, name: &str) -> Vec<&'a Value> {
    rows.iter()
        .filter(|r| r["player"] == player && r["level"] == name)
        .collect()
}

/// Exact spots: each player's curve, weighted by its shares, has the plain exact equity as its
/// mean (to 1e-12), as the summary row says; the bins' shares add up to 1.
#[test]
fn the_curves_mean_is_the_plain_equity() {
    for spot in [
        &["AK,QQ:0.5", "JJ-99", "random", "--board", "Kd7c2s5h"][..],
        &["AhKh", "QQ+,AKs", "--board", "Qh7h2c"][..],
        &["AK", "TT", "--game", "shortdeck", "--board", "9h8h6c"][..],
        &[
            "AA23:ds,AAKK",
            "KsKdQsQd",
            "--game",
            "omaha",
            "--board",
            "5c6h8s",
        ][..],
        &["(QQ+,AKs)Kd9c8h7s", "(99,TT)9h5hJd2d", "--game", "stud"][..],
    ] {
        let plain = json_rows(&[&["equity"], spot, &["--exact"]].concat());
        let rows = json_rows(&[&["equity"], spot, &["--exact", "--distribution"]].concat());
        for (p, plain) in plain.iter().enumerate() {
            let seat = p as u64 + 1;
            let equity = number(plain, "equity");
            let curve = level(&rows, seat, "curve");
            let mean: f64 = curve
                .iter()
                .map(|r| number(r, "share") * number(r, "equity"))
                .sum();
            assert!(
                (mean - equity).abs() < 1e-12,
                "{spot:?} {seat}: {mean} vs {equity}"
            );
            let summary = level(&rows, seat, "summary");
            assert_eq!(summary.len(), 1);
            assert!((number(summary[0], "equity") - equity).abs() < 1e-12);
            assert_eq!(summary[0]["hands"], curve.len() as u64);
            let bins = level(&rows, seat, "bin");
            assert_eq!(bins.len(), 20);
            let total: f64 = bins.iter().map(|r| number(r, "share")).sum();
            assert!((total - 1.0).abs() < 1e-12, "{spot:?} {seat}: {total}");
            // Sorted, highest equity first, and the last cumulative share is the whole range.
            let equities: Vec<f64> = curve.iter().map(|r| number(r, "equity")).collect();
            assert!(equities.windows(2).all(|w| w[0] >= w[1]));
            let last = number(curve[curve.len() - 1], "cumulative");
            assert!((last - 1.0).abs() < 1e-12);
        }
    }
}

/// Counted by hand on the river Ah Kh Qh Jh 2c against AsAd (trip aces): Th3c makes a royal
/// flush, Tc3d and Ts9s a straight (equity 1), 9c9d and 8c8d lose (0). Five hands of one fifth
/// each: from the bottom the shares reach ¼ at the second 0, ½ and ¾ at the first 1.
#[test]
fn quartiles_on_a_spot_counted_by_hand() {
    let rows = json_rows(&[
        "equity",
        "Th3c,Tc3d,Ts9s,9c9d,8c8d",
        "AsAd",
        "--board",
        "AhKhQhJh2c",
        "--distribution",
        "--bins",
        "4",
    ]);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-15;
    let s = level(&rows, 1, "summary")[0];
    let summary = ["equity", "q1", "median", "q3", "at_least_half"].map(|c| number(s, c));
    for (got, want) in summary.into_iter().zip([0.6, 0.0, 1.0, 1.0, 0.6]) {
        assert!(close(got, want), "{summary:?}");
    }
    let bins = level(&rows, 1, "bin");
    for (bin, want) in bins.iter().zip([0.4, 0.0, 0.0, 0.6]) {
        assert!(close(number(bin, "share"), want), "{bin}");
    }
    assert_eq!(bins[3]["hands"], 3);
    assert_eq!(
        (number(bins[3], "low"), number(bins[3], "high")),
        (0.75, 1.0)
    );
    let curve: Vec<&str> = level(&rows, 1, "curve")
        .iter()
        .map(|r| r["hand"].as_str().unwrap())
        .collect();
    assert_eq!(&curve[3..], ["9d9c", "8d8c"]);
}

/// Heads-up, `--versus`: player 1's equity against each hand of player 2's range is the plain
/// exact run of player 1's range against that hand alone.
#[test]
fn the_versus_rows_are_plain_runs_against_each_hand() {
    let rows = json_rows(&[
        "equity",
        "AK,QQ",
        "JJ,T9s",
        "--board",
        "Kd7c2s",
        "--distribution",
        "--versus",
    ]);
    let versus = level(&rows, 1, "versus_curve");
    assert_eq!(versus.len(), 6 + 4);
    for row in versus {
        assert_eq!(row["against"], 2);
        let hand = row["hand"].as_str().unwrap();
        let plain = json_rows(&["equity", "AK,QQ", hand, "--board", "Kd7c2s"]);
        let (mine, theirs) = (number(row, "equity"), number(&plain[0], "equity"));
        assert!((mine - theirs).abs() < 1e-12, "{hand}: {mine} vs {theirs}");
    }
    // Player 2's view of player 1's hands is there too, and the summaries' means are equities.
    let s = level(&rows, 2, "versus_summary")[0];
    let own = level(&rows, 2, "summary")[0];
    assert!((number(s, "equity") - number(own, "equity")).abs() < 1e-12);
}

/// Three-handed, `--versus`: each player's equity against each hand of each other player's
/// range is the plain exact run with that player holding the hand, and random opponents added
/// with `--opponents` are ranges like any other.
#[test]
fn three_handed_versus_rows_are_plain_runs_given_each_hand() {
    let args = [
        "AhKh,QQ",
        "JJ,T9s",
        "--board",
        "Kd7c2s",
        "--opponents",
        "1",
        "--exact",
    ];
    let mut run = vec!["equity"];
    run.extend(args);
    run.extend(["--distribution", "--versus"]);
    let rows = json_rows(&run);
    for (seat, against, hands) in [(1u64, 2u64, 6 + 4), (1, 3, 1176), (3, 1, 1 + 6)] {
        let versus: Vec<_> = level(&rows, seat, "versus_curve")
            .into_iter()
            .filter(|r| r["against"] == against)
            .collect();
        assert_eq!(versus.len(), hands, "{seat} against {against}");
        for row in versus.iter().step_by(97) {
            let hand = row["hand"].as_str().unwrap();
            let mut given = vec!["equity", "AhKh,QQ", "JJ,T9s", "random"];
            given[against as usize] = hand;
            given.extend(["--board", "Kd7c2s"]);
            let plain = json_rows(&given);
            let (mine, theirs) = (
                number(row, "equity"),
                number(&plain[seat as usize - 1], "equity"),
            );
            assert!((mine - theirs).abs() < 1e-12, "{hand}: {mine} vs {theirs}");
        }
    }
}

#[test]
fn monte_carlo_rows_do_not_depend_on_the_threads() {
    let run = |threads: &str| {
        sim_ok(&[
            "equity",
            "AK,QQ",
            "JJ-99:0.5",
            "--board",
            "Kd7c2s",
            "--rounds",
            "500k",
            "--seed",
            "4",
            "--distribution",
            "--versus",
            "--threads",
            threads,
        ])
    };
    let one = run("1");
    assert!(one.starts_with(
        "game,board,player,range,level,against,hand,hands,low,high,share,cumulative,equity,\
         std_error,q1,median,q3,at_least_half\n"
    ));
    assert_eq!(one, run("3"));
}

#[test]
fn refusals_are_one_line_usage_errors() {
    for (args, message) in [
        (
            &["equity", "AK", "QQ", "--distribution", "--bins", "0"][..],
            "sim: --bins must be at least 1\n",
        ),
        (
            &["equity", "AK", "QQ", "--distribution", "--bins", "1001"][..],
            "sim: --bins 1001 is above the most, 1000\n",
        ),
        (
            &[
                "equity",
                "AsKsQdJd",
                "random",
                "--game",
                "omaha",
                "--seed",
                "1",
                "--distribution",
            ][..],
            "sim: --distribution writes one row per hand: the ranges hold 194581 hands, more \
             than the limit of 100000; narrow them\n",
        ),
    ] {
        let out = sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
    }
    for args in [
        &["equity", "AK", "QQ", "--bins", "5"][..],
        &["equity", "AK", "QQ", "--versus"][..],
        &["equity", "AK", "QQ", "--distribution", "--breakdown"][..],
        &["equity", "AK", "QQ", "--distribution", "--bins", "x"][..],
    ] {
        let out = sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.starts_with("sim: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
