//! `sim rank --game omaha5|omaha5-hilo` end to end: the shipped five-card rankings as the
//! command writes them, a hand's class, a span's classes, percentage ranges in the five-card
//! games, and the Monte Carlo build sharded and merged byte for byte.

mod common;

use common::{csv_rows, omaha_percentages_are_ranges, ranking_build_is_sharded_exactly, sim_ok};

#[test]
fn the_whole_rankings_are_the_shipped_files() {
    let high = include_str!("../../../data/omaha5_ranking.csv");
    assert_eq!(sim_ok(&["rank", "--game", "omaha5"]), high);
    let hilo = include_str!("../../../data/omaha5_hilo_ranking.csv");
    assert_eq!(sim_ok(&["rank", "--game", "omaha5-hilo"]), hilo);
}

#[test]
fn a_hand_gives_its_classes_line() {
    let by_name = sim_ok(&["rank", "AsAhKsKhQd", "--game", "omaha5"]);
    assert_eq!(by_name, sim_ok(&["rank", "KdKcAdAcQh", "--game", "omaha5"]));
    let line = by_name.lines().nth(1).unwrap();
    assert!(line.contains(",AsAhKsKhQd,12,"), "{line}");
}

/// `1%` is the hands of the ranking's top classes, in every command that reads a range (the
/// villain's five cards block about two in five of all hands).
#[test]
fn percentages_are_ranges_of_five_card_omaha() {
    for game in ["omaha5", "omaha5-hilo"] {
        omaha_percentages_are_ranges(game, 1.0, 2_598_960.0, "7s6h5d4c2s", "5%:ds");
    }
}

/// 600 boards: three chunks (two of 256 boards and one of 88).
#[test]
fn shards_merge_to_the_whole_build_on_any_threads() {
    ranking_build_is_sharded_exactly("omaha5-hilo", "600", 134_459);
}

/// Courchevel's hands are five-card Omaha's, and its first flop card is shown only after the
/// deal: its rankings (and so its percentages) are five-card Omaha's, high and hi/lo.
#[test]
fn courchevel_reads_the_five_card_rankings() {
    for (courchevel, omaha5) in [("courchevel", "omaha5"), ("courchevel-hilo", "omaha5-hilo")] {
        let of = |game: &str| sim_ok(&["rank", "--top", "0.5%", "--game", game]);
        let classes = of(courchevel);
        assert!(csv_rows(&classes).len() > 100, "{classes}");
        assert_eq!(classes, of(omaha5));
        let hand = ["rank", "AsAhKsKhQd", "--game"];
        assert_eq!(
            sim_ok(&[&hand[..], &[courchevel]].concat()),
            sim_ok(&[&hand[..], &[omaha5]].concat())
        );
        let args = ["--game", courchevel, "--board", "7s", "--rounds", "4000"];
        let rows = sim_ok(&[&["equity", "1%:ds", "random", "--seed", "3"], &args[..]].concat());
        assert!(rows.contains("1%:ds"), "{rows}");
    }
}
