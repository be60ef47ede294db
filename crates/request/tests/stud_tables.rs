//! The stud games' odds and exact tables run as every game's do (`OddsRequest`,
//! `ExactRequest`): the same counts as the stud crate's own driver, on any thread count, and the
//! refusals in the flags' words.

use deck::Card;
use engine::{Game, GameId};
use request::exact::{ExactMethod, ExactRequest};
use request::odds::{OddsArgs, OddsRequest};
use stud::Chart;

fn args<'a>(game: Game, known: &'a [Card]) -> OddsArgs<'a> {
    OddsArgs {
        options: &[],
        game,
        cards: 7,
        known,
        dead: &[],
        rounds: Some(20_000),
        target_stderr: None,
        max_rounds: None,
        seed: Some(3),
    }
}

#[test]
fn stud_tables_run_as_every_games_odds() {
    let known = deck::parse_cards("As2d").unwrap();
    let dead = deck::parse_cards("3c").unwrap();
    let mut razz = args(Game::plain(GameId::Razz), &known);
    razz.dead = &dead;
    let request = OddsRequest::new(&razz).unwrap();
    assert_eq!(request.rows(), Chart::RazzLows.rows());
    let sampled = |threads| {
        engine::on_pool(threads, || {
            let mut progress = engine::driver::Progress {
                first: 0,
                next: 0,
                counts: engine::CategoryCounts::default(),
            };
            let chunks = 0..request.plan.chunks();
            request
                .drive(chunks, 4, &mut progress, || false, |_| Ok::<(), ()>(()))
                .unwrap();
            progress.counts
        })
        .unwrap()
    };
    let (one, three) = (sampled(1), sampled(3));
    assert_eq!(one, three);
    let exact = request.exact().unwrap();
    let lines = request::odds_table::lines(request.rows(), &one, Some(&exact));
    assert_eq!(lines.len(), 10);
    assert!(
        lines.iter().all(|l| l.estimate.z_score.abs() < 5.0),
        "{lines:?}"
    );
    // The stud crate's own driver gives the same counts from the same seed.
    let table = stud::odds(Chart::RazzLows, &known, &dead, 3, &request.plan, None).unwrap();
    assert_eq!(one.0[..], table.slots[..10]);
    // And the exact table is the stud crate's.
    let exact_table = stud::exact_table(Chart::RazzLows, &known, &dead).unwrap();
    assert_eq!(exact.0[..], exact_table.slots[..10]);
}

#[test]
fn refusals_name_the_flag() {
    let razz = Game::plain(GameId::Razz);
    let mut six = args(razz, &[]);
    six.cards = 6;
    assert_eq!(
        OddsRequest::new(&six).unwrap_err().to_string(),
        "--cards is not supported with --game razz"
    );
    assert_eq!(
        ExactRequest::new(razz, 7, &[], &[], &[], ExactMethod::Combinatorial)
            .unwrap_err()
            .to_string(),
        "--method combinatorial counts hold'em hands; razz is counted with --method enumerate"
    );
    let ah = deck::parse_cards("Ah").unwrap();
    // Issue 51, defect 8: the known and dead cards are named as the flags, not as a player.
    let refused = |known: &str, dead: &str| {
        let (known, dead) = (
            deck::parse_cards(known).unwrap(),
            deck::parse_cards(dead).unwrap(),
        );
        let exact = ExactRequest::new(razz, 7, &known, &dead, &[], ExactMethod::Auto);
        let mut odds_args = args(razz, &known);
        odds_args.dead = &dead;
        let odds = OddsRequest::new(&odds_args);
        let message = exact.unwrap_err().to_string();
        assert_eq!(odds.unwrap_err().to_string(), message);
        message
    };
    assert_eq!(
        refused("AsAh7dKcQcJc2d3d", ""),
        "--known has 8 cards but a stud hand holds 7"
    );
    assert_eq!(refused("Ah", "Ah"), "card Ah is given twice");
    let dead = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJdJhJsQcQdQhQsKcKdKhKs";
    assert_eq!(
        refused("AsAh", dead),
        "the hand needs 5 more cards but only 2 are left after the known and dead cards"
    );
    assert!(ExactRequest::new(razz, 7, &ah, &ah, &[], ExactMethod::Auto).is_err());
}
