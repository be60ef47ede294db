//! `sim equity --calling-range` end to end: the calling hands are exactly the breakdown's rows
//! at or above the breakeven (their text, run back through the breakdown, lists those hands),
//! in every family with ranges, heads-up and multi-way; Monte Carlo lines do not depend on the
//! threads.

mod common;

use std::collections::{BTreeSet, HashMap};

use common::{keyed_rows as rows, sim, sim_ok, stderr};

fn float(row: &HashMap<String, String>, column: &str) -> f64 {
    row[column].parse().unwrap()
}

/// The hand rows of seat `player` in the breakdown of `spot` (players, then options).
fn breakdown_hands(spot: &[&str], player: &str) -> Vec<HashMap<String, String>> {
    let mut args = vec!["equity"];
    args.extend(spot);
    args.push("--breakdown");
    rows(&sim_ok(&args))
        .into_iter()
        .filter(|r| r["level"] == "hand" && r["player"] == player)
        .collect()
}

/// Checks the calling range of `spot` at seat `seat` for `price` against its breakdown: the
/// chosen hands, their counts and mean equities; then runs the calling text back through the
/// breakdown (in place of the seat's range) and checks that it lists the very hands chosen.
/// Returns the calling text.
fn check(spot: &[&str], seat: usize, price: &[&str], breakeven: f64) -> String {
    let mut args = vec!["equity"];
    args.extend(spot);
    args.extend(["--calling-range", "--seat"]);
    let seat_text = seat.to_string();
    args.push(&seat_text);
    args.extend(price);
    let lines = rows(&sim_ok(&args));
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert!((float(line, "breakeven") - breakeven).abs() < 1e-12);
    let hands = breakdown_hands(spot, &seat_text);
    let chosen: BTreeSet<String> = hands
        .iter()
        .filter(|h| float(h, "frequency") > 0.0 && float(h, "equity") >= breakeven)
        .map(|h| h["hand"].clone())
        .collect();
    assert_eq!(line["hands"], hands.len().to_string());
    assert_eq!(line["hands_in"], chosen.len().to_string(), "{args:?}");
    let weighted = |keep: &dyn Fn(&HashMap<String, String>) -> bool| {
        let (f, e) = hands
            .iter()
            .filter(|h| keep(h))
            .fold((0.0, 0.0), |(f, e), h| {
                let q = float(h, "frequency");
                (f + q, e + q * float(h, "equity"))
            });
        (f, e / f)
    };
    let (f_in, e_in) = weighted(&|h| chosen.contains(&h["hand"]));
    let (_, e_out) = weighted(&|h| !chosen.contains(&h["hand"]));
    assert!((float(line, "frequency_in") - f_in).abs() < 1e-9);
    if !chosen.is_empty() {
        assert!((float(line, "equity_in") - e_in).abs() < 1e-9);
    }
    if chosen.len() < hands.len() {
        assert!((float(line, "equity_out") - e_out).abs() < 1e-9);
    }
    // The text parses back to the chosen hands among those the spot deals.
    let text = line["calling_hands"].clone();
    if !chosen.is_empty() {
        let players: Vec<&str> = spot
            .iter()
            .take_while(|a| !a.starts_with("--"))
            .copied()
            .collect();
        let mut again: Vec<&str> = players.clone();
        again[seat - 1] = &text;
        again.extend(&spot[players.len()..]);
        let back: BTreeSet<String> = breakdown_hands(&again, &seat_text)
            .into_iter()
            .filter(|h| float(h, "frequency") > 0.0)
            .map(|h| h["hand"].clone())
            .collect();
        assert_eq!(back, chosen, "{text}");
    }
    text
}

#[test]
fn holdem_calling_hands_are_the_breakdown_rows_at_the_breakeven() {
    let spot = ["QQ+,AK,JJ-99", "AhKh", "--board", "Kd7c2s", "--exact"];
    let text = check(&spot, 1, &["--pot", "100", "--call", "50"], 1.0 / 3.0);
    assert_eq!(text, "KK+,AK");
    // A wide range on the turn, three players, the middle one split.
    let spot = [
        "AhAd",
        "22+,A2s+,KTo+,QJ",
        "9s8s",
        "--board",
        "Kd7c2s5h",
        "--exact",
    ];
    check(&spot, 2, &["--min-equity", "0.25"], 0.25);
    check(&spot, 2, &["--pot", "30", "--call", "10"], 0.25);
}

#[test]
fn other_families_write_their_own_syntax() {
    // Omaha hi/lo by pot share, hand by hand; stud's down cards in parentheses.
    let omaha = [
        "AA23,KKQQ:ds",
        "AsKs2h3h",
        "--game",
        "omaha-hilo",
        "--board",
        "4c7d9h",
        "--rounds",
        "20k",
        "--seed",
        "3",
    ];
    assert_eq!(
        check(&omaha, 1, &["--min-equity", "0.4"], 0.4),
        "AA23,KKQQ:ds"
    );
    // Part of a class calls: its hands one by one, the whole classes by name.
    let omaha = [
        "AA23,KKQQ:ds,JT98",
        "AsKs2h3h",
        "--game",
        "omaha-hilo",
        "--board",
        "4c7d9h",
        "--exact",
    ];
    let text = check(&omaha, 1, &["--min-equity", "0.5"], 0.5);
    assert!(text.starts_with("AA23,KKQQ:ds,Jh"), "{text}");
    let stud = ["(QQ+,AKs)Kd5c", "AhAd9c2s", "--game", "stud", "--exact"];
    let text = check(&stud, 1, &["--pot", "3", "--call", "1"], 0.25);
    assert!(text.starts_with('(') && text.ends_with(")Kd5c"), "{text}");
    let short = [
        "TT+,AQs+",
        "AhKh",
        "--game",
        "shortdeck",
        "--board",
        "Ks7c6s",
        "--exact",
    ];
    check(&short, 1, &["--pot", "1", "--call", "1"], 0.5);
}

#[test]
fn monte_carlo_lines_do_not_depend_on_the_threads() {
    let run = |threads: &str| {
        sim_ok(&[
            "equity",
            "22+,A2s+,K9s+",
            "QQ+,AK",
            "--board",
            "Jh8d3c",
            "--rounds",
            "100k",
            "--seed",
            "7",
            "--calling-range",
            "--pot",
            "100",
            "--call",
            "50",
            "--threads",
            threads,
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let line = &rows(&one)[0];
    assert_eq!(line["player"], "1");
    assert_eq!(line["range"], "22+,A2s+,K9s+");
}

#[test]
fn no_calling_hand_leaves_the_text_and_the_mean_inside_empty() {
    let out = sim(&[
        "equity",
        "22-55",
        "AsAh",
        "--board",
        "AdKc9s",
        "--exact",
        "--calling-range",
        "--min-equity",
        "0.5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let line = &rows(&String::from_utf8(out.stdout).unwrap())[0];
    assert_eq!(line["calling_hands"], "");
    assert_eq!(line["hands_in"], "0");
    assert_eq!(line["equity_in"], "");
    assert_eq!(line["frequency_in"], "0.000000000000000");
}

#[test]
fn the_breakdowns_limits_name_the_calling_range() {
    let out = sim(&[
        "equity",
        "AsKsQdJd",
        "random",
        "--game",
        "omaha",
        "--calling-range",
        "--min-equity",
        "0.3",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    assert_eq!(
        said.lines().last(),
        Some(
            "sim: --calling-range writes one row per hand: the ranges hold 194581 hands, more than the limit of 100000; narrow them"
        ),
        "{said}"
    );
}
