//! Ranges and random players counted exactly with `--boards 2` and `--runs N`: the ranged
//! count equals the weighted mean of the fixed-hand counts over every pair of range combos
//! (each counted by the fixed-hand path), Monte Carlo lands within 4 standard errors of it, the
//! counts do not depend on the threads, and the cost decides exact before anything is dealt.

use super::*;
use engine::GameId;
use engine::runouts::BOARD_UNITS;
use engine::two_card_range::Range;

fn players(hands: &[&str]) -> Vec<String> {
    hands.iter().map(|h| h.to_string()).collect()
}

/// Each combo of a two-card `range` as text with its weight in thousandths.
fn combos(range: &str) -> Vec<(String, u32)> {
    let range = Range::parse(range).unwrap();
    range
        .combos
        .iter()
        .zip(&range.weights)
        .map(|(c, &w)| (format!("{}{}", c[0], c[1]), w))
        .collect()
}

/// The ranged exact counts of `args` and, over every pair of combos of the two players'
/// ranges that can be dealt, the weighted mean of each player's equity, per-board equity and
/// probability of each pot share, from the fixed-hand path.
fn ranged_and_mean(args: &RunoutArgs<'_>) -> (RunoutCounts, Vec<Vec<f64>>) {
    let ranged = RunoutRequest::new(args).unwrap();
    assert!(ranged.exact, "chosen exact without --exact");
    assert!(matches!(ranged.holes, Holes::Ranged(_)));
    let counts = ranged.run();
    let mut sums: Vec<Vec<f64>> = vec![Vec::new(); 2];
    let mut total = 0.0;
    for (a, wa) in combos(&args.players[0]) {
        for (b, wb) in combos(&args.players[1]) {
            let hands = vec![a.clone(), b.clone()];
            let Ok(fixed) = RunoutRequest::new(&RunoutArgs {
                players: &hands,
                ..args.clone()
            }) else {
                continue; // the combos share a card, or one is on a board
            };
            assert!(matches!(fixed.holes, Holes::Holdem(_) | Holes::Omaha(_)));
            let one = fixed.run();
            let w = f64::from(wa) * f64::from(wb);
            total += w;
            for (p, sum) in sums.iter_mut().enumerate() {
                let mut values = vec![one.equity(p)];
                values.extend((0..one.boards).map(|b| one.board_equity(p, b)));
                let deals = one.deals as f64;
                let mut shares = vec![0.0; one.boards * BOARD_UNITS as usize + 1];
                for (s, n) in one.total_distribution(p) {
                    shares[s as usize] = n as f64 / deals;
                }
                values.extend(shares);
                sum.resize(values.len(), 0.0);
                sum.iter_mut().zip(values).for_each(|(s, v)| *s += w * v);
            }
        }
    }
    for sum in &mut sums {
        sum.iter_mut().for_each(|s| *s /= total);
    }
    (counts, sums)
}

fn assert_equal_to_the_mean(args: &RunoutArgs<'_>) {
    let (counts, mean) = ranged_and_mean(args);
    for (p, want) in mean.iter().enumerate() {
        let mut got = vec![counts.equity(p)];
        got.extend((0..counts.boards).map(|b| counts.board_equity(p, b)));
        let mut shares = vec![0.0; counts.boards * BOARD_UNITS as usize + 1];
        for (s, n) in counts.total_distribution(p) {
            shares[s as usize] = n as f64 / counts.deals as f64;
        }
        got.extend(shares);
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert!((g - w).abs() < 1e-12, "player {p} value {i}: {g} vs {w}");
        }
    }
}

#[test]
fn double_board_equals_the_weighted_mean_of_the_fixed_hands() {
    let hands = players(&["AA:0.5,KK", "QQ,AKs:0.25"]);
    assert_equal_to_the_mean(&RunoutArgs {
        boards: Some(2),
        board: "Qh7h2c5c",
        board2: Some("9d8d3s4s"),
        ..RunoutArgs::new(Game::plain(GameId::Holdem), &hands)
    });
}

#[test]
fn runs_in_holdem_hilo_equal_the_weighted_mean_of_the_fixed_hands() {
    let hands = players(&["A2,A3:0.5", "KK,Q8s"]);
    assert_equal_to_the_mean(&RunoutArgs {
        runs: Some(2),
        board: "8h7h4c5c",
        ..RunoutArgs::new(Game::plain(GameId::HoldemHilo), &hands)
    });
}

#[test]
fn monte_carlo_lands_within_four_standard_errors_of_exact() {
    let hands = players(&["AA:0.5,KK", "QQ,AKs:0.25,random"]);
    let args = RunoutArgs {
        boards: Some(2),
        board: "Qh7h2c5c",
        board2: Some("9d8d3s"),
        ..RunoutArgs::new(Game::plain(GameId::Holdem), &hands)
    };
    let exact = RunoutRequest::new(&RunoutArgs {
        exact: Some(true),
        ..args.clone()
    })
    .unwrap();
    assert!(exact.exact);
    let exact = exact.run();
    let rounds = 200_000;
    let sampled = RunoutRequest::new(&RunoutArgs {
        rounds: Some(rounds),
        seed: Some(3),
        ..args
    })
    .unwrap();
    assert!(!sampled.exact);
    let sampled = sampled.run();
    for p in 0..2 {
        let se = (sampled.variance(p) / rounds as f64).sqrt();
        let z = (sampled.equity(p) - exact.equity(p)) / se;
        assert!(z.abs() < 4.0, "player {p}: z {z}");
        for b in 0..2 {
            let se = (sampled.board_variance(p, b) / rounds as f64).sqrt();
            let z = (sampled.board_equity(p, b) - exact.board_equity(p, b)) / se;
            assert!(z.abs() < 4.0, "player {p} board {b}: z {z}");
        }
    }
}

#[test]
fn ranged_exact_counts_do_not_depend_on_threads() {
    let hands = players(&["AAxx:0.5,KKxx", "As2s3dKd"]);
    let request = RunoutRequest::new(&RunoutArgs {
        boards: Some(2),
        board: "Qh7h2c5c",
        board2: Some("9d8d3s4s"),
        exact: Some(true),
        ..RunoutArgs::new(Game::plain(GameId::OmahaHilo), &hands)
    })
    .unwrap();
    assert!(matches!(request.holes, Holes::Ranged(_)));
    let on = |threads| engine::on_pool(threads, || request.run()).unwrap();
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one, on(3));
}

#[test]
fn the_cost_decides_exact_and_refuses_exact_past_the_limit() {
    let game = Game::plain(GameId::Holdem);
    let request = |hands: &[&str], board: &str, board2: &str, exact| {
        let hands = players(hands);
        RunoutRequest::new(&RunoutArgs {
            boards: Some(2),
            board,
            board2: Some(board2),
            exact,
            ..RunoutArgs::new(game, &hands)
        })
    };
    // A turn and a river to come on each flop, 108 assignments of 671,580 deals: 72.5 million
    // deals, past the automatic limit (20 million) but within --exact's.
    let (flop, flop2) = ("Qh7h2c", "9d8d3s");
    assert!(
        !request(&["AA,KK", "QQ,JJ"], flop, flop2, None)
            .unwrap()
            .exact
    );
    assert!(
        request(&["AA,KK", "QQ,JJ"], flop, flop2, Some(true))
            .unwrap()
            .exact
    );
    // A river to come on each turn: 168,480 deals, exact without asking.
    let cheap = request(&["AA,KK", "QQ,JJ"], "Qh7h2c5c", "9d8d3s4s", None).unwrap();
    assert!(cheap.exact && matches!(cheap.holes, Holes::Ranged(_)));
    // Two random hands preflop: far past --exact's limit.
    let refused = request(&["random", "random"], "", "", Some(true))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("drop --exact"), "{refused}");
}
