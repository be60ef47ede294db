//! `sim rank` end to end, and percentage ranges in the commands that read two-card ranges: the
//! shipped ranking as the command writes it, a span's classes, the midpoint rule seen from
//! `sim hits`, `sim equity` reading `5%` and `5%-15%` as `15%` split in two, and hold'em
//! hi/lo's Monte Carlo ranking by pot share.

mod common;

use common::{assert_fails, sim_ok};

#[test]
fn the_whole_ranking_is_the_shipped_file() {
    let shipped = include_str!("../../../data/holdem_ranking.csv");
    assert_eq!(sim_ok(&["rank"]), shipped);
    let short = include_str!("../../../data/shortdeck_ranking.csv");
    assert_eq!(sim_ok(&["rank", "--game", "shortdeck"]), short);
}

/// `--build` counts every class again, exactly (a second or two since the board sweep), and
/// writes the shipped files byte for byte, on one thread and on two.
#[test]
fn a_build_writes_the_shipped_files_again() {
    for (game, shipped) in [
        ("holdem", include_str!("../../../data/holdem_ranking.csv")),
        (
            "shortdeck",
            include_str!("../../../data/shortdeck_ranking.csv"),
        ),
    ] {
        for threads in ["1", "2"] {
            let built = sim_ok(&["rank", "--build", "--game", game, "--threads", threads]);
            assert_eq!(built, shipped, "{game} on {threads} threads");
        }
    }
}

#[test]
fn a_hand_gives_its_classes_line() {
    let line = "15,AJo,12,0.635632579118604,100,7.541478,0.000000000000000\n";
    assert_eq!(
        sim_ok(&["rank", "AJo"]).lines().nth(1).unwrap(),
        line.trim_end()
    );
    assert_eq!(
        sim_ok(&["rank", "AhJd"]).lines().nth(1).unwrap(),
        line.trim_end()
    );
    let json = sim_ok(&["rank", "AA", "--game", "shortdeck", "--format", "json"]);
    assert!(json.contains("\"hand\": \"AA\""), "{json}");
    assert!(json.contains("\"game\": \"shortdeck\""), "{json}");
}

#[test]
fn top_lists_the_classes_by_the_midpoint_rule() {
    let top = sim_ok(&["rank", "--top", "15%"]);
    let rows: Vec<&str> = top.lines().skip(1).collect();
    assert_eq!(rows.len(), 31);
    assert!(rows[30].starts_with("31,A6s,4,"), "{}", rows[30]);
    // sim hits counts the same 200 combos of the range 15%.
    let hits = sim_ok(&["hits", "15%", "--board", "2c3d4h"]);
    let all = hits.lines().nth(1).unwrap();
    assert!(all.starts_with("range,all,"), "{all}");
    let combos: usize = all.split(',').nth(2).unwrap().parse().unwrap();
    // All 200: no class of the top 15 % holds a 2, 3 or 4 (A4s is rank 35, beyond A6s).
    assert_eq!(combos, 200);
}

#[test]
fn equity_reads_percentages_in_lists_with_weights() {
    let outcomes = |range: &str| -> String {
        let csv = sim_ok(&["equity", range, "KK", "--board", "Kh9h5c2d"]);
        let row = csv.lines().nth(1).unwrap().to_string();
        // The range's eight columns after its label (which may hold quoted commas).
        row.rsplitn(9, ',').take(8).collect::<Vec<_>>().join(",")
    };
    assert_eq!(outcomes("5%,5%-15%"), outcomes("15%"));
    assert_ne!(outcomes("15%:0.5,A5s"), outcomes("15%"));
}

/// `--ranking vsN` ranks by equity against N random hands, read from the shipped Monte Carlo
/// table of `sim preflop --opponents`: the ranking's lines are that table's cells, reordered.
#[test]
fn a_named_ranking_reads_the_table_against_random_hands() {
    let preflop = include_str!("../../../data/preflop_vs_random.csv");
    let cell = preflop
        .lines()
        .find(|l| l.starts_with("T9s,8,"))
        .unwrap()
        .split(',')
        .collect::<Vec<_>>();
    let line = sim_ok(&["rank", "T9s", "--ranking", "vs8"]);
    let fields: Vec<&str> = line.lines().nth(1).unwrap().split(',').collect();
    assert_eq!((fields[0], fields[1]), ("23", "T9s"), "{line}");
    assert_eq!(
        (fields[3], fields[6]),
        (cell[4], cell[5]),
        "equity, std_error"
    );
    let json = sim_ok(&["rank", "--ranking", "vs8", "--format", "json"]);
    assert!(json.contains("\"ranking\": \"vs8\""), "{json}");
    assert!(json.contains("\"method\": \"monte_carlo\""), "{json}");
}

/// The ranking named by `--ranking` is the one that reads `10%`: against eight random hands
/// T9s (23rd) is inside the top 10 %; against one (63rd) it is not.
#[test]
fn ranges_read_percentages_by_the_named_ranking() {
    let has_t9s = |args: &[&str]| {
        let mut all = vec!["hits", "10%", "--board", "2c3d4h", "--combos"];
        all.extend_from_slice(args);
        sim_ok(&all).contains("Ts9s")
    };
    assert!(has_t9s(&["--ranking", "vs8"]));
    assert!(!has_t9s(&[]));
    assert!(!has_t9s(&["--ranking", "vs1"]));
    let json = sim_ok(&[
        "equity",
        "10%",
        "AhAd",
        "--ranking",
        "vs8",
        "--rounds",
        "10k",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    assert!(json.contains("\"ranking\": \"vs8\""), "{json}");
}

/// Hold'em hi/lo's ranking, by pot share against one random hand: `sim rank` writes the shipped
/// file; a class's equity and standard error are those of the `sim equity` run that
/// `data/holdem_hilo_ranking.py` made it with (same seed, same rounds), to the last digit;
/// percentages in its ranges read it; `--build` and `--ranking` are refused.
#[test]
fn holdem_hilo_is_ranked_by_pot_share() {
    let shipped = include_str!("../../../data/holdem_hilo_ranking.csv");
    assert_eq!(sim_ok(&["rank", "--game", "holdem-hilo"]), shipped);
    let line = |class: &str| -> Vec<String> {
        let text = sim_ok(&["rank", class, "--game", "holdem-hilo"]);
        text.lines()
            .nth(1)
            .unwrap()
            .split(',')
            .map(String::from)
            .collect()
    };
    for class in ["A2s", "T9o"] {
        let run = sim_ok(&[
            "equity",
            class,
            "random",
            "--game",
            "holdem-hilo",
            "--rounds",
            "16M",
            "--seed",
            "1",
        ]);
        let row: Vec<&str> = run.lines().nth(1).unwrap().split(',').collect();
        let ranked = line(class);
        assert_eq!(
            (&ranked[3][..], &ranked[6][..]),
            (row[4], row[5]),
            "{class}"
        );
    }
    // A2s outranks T9o in hi/lo (not in hold'em), and AA leads.
    assert!(line("A2s")[0].parse::<u32>().unwrap() < line("T9o")[0].parse().unwrap());
    assert_eq!(line("AA")[0], "1");
    let json = sim_ok(&["rank", "A2s", "--game", "holdem-hilo", "--format", "json"]);
    assert!(json.contains("\"method\": \"monte_carlo\""), "{json}");
    // `15%` in an equity range is the span's combos: the breakdown's class rows sum to them.
    let top: u32 = sim_ok(&["rank", "--top", "15%", "--game", "holdem-hilo"])
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().parse::<u32>().unwrap())
        .sum();
    let args = ["--game", "holdem-hilo", "--rounds", "20k", "--seed", "2"];
    let rows = sim_ok(&[&["equity", "15%", "KdKc", "--breakdown"], &args[..]].concat());
    let held: u32 = rows
        .lines()
        .filter(|l| l.starts_with("holdem-hilo,1,15%,class,"))
        .map(|l| l.split(',').nth(6).unwrap().parse::<u32>().unwrap())
        .sum();
    // KdKc blocks the span's hands holding a Kd or a Kc.
    assert!(held < top && held * 4 > top * 3, "{held} of {top}");
    let dir = tempfile::tempdir().expect("temp folder");
    let build = ["rank", "--build", "--game", "holdem-hilo"];
    assert_fails(dir.path(), &build, 2, &["holdem_hilo_ranking.py"]);
    let named = ["rank", "--game", "holdem-hilo", "--ranking", "vs2"];
    assert_fails(dir.path(), &named, 2, &["leave --ranking out"]);
}
