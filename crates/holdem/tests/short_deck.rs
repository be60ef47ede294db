//! Short-deck equity: hand-checked spots under both rule sets, the isomorphic exact count against
//! visiting every board, Monte Carlo against exact, and the inputs short deck refuses.

use deck::parse_cards;
use engine::{Game, Method, SplitTally};
use eval::ShortDeckRules;
use holdem::enumeration::{enumerate, enumerate_every_board};
use holdem::{HoldemError, Range, Spot, equity};

const USUAL: Game = Game::short_deck(ShortDeckRules::StraightBeatsTrips);
const TRITON: Game = Game::short_deck(ShortDeckRules::TripsBeatStraight);

fn game(variant: Game, hands: &[&str], board: &str) -> Spot {
    Spot::of_game(
        variant,
        hands.iter().map(|h| Range::parse(h).unwrap()).collect(),
        parse_cards(board).unwrap(),
        vec![],
    )
    .unwrap()
}

fn exact(g: &Spot) -> SplitTally {
    enumerate(g, &g.assignments(u128::MAX).unwrap())
}

/// (wins of player 0, wins of player 1, two-way ties, outcomes).
fn heads_up(t: &SplitTally) -> (u128, u128, u128, u128) {
    (t.shares[0][1], t.shares[1][1], t.shares[0][2], t.outcomes)
}

#[test]
fn river_spots_follow_the_rules() {
    // A straight (6-T) against trip kings: the straight wins unless trips beat straights.
    for (variant, straight_wins) in [(USUAL, true), (TRITON, false)] {
        let (a, b) = (u128::from(straight_wins), u128::from(!straight_wins));
        let t = exact(&game(variant, &["9sTs", "KcAh"], "6c7d8hKdKs"));
        assert_eq!(heads_up(&t), (a, b, 0, 1), "{variant}");
        // The same with the ace-low straight A-6-7-8-9.
        let t = exact(&game(variant, &["As9c", "KcKh"], "6c7d8hKdQs"));
        assert_eq!(heads_up(&t), (a, b, 0, 1), "{variant}");
    }
    // A flush against aces full: the flush wins under both rules (in hold'em it would lose).
    for variant in [USUAL, TRITON] {
        let t = exact(&game(variant, &["Qh6h", "Ad7d"], "AhKh7hAc7s"));
        assert_eq!(heads_up(&t), (1, 0, 0, 1), "{variant}");
    }
    let holdem = exact(&game(Game::HOLDEM, &["Qh6h", "Ad7d"], "AhKh7hAc7s"));
    assert_eq!(heads_up(&holdem), (0, 1, 0, 1));
}

#[test]
fn turn_spot_checked_by_hand() {
    // AsAd against KsKd on Ah 7c 6d Kc: 36 − 8 = 28 rivers. Only the last king gives the kings
    // quads; every other river leaves the aces ahead (a pairing six or seven fills both, aces
    // over); no flush or straight can come. The same under both rules.
    for variant in [USUAL, TRITON] {
        let t = exact(&game(variant, &["AsAd", "KsKd"], "Ah7c6dKc"));
        assert_eq!(heads_up(&t), (27, 1, 0, 28), "{variant}");
    }
}

#[test]
fn isomorphic_counts_equal_every_board() {
    for variant in [USUAL, TRITON] {
        for (hands, board) in [
            (&["AcAs", "KhKd"][..], ""),
            (&["AhKh", "9s9c"][..], ""),
            (&["JcTc", "AsKd", "8h8d"][..], ""),
            (&["AhKh", "QQ+"][..], "Th7h6c"),
            (&["9c8c", "random"][..], "AhJd7c6s"),
        ] {
            let g = game(variant, hands, board);
            let assignments = g.assignments(u128::MAX).unwrap();
            assert_eq!(
                enumerate(&g, &assignments),
                enumerate_every_board(&g, &assignments),
                "{variant} {hands:?} {board}"
            );
        }
    }
}

#[test]
fn heads_up_preflop_deals_every_board_of_the_36_card_deck() {
    let t = exact(&game(USUAL, &["AcAs", "KhKd"], ""));
    // C(32, 5) boards.
    assert_eq!(t.outcomes, 201_376);
    let (aces, kings, ties, _) = heads_up(&t);
    assert_eq!(aces + kings + ties, 201_376);
    assert!(aces > kings);
}

#[test]
fn monte_carlo_agrees_with_exact_and_ignores_the_threads() {
    let mc = Method::MonteCarlo {
        rounds: 400_000,
        seed: 21,
        target_stderr: None,
    };
    for variant in [USUAL, TRITON] {
        for hands in [["AhKh", "TT+"], ["7s6s", "random"]] {
            let spot = game(variant, &hands, "");
            let exact = equity(&spot, &Method::Exact).unwrap();
            let run = |threads| {
                engine::on_pool(threads, || equity(&spot, &mc))
                    .unwrap()
                    .unwrap()
            };
            let sampled = run(1);
            assert_eq!(sampled, run(3));
            for (e, s) in exact.players.iter().zip(&sampled.players) {
                // Five standard errors: a false alarm has probability below 6e-7 per player.
                let gap = (e.equity - s.equity).abs();
                assert!(gap < 5.0 * s.std_error, "{variant} {hands:?}: {gap}");
            }
        }
    }
}

#[test]
fn low_cards_and_too_many_players_are_refused() {
    let ranges =
        |texts: &[&str]| -> Vec<Range> { texts.iter().map(|t| Range::parse(t).unwrap()).collect() };
    let err = Spot::of_game(USUAL, ranges(&["AsKs", "5h5d"]), vec![], vec![]).unwrap_err();
    assert!(matches!(err, HoldemError::NotInDeck { .. }), "{err}");
    assert!(err.to_string().contains("5h5d"), "{err}");
    let err = Spot::of_game(USUAL, ranges(&["22+", "AK"]), vec![], vec![]).unwrap_err();
    assert!(err.to_string().contains("not in the short deck"), "{err}");
    let board = parse_cards("As2c3d").unwrap();
    let err = Spot::of_game(USUAL, ranges(&["KK", "QQ"]), board, vec![]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "card 2c is not in the short deck (sixes to aces only)"
    );
    assert_eq!(
        Spot::of_game(USUAL, ranges(&["random"; 9]), vec![], vec![]).unwrap_err(),
        HoldemError::PlayerCount(engine::PlayerCountError {
            game: engine::GameId::ShortDeck,
            players: 9
        })
    );
    assert!(Spot::of_game(USUAL, ranges(&["random"; 8]), vec![], vec![]).is_ok());
}
