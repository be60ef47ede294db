//! Ranges and random players with `--boards 2` and `--runs N` (drawn by Monte Carlo each
//! round): each board's equity is the single-board equity of the same spot with the other
//! board's known cards dead, and each run's mean share the single run's, within a few standard
//! errors; the counts do not depend on the threads.

use super::*;
use engine::{GameId, Method};

fn players(hands: &[&str]) -> Vec<String> {
    hands.iter().map(|h| h.to_string()).collect()
}

/// The plain equity of `hands` on `board` with `dead` out, with its standard error: exact
/// when the family counts the spot exactly, else 400,000 Monte Carlo rounds.
fn single(game: Game, hands: &[String], board: &str, dead: &str) -> Vec<(f64, f64)> {
    let spot = EquitySpot::parse(
        &EquityArgs {
            board,
            dead,
            ..EquityArgs::new(game, hands)
        },
        0,
    )
    .unwrap();
    let family = spot.family_spot();
    let outcome = family.equity(&Method::Exact).unwrap_or_else(|_| {
        family
            .equity(&Method::MonteCarlo {
                rounds: 400_000,
                seed: 11,
                target_stderr: None,
            })
            .unwrap()
    });
    outcome
        .players
        .iter()
        .map(|p| (p.equity, p.std_error))
        .collect()
}

/// Asserts that `got ± se` and `want ± want_se` differ by less than 4 combined standard errors.
fn close(what: &str, got: f64, se: f64, (want, want_se): (f64, f64)) {
    let z = (got - want) / (se * se + want_se * want_se).sqrt().max(1e-12);
    assert!(
        z.abs() < 4.0,
        "{what}: {got} ± {se} vs {want} ± {want_se} (z {z})"
    );
}

fn sampled(args: &RunoutArgs<'_>) -> (RunoutRequest, RunoutCounts) {
    let request = RunoutRequest::new(&RunoutArgs {
        rounds: Some(200_000),
        seed: Some(5),
        ..args.clone()
    })
    .unwrap();
    assert!(!request.exact);
    let counts = request.run();
    (request, counts)
}

fn double_board_with_ranges(id: GameId, hands: &[&str], b1: &str, b2: &str) {
    let game = Game::plain(id);
    let hands = players(hands);
    let (_, counts) = sampled(&RunoutArgs {
        board: b1,
        board2: Some(b2),
        boards: Some(2),
        ..RunoutArgs::new(game, &hands)
    });
    let n = counts.deals as f64;
    let one = single(game, &hands, b1, b2);
    let two = single(game, &hands, b2, b1);
    for p in 0..hands.len() {
        let se = |v: f64| (v / n).sqrt();
        let what = format!("{id:?} player {p}");
        close(
            &format!("{what} board 1"),
            counts.board_equity(p, 0),
            se(counts.board_variance(p, 0)),
            one[p],
        );
        close(
            &format!("{what} board 2"),
            counts.board_equity(p, 1),
            se(counts.board_variance(p, 1)),
            two[p],
        );
        let mean = ((one[p].0 + two[p].0) / 2.0, one[p].1.hypot(two[p].1) / 2.0);
        close(&what, counts.equity(p), se(counts.variance(p)), mean);
    }
}

#[test]
fn double_board_holdem_ranges_and_random() {
    double_board_with_ranges(
        GameId::Holdem,
        &["AhKh", "QQ+,AKs:0.5", "random"],
        "Qh7h2c",
        "Jd9s3c",
    );
}

#[test]
fn double_board_short_deck_range() {
    double_board_with_ranges(GameId::ShortDeck, &["AsKs", "TT+"], "Qh7h6c", "Jd9s8c");
}

#[test]
fn double_board_omaha_hilo_ranges() {
    double_board_with_ranges(
        GameId::OmahaHilo,
        &["As2s3dKd", "AhKhQcJc:0.5,8c8h7c6h,TcTd9s9h"],
        "2h5d9c",
        "Tc3h4s",
    );
}

#[test]
fn double_board_holdem_hilo_and_courchevel_random() {
    double_board_with_ranges(
        GameId::HoldemHilo,
        &["As2s", "AK,QQ+,A2s"],
        "2h5d9c",
        "Tc3h4s",
    );
    double_board_with_ranges(
        GameId::Courchevel,
        &["As2s3dKdKh", "random"],
        "2h5d9c",
        "Tc3h4s",
    );
}

fn runs_with_ranges(id: GameId, hands: &[&str], board: &str, runs: usize) {
    let game = Game::plain(id);
    let hands = players(hands);
    let (_, counts) = sampled(&RunoutArgs {
        board,
        runs: Some(runs),
        ..RunoutArgs::new(game, &hands)
    });
    let plain = single(game, &hands, board, "");
    let n = counts.deals as f64;
    for (p, &want) in plain.iter().enumerate() {
        let what = format!("{id:?} {runs} runs player {p}");
        close(
            &what,
            counts.equity(p),
            (counts.variance(p) / n).sqrt(),
            want,
        );
        // Run it N times keeps the mean and shrinks the spread below the single run's.
        assert!(counts.variance(p) < counts.board_variance(p, 0), "{what}");
    }
}

#[test]
fn runs_holdem_and_omaha_with_ranges() {
    runs_with_ranges(GameId::Holdem, &["AsAh", "KK,AK:0.25"], "Kd7c2s", 2);
    runs_with_ranges(GameId::Omaha, &["AsKsQdJd", "random"], "2s5d9h", 3);
}

#[test]
fn opponents_are_random_players() {
    let game = Game::plain(GameId::Holdem);
    let hands = players(&["AsAh"]);
    let request = RunoutRequest::new(&RunoutArgs {
        runs: Some(2),
        opponents: Some(2),
        ..RunoutArgs::new(game, &hands)
    })
    .unwrap();
    assert_eq!(request.hands, ["AsAh", "random", "random"]);
    assert!(!request.exact);
}

#[test]
fn ranged_counts_do_not_depend_on_threads() {
    let game = Game::plain(GameId::OmahaHilo);
    let hands = players(&["As2s3dKd", "AAxx:0.5,KKxx", "random"]);
    let request = RunoutRequest::new(&RunoutArgs {
        boards: Some(2),
        runs: Some(2),
        board: "Qh7h2c",
        rounds: Some(150_000),
        seed: Some(9),
        ..RunoutArgs::new(game, &hands)
    })
    .unwrap();
    let on = |threads| engine::on_pool(threads, || request.run()).unwrap();
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(3));
}

#[test]
fn ranges_refuse_exact_and_hands_that_cannot_fit() {
    let game = Game::plain(GameId::Holdem);
    let refused = |hands: &[&str], exact| {
        let hands = players(hands);
        RunoutRequest::new(&RunoutArgs {
            runs: Some(2),
            exact,
            ..RunoutArgs::new(game, &hands)
        })
        .unwrap_err()
        .to_string()
    };
    assert!(refused(&["AsAh", "KK"], Some(true)).contains("Monte Carlo"));
    assert!(refused(&["AA", "AA", "AA"], None).contains("no deal"));
}
