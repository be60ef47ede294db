//! `sim rank --game stud|stud-hilo|razz` end to end: the shipped third-street rankings as the
//! command writes them, a start's class, a span's classes, and the Monte Carlo build:
//! byte-identical on any thread count, and its shards merged give the unsharded table byte for
//! byte.

mod common;

use common::{
    assert_fails, csv_rows, ranking_build_is_sharded_exactly, sim_ok,
    top_span_ends_by_the_midpoint_rule,
};

#[test]
fn the_whole_rankings_are_the_shipped_files() {
    for (game, shipped) in [
        ("stud", include_str!("../../../data/stud_ranking.csv")),
        (
            "stud-hilo",
            include_str!("../../../data/stud_hilo_ranking.csv"),
        ),
        ("razz", include_str!("../../../data/razz_ranking.csv")),
    ] {
        assert_eq!(sim_ok(&["rank", "--game", game]), shipped, "{game}");
    }
}

#[test]
fn a_start_gives_its_classes_line() {
    let by_name = sim_ok(&["rank", "AsAhAd", "--game", "stud"]);
    let by_cards = sim_ok(&["rank", "AcAdAh", "--game", "stud"]);
    assert_eq!(by_name, by_cards);
    let line = by_name.lines().nth(1).unwrap();
    assert!(line.starts_with("1,AsAhAd,4,"), "{line}");
    let razz = sim_ok(&["rank", "3c2dAh", "--game", "razz"]);
    assert!(
        razz.lines().nth(1).unwrap().contains(",As3h2d,24,"),
        "{razz}"
    );
    let json = sim_ok(&["rank", "AsAhAd", "--game", "stud-hilo", "--format", "json"]);
    assert!(json.contains("\"game\": \"stud-hilo\""), "{json}");
    assert!(json.contains("\"pot_units\""), "{json}");
}

#[test]
fn top_lists_the_classes_by_the_midpoint_rule() {
    // 15 % of 22,100 starts.
    let top = top_span_ends_by_the_midpoint_rule("stud", 15.0, 22_100.0);
    assert_eq!(csv_rows(&top)[1][1], "AsAhAd");
}

/// 1,500 rounds a class: two chunks of each class (1,024 and 476 rounds), one in each shard.
#[test]
fn shards_merge_to_the_whole_build_on_any_threads() {
    let whole = ranking_build_is_sharded_exactly("stud-hilo", "1500", 1_755);
    // Stud plays every class for every round.
    assert!(
        whole
            .lines()
            .skip(1)
            .all(|r| r.split(',').nth(7) == Some("1500"))
    );
}

#[test]
fn bad_asks_are_refused_in_one_line() {
    let dir = tempfile::tempdir().expect("temp folder");
    let cases: [(&[&str], i32, &[&str]); 7] = [
        (&["rank", "--build", "--game", "razz"], 2, &["--rounds"]),
        (
            &["rank", "AsAhKdQc", "--game", "stud"],
            2,
            &["three distinct cards"],
        ),
        (
            &["rank", "AAK", "--game", "stud"],
            2,
            &["three distinct cards"],
        ),
        (&["rank", "XsYhZd", "--game", "razz"], 2, &["'XsYhZd'"]),
        (&["rank", "--top", "0%", "--game", "stud"], 2, &["15%"]),
        (
            &["rank", "--top", "101%", "--game", "stud-hilo"],
            2,
            &["15%"],
        ),
        (
            &["rank", "--ranking", "vs2", "--game", "stud"],
            2,
            &["one ranking"],
        ),
    ];
    for (args, code, needles) in cases {
        assert_fails(dir.path(), args, code, needles);
    }
    let omaha = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/omaha_ranking.csv");
    let merge = ["rank", "--game", "stud", "--merge", omaha];
    assert_fails(dir.path(), &merge, 2, &["--merge", "the header is not"]);
}
