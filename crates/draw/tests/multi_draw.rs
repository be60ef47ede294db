//! More than one draw, checked against a brute-force simulation written independently of the
//! crate's: a `Vec` deck shuffled whole each round, the pat rule re-derived from its words in
//! `rule`'s module documentation, the hands valued by the exhaustively tested evaluators. Both
//! are seeded, so the test is deterministic; the two estimates must agree within 4.5 combined
//! standard errors (a false alarm once in about 150,000 runs of a correct engine).

mod common;

use common::{brute_force, spot};
use draw::{Game, equity};
use engine::Method;

#[test]
fn later_draws_follow_the_pat_rule_as_a_brute_force_simulation_does() {
    for (game, players, dead, draws, pat) in [
        (
            Game::TripleDraw27,
            &["7c5d3h2s", "8h6c4d"][..],
            "",
            3,
            &[][..],
        ),
        (
            Game::TripleDraw27,
            &["7c5d", "random", "8h6c4d3s"][..],
            "Kh Kd",
            2,
            &[8u8, 7, 6][..],
        ),
        (
            Game::TripleDrawA5,
            &["Ac3d5h7s", "2c4d6h"][..],
            "",
            3,
            &[6u8][..],
        ),
        (Game::Badugi, &["As2d3c", "4s5d"][..], "", 3, &[][..]),
        (
            Game::Badugi,
            &["random", "random", "random", "random", "random", "random"][..],
            "",
            3,
            &[9u8][..],
        ),
    ] {
        let spot = spot(game, players, dead, draws, pat);
        let method = Method::MonteCarlo {
            rounds: 400_000,
            seed: 11,
            target_stderr: None,
        };
        let ours = equity(&spot, &method).unwrap();
        let (mean, se) = brute_force(&spot, 100_000, 5);
        let p = &ours.players[0];
        let z = (p.equity - mean) / (p.std_error.powi(2) + se.powi(2)).sqrt();
        assert!(
            z.abs() < 4.5,
            "{game} {players:?}: ours {} ± {}, brute force {mean} ± {se}",
            p.equity,
            p.std_error
        );
    }
}

#[test]
fn one_draw_sampled_agrees_with_the_exact_count() {
    for (game, players, dead) in [
        (
            Game::Lowball27,
            &["7c5d2h", "8s6h4c3d", "9d7h6s4s2c"][..],
            "",
        ),
        (Game::Draw5HiLo, &["Ac2d3h", "KhKd8c", "4s5s6s7s"][..], "Qh"),
        (Game::Badugi, &["Ah", "2s3d4c", "5h6s7d8c"][..], ""),
    ] {
        let spot = spot(game, players, dead, 1, &[]);
        let exact = equity(&spot, &Method::Exact).unwrap();
        let sampled = equity(
            &spot,
            &Method::MonteCarlo {
                rounds: 1_000_000,
                seed: 3,
                target_stderr: None,
            },
        )
        .unwrap();
        for (e, s) in exact.players.iter().zip(&sampled.players) {
            let z = (e.equity - s.equity) / s.std_error;
            assert!(
                z.abs() < 4.5,
                "{game} {players:?}: exact {} sampled {} ± {}",
                e.equity,
                s.equity,
                s.std_error
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_counts_on_any_threads() {
    let spot = spot(
        Game::TripleDraw27,
        &["7c5d", "random", "8h6c4d3s"],
        "",
        3,
        &[],
    );
    let method = Method::MonteCarlo {
        rounds: 300_000,
        seed: 9,
        target_stderr: None,
    };
    let one = engine::on_pool(1, || equity(&spot, &method))
        .unwrap()
        .unwrap();
    let two = engine::on_pool(2, || equity(&spot, &method))
        .unwrap()
        .unwrap();
    assert_eq!(one.tally, two.tally);
}
