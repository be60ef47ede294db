//! `sim query` on the stud family and Courchevel, end to end: the language's own river equity
//! (a query that also asks something else, so that the language answers it rather than the
//! engine's equity) equals `sim equity`'s, exactly where both count exactly and within the
//! error where they sample; the same bytes on any thread count; refusals naming the game.

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

/// The `equity` and `std_error` columns of `sim equity`, player by player (no player's text
/// holds a comma).
fn equities(text: &str) -> Vec<(f64, f64)> {
    let rows = csv_rows(text);
    let at = rows[0].iter().position(|&c| c == "equity").unwrap();
    let error = rows[0].iter().position(|&c| c == "std_error").unwrap();
    rows.iter()
        .skip(1)
        .map(|row| (row[at].parse().unwrap(), row[error].parse().unwrap()))
        .collect()
}

/// The query asking every player's river equity and whether the first scoops (so that the
/// language counts it), with `extra` bindings (`board='…'`, `dead='…'`).
fn query_of(game: &str, players: &[&str], extra: &str) -> String {
    let names = ["p1", "p2", "p3", "p4", "p5"];
    let selectors: Vec<String> = (0..players.len())
        .map(|i| format!("avg(riverEquity({}))", names[i]))
        .collect();
    let bindings: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}='{p}'", names[i]))
        .collect();
    format!(
        "select {}, count(scoops(p1)) from game='{game}', {}{extra}",
        selectors.join(", "),
        bindings.join(", ")
    )
}

#[test]
fn exact_stud_equity_is_sim_equity_s_equity() {
    // (game, players, dead): fifth street heads-up in each game, a range on sixth street,
    // three players on sixth street.
    let spots: &[(&str, &[&str], &str)] = &[
        ("stud", &["AsAd9c5hJd", "8h9hThJh2s"], ""),
        ("stud-hilo", &["As2d3c7h9s", "4h5h7s8cKd"], ""),
        ("razz", &["As2d3c7h9s", "4h5h7s8cKd"], "6c"),
        ("stud", &["(TT+)KdKc5h2s", "8h9hThJh2c7c"], ""),
        (
            "stud",
            &["AsAd9c5hJd3c", "8h9hThJh2s4c", "KsKh7d6d5d5s"],
            "",
        ),
    ];
    for &(game, players, dead) in spots {
        let mut args = vec!["equity", "--game", game, "--exact"];
        args.extend_from_slice(players);
        if !dead.is_empty() {
            args.extend_from_slice(&["--dead", dead]);
        }
        let want = equities(&sim_ok(&args));
        let extra = if dead.is_empty() {
            String::new()
        } else {
            format!(", dead='{dead}'")
        };
        let query = query_of(game, players, &extra);
        let got = values(&sim_ok(&["query", &query, "--exact", "-q"]));
        for (i, (w, _)) in want.iter().enumerate() {
            assert!(
                (got[i].0 - w).abs() < 1e-12,
                "{game} {players:?} seat {i}: {} against {w}",
                got[i].0
            );
        }
    }
}

#[test]
fn sampled_stud_equity_agrees_with_sim_equity_within_the_error() {
    // Third street, too many deals to count: both sample; the difference of two independent
    // estimates has the error sqrt(e1² + e2²), and 5 of them bound it.
    let spots: &[(&str, &[&str])] = &[
        ("stud", &["AsAd9c", "(QQ+)Kd", "random"]),
        ("razz", &["(A2,A3,23)4c", "(random)Kd"]),
        ("stud-hilo", &["As2d3c", "KsKhQd"]),
    ];
    for &(game, players) in spots {
        let mut args = vec![
            "equity", "--game", game, "--rounds", "200000", "--seed", "5",
        ];
        args.extend_from_slice(players);
        let want = equities(&sim_ok(&args));
        let query = query_of(game, players, "");
        let got = values(&sim_ok(&[
            "query", &query, "--rounds", "200000", "--seed", "9", "-q",
        ]));
        for (i, (w, we)) in want.iter().enumerate() {
            let (g, ge) = got[i];
            let bound = 5.0 * (we * we + ge * ge).sqrt();
            assert!(
                (g - w).abs() < bound,
                "{game} {players:?} seat {i}: {g} against {w} (bound {bound})"
            );
        }
    }
}

#[test]
fn stud_queries_give_the_same_bytes_on_any_thread_count() {
    let query = "select histogram(winningHandType()), avg(rank(upCard(hero, 2))), \
                 count(handType(hero, fifth) >= twoPair) from game='stud', hero='(random)Kd', \
                 villain='AsAh7c', other='random'";
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
    assert_eq!(run("1"), run("2"));
}

#[test]
fn an_up_card_reads_its_own_street() {
    // hero's up cards: Kd on third street, then three dealt; villain's first up card is 7c.
    let query = "select avg(rank(upCard(hero, 1))), count(upCard(hero, 1) = upCard(villain, 1)), \
                 avg(rank(upCard(villain, 1))) from game='stud', hero='(random)Kd', \
                 villain='AsAh7c2d'";
    let got = values(&sim_ok(&[
        "query", query, "--rounds", "20000", "--seed", "1", "-q",
    ]));
    assert_eq!(got[0], (13.0, 0.0), "the king");
    assert_eq!(got[1], (0.0, 0.0), "two cards");
    assert_eq!(got[2], (7.0, 0.0), "the seven");
    // Villain's second up card is the 2d; hero's second is dealt: a uniform unseen card,
    // whose mean rank is that of the 42 cards left, exactly in an exact count.
    let query = "select avg(rank(upCard(hero, 2))), avg(rank(upCard(villain, 2))) \
                 from game='stud', hero='AsKs9c', villain='AhAd7c2dQs5s4s'";
    let got = values(&sim_ok(&["query", query, "--exact", "-q"]));
    let seen = [14, 13, 9, 14, 14, 7, 2, 12, 5, 4];
    let unseen: u32 = (2..=14u32).map(|r| r * 4).sum::<u32>() - seen.iter().sum::<u32>();
    let want = f64::from(unseen) / 42.0;
    assert!(
        (got[0].0 - want).abs() < 1e-12,
        "{} against {want}",
        got[0].0
    );
    assert_eq!(got[1].0, 2.0);
}

#[test]
fn courchevel_equity_is_sim_equity_s_equity() {
    // The exposed first flop card, then a full flop; hi and hi/lo.
    let spots: &[(&str, &[&str], &str)] = &[
        ("courchevel", &["AsAdKc7h2s", "QhJhTc9c8d"], "Kd"),
        ("courchevel-hilo", &["AsAd2c7h3s", "QhJhTc9c8d"], "Kd4c5h"),
    ];
    for &(game, players, board) in spots {
        let mut args = vec!["equity", "--game", game, "--exact", "--board", board];
        args.extend_from_slice(players);
        let want = equities(&sim_ok(&args));
        let query = query_of(game, players, &format!(", board='{board}'"));
        let got = values(&sim_ok(&["query", &query, "--exact", "-q"]));
        for (i, (w, _)) in want.iter().enumerate() {
            assert!((got[i].0 - w).abs() < 1e-12, "{game} seat {i}");
        }
    }
    // The flop functions read the whole flop: the exposed king and two dealt cards.
    let query = "select count(pairedBoard(flop)) from game='courchevel', a='AsAdKc7h2s', \
                 b='QhJhTc9c8d', board='Kd'";
    let got = values(&sim_ok(&["query", query, "--exact", "-q"]));
    // 41 cards unseen: a dealt card pairs the king (Ks, Kh left: C(41,2) - C(39,2) pairs of
    // cards hold one), or the two dealt pair each other: two aces left, three of each of
    // Q J T 9 8 7 2, four of each of 6 5 4 3.
    let with_a_king = 820.0 - 741.0;
    let pairs = 1.0 + 7.0 * 3.0 + 4.0 * 6.0;
    let want = (with_a_king + pairs) / 820.0;
    assert!(
        (got[0].0 - want).abs() < 1e-12,
        "{} against {want}",
        got[0].0
    );
}

#[test]
fn stud_refusals_name_the_game() {
    let dir = Path::new(".");
    let cases: &[(&str, &[&str])] = &[
        (
            "select count(winsHi(a)) from game='stud', a='AsAd9c', b='random', board='2c3c4c'",
            &["query:1:67: stud deals no board"],
        ),
        (
            "select histogram(handType(a, flop)) from game='stud', a='AsAd9c', b='random'",
            &["query:1:30: 'flop' is no street of stud"],
        ),
        (
            "select avg(rank(upCard(a, 1))) from a='AsAd', b='random'",
            &["type error: upCard has no meaning in holdem (it deals no up cards)"],
        ),
        (
            "select count(winsHi(a)) from game='razz', a='As2d3c', b='random'",
            &["type error: winsHi has no meaning in razz"],
        ),
        (
            "select count(pairedBoard(flop)) from game='stud-hilo', a='random', b='random'",
            &["type error: pairedBoard has no meaning in stud-hilo (it deals no board)"],
        ),
        (
            "select avg(rank(upCard(a, 5))) from game='stud', a='AsAd', b='random'",
            &["upCard's n is 1, 2, 3 or 4"],
        ),
        (
            "select count(upCard(a, 1) < upCard(b, 1)) from game='stud', a='random', b='random'",
            &["type error: '<' cannot combine a card with a card"],
        ),
    ];
    for (query, needles) in cases {
        assert_fails(dir, &["query", query, "--seed", "1"], 2, needles);
    }
}

#[test]
fn random_six_card_omaha_hands_are_dealt_not_listed() {
    // `random` and `******` in six-card Omaha: too many hands to list (20 million), each
    // trial deals them. The language's sample agrees with sim equity's within the error.
    let want = equities(&sim_ok(&[
        "equity",
        "--game",
        "omaha6",
        "AsAdKcKh2s3d",
        "random",
        "--board",
        "Qh7c2d",
        "--rounds",
        "100000",
        "--seed",
        "4",
    ]));
    for written in ["random", "******"] {
        let query = query_of("omaha6", &["AsAdKcKh2s3d", written], ", board='Qh7c2d'");
        let got = values(&sim_ok(&[
            "query", &query, "--rounds", "100000", "--seed", "8", "-q",
        ]));
        let ((w, we), (g, ge)) = (want[0], got[0]);
        let bound = 5.0 * (we * we + ge * ge).sqrt();
        assert!((g - w).abs() < bound, "{written}: {g} against {w}");
    }
}

#[test]
fn stud_outs_and_down_card_ranges_read_stud_s_cards() {
    // Sixth street: hero's four hearts; villain shows 9h 5h (seen) and holds Qh down (unseen
    // to hero, an out that cannot come): 7 outs, and 6 of the 40 cards left fill the flush.
    let query = "select avg(outsToHandType(hero, sixth, flush)) as outs, \
                 count(minHandType(hero, seventh, flush)) as flush \
                 from game='stud', hero='AhKh7h2h5c9d', villain='QhQd9h5hJc3s'";
    let got = values(&sim_ok(&["query", query, "-q"]));
    assert_eq!(got[0], (7.0, 0.0));
    assert!((got[1].0 - 6.0 / 40.0).abs() < 1e-12, "{:?}", got[1]);
    // Hero's down cards from QQ+ without the Kd hero shows: 6 queens, 3 kings, 6 aces; KK+ is
    // 9 of the 15, each dealt the same 38 seventh cards.
    let query = "select count(inRange(hero, 'KK+')), count(inRange(hero, 'AKs')), \
                 count(inRange(villain, 'JJ')) from game='stud', hero='(QQ+)Kd2c3c4c5d', \
                 villain='JsJdTc9c8h7h6s'";
    let got = values(&sim_ok(&["query", query, "--exact", "-q"]));
    assert!((got[0].0 - 0.6).abs() < 1e-12, "{:?}", got[0]);
    assert_eq!(&got[1..], [(0.0, 0.0), (1.0, 0.0)]);
}

#[test]
fn cards_written_in_the_query_compare_with_up_cards() {
    let query = "select count(upCard(hero, 1) = Kd), count(upCard(villain, 1) = 7C), \
                 count(upCard(villain, 2) = 2d), avg(rank(As) + rank(9s)) \
                 from game='stud', hero='(random)Kd', villain='AsAh7c2d'";
    let got = values(&sim_ok(&[
        "query", query, "--rounds", "1000", "--seed", "1", "-q",
    ]));
    assert_eq!(got, [(1.0, 0.0), (1.0, 0.0), (1.0, 0.0), (23.0, 0.0)]);
    // A player named like a card is still the player where a player is wanted.
    let query = "select count(upCard(As, 1) = Kd) from game='stud', As='(random)Kd', b='AhAd7c'";
    let got = values(&sim_ok(&["query", query, "--rounds", "1000", "-q"]));
    assert_eq!(got, [(1.0, 0.0)]);
}

#[test]
fn stud_function_refusals_say_why() {
    let dir = Path::new(".");
    let cases: &[(&str, &[&str])] = &[
        (
            "select avg(outsToHandType(a, seventh, flush)) from game='stud', a='AsAd9c', b='random'",
            &["give third, fourth, fifth or sixth"],
        ),
        (
            "select avg(outsToHandType(a, third, pair)) from game='razz', a='AsAd9c', b='random'",
            &["type error: outsToHandType has no meaning in razz (it plays for the low only)"],
        ),
        (
            "select count(inRange(a, '15%')) from game='stud', a='AsAd9c', b='random'",
            &["query:1:25: down-card range '15%'"],
        ),
        (
            "select count(inRange(a, 'AA')) from game='draw5', a='AsAd9c', b='random'",
            &["type error: inRange has no meaning in draw5 (it deals no board and no down cards)"],
        ),
        (
            "select count(upCard(As, 1) = As) from game='stud', As='(random)Kd', b='AhAd7c'",
            &[
                "query:1:30: 'As' names both a player and the card As: call the player something else",
            ],
        ),
        (
            "select count(riverEquity(Kd) > 0) from game='stud', a='(random)Kd', b='AhAd7c'",
            &["type error: argument 1 of riverEquity is a player, found card"],
        ),
        (
            "select count(upCard(a, 1) < Kd) from game='stud', a='(random)Kd', b='AhAd7c'",
            &["type error: '<' cannot combine a card with a card"],
        ),
    ];
    for (query, needles) in cases {
        assert_fails(dir, &["query", query, "--seed", "1"], 2, needles);
    }
}

#[test]
fn stud_hvh_equity_is_sim_equity_s_equity() {
    // (game, players, dead, street): the street's equity of the hands as known, and the mean
    // of the next street's over every card it deals, both the equity of `sim equity --exact`.
    let spots: &[(&str, &[&str], &str)] = &[
        ("stud", &["AsAd9c5hJd", "8h9hThJh2s"], ""),
        ("razz", &["As2d3c7h9s", "4h5h7s8cKd"], "6c"),
        (
            "stud-hilo",
            &["As2d3c7h9s4c", "4h5h7s8cKdKs", "QcQdJcTc9d2h"],
            "",
        ),
    ];
    for &(game, players, dead) in spots {
        let mut args = vec!["equity", "--game", game, "--exact"];
        args.extend_from_slice(players);
        if !dead.is_empty() {
            args.extend_from_slice(&["--dead", dead]);
        }
        let want = equities(&sim_ok(&args));
        let shown = players[0].len() / 2;
        let streets = ["", "", "", "third", "fourth", "fifth", "sixth", "seventh"];
        let names = ["p1", "p2", "p3"];
        let mut selectors = Vec::new();
        for street in [streets[shown], streets[shown + 1]] {
            for name in &names[..players.len()] {
                selectors.push(format!("avg(hvhEquity({name}, {street}))"));
            }
        }
        let bindings: Vec<String> = players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}='{p}'", names[i]))
            .collect();
        let dead = if dead.is_empty() {
            String::new()
        } else {
            format!(", dead='{dead}'")
        };
        let query = format!(
            "select {} from game='{game}', {}{dead}",
            selectors.join(", "),
            bindings.join(", ")
        );
        let got = values(&sim_ok(&["query", &query, "--exact", "-q"]));
        for (i, (value, _)) in got.iter().enumerate() {
            let w = want[i % players.len()].0;
            assert!(
                (value - w).abs() < 1e-12,
                "{game} {players:?} line {i}: {value} against {w}"
            );
        }
    }
}

#[test]
fn stud_hvh_equity_refuses_streets_too_costly_to_count() {
    assert_fails(
        Path::new("."),
        &[
            "query",
            "select avg(hvhEquity(a, fourth)) from game='stud', a='AsAd9c5h', b='KsKd2c3c'",
        ],
        2,
        &[
            "query:1:25: hvhEquity counts every completion of the hands: 141181040 on that street with 2 players, more than 800000; with 2 players give fifth, sixth, seventh",
        ],
    );
}
