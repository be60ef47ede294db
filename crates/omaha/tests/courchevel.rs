//! Courchevel (five hole cards, Omaha's hands, the first flop card shown before the betting)
//! through the public API: on the boards Omaha deals it is five-card Omaha exactly; on its own
//! one-card board Monte Carlo agrees with the exact count; a two-card board is refused.

use deck::parse_cards;
use engine::{Game, GameId, Method};
use omaha::{OmahaError, Range, Spot, equity};

fn spot(id: GameId, hands: &[&str], board: &str) -> Result<Spot, OmahaError> {
    let game = Game::plain(id);
    let players = hands
        .iter()
        .map(|h| Range::of_game(h, game).unwrap())
        .collect();
    Spot::new(game, players, parse_cards(board).unwrap(), vec![])
}

#[test]
fn on_omaha_boards_courchevel_is_omaha5_exactly() {
    let hands = ["AsAdKsKd2c", "JhTh9c8c7d", "Qc6c5h4h3h"];
    for (courchevel, omaha5) in [
        (GameId::Courchevel, GameId::Omaha5),
        (GameId::CourchevelHilo, GameId::Omaha5Hilo),
    ] {
        for board in ["Ah7s2dKc3s", "Ah7s2dKc", "Ah7s2d"] {
            let c = equity(&spot(courchevel, &hands, board).unwrap(), &Method::Exact).unwrap();
            let o = equity(&spot(omaha5, &hands, board).unwrap(), &Method::Exact).unwrap();
            assert_eq!(c.tally, o.tally, "{courchevel:?} {board}");
            assert_eq!(c.players, o.players, "{courchevel:?} {board}");
        }
    }
}

/// One card shown, heads-up: C(41, 4) = 101,270 boards, counted exactly by default, and a
/// Monte Carlo run within 4 standard errors of the count.
#[test]
fn a_one_card_board_is_counted_exactly_and_sampled_alike() {
    for id in [GameId::Courchevel, GameId::CourchevelHilo] {
        let g = spot(id, &["AsAdKsKd2c", "JhTh9c8c7d"], "Qh").unwrap();
        let auto = omaha::resolve(&Method::Auto { seed: 1 }, &g).unwrap();
        assert_eq!(auto, Method::Exact);
        let exact = equity(&g, &Method::Exact).unwrap();
        assert_eq!(exact.tally.outcomes, 101_270);
        let mc = Method::MonteCarlo {
            rounds: 400_000,
            seed: 9,
            target_stderr: None,
        };
        let sampled = equity(&g, &mc).unwrap();
        for (e, s) in exact.players.iter().zip(&sampled.players) {
            assert!(
                (e.equity - s.equity).abs() < 4.0 * s.std_error,
                "{id:?}: exact {} mc {} ± {}",
                e.equity,
                s.equity,
                s.std_error
            );
        }
        // Every board of four more cards is met once for each two of its cards on the flop:
        // the C(41, 2) = 820 flops' exact counts add up to 6 times the one-card count.
        let rest: Vec<deck::Card> = deck::Card::all()
            .filter(|c| g.known_mask() & 1 << c.index() == 0)
            .filter(|c| {
                !["AsAdKsKd2c", "JhTh9c8c7d"]
                    .iter()
                    .any(|h| h.contains(&c.to_string()))
            })
            .collect();
        assert_eq!(rest.len(), 41);
        let mut flops = engine::PotTally::new(2);
        for (i, &x) in rest.iter().enumerate() {
            for &y in &rest[i + 1..] {
                let board = format!("Qh{x}{y}");
                let f = spot(id, &["AsAdKsKd2c", "JhTh9c8c7d"], &board).unwrap();
                flops = flops + equity(&f, &Method::Exact).unwrap().tally;
            }
        }
        let mut six = engine::PotTally::new(2);
        for _ in 0..6 {
            six = six + exact.tally;
        }
        assert_eq!(flops, six, "{id:?}");
    }
}

#[test]
fn a_two_card_board_is_refused_naming_the_sizes() {
    let err = spot(GameId::Courchevel, &["AsAdKsKd2c", "random"], "Qh7s").unwrap_err();
    assert_eq!(
        err.to_string(),
        "a board in courchevel has 0, 1, 3, 4 or 5 cards, not 2"
    );
    // Omaha deals no one-card board.
    let err = spot(GameId::Omaha5, &["AsAdKsKd2c", "random"], "Qh").unwrap_err();
    assert_eq!(
        err.to_string(),
        "a board in omaha5 has 0, 3, 4 or 5 cards, not 1"
    );
    // And none before the flop card is shown: starting hands.
    assert!(spot(GameId::CourchevelHilo, &["AsAdKsKd2c", "random"], "").is_ok());
}
