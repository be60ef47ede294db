//! `sim query` on the draw games (one draw to come, and more with `draws`), end to end: the language's own showdown
//! equity (a query that also asks something else, so that the language counts it rather than
//! the engine's equity) equals `sim equity --game G`'s, exactly in every draw game and within
//! five standard errors where the language samples; a plain equity question is the engine's
//! own; the same bytes on 1, 2 and 3 threads; refusals naming the game, with their column;
//! the later draws of `draws='3'` as `sim equity --draws 3` plays them.

mod common;

use std::path::Path;

use common::{assert_fails, csv_rows, sim_ok};

/// The `value` and `std_error` columns of a query table, line by line.
fn values(text: &str) -> Vec<(f64, f64)> {
    csv_rows(text)
        .iter()
        .skip(1)
        .map(|row| (row[3].parse().unwrap(), row[4].parse().unwrap()))
        .collect()
}

/// The `equity` and `std_error` columns of `sim equity`, player by player.
fn equities(text: &str) -> Vec<(f64, f64)> {
    let rows = csv_rows(text);
    let at = rows[0].iter().position(|&c| c == "equity").unwrap();
    let error = rows[0].iter().position(|&c| c == "std_error").unwrap();
    rows.iter()
        .skip(1)
        .map(|row| (row[at].parse().unwrap(), row[error].parse().unwrap()))
        .collect()
}

/// `sim equity --game game` on `players` with `dead` and the method's flags.
fn sim_equity(game: &str, players: &[&str], dead: &str, method: &[&str]) -> Vec<(f64, f64)> {
    let mut args = vec!["equity", "--game", game];
    args.extend_from_slice(method);
    args.extend_from_slice(players);
    if !dead.is_empty() {
        args.extend_from_slice(&["--dead", dead]);
    }
    equities(&sim_ok(&args))
}

/// The query asking every player's showdown equity and, with `also`, whether the first
/// scoops (so that the language counts it itself).
fn query_of(game: &str, players: &[&str], dead: &str, also: bool) -> String {
    let names = ["p1", "p2", "p3", "p4", "p5", "p6"];
    let mut selectors: Vec<String> = (0..players.len())
        .map(|i| format!("avg(riverEquity({}))", names[i]))
        .collect();
    if also {
        selectors.push("count(scoops(p1))".to_string());
    }
    let mut bindings: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}='{p}'", names[i]))
        .collect();
    if !dead.is_empty() {
        bindings.push(format!("dead='{dead}'"));
    }
    format!(
        "select {} from game='{game}', {}",
        selectors.join(", "),
        bindings.join(", ")
    )
}

/// (game, players, dead): every draw game, small enough to count every fill by hand.
const SPOTS: &[(&str, &[&str], &str)] = &[
    ("draw5", &["AsAdKc", "QhQsQd7c"], "Kd 7h"),
    ("draw5-hilo", &["As2d3c", "KhKs4d5c"], ""),
    ("lowball-27", &["7c5d4h3s", "9c8d6h4s2c"], ""),
    ("lowball-27", &["7c5d2h", "8s6h4c3d", "9d7h6s4s2c"], ""),
    ("lowball-a5", &["As2d3c", "4h5h6c7d"], "Ks"),
    ("triple-draw-27", &["7c5d4h", "8s6h4c3d"], ""),
    ("triple-draw-a5", &["As2d3c4h", "5s6d7c"], ""),
    ("badugi", &["As2d3c", "4s5d6c"], ""),
    ("badugi", &["As2d3c", "Kh"], "Qc"),
];

#[test]
fn exact_draw_equity_is_sim_equity_s_equity() {
    for &(game, players, dead) in SPOTS {
        let want = sim_equity(game, players, dead, &["--exact"]);
        let query = query_of(game, players, dead, true);
        let got = values(&sim_ok(&["query", &query, "--exact", "-q"]));
        assert_eq!(got.len(), players.len() + 1, "{query}");
        for (i, (w, _)) in want.iter().enumerate() {
            assert!(
                (got[i].0 - w).abs() < 1e-12,
                "{game} {players:?} seat {i}: {} against {w}",
                got[i].0
            );
        }
        // The engine's equity answers the plain question: the same numbers.
        let plain = values(&sim_ok(&[
            "query",
            &query_of(game, players, dead, false),
            "-q",
        ]));
        for (i, (w, _)) in want.iter().enumerate() {
            assert!((plain[i].0 - w).abs() < 1e-12, "{game} plain seat {i}");
        }
    }
}

#[test]
fn sampled_draw_equity_is_within_five_standard_errors_of_exact() {
    // Too many fills for the language to count by its own rule (Auto samples), few enough
    // for the draw family's exact count.
    let spots: &[(&str, &[&str])] = &[
        ("lowball-27", &["7c5d4h", "random"]),
        ("badugi", &["As2d3c", "random"]),
        ("draw5-hilo", &["As2d3c4h", "random"]),
    ];
    for &(game, players) in spots {
        let want = sim_equity(game, players, "", &["--exact"]);
        let query = query_of(game, players, "", true);
        let got = values(&sim_ok(&[
            "query", &query, "--rounds", "200000", "--seed", "7", "-q",
        ]));
        for (i, &(w, _)) in want.iter().enumerate() {
            let (g, ge) = got[i];
            assert!(ge > 0.0, "{game}: sampled");
            assert!(
                (g - w).abs() < 5.0 * ge,
                "{game} {players:?} seat {i}: {g} against {w} (5 s.e. {})",
                5.0 * ge
            );
        }
    }
}

#[test]
fn draw_queries_give_the_same_bytes_on_any_thread_count() {
    let queries = [
        "select histogram(handType(hero, river)), count(winsHi(hero)), avg(riverEquity(hero)) \
         from game='draw5', hero='AsAd', villain='random', other='KcQcJc'",
        "select count(winsLo(a)), count(tiesLo(a)), count(scoops(b)) from game='badugi', \
         a='As2d', b='random', c='3h4s'",
    ];
    for query in queries {
        let run = |threads: &str| {
            sim_ok(&[
                "query",
                query,
                "--rounds",
                "150000",
                "--seed",
                "3",
                "--threads",
                threads,
                "-q",
            ])
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{query}");
        assert_eq!(one, run("3"), "{query}");
    }
}

#[test]
fn draw_refusals_name_the_game_and_the_column() {
    let dir = Path::new(".");
    let cases: &[(&str, &[&str])] = &[
        (
            "select count(winsHi(a)) from game='lowball-27', a='7c5d', b='random'",
            &[
                "sim: query:1:14: type error: winsHi has no meaning in lowball-27 (it plays for the low only)",
            ],
        ),
        (
            "select count(winsLo(a)) from game='draw5', a='AsAd', b='random'",
            &["sim: query:1:14: type error: winsLo has no meaning in draw5 (it has no low half)"],
        ),
        (
            "select histogram(handType(a, turn)) from game='draw5', a='AsAd', b='random'",
            &["sim: query:1:30: 'turn' is no street of draw5: a draw game's one street is river"],
        ),
        (
            "select count(nutHi(a, river)) from game='draw5', a='AsAd', b='random'",
            &["sim: query:1:14: type error: nutHi has no meaning in draw5 (it deals no board)"],
        ),
        (
            "select avg(riverEquity(a)) from game='badugi', a='As2d', b='random', board='2c3c4c'",
            &["sim: query:1:70: badugi deals no board: give the cards each player keeps"],
        ),
        (
            "select avg(riverEquity(a)) from game='triple-draw-27', a='7c5d', b='random', draws='4'",
            &["sim: query:1:84: draws='4': 2-7 triple draw has 1 to 3 draws, not 4"],
        ),
        (
            "select avg(riverEquity(a)) from game='lowball-27', a='7c5d', b='random', pat='9'",
            &["sim: query:1:78: pat='9': a pat rule decides the draws after the first"],
        ),
        (
            "select avg(riverEquity(a)) from game='badugi', a='7c5d', b='random', draws='3', pat='A'",
            &["sim: query:1:85: pat='A': want a rank from 2 to K"],
        ),
        (
            "select count(winsLo(a)) from game='badugi', a='7c5d', b='random', draws='2'",
            &[
                "sim: a query counts one draw exactly; with 2 draws it samples them (leave out --exact)",
            ],
        ),
        (
            "select avg(riverEquity(a)) from game='badugi', a='As2d3h4c5s', b='random'",
            &["sim: query:1:50: a='As2d3h4c5s': keeps 5 cards; a badugi hand has 4"],
        ),
        (
            "select avg(riverEquity(a)) from game='lowball-27', a='AA', b='random'",
            &["sim: query:1:54: a='AA': "],
        ),
        (
            "select avg(riverEquity(a)) from game='lowball-27', a='7c5d', b='7c'",
            &["sim: query:1:64: b='7c': the card 7c is kept by another player"],
        ),
    ];
    for (query, needles) in cases {
        let exact = query.contains("draws='2'");
        let mut args = vec!["query", query, "--seed", "1"];
        if exact {
            args.push("--exact");
        }
        assert_fails(dir, &args, 2, needles);
    }
}

/// More draws (`draws='3'`, `pat`): the language plays the later draws by the pat rule with its
/// own sampler (a question it counts itself), within five standard errors of the draw family's
/// exact count, on a spot whose stub cannot run out and one whose stub can (six badugi hands:
/// the discards come back); a plain question is the engine's own, the same bytes as `sim
/// equity --draws 3`; the same bytes on 1 and 3 threads.
#[test]
fn later_draws_follow_the_pat_rule_as_sim_equity_plays_them() {
    let spots: &[(&str, &[&str], &str, &[&str])] = &[
        (
            "triple-draw-27",
            &["7c5d4h3s", "9c8d6h4s2c"],
            "9",
            &["--exact"],
        ),
        (
            "triple-draw-a5",
            &["As2d3c4h", "5s6d7c8h9s"],
            "9,T",
            &["--exact"],
        ),
        (
            "badugi",
            &["7c5d4h", "random", "random", "random", "random", "random"],
            "9",
            &["--rounds", "400000", "--seed", "5"],
        ),
    ];
    for &(game, players, pat, method) in spots {
        let mut flags = vec!["--draws", "3", "--pat", pat];
        flags.extend_from_slice(method);
        let want = sim_equity(game, players, "", &flags);
        let later = format!(", draws='3', pat='{pat}'");
        let query = query_of(game, players, "", true) + &later;
        let run = |threads: &str| {
            sim_ok(&[
                "query",
                &query,
                "--rounds",
                "100000",
                "--seed",
                "7",
                "--threads",
                threads,
                "-q",
            ])
        };
        let text = run("1");
        assert_eq!(text, run("3"), "{query}");
        let got = values(&text);
        for (i, &(w, we)) in want.iter().enumerate().take(2) {
            let (g, ge) = got[i];
            let se = (ge * ge + we * we).sqrt();
            assert!(ge > 0.0, "{game}: sampled");
            assert!(
                (g - w).abs() < 5.0 * se,
                "{game} seat {i}: {g} against {w} (s.e. {se})"
            );
        }
        if method[0] == "--exact" {
            // The plain question is asked of the engine: exactly its count.
            let plain = query_of(game, players, "", false) + &later;
            let plain = values(&sim_ok(&["query", &plain, "-q"]));
            for (i, &(w, _)) in want.iter().enumerate() {
                assert!((plain[i].0 - w).abs() < 1e-12, "{game} plain seat {i}");
            }
        }
    }
}
