//! Golden tests: the exact bytes of every command's output for fixed seeds, pinned in
//! `tests/goldens/`. A change that alters any of them is a change of output format or of results,
//! and must be made on purpose: rerun with `SIM_UPDATE_GOLDENS=1` to rewrite the files, then
//! review the diff.

mod common;

use std::path::{Path, PathBuf};

use common::{sim_in, stderr};

/// The folder of golden files.
fn goldens() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/goldens")
}

/// Compares `actual` with the golden file `name`, or rewrites it in update mode.
fn check(name: &str, actual: &[u8]) {
    let path = goldens().join(name);
    if std::env::var_os("SIM_UPDATE_GOLDENS").is_some() {
        std::fs::create_dir_all(goldens()).expect("create goldens folder");
        std::fs::write(&path, actual).expect("write golden");
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "golden {} missing ({e}); run with SIM_UPDATE_GOLDENS=1",
            path.display()
        )
    });
    if expected != actual {
        panic!(
            "{name} differs from its golden file {}:\n--- expected\n{}\n--- actual\n{}",
            path.display(),
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(actual)
        );
    }
}

/// Runs `sim args` in `dir`, asserts success and returns stdout.
fn run_in(dir: &Path, args: &[&str]) -> Vec<u8> {
    let out = sim_in(dir, args);
    assert!(
        out.status.success(),
        "sim {args:?} failed ({}): {}",
        out.status,
        stderr(&out)
    );
    out.stdout
}

/// Commands whose whole result is their standard output, by golden file name.
const STDOUT_CASES: &[(&str, &[&str])] = &[
    ("help.txt", &["--help"]),
    ("odds_help.txt", &["odds", "--help"]),
    ("exact_help.txt", &["exact", "--help"]),
    ("merge_help.txt", &["merge", "--help"]),
    ("plot_help.txt", &["plot", "--help"]),
    ("bench_help.txt", &["bench", "--help"]),
    ("deal_help.txt", &["deal", "--help"]),
    ("equity_help.txt", &["equity", "--help"]),
    ("preflop_help.txt", &["preflop", "--help"]),
    ("shuffle_help.txt", &["shuffle", "--help"]),
    ("shuffle_exact_help.txt", &["shuffle", "exact", "--help"]),
    ("shuffle_audit_help.txt", &["shuffle", "audit", "--help"]),
    ("shuffle_tv_help.txt", &["shuffle", "tv", "--help"]),
    ("shuffle_odds_help.txt", &["shuffle", "odds", "--help"]),
    (
        "odds_seed1.csv",
        &["odds", "--rounds", "300k", "--seed", "1"],
    ),
    (
        "odds_seed2_known.csv",
        &["odds", "--rounds", "200k", "--seed", "2", "--known", "AsKs"],
    ),
    (
        "odds_cards5_seed3.json",
        &[
            "odds", "--cards", "5", "--rounds", "150k", "--seed", "3", "--format", "json",
        ],
    ),
    (
        "odds_cards6_seed4.csv",
        &[
            "odds", "--cards", "6", "--known", "Th", "--rounds", "3M", "--seed", "4",
        ],
    ),
    (
        "odds_target_seed5.csv",
        &["odds", "--target-stderr", "2e-3", "--seed", "5", "-q"],
    ),
    ("exact_7.csv", &["exact"]),
    (
        "exact_6.json",
        &["exact", "--cards", "6", "--format", "json"],
    ),
    (
        "exact_5_enumerate.csv",
        &["exact", "--cards", "5", "--method", "enumerate"],
    ),
    ("exact_7_known.csv", &["exact", "--known", "AhKh"]),
    (
        "odds_known_dead_seed9.csv",
        &[
            "odds", "--known", "AsKs", "--dead", "QsJsTs2c", "--rounds", "300k", "--seed", "9",
        ],
    ),
    (
        "exact_6_known_dead.json",
        &[
            "exact", "--cards", "6", "--known", "Ah", "--dead", "AcAd2h", "--format", "json",
        ],
    ),
    (
        "shortdeck_odds_dead_seed10.json",
        &[
            "odds",
            "--game",
            "shortdeck",
            "--known",
            "AsKs",
            "--dead",
            "QsJs6c",
            "--rounds",
            "300k",
            "--seed",
            "10",
            "--format",
            "json",
        ],
    ),
    (
        "shortdeck_exact_7_dead.csv",
        &[
            "exact",
            "--game",
            "shortdeck",
            "--known",
            "9h",
            "--dead",
            "ThJhTsTc8d",
        ],
    ),
    (
        "omaha_odds_known_dead_seed11.csv",
        &[
            "odds", "--game", "omaha", "--known", "AsKsQdJd", "--dead", "TsTd", "--rounds", "300k",
            "--seed", "11",
        ],
    ),
    (
        "shortdeck_odds_seed7.csv",
        &[
            "odds",
            "--game",
            "shortdeck",
            "--rounds",
            "300k",
            "--seed",
            "7",
        ],
    ),
    (
        "shortdeck_odds_trips_known.json",
        &[
            "odds",
            "--game",
            "shortdeck",
            "--trips-beat-straight",
            "--known",
            "AsKs",
            "--rounds",
            "200k",
            "--seed",
            "8",
            "--format",
            "json",
        ],
    ),
    (
        "shortdeck_odds_cards5_target.csv",
        &[
            "odds",
            "--game",
            "shortdeck",
            "--cards",
            "5",
            "--target-stderr",
            "2e-3",
            "--seed",
            "9",
            "-q",
        ],
    ),
    ("shortdeck_exact_7.csv", &["exact", "--game", "shortdeck"]),
    (
        "shortdeck_exact_7_trips.csv",
        &["exact", "--game", "shortdeck", "--trips-beat-straight"],
    ),
    (
        "shortdeck_exact_6_known.json",
        &[
            "exact",
            "--game",
            "shortdeck",
            "--cards",
            "6",
            "--known",
            "9h9d",
            "--format",
            "json",
        ],
    ),
    ("equity_exact_preflop.csv", &["equity", "AcAs", "KhKd"]),
    (
        "omaha_equity_exact_preflop.csv",
        &["equity", "--game", "omaha", "AsAhKsKh", "JdTd9c8c"],
    ),
    (
        "omaha_hilo_equity_exact_flop.csv",
        &[
            "equity",
            "--game",
            "omaha-hilo",
            "As2sKdKh",
            "Ah3c5d6d",
            "QcJcTc9h",
            "--board",
            "4c7h8s",
        ],
    ),
    (
        "omaha6_equity_mc_ranges.json",
        &[
            "equity",
            "--game",
            "omaha6-hilo",
            "A2xxxx:ds",
            "KKxxxx:0.5,QQJJxx",
            "random",
            "--rounds",
            "200k",
            "--seed",
            "9",
            "--format",
            "json",
        ],
    ),
    (
        "omaha5_equity_mc_opponents.csv",
        &[
            "equity",
            "--game",
            "omaha5",
            "AsAdKsKd2c",
            "--opponents",
            "3",
            "--rounds",
            "300k",
            "--seed",
            "4",
        ],
    ),
    (
        "omaha_odds_known_seed3.csv",
        &[
            "odds", "--game", "omaha", "--known", "AsKsQdJd", "--rounds", "500k", "--seed", "3",
        ],
    ),
    (
        "omaha5_odds_seed8.csv",
        &[
            "odds", "--game", "omaha5", "--known", "Ah2h", "--rounds", "400k", "--seed", "8",
        ],
    ),
    (
        "stud_equity_exact_fifth.csv",
        &["equity", "--game", "stud", "AsAd9c5hJd", "8h9hThJh2s"],
    ),
    (
        "stud_hilo_equity_exact_dead.json",
        &[
            "equity",
            "--game",
            "stud-hilo",
            "As2d3c7h",
            "4h5h7s8c",
            "--dead",
            "6d6c",
            "--format",
            "json",
        ],
    ),
    (
        "razz_equity_mc_ranges.csv",
        &[
            "equity",
            "--game",
            "razz",
            "(A2,A3,23:0.5)4c",
            "(random)Kd",
            "7h8h",
            "--dead",
            "7s",
            "--rounds",
            "200k",
            "--seed",
            "5",
        ],
    ),
    (
        "stud_equity_shared_last_card.csv",
        &[
            "equity",
            "--game",
            "stud",
            "--opponents",
            "8",
            "--rounds",
            "100k",
            "--seed",
            "2",
        ],
    ),
    (
        "stud_odds_known_dead.csv",
        &[
            "odds", "--game", "stud", "--known", "AsAh7d", "--dead", "AcKd", "--rounds", "300k",
            "--seed", "3",
        ],
    ),
    (
        "razz_odds_seed4.json",
        &[
            "odds", "--game", "razz", "--known", "As2d", "--dead", "3c", "--rounds", "300k",
            "--seed", "4", "--format", "json",
        ],
    ),
    (
        "stud_hilo_exact_known.csv",
        &[
            "exact",
            "--game",
            "stud-hilo",
            "--known",
            "As2d3c",
            "--dead",
            "4h",
        ],
    ),
    (
        "stud_exact_known_dead.csv",
        &[
            "exact", "--game", "stud", "--known", "KsKh9d2c", "--dead", "Kd9s",
        ],
    ),
    (
        "equity_exact_flop_3way.csv",
        &["equity", "AhKh", "QsQd", "JcTc", "--board", "Qh7h2c"],
    ),
    (
        "equity_exact_ranges_turn.json",
        &[
            "equity", "AK", "QQ+", "--board", "2c7d9hTs", "--format", "json",
        ],
    ),
    (
        "equity_breakdown_exact_turn.csv",
        &[
            "equity",
            "AKs,QQ",
            "JJ+",
            "--board",
            "2c7d9hTs",
            "--breakdown",
        ],
    ),
    (
        "equity_calling_range_exact_flop.csv",
        &[
            "equity",
            "QQ+,AK,JJ-99",
            "AhKh",
            "--board",
            "Kd7c2s",
            "--calling-range",
            "--pot",
            "100",
            "--call",
            "50",
        ],
    ),
    (
        "omaha_hilo_equity_calling_range_mc.json",
        &[
            "equity",
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
            "--calling-range",
            "--min-equity",
            "0.4",
            "--format",
            "json",
        ],
    ),
    (
        "equity_breakdown_mc.json",
        &[
            "equity",
            "AKs",
            "QQ:0.5,JJ",
            "--rounds",
            "300k",
            "--seed",
            "3",
            "--breakdown",
            "--format",
            "json",
        ],
    ),
    (
        "shortdeck_equity_breakdown_exact_flop.csv",
        &[
            "equity",
            "AK",
            "TT",
            "--game",
            "shortdeck",
            "--board",
            "9h8h6c",
            "--breakdown",
        ],
    ),
    (
        "holdem_hilo_equity_exact_flop_3way.csv",
        &[
            "equity",
            "--game",
            "holdem-hilo",
            "As2s",
            "KdKc",
            "7h6h",
            "--board",
            "3h4h9c",
        ],
    ),
    (
        "holdem_hilo_equity_breakdown_exact_flop.csv",
        &[
            "equity",
            "--game",
            "holdem-hilo",
            "A2s-A5s,KK",
            "QQ+,AKs",
            "--board",
            "3c4d9h",
            "--breakdown",
        ],
    ),
    (
        "holdem_hilo_equity_mc_ranges.json",
        &[
            "equity",
            "--game",
            "holdem-hilo",
            "A2s+,A3o",
            "random",
            "--rounds",
            "20000",
            "--seed",
            "55",
            "--format",
            "json",
        ],
    ),
    (
        "holdem_hilo_odds_known_seed5.csv",
        &[
            "odds",
            "--game",
            "holdem-hilo",
            "--known",
            "As2s",
            "--rounds",
            "20000",
            "--seed",
            "5",
        ],
    ),
    (
        "courchevel_hilo_equity_exact_first_card.csv",
        &[
            "equity",
            "--game",
            "courchevel-hilo",
            "As2d3hKcQc",
            "Ah2c4d5sJs",
            "--board",
            "6c",
        ],
    ),
    (
        "courchevel_equity_mc_opponents.csv",
        &[
            "equity",
            "--game",
            "courchevel",
            "AsAdKsKd2c",
            "--opponents",
            "2",
            "--board",
            "Qh",
            "--rounds",
            "20000",
            "--seed",
            "7",
        ],
    ),
    (
        "omaha_hilo_equity_breakdown_exact_flop.csv",
        &[
            "equity",
            "AA23:ds,AAKK",
            "KsKdQsQd",
            "--game",
            "omaha-hilo",
            "--board",
            "5c6h8s",
            "--breakdown",
        ],
    ),
    (
        "razz_equity_breakdown_exact.csv",
        &[
            "equity",
            "(A2,A3)4c7d8h",
            "KdQcJh9s5s",
            "--game",
            "razz",
            "--breakdown",
        ],
    ),
    (
        "equity_distribution_exact_flop.csv",
        &[
            "equity",
            "AK,QQ",
            "JJ-99",
            "--board",
            "Kd7c2s",
            "--distribution",
            "--versus",
            "--bins",
            "10",
        ],
    ),
    (
        "equity_distribution_versus_three_handed.csv",
        &[
            "equity",
            "AhKh,QQ",
            "JJ,T9s",
            "99,88:0.5",
            "--board",
            "Kd7c2s",
            "--distribution",
            "--versus",
            "--bins",
            "5",
        ],
    ),
    (
        "equity_distribution_mc.json",
        &[
            "equity",
            "AKs",
            "QQ:0.5,JJ",
            "--rounds",
            "300k",
            "--seed",
            "3",
            "--distribution",
            "--format",
            "json",
        ],
    ),
    (
        "equity_streets_runout.csv",
        &["equity", "AsKs", "QQ", "--board", "Qh7s2dKc3s", "--streets"],
    ),
    (
        "omaha_equity_double_board_exact.csv",
        &[
            "equity", "--game", "omaha", "AsKsQdJd", "8c8h7c6h", "--boards", "2", "--board",
            "2s5d9h", "--board2", "Tc3h4s",
        ],
    ),
    (
        "omaha_hilo_equity_runs_mc.json",
        &[
            "equity",
            "--game",
            "omaha-hilo",
            "As2s3dKd",
            "AhKhQcJc",
            "--board",
            "4c5hTc",
            "--runs",
            "3",
            "--rounds",
            "20k",
            "--seed",
            "5",
            "--format",
            "json",
        ],
    ),
    (
        "equity_streets_next_cards.json",
        &[
            "equity",
            "AsKs",
            "QhQd",
            "--board",
            "Qs7s2d",
            "--streets",
            "--next-cards",
            "--format",
            "json",
        ],
    ),
    (
        "shortdeck_equity_distribution_exact_flop.csv",
        &[
            "equity",
            "AK",
            "TT",
            "--game",
            "shortdeck",
            "--board",
            "9h8h6c",
            "--distribution",
        ],
    ),
    (
        "equity_streets_mc_ranges.csv",
        &[
            "equity",
            "AhKh",
            "QQ+,AKs:0.5",
            "random",
            "--board",
            "Qh7h2c9d",
            "--streets",
            "--rounds",
            "20k",
            "--seed",
            "9",
        ],
    ),
    (
        "shortdeck_equity_streets_flops.csv",
        &["equity", "AsKs", "QhQd", "--game", "shortdeck", "--streets"],
    ),
    (
        "omaha_equity_streets_flop.csv",
        &[
            "equity",
            "AsAhKsKh",
            "JdTd9c8c",
            "--game",
            "omaha",
            "--board",
            "Qh7s2d",
            "--streets",
        ],
    ),
    (
        "omaha_hilo_equity_streets_mc.json",
        &[
            "equity",
            "As2sKdQd",
            "AAxx:ds",
            "random",
            "--game",
            "omaha-hilo",
            "--board",
            "Qh7h2d8c",
            "--streets",
            "--rounds",
            "5k",
            "--seed",
            "3",
            "--format",
            "json",
        ],
    ),
    (
        "equity_mc_fixed.csv",
        &["equity", "AsAh", "KsKh", "--rounds", "1M", "--seed", "7"],
    ),
    (
        "equity_mc_ranges.csv",
        &[
            "equity", "QQ+,AKs", "random", "--rounds", "500k", "--seed", "8",
        ],
    ),
    (
        "equity_mc_weighted_dead.csv",
        &[
            "equity",
            "AA:0.5,KK",
            "22+",
            "--dead",
            "2c3c",
            "--rounds",
            "300k",
            "--seed",
            "9",
        ],
    ),
    (
        "equity_mc_opponents.csv",
        &[
            "equity",
            "JJ",
            "--opponents",
            "3",
            "--rounds",
            "300k",
            "--seed",
            "10",
        ],
    ),
    (
        // Overlapping ranges: drawn jointly from the listed compatible combinations.
        "equity_mc_joint_ranges.csv",
        &[
            "equity",
            "AA",
            "AK",
            "AK:0.5,KQs",
            "--board",
            "Kc7d2h",
            "--rounds",
            "200k",
            "--seed",
            "3",
        ],
    ),
    (
        "equity_mc_target.csv",
        &[
            "equity",
            "AKs",
            "TT",
            "--target-stderr",
            "1e-3",
            "--seed",
            "11",
        ],
    ),
    (
        "shortdeck_equity_exact_preflop.csv",
        &["equity", "AcAs", "KhKd", "--game", "shortdeck"],
    ),
    (
        "shortdeck_equity_exact_flop_trips.csv",
        &[
            "equity",
            "AhKh",
            "9s9c",
            "TdJd",
            "--board",
            "Qh8c6d",
            "--game",
            "shortdeck",
            "--trips-beat-straight",
        ],
    ),
    (
        "shortdeck_equity_mc_ranges.json",
        &[
            "equity",
            "QQ+,AKs",
            "random",
            "--game",
            "shortdeck",
            "--rounds",
            "300k",
            "--seed",
            "12",
            "--format",
            "json",
        ],
    ),
    (
        "shortdeck_equity_mc_opponents_dead.csv",
        &[
            "equity",
            "JTs",
            "--opponents",
            "4",
            "--dead",
            "Jc",
            "--game",
            "shortdeck",
            "--rounds",
            "200k",
            "--seed",
            "13",
        ],
    ),
    (
        "shortdeck_preflop_vs_random.csv",
        &[
            "preflop",
            "--game",
            "shortdeck",
            "--opponents",
            "6..7",
            "--rounds",
            "4k",
            "--seed",
            "14",
        ],
    ),
    (
        "preflop_vs_random.csv",
        &[
            "preflop",
            "--opponents",
            "1..2",
            "--rounds",
            "5k",
            "--seed",
            "3",
        ],
    ),
    (
        "preflop_vs_random.json",
        &[
            "preflop",
            "--opponents",
            "4",
            "--rounds",
            "2k",
            "--seed",
            "4",
            "--format",
            "json",
        ],
    ),
    (
        "shuffle_exact_naive4.csv",
        &["shuffle", "exact", "--method", "naive", "--deck-size", "4"],
    ),
    (
        "shuffle_exact_fy5.json",
        &[
            "shuffle",
            "exact",
            "--method",
            "fisher-yates",
            "--deck-size",
            "5",
            "--format",
            "json",
        ],
    ),
    (
        "shuffle_audit_naive.csv",
        &[
            "shuffle",
            "audit",
            "--method",
            "naive",
            "--deck-size",
            "7",
            "--trials",
            "50k",
            "--seed",
            "1",
        ],
    ),
    (
        "shuffle_audit_fy.csv",
        &[
            "shuffle",
            "audit",
            "--method",
            "fisher-yates",
            "--trials",
            "20k",
            "--seed",
            "2",
        ],
    ),
    (
        "shuffle_audit_partial.json",
        &[
            "shuffle", "audit", "--method", "partial", "--cards", "7", "--trials", "20k", "--seed",
            "3", "--format", "json",
        ],
    ),
    (
        "shuffle_audit_riffle.csv",
        &[
            "shuffle",
            "audit",
            "--method",
            "riffle",
            "--riffles",
            "3",
            "--trials",
            "20k",
            "--seed",
            "4",
        ],
    ),
    (
        "shuffle_audit_piles.csv",
        &[
            "shuffle", "audit", "--method", "piles", "--piles", "4", "--trials", "20k", "--seed",
            "5",
        ],
    ),
    (
        "shuffle_tv_exact.csv",
        &["shuffle", "tv", "--deck-size", "10", "--max-riffles", "6"],
    ),
    (
        "shuffle_tv_trials.csv",
        &[
            "shuffle",
            "tv",
            "--deck-size",
            "8",
            "--max-riffles",
            "5",
            "--trials",
            "100k",
            "--seed",
            "6",
        ],
    ),
    (
        "shuffle_odds.csv",
        &[
            "shuffle",
            "odds",
            "--riffles",
            "2",
            "--rounds",
            "200k",
            "--seed",
            "7",
        ],
    ),
    (
        "shuffle_odds.json",
        &[
            "shuffle",
            "odds",
            "--riffles",
            "7",
            "--rounds",
            "100k",
            "--seed",
            "8",
            "--format",
            "json",
        ],
    ),
    (
        "deal_piles.csv",
        &[
            "deal", "--method", "piles", "--rounds", "200k", "--seed", "1",
        ],
    ),
    (
        "deal_direct.csv",
        &[
            "deal",
            "--method",
            "direct",
            "--players",
            "4",
            "--cards-each",
            "5",
            "--rounds",
            "200k",
            "--seed",
            "2",
        ],
    ),
    (
        "deal_shuffle.json",
        &[
            "deal",
            "--method",
            "shuffle",
            "--players",
            "2",
            "--rounds",
            "100k",
            "--seed",
            "3",
            "--format",
            "json",
        ],
    ),
    ("hits_help.txt", &["hits", "--help"]),
    (
        "hits_flop_random.csv",
        &["hits", "random", "--board", "Ks9h5h"],
    ),
    (
        "hits_turn_weighted_dead.json",
        &[
            "hits",
            "22+,A2s+,KTo+,T9s:0.5,65s:0.25",
            "--board",
            "Th9h8c2d",
            "--dead",
            "Ac",
            "--format",
            "json",
        ],
    ),
    (
        "hits_improve_combos.csv",
        &[
            "hits",
            "AA,KK:0.5,AKs,T9s,87s",
            "--board",
            "Kh9h5c",
            "--combos",
            "--improve",
        ],
    ),
    (
        "shortdeck_hits_trips_improve.json",
        &[
            "hits",
            "random",
            "--game",
            "shortdeck",
            "--trips-beat-straight",
            "--board",
            "Ts9h6h",
            "--improve",
            "--format",
            "json",
        ],
    ),
    ("query_help.txt", &["query", "--help"]),
    (
        "query_exact_turn.json",
        &[
            "query",
            "select avg(riverEquity(hero)) as eq, count(winsHi(hero)) as wins, histogram(handType(villain, river)) as villain_made from hero='AhKh', villain='QQ+,AKs', board='Qh7h2c9s' where not inRange(villain, 'KK')",
            "--format",
            "json",
        ],
    ),
    (
        "query_omaha8_seed1.csv",
        &[
            "query",
            "select count(scoops(hero)) as scoop, count(tiesLo(hero)) as quartered, avg(riverEquity(hero)) as eq from game='omaha8', hero='AsAd2c7h', villain='Ac2dKhQs', board='3h8s4d'",
            "--rounds",
            "200k",
            "--seed",
            "1",
            "-q",
        ],
    ),
];

#[test]
fn every_command_writes_its_golden_bytes() {
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in STDOUT_CASES {
        check(name, &run_in(dir.path(), args));
    }
}

#[test]
fn output_files_match_stdout_and_their_goldens() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("odds.csv");
    let args = [
        "odds",
        "--rounds",
        "300k",
        "--seed",
        "1",
        "--out",
        out.to_str().unwrap(),
    ];
    assert!(
        run_in(dir.path(), &args).is_empty(),
        "--out leaves stdout empty"
    );
    check("odds_seed1.csv", &std::fs::read(&out).unwrap());
}

#[test]
fn shards_and_their_merge_match_their_goldens() {
    let dir = tempfile::tempdir().unwrap();
    let mut shards = Vec::new();
    for i in 0..3 {
        let path = dir.path().join(format!("shard{i}.json"));
        let shard = format!("{i}/3");
        let args = [
            "odds",
            "--rounds",
            "5M",
            "--seed",
            "12",
            "--known",
            "Ac",
            "--shard",
            &shard,
            "--out",
            path.to_str().unwrap(),
            "-q",
        ];
        run_in(dir.path(), &args);
        check(&format!("shard{i}of3.json"), &std::fs::read(&path).unwrap());
        shards.push(path);
    }
    let merged = run_in(
        dir.path(),
        &[
            "merge",
            shards[2].to_str().unwrap(),
            shards[0].to_str().unwrap(),
            shards[1].to_str().unwrap(),
        ],
    );
    check("merge.csv", &merged);
    let whole = run_in(
        dir.path(),
        &[
            "odds", "--rounds", "5M", "--seed", "12", "--known", "Ac", "-q",
        ],
    );
    assert_eq!(merged, whole, "merged shards equal the single run");
    let json = run_in(
        dir.path(),
        &[
            "merge",
            shards[0].to_str().unwrap(),
            shards[1].to_str().unwrap(),
            shards[2].to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    check("merge.json", &json);
}

#[test]
fn audit_matrix_file_matches_its_golden() {
    let dir = tempfile::tempdir().unwrap();
    let matrix = dir.path().join("matrix.csv");
    let summary = run_in(
        dir.path(),
        &[
            "shuffle",
            "audit",
            "--method",
            "naive",
            "--deck-size",
            "5",
            "--trials",
            "30k",
            "--seed",
            "13",
            "--matrix",
            matrix.to_str().unwrap(),
        ],
    );
    check("shuffle_audit_matrix_summary.csv", &summary);
    check("shuffle_audit_matrix.csv", &std::fs::read(&matrix).unwrap());
}

#[test]
fn bench_writes_its_documented_header() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        &[
            "bench",
            "--rounds",
            "100k",
            "--threads",
            "1",
            "--repeats",
            "1",
            "--seed",
            "1",
        ],
    );
    let header = out.split(|&b| b == b'\n').next().unwrap();
    check("bench_header.txt", header);
}

#[test]
fn plots_match_their_goldens() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let odds = goldens().join("odds_seed1.csv");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let cases: [(&str, Vec<PathBuf>); 4] = [
        ("odds", vec![odds.clone()]),
        (
            "convergence",
            vec![goldens().join("odds_seed2_known.csv"), odds],
        ),
        ("throughput", vec![fixtures.join("bench.csv")]),
        ("tv", vec![fixtures.join("tv.csv")]),
    ];
    for (kind, inputs) in cases {
        let svg = d.join(format!("{kind}.svg"));
        let mut args = vec!["plot", kind, "--out", svg.to_str().unwrap()];
        args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
        run_in(d, &args);
        check(&format!("plot_{kind}.svg"), &std::fs::read(&svg).unwrap());
    }
}

#[test]
fn the_hits_plot_matches_its_golden() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("hits.svg");
    let table = goldens().join("hits_flop_random.csv");
    run_in(
        dir.path(),
        &[
            "plot",
            "hits",
            table.to_str().unwrap(),
            "--out",
            svg.to_str().unwrap(),
        ],
    );
    check("plot_hits.svg", &std::fs::read(&svg).unwrap());
}

#[test]
fn the_distribution_plot_matches_its_golden() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("distribution.svg");
    let table = goldens().join("equity_distribution_exact_flop.csv");
    run_in(
        dir.path(),
        &[
            "plot",
            "distribution",
            table.to_str().unwrap(),
            "--out",
            svg.to_str().unwrap(),
        ],
    );
    check("plot_distribution.svg", &std::fs::read(&svg).unwrap());
}

#[test]
fn the_heads_up_matrix_matches_the_committed_table() {
    let dir = tempfile::tempdir().unwrap();
    let matrix = run_in(dir.path(), &["preflop", "--matrix"]);
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/preflop_169x169.csv");
    assert!(
        matrix == std::fs::read(committed).unwrap(),
        "sim preflop --matrix differs from data/preflop_169x169.csv"
    );
}

#[test]
fn the_short_deck_matrices_match_the_committed_tables() {
    let dir = tempfile::tempdir().unwrap();
    for (rules, file) in [
        (None, "shortdeck_preflop_81x81.csv"),
        (
            Some("--trips-beat-straight"),
            "shortdeck_trips_preflop_81x81.csv",
        ),
    ] {
        let mut args = vec!["preflop", "--matrix", "--game", "shortdeck"];
        args.extend(rules);
        let matrix = run_in(dir.path(), &args);
        let committed = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data")
            .join(file);
        assert!(
            matrix == std::fs::read(committed).unwrap(),
            "sim {args:?} differs from data/{file}"
        );
        // 81 × 81 cells, a header.
        assert_eq!(matrix.split(|&b| b == b'\n').count(), 81 * 81 + 2);
    }
}
