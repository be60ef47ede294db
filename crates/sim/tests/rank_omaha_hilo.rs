//! `sim rank --game omaha-hilo` end to end: the shipped hi/lo ranking of the four-card classes
//! (pot share in quarter pots) as the command writes it, a hand's class, a span's classes, the
//! Monte Carlo build (byte-identical on one thread and two, its shards merged giving the
//! unsharded table byte for byte), and percentage ranges in `sim equity --game omaha-hilo`.

mod common;

use common::{assert_fails, csv_rows, ranking_build_is_sharded_exactly, sim_ok};

#[test]
fn the_whole_ranking_is_the_shipped_file() {
    let shipped = include_str!("../../../data/omaha_hilo_ranking.csv");
    assert_eq!(sim_ok(&["rank", "--game", "omaha-hilo"]), shipped);
}

#[test]
fn a_hand_gives_its_classes_line() {
    let by_name = sim_ok(&["rank", "AsAh3s2h", "--game", "omaha-hilo"]);
    let by_cards = sim_ok(&["rank", "3dAc2cAd", "--game", "omaha-hilo"]);
    assert_eq!(by_name, by_cards);
    let rows = csv_rows(&by_name);
    assert_eq!(
        rows[0].join(","),
        "rank,class,combos,equity,cumulative_combos,percentile,std_error,rounds,pot_units,square_units"
    );
    assert_eq!(rows[1][1], "AsAh3s2h");
    let json = sim_ok(&[
        "rank",
        "AsAh3s2h",
        "--game",
        "omaha-hilo",
        "--format",
        "json",
    ]);
    assert!(json.contains("\"game\": \"omaha-hilo\""), "{json}");
    assert!(json.contains("\"pot_units\""), "{json}");
    // The hi/lo ranking is not the high one: the classes' places differ.
    let high = sim_ok(&["rank", "AsAh3s2h", "--game", "omaha"]);
    assert_ne!(csv_rows(&high)[1][0], rows[1][0]);
}

#[test]
fn top_lists_the_classes_by_the_midpoint_rule() {
    let top = sim_ok(&["rank", "--top", "1%", "--game", "omaha-hilo"]);
    let rows = csv_rows(&top);
    let last = rows.last().unwrap();
    let (cumulative, combos): (u32, u32) = (last[4].parse().unwrap(), last[2].parse().unwrap());
    // The middle of the last class lies below 1 % of 270,725 hands, within a class of it.
    assert!(f64::from(2 * cumulative - combos) / 2.0 < 2707.25);
    assert!(f64::from(cumulative) >= 2707.25 - 24.0);
    let whole = sim_ok(&["rank", "--game", "omaha-hilo"]);
    assert!(whole.starts_with(&top));
}

/// 1,100 boards: five chunks (four of 256 boards and one of 76), three in the first shard.
#[test]
fn shards_merge_to_the_whole_build_on_any_threads() {
    ranking_build_is_sharded_exactly("omaha-hilo", "1100", 16_432);
    // A high ranking's file is not a hi/lo one.
    let dir = tempfile::tempdir().expect("temp folder");
    let high = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/omaha_ranking.csv");
    let merge = ["rank", "--game", "omaha-hilo", "--merge", high];
    assert_fails(dir.path(), &merge, 2, &["--merge", "the header is not"]);
}

/// Percentages in Omaha hi/lo ranges: `5%,5%-15%` lists the hands of `15%` in the same order
/// (the midpoint rule splits a span with nothing left over), so the same seed gives the same
/// equities, on one thread or two. (`omaha::range`'s tests check that the hands are those of
/// the hi/lo ranking's classes.)
#[test]
fn percentage_ranges_read_the_hilo_ranking() {
    let run = |range: &str, threads: &str| {
        let out = sim_ok(&[
            "equity",
            "--game",
            "omaha-hilo",
            range,
            "random",
            "--rounds",
            "20000",
            "--seed",
            "3",
            "--threads",
            threads,
        ]);
        // The CSV rows' last 14 fields, the counts and equities: the player and the hand
        // (quoted where it holds a comma) left out.
        out.lines()
            .skip(1)
            .map(|l| {
                let fields: Vec<&str> = l.split(',').collect();
                fields[fields.len().saturating_sub(14)..].join(",")
            })
            .collect::<Vec<_>>()
    };
    let whole = run("15%", "1");
    assert_eq!(whole.len(), 2, "two players' rows");
    assert!(
        whole.iter().all(|row| row.split(',').count() == 14),
        "{whole:?}"
    );
    assert_eq!(whole, run("15%", "2"));
    assert_eq!(whole, run("5%,5%-15%", "2"));
    assert_ne!(whole, run("5%", "2"));
    let dir = tempfile::tempdir().expect("temp folder");
    let refused = ["equity", "--game", "omaha-hilo", "0%", "random"];
    assert_fails(dir.path(), &refused, 2, &["15%"]);
}

#[test]
fn bad_asks_are_refused_in_one_line() {
    let dir = tempfile::tempdir().expect("temp folder");
    let cases: [(&[&str], i32, &[&str]); 4] = [
        (
            &["rank", "--build", "--game", "omaha-hilo"],
            2,
            &["--rounds"],
        ),
        (
            &["rank", "AAKK", "--game", "omaha-hilo"],
            2,
            &["four distinct cards"],
        ),
        (
            &["rank", "--top", "101%", "--game", "omaha-hilo"],
            2,
            &["15%"],
        ),
        (
            &[
                "rank",
                "AsAh3s2h",
                "--game",
                "omaha-hilo",
                "--ranking",
                "vs2",
            ],
            2,
            &["one ranking"],
        ),
    ];
    for (args, code, needles) in cases {
        assert_fails(dir.path(), args, code, needles);
    }
}
