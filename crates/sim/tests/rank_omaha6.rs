//! `sim rank --game omaha6|omaha6-hilo` end to end: the shipped six-card rankings written out
//! and read back, a hand's class, a span's classes, percentage ranges in the six-card games,
//! and the Monte Carlo build sharded and merged byte for byte.

mod common;

use common::{omaha_percentages_are_ranges, ranking_build_is_sharded_exactly, sim_ok};

/// The whole ranking is a ranking file: every class once, and `--merge` of it alone gives it
/// back byte for byte.
#[test]
fn the_whole_rankings_read_back() {
    let dir = tempfile::tempdir().expect("temp folder");
    for game in ["omaha6", "omaha6-hilo"] {
        let whole = sim_ok(&["rank", "--game", game]);
        assert_eq!(whole.lines().count(), 962_988 + 1, "{game}");
        let path = dir.path().join(format!("{game}.csv"));
        std::fs::write(&path, &whole).unwrap();
        let merged = sim_ok(&["rank", "--game", game, "--merge", path.to_str().unwrap()]);
        assert!(merged == whole, "{game}: the merge differs");
    }
}

#[test]
fn a_hand_gives_its_classes_line() {
    let by_name = sim_ok(&["rank", "AsAhKsKhQdJd", "--game", "omaha6"]);
    assert_eq!(
        by_name,
        sim_ok(&["rank", "KdKcAdAcQhJh", "--game", "omaha6"])
    );
    let line = by_name.lines().nth(1).unwrap();
    assert!(line.contains(",AsAhKsKhQdJd,12,"), "{line}");
}

/// `0.5%` is the hands of the ranking's top classes, in every command that reads a range (the
/// villain's six cards block about half of all hands; `1%` would pass the breakdown's 100,000
/// rows), and `20%`, about 4.07 M hands, is a range too.
#[test]
fn percentages_are_ranges_of_six_card_omaha() {
    for game in ["omaha6", "omaha6-hilo"] {
        omaha_percentages_are_ranges(game, 0.5, 20_358_520.0, "8s7h6d5c4s3h", "3%:ds");
    }
    let wide = [
        "equity", "20%", "random", "--game", "omaha6", "--rounds", "2000",
    ];
    assert!(sim_ok(&wide).contains("20%"));
}

/// 300 boards: two chunks (256 boards and 44), one in each shard.
#[test]
fn shards_merge_to_the_whole_build_on_any_threads() {
    ranking_build_is_sharded_exactly("omaha6", "300", 962_988);
}
