//! `sim rank --game omaha` end to end: the shipped four-card ranking as the command writes it,
//! a hand's class, a span's classes, and the Monte Carlo build: byte-identical on any thread
//! count, and its shards merged give the unsharded table byte for byte.

mod common;

use common::{
    assert_fails, ranking_build_is_sharded_exactly, sim_ok, top_span_ends_by_the_midpoint_rule,
};

#[test]
fn the_whole_ranking_is_the_shipped_file() {
    let shipped = include_str!("../../../data/omaha_ranking.csv");
    assert_eq!(sim_ok(&["rank", "--game", "omaha"]), shipped);
}

#[test]
fn a_hand_gives_its_classes_line() {
    let by_name = sim_ok(&["rank", "AsAhKsKh", "--game", "omaha"]);
    let by_cards = sim_ok(&["rank", "KdAcAdKc", "--game", "omaha"]);
    assert_eq!(by_name, by_cards);
    let line = by_name.lines().nth(1).unwrap();
    assert!(line.contains(",AsAhKsKh,6,"), "{line}");
    assert!(line.ends_with(",6584024,4642098,21921"), "{line}");
    let json = sim_ok(&["rank", "AsAhKsKh", "--game", "omaha", "--format", "json"]);
    assert!(json.contains("\"game\": \"omaha\""), "{json}");
    assert!(json.contains("\"wins\""), "{json}");
}

#[test]
fn top_lists_the_classes_by_the_midpoint_rule() {
    // 1 % of 270,725 hands.
    top_span_ends_by_the_midpoint_rule("omaha", 1.0, 270_725.0);
}

/// 1,500 boards: six chunks (five of 256 boards and one of 220), three in each shard.
#[test]
fn shards_merge_to_the_whole_build_on_any_threads() {
    ranking_build_is_sharded_exactly("omaha", "1500", 16_432);
}

#[test]
fn bad_asks_are_refused_in_one_line() {
    let dir = tempfile::tempdir().expect("temp folder");
    let cases: [(&[&str], i32, &[&str]); 5] = [
        (&["rank", "--build", "--game", "omaha"], 2, &["--rounds"]),
        (
            &["rank", "AAKK", "--game", "omaha"],
            2,
            &["four distinct cards"],
        ),
        (&["rank", "--top", "0%", "--game", "omaha"], 2, &["15%"]),
        (
            &["rank", "AAKK", "--game", "omaha5"],
            2,
            &["five distinct cards"],
        ),
        (&["rank", "--build", "--rounds", "9"], 2, &["--game omaha"]),
    ];
    for (args, code, needles) in cases {
        assert_fails(dir.path(), args, code, needles);
    }
    let holdem = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/holdem_ranking.csv");
    let merge = ["rank", "--game", "omaha", "--merge", holdem];
    assert_fails(dir.path(), &merge, 2, &["--merge", "the header is not"]);
}
