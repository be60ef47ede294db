//! `sim shuffle …` and `sim deal` end to end: tables, determinism across thread counts, bad input.

mod common;

use common::{sim, sim_ok};

/// Runs `args` and expects a usage error (exit 2) with a one-line `sim: …` message.
fn usage_error(args: &[&str]) -> String {
    let out = sim(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).expect("UTF-8 error");
    assert!(err.starts_with("sim: "), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn naive_three_card_table() {
    let table = sim_ok(&["shuffle", "exact", "--method", "naive", "--deck-size", "3"]);
    assert_eq!(
        table,
        "permutation,count,probability\n\
         123,4,0.148148148148148\n\
         132,5,0.185185185185185\n\
         213,5,0.185185185185185\n\
         231,5,0.185185185185185\n\
         312,4,0.148148148148148\n\
         321,4,0.148148148148148\n"
    );
}

#[test]
fn fisher_yates_four_cards_are_uniform() {
    let table = sim_ok(&[
        "shuffle",
        "exact",
        "--method",
        "fisher-yates",
        "--deck-size",
        "4",
    ]);
    let rows: Vec<&str> = table.lines().skip(1).collect();
    assert_eq!(rows.len(), 24);
    assert!(rows.iter().all(|r| r.ends_with(",1,0.041666666666667")));
}

/// Same seed, one thread or two: byte-identical output. Trials above one chunk (2^20) so that
/// two chunks really are spread over the threads.
fn same_for_any_threads(args: &[&str]) {
    let with = |threads: &str| {
        let mut all = args.to_vec();
        all.extend(["--threads", threads]);
        sim_ok(&all)
    };
    let one = with("1");
    assert_eq!(one, with("2"), "{args:?}");
    assert!(one.lines().count() > 1);
}

#[test]
fn audits_are_deterministic_across_threads() {
    same_for_any_threads(&[
        "shuffle",
        "audit",
        "--method",
        "naive",
        "--deck-size",
        "6",
        "--trials",
        "1100000",
        "--seed",
        "7",
    ]);
    same_for_any_threads(&[
        "shuffle",
        "audit",
        "--method",
        "riffle",
        "--riffles",
        "3",
        "--deck-size",
        "10",
        "--trials",
        "1100000",
        "--seed",
        "7",
    ]);
}

#[test]
fn tv_and_deal_and_odds_are_deterministic_across_threads() {
    same_for_any_threads(&[
        "shuffle",
        "tv",
        "--deck-size",
        "8",
        "--max-riffles",
        "4",
        "--trials",
        "1100000",
        "--seed",
        "3",
    ]);
    same_for_any_threads(&[
        "deal", "--method", "piles", "--rounds", "1100000", "--seed", "3",
    ]);
    same_for_any_threads(&[
        "shuffle",
        "odds",
        "--riffles",
        "2",
        "--rounds",
        "1100000",
        "--seed",
        "3",
    ]);
}

#[test]
fn tv_table_has_the_published_values() {
    let table = sim_ok(&["shuffle", "tv", "--max-riffles", "10"]);
    let mut lines = table.lines();
    assert_eq!(lines.next(), Some("riffles,tv_exact,tv_estimate,std_error"));
    let published = [
        "1.000", "1.000", "1.000", "1.000", "0.924", "0.614", "0.334", "0.167", "0.085", "0.043",
    ];
    for (line, want) in lines.zip(published) {
        let cells: Vec<&str> = line.split(',').collect();
        let tv: f64 = cells[1].parse().unwrap();
        assert_eq!(format!("{tv:.3}"), want, "{line}");
        assert_eq!(&cells[2..], ["", ""]);
    }
}

#[test]
fn audit_writes_summary_and_matrix() {
    let dir = tempfile::tempdir().unwrap();
    let matrix = dir.path().join("matrix.csv");
    let summary = sim_ok(&[
        "shuffle",
        "audit",
        "--method",
        "fisher-yates",
        "--deck-size",
        "5",
        "--trials",
        "1000",
        "--seed",
        "1",
        "--matrix",
        matrix.to_str().unwrap(),
    ]);
    assert!(summary.starts_with("method,deck_size,riffles,trials,statistic,df,p_value,"));
    assert!(
        summary
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("fisher-yates,5,0,1000,")
    );
    let cells = std::fs::read_to_string(&matrix).unwrap();
    assert_eq!(
        cells.lines().next(),
        Some("position,card,count,expected,residual")
    );
    assert_eq!(cells.lines().count(), 26);
}

#[test]
fn deal_table_lists_every_bridge_pattern() {
    let table = sim_ok(&[
        "deal", "--method", "direct", "--rounds", "2000", "--seed", "1",
    ]);
    assert!(
        table
            .starts_with("pattern,count,probability,std_error,exact_probability,z_score\n4-4-3-2,")
    );
    assert_eq!(table.lines().count(), 40);
}

#[test]
fn bad_inputs_are_usage_errors() {
    usage_error(&["shuffle", "exact", "--method", "naive", "--deck-size", "9"]);
    usage_error(&["shuffle", "exact", "--method", "riffle"]);
    usage_error(&["shuffle", "audit", "--method", "naive", "--trials", "0"]);
    usage_error(&[
        "shuffle",
        "audit",
        "--method",
        "partial",
        "--deck-size",
        "5",
        "--cards",
        "6",
    ]);
    usage_error(&["shuffle", "tv", "--max-riffles", "0"]);
    usage_error(&[
        "shuffle",
        "odds",
        "--riffles",
        "3",
        "--rounds",
        "1k",
        "--threads",
        "0",
    ]);
    let err = usage_error(&["deal", "--players", "5", "--cards-each", "13"]);
    assert!(err.contains("more than 52"), "{err}");
    let err = usage_error(&[
        "deal",
        "--players",
        "10",
        "--cards-each",
        "5",
        "--method",
        "direct",
    ]);
    assert!(err.contains("128-bit"), "{err}");
}

#[test]
fn unwritable_output_fails_before_work() {
    let out = sim(&[
        "deal",
        "--rounds",
        "1",
        "--seed",
        "1",
        "--out",
        "/nonexistent-folder/deal.csv",
    ]);
    assert_eq!(out.status.code(), Some(1));
}
