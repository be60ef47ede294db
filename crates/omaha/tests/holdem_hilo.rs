//! Hold'em hi/lo 8-or-better through the public API: exact equities against pokenum `-h8`
//! (poker-eval), exact to the fraction; Monte Carlo against exact; breakdown classes.
//!
//! pokenum prints its EV to three decimals; the fractions below are its exact equities, read
//! from its `-O` histogram of joint outcomes by `benches/pokenum_hilo_ev.py` (the command on
//! each line is what that script runs, with `-O` added).

use deck::parse_cards;
use engine::{Game, GameId, Method};
use omaha::{Range, Spot, equity};

fn spot(hands: &[&str], board: &str) -> Spot {
    let game = Game::plain(GameId::HoldemHilo);
    let players = hands
        .iter()
        .map(|h| Range::of_game(h, game).unwrap())
        .collect();
    Spot::new(game, players, parse_cards(board).unwrap(), vec![]).unwrap()
}

/// A spot checked against pokenum: the hands, the board, each player's equity as numerator
/// and denominator, and (where given) each player's scoops.
type PeerSpot = (
    &'static [&'static str],
    &'static str,
    &'static [(u128, u128)],
    &'static [u128],
);

/// Every player's exact equity is the fraction pokenum counts: equal as integers (pot units ×
/// denominator = numerator × units per pot × outcomes), and within 1e-9 as floats.
#[test]
fn pokenum_agrees_exactly() {
    let spots: [PeerSpot; 5] = [
        // pokenum -h8 As 2s - Kd Kc -- 3h 4h 9c  (990 boards; EV 0.478 0.522)
        (
            &["As2s", "KdKc"],
            "3h4h9c",
            &[(43, 90), (47, 90)],
            &[284, 328],
        ),
        // pokenum -h8 Ah 3c - 2d 2h - Ks Qs -- 4s 5s 8d  (903 boards; EV 0.518 0.207 0.275)
        (
            &["Ah3c", "2d2h", "KsQs"],
            "4s5s8d",
            &[(935, 1806), (187, 903), (71, 258)],
            &[87, 4, 0],
        ),
        // pokenum -h8 As 2s - Kd Kc - 7h 6h -- 3h 4h 9c  (903 boards; EV 0.294 0.311 0.395;
        // sim's golden holdem_hilo_equity_exact_flop_3way.csv)
        (
            &["As2s", "KdKc", "7h6h"],
            "3h4h9c",
            &[(177, 602), (281, 903), (713, 1806)],
            &[12, 166, 174],
        ),
        // pokenum -h8 Ac 2c - 3d 4d  (1,712,304 boards; EV 0.598 0.402)
        (
            &["Ac2c", "3d4d"],
            "",
            &[(93_101, 155_664), (62_563, 155_664)],
            &[],
        ),
        // pokenum -h8 Ah 2h - Ad 3d - Kc Kh -- 5c 6c 7s Qd  (42 boards: lows quartered)
        (
            &["Ah2h", "Ad3d", "KcKh"],
            "5c6c7sQd",
            &[(10, 21), (2, 21), (3, 7)],
            &[],
        ),
    ];
    for (hands, board, expected, scoops) in spots {
        let r = equity(&spot(hands, board), &Method::Exact).unwrap();
        for (p, (&(num, den), player)) in expected.iter().zip(&r.players).enumerate() {
            let h = player.hilo.unwrap();
            assert_eq!(
                h.pot_units * den,
                num * u128::from(h.units_per_pot) * player.outcomes,
                "{hands:?} {board} player {p}"
            );
            assert!((player.equity - num as f64 / den as f64).abs() < 1e-9);
            if let Some(&s) = scoops.get(p) {
                assert_eq!(h.scoops, s, "{hands:?} {board} player {p}");
            }
        }
    }
}

/// Monte Carlo within 4 standard errors of exact (fixed seeds: deterministic), on listed
/// two-card ranges that collide in some combinations.
#[test]
fn monte_carlo_lies_within_four_standard_errors_of_exact() {
    for (hands, board) in [
        (["A2s-A5s,KK", "QQ+,AKs"], "3c4d9h"),
        (["A2,A3", "78s,66"], "Tc5d4s"),
    ] {
        let g = spot(&hands, board);
        let exact = equity(&g, &Method::Exact).unwrap();
        let mc = Method::MonteCarlo {
            rounds: 400_000,
            seed: 3,
            target_stderr: None,
        };
        let sampled = equity(&g, &mc).unwrap();
        for (e, s) in exact.players.iter().zip(&sampled.players) {
            assert!(
                (e.equity - s.equity).abs() < 4.0 * s.std_error,
                "{hands:?}: exact {} mc {} ± {}",
                e.equity,
                s.equity,
                s.std_error
            );
        }
    }
}

/// A breakdown's classes are hold'em's starting-hand classes, and its hands add up to the
/// plain run.
#[test]
fn breakdown_rows_are_two_card_hands_in_holdem_classes() {
    let g = spot(&["QQ+,A2s", "random"], "3c4d9h");
    let rows = omaha::breakdown(
        &g,
        &Method::MonteCarlo {
            rounds: 20_000,
            seed: 1,
            target_stderr: None,
        },
    )
    .unwrap();
    let first = &rows.players[0];
    assert_eq!(first.hands.len(), 3 * 6 + 4);
    let classes: Vec<&str> = first.classes.iter().map(|c| c.class.as_str()).collect();
    assert_eq!(classes, ["QQ", "KK", "AA", "A2s"]);
    assert!(first.hands.iter().all(|h| h.hand.len() == 4));
}
