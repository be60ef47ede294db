//! The checks issue 55 asks for: a double board's equity is the mean of its two boards'
//! single-board equities (the other board's known cards dead), and run it N times gives each
//! player the single run's equity, both exact, against the plain equity run of each family.

use super::*;
use engine::{GameId, Method};

fn players(hands: &[&str]) -> Vec<String> {
    hands.iter().map(|h| h.to_string()).collect()
}

/// The plain exact equity of `hands` on `board` with `dead` out.
fn single(game: Game, hands: &[String], board: &str, dead: &str) -> Vec<f64> {
    let spot = EquitySpot::parse(
        &EquityArgs {
            board,
            dead,
            ..EquityArgs::new(game, hands)
        },
        0,
    )
    .unwrap();
    let outcome = spot.family_spot().equity(&Method::Exact).unwrap();
    outcome.players.iter().map(|p| p.equity).collect()
}

fn double_board_is_the_mean_of_its_boards(id: GameId, hands: &[&str], b1: &str, b2: &str) {
    let game = Game::plain(id);
    let hands = players(hands);
    let request = RunoutRequest::new(&RunoutArgs {
        board: b1,
        board2: Some(b2),
        boards: Some(2),
        ..RunoutArgs::new(game, &hands)
    })
    .unwrap();
    assert!(request.exact);
    let counts = request.run();
    let one = single(game, &hands, b1, b2);
    let two = single(game, &hands, b2, b1);
    for p in 0..hands.len() {
        let mean = (one[p] + two[p]) / 2.0;
        assert!((counts.equity(p) - mean).abs() < 1e-12, "{id:?} {p}");
        assert!((counts.board_equity(p, 0) - one[p]).abs() < 1e-12);
        assert!((counts.board_equity(p, 1) - two[p]).abs() < 1e-12);
    }
}

#[test]
fn double_board_holdem() {
    double_board_is_the_mean_of_its_boards(GameId::Holdem, &["AsAh", "KsKh"], "Qh7h2c", "Jd9s3c");
}

#[test]
fn double_board_omaha() {
    double_board_is_the_mean_of_its_boards(
        GameId::Omaha,
        &["AsKsQdJd", "8c8h7c6h"],
        "2s5d9h",
        "Tc3h4s",
    );
}

#[test]
fn double_board_omaha_hilo() {
    double_board_is_the_mean_of_its_boards(
        GameId::OmahaHilo,
        &["As2s3dKd", "AhKhQcJc"],
        "4c5hTc",
        "9d8s6c",
    );
}

fn runs_keep_the_single_run_equity(id: GameId, hands: &[&str], board: &str, runs: usize) {
    let game = Game::plain(id);
    let hands = players(hands);
    let request = RunoutRequest::new(&RunoutArgs {
        board,
        runs: Some(runs),
        ..RunoutArgs::new(game, &hands)
    })
    .unwrap();
    assert!(request.exact);
    let counts = request.run();
    let once = single(game, &hands, board, "");
    for (p, &equity) in once.iter().enumerate() {
        assert!((counts.equity(p) - equity).abs() < 1e-12, "{id:?} {p}");
        for b in 0..runs {
            assert!((counts.board_equity(p, b) - equity).abs() < 1e-12);
        }
        // Runs lower the variance of the share taken home, never raise it.
        assert!(counts.variance(p) <= counts.board_variance(p, 0) + 1e-12);
    }
}

#[test]
fn runs_holdem() {
    runs_keep_the_single_run_equity(GameId::Holdem, &["AsAh", "KsKh", "8d9d"], "Qh7h2c", 2);
    runs_keep_the_single_run_equity(GameId::ShortDeck, &["AsAh", "KsQs"], "Jh7h6c9d", 4);
}

#[test]
fn runs_omaha_hilo() {
    runs_keep_the_single_run_equity(GameId::OmahaHilo, &["As2s3dKd", "AhKhQcJc"], "4c5hTc8d", 3);
}

#[test]
fn refusals_name_the_flag() {
    let game = Game::plain(GameId::Holdem);
    let hands = players(&["AsAh", "KsKh"]);
    let refused = |args: RunoutArgs<'_>| RunoutRequest::new(&args).unwrap_err().to_string();
    let base = RunoutArgs::new(game, &hands);
    assert!(
        refused(RunoutArgs {
            boards: Some(3),
            ..base.clone()
        })
        .contains("--boards must be 2")
    );
    assert!(
        refused(RunoutArgs {
            runs: Some(5),
            ..base.clone()
        })
        .contains("--runs must be")
    );
    assert!(
        refused(RunoutArgs {
            board2: Some("2c3c4c"),
            ..base.clone()
        })
        .contains("--board2")
    );
    let shared = RunoutArgs {
        boards: Some(2),
        board: "2c3c4c",
        board2: Some("4c5c6c"),
        ..base.clone()
    };
    assert!(refused(shared).contains("share 4c"));
    let range = players(&["AsAh", "KK"]);
    let ranged = RunoutArgs {
        runs: Some(2),
        ..RunoutArgs::new(game, &range)
    };
    assert!(refused(ranged).contains("ranges are not supported"));
    let stud = Game::plain(GameId::Stud);
    let stud_hands = players(&["AsAdKc", "8h9hTh"]);
    let stud_args = RunoutArgs {
        runs: Some(2),
        ..RunoutArgs::new(stud, &stud_hands)
    };
    assert!(refused(stud_args).contains("games with a board"));
}

#[test]
fn sampled_counts_do_not_depend_on_threads() {
    let game = Game::plain(GameId::Holdem);
    let hands = players(&["AsAh", "KsKh"]);
    let request = RunoutRequest::new(&RunoutArgs {
        boards: Some(2),
        rounds: Some(200_000),
        seed: Some(7),
        ..RunoutArgs::new(game, &hands)
    })
    .unwrap();
    assert!(!request.exact);
    let on = |threads| engine::on_pool(threads, || request.run()).unwrap();
    assert_eq!(on(1), on(2));
}
