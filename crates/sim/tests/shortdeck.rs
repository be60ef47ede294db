//! Short deck end to end: `sim exact --game shortdeck` reproduces the committed tables, `sim odds
//! --game shortdeck` is byte-identical for any thread count and agrees with the exact values,
//! and the rules flag moves hands between straight and three of a kind only.

mod common;

use common::{counts_column, csv_rows, sim_ok};
use engine::choose::choose;

#[test]
fn exact_tables_match_the_committed_data() {
    let cases = [
        (
            "5",
            "",
            include_str!("../../../data/shortdeck_five_card_exact.csv"),
        ),
        (
            "6",
            "",
            include_str!("../../../data/shortdeck_six_card_exact.csv"),
        ),
        (
            "7",
            "",
            include_str!("../../../data/shortdeck_seven_card_exact.csv"),
        ),
        (
            "5",
            "--trips-beat-straight",
            include_str!("../../../data/shortdeck_trips_five_card_exact.csv"),
        ),
        (
            "6",
            "--trips-beat-straight",
            include_str!("../../../data/shortdeck_trips_six_card_exact.csv"),
        ),
        (
            "7",
            "--trips-beat-straight",
            include_str!("../../../data/shortdeck_trips_seven_card_exact.csv"),
        ),
    ];
    for (cards, rules, reference) in cases {
        let mut args = vec!["exact", "--game", "shortdeck", "--cards", cards];
        if !rules.is_empty() {
            args.push(rules);
        }
        let table = sim_ok(&args);
        assert_eq!(table, reference, "{args:?}");
        let n: usize = cards.parse().unwrap();
        assert_eq!(counts_column(&table).iter().sum::<u64>(), choose(36, n));
    }
}

#[test]
fn completions_of_known_cards_number_c_36_minus_k_n_minus_k() {
    for (cards, known, k) in [(7, "AsKd", 2), (6, "6c7c8c", 3), (5, "TsJsQsKs", 4)] {
        let table = sim_ok(&[
            "exact",
            "--game",
            "shortdeck",
            "--cards",
            &cards.to_string(),
            "--known",
            known,
        ]);
        let total: u64 = counts_column(&table).iter().sum();
        assert_eq!(total, choose(36 - k, cards - k), "{known}");
    }
}

#[test]
fn odds_are_byte_identical_for_any_thread_count() {
    for rules in [None, Some("--trips-beat-straight")] {
        let run = |threads: &str| {
            let mut args = vec![
                "odds",
                "--game",
                "shortdeck",
                "--rounds",
                "3M",
                "--seed",
                "11",
                "--known",
                "Ah",
                "--threads",
                threads,
                "-q",
            ];
            args.extend(rules);
            sim_ok(&args)
        };
        let one = run("1");
        assert_eq!(one, run("2"));
        assert_eq!(one, run("5"));
        // Three million rounds against the exact values: with 10 z-scores, |z| < 4.5 fails by
        // chance with probability below 10 × 7e-6.
        for row in &csv_rows(&one)[1..] {
            let z: f64 = row[7].parse().unwrap();
            assert!(z.abs() < 4.5, "{rules:?} {row:?}");
        }
    }
}

#[test]
fn the_rules_flag_moves_hands_between_straight_and_trips() {
    let usual = counts_column(&sim_ok(&["exact", "--game", "shortdeck"]));
    let triton = counts_column(&sim_ok(&[
        "exact",
        "--game",
        "shortdeck",
        "--trips-beat-straight",
    ]));
    // Rows: high card, pair, two pair, three of a kind, straight, flush, …
    let moved = usual[4] - triton[4];
    assert_eq!(
        moved, 30_360,
        "seven-card hands holding both a straight and trips"
    );
    assert_eq!(triton[3], usual[3] + moved);
    for row in [0, 1, 2, 5, 6, 7, 8, 9] {
        assert_eq!(usual[row], triton[row], "row {row}");
    }
}

#[test]
fn bench_measures_short_deck() {
    let table = sim_ok(&[
        "bench",
        "--game",
        "shortdeck",
        "--threads",
        "1",
        "--rounds",
        "100k",
        "--repeats",
        "1",
    ]);
    let rows = csv_rows(&table);
    assert_eq!(rows[0][0], "threads");
    assert_eq!(rows[1][1], "100000");
}

#[test]
fn equity_is_byte_identical_for_any_thread_count() {
    for rules in [None, Some("--trips-beat-straight")] {
        let run = |threads: &str| {
            let mut args = vec![
                "equity",
                "AKs",
                "random",
                "random",
                "--game",
                "shortdeck",
                "--rounds",
                "300k",
                "--seed",
                "5",
                "--threads",
                threads,
            ];
            args.extend(rules);
            sim_ok(&args)
        };
        let one = run("1");
        assert_eq!(one, run("2"));
        assert_eq!(one, run("4"));
    }
}

#[test]
fn the_rules_flag_decides_a_straight_against_a_set() {
    // 9sTs (a made straight) against KcKh (a set) on 6c 7d 8h Kd: 28 rivers. Ks, the three
    // sixes, sevens and eights fill the kings up (10 rivers); the other 18 leave a straight
    // against trips, which the straight wins under the usual rules and loses under Triton's.
    let spot = [
        "equity",
        "9sTs",
        "KcKh",
        "--board",
        "6c7d8hKd",
        "--game",
        "shortdeck",
    ];
    let usual = sim_ok(&spot);
    let mut triton_args = spot.to_vec();
    triton_args.push("--trips-beat-straight");
    let triton = sim_ok(&triton_args);
    let wins = |table: &str| -> Vec<String> {
        csv_rows(table)[1..]
            .iter()
            .map(|r| r[7].to_string())
            .collect()
    };
    assert_eq!(wins(&usual), ["18", "10"]);
    assert_eq!(wins(&triton), ["0", "28"]);
}

#[test]
fn shards_carry_the_game_and_merge_into_the_direct_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let run = [
        "odds",
        "--game",
        "shortdeck",
        "--trips-beat-straight",
        "--rounds",
        "3M",
    ];
    let mut direct = run.to_vec();
    direct.extend(["--seed", "4", "-q"]);
    let direct = sim_ok(&direct);
    for (i, shard) in ["0/2", "1/2"].into_iter().enumerate() {
        let out = path(&format!("s{i}.json"));
        let mut args = run.to_vec();
        args.extend(["--seed", "4", "-q", "--shard", shard, "--out", &out]);
        sim_ok(&args);
    }
    assert_eq!(
        sim_ok(&["merge", &path("s0.json"), &path("s1.json")]),
        direct
    );
    // A hold'em shard of the same seed does not merge with them.
    let holdem = path("h1.json");
    sim_ok(&[
        "odds", "--rounds", "3M", "--seed", "4", "-q", "--shard", "1/2", "--out", &holdem,
    ]);
    let out = common::sim(&["merge", &path("s0.json"), &holdem]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("game holdem vs shortdeck_trips_beat_straight"));
}
