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

/// A double board on the turn, each board run twice: four rivers dealt without replacement.
/// KK against AA needs a king (two left of 40 cards) on a river: each board 2/40, and the
/// share of the pot by the number of kings among four rivers, counted by hand.
#[test]
fn a_double_board_run_twice_counts_four_rivers_from_one_deck() {
    let game = Game::plain(GameId::Holdem);
    let hands = players(&["AsAh", "KsKh"]);
    let request = RunoutRequest::new(&RunoutArgs {
        board: "Qh7h2c5d",
        board2: Some("Jd9s3c8h"),
        boards: Some(2),
        runs: Some(2),
        ..RunoutArgs::new(game, &hands)
    })
    .unwrap();
    assert_eq!(request.kind, RunoutKind::DoubleBoardRuns(2));
    assert!(request.exact);
    let counts = request.run();
    assert_eq!(counts.deals, 40 * 39 * 38 * 37);
    for b in 0..4 {
        assert!(
            (counts.board_equity(1, b) - 2.0 / 40.0).abs() < 1e-12,
            "board {b}"
        );
    }
    let all = 40.0 * 39.0 * 38.0 * 37.0;
    // No king: KK takes nothing; one king: a quarter; two kings: half.
    let none = 38.0 * 37.0 * 36.0 * 35.0 / all;
    let two = 6.0 * 2.0 * 38.0 * 37.0 / all;
    let lines = crate::runouts_table::lines(&request, &counts);
    let share = |player: usize, outcome: &str| {
        lines
            .iter()
            .find(|l| l.player == player && l.outcome == outcome)
            .map(|l| l.probability)
            .unwrap()
    };
    assert!((share(2, "nothing") - none).abs() < 1e-12);
    assert!((share(2, "half") - two).abs() < 1e-12);
    assert!((share(2, "quarter") - (1.0 - none - two)).abs() < 1e-12);
    let names: Vec<&str> = lines
        .iter()
        .filter(|l| l.player == 1)
        .map(|l| l.board.as_str())
        .collect();
    assert_eq!(&names[..5], ["all", "1-run1", "2-run1", "1-run2", "2-run2"]);
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
            boards: Some(2),
            runs: Some(3),
            ..base.clone()
        })
        .contains("each board runs twice at most")
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
