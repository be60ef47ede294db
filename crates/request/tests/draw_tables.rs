//! The draw games' odds and exact tables run as every game's do (`OddsRequest`,
//! `ExactRequest`): the same counts on any thread count, the exact table within the sampled
//! one's errors, and the refusals in the flags' words.

use deck::Card;
use engine::{Game, GameId};
use request::exact::{ExactMethod, ExactRequest};
use request::odds::{OddsArgs, OddsRequest};

fn args<'a>(game: Game, known: &'a [Card], dead: &'a [Card]) -> OddsArgs<'a> {
    OddsArgs {
        options: &[],
        game,
        cards: 7,
        known,
        dead,
        rounds: Some(200_000),
        target_stderr: None,
        max_rounds: None,
        seed: Some(3),
    }
}

#[test]
fn draw_tables_run_as_every_games_odds() {
    let known = deck::parse_cards("7c5d4h").unwrap();
    let dead = deck::parse_cards("2c 2d").unwrap();
    for id in [
        GameId::Lowball27,
        GameId::TripleDrawA5,
        GameId::Draw5,
        GameId::Draw5Hilo,
    ] {
        let request = OddsRequest::new(&args(Game::plain(id), &known, &dead)).unwrap();
        let sampled = |threads| {
            engine::on_pool(threads, || {
                let mut progress = engine::driver::Progress {
                    first: 0,
                    next: 0,
                    counts: engine::CategoryCounts::default(),
                };
                request
                    .drive(
                        0..request.plan.chunks(),
                        4,
                        &mut progress,
                        || false,
                        |_| Ok::<(), ()>(()),
                    )
                    .unwrap();
                progress.counts
            })
            .unwrap()
        };
        let (one, two) = (sampled(1), sampled(2));
        assert_eq!(one, two, "{id}");
        let exact = request.exact().unwrap();
        // C(47, 2) ways to draw two to three known cards, two more cards dead.
        assert_eq!(exact.total(), 1_081, "{id}");
        let lines = request::odds_table::lines(request.rows(), &one, Some(&exact));
        assert!(
            lines.iter().all(|l| l.estimate.z_score.abs() < 4.5),
            "{id}: {lines:?}"
        );
        let table =
            ExactRequest::new(Game::plain(id), 7, &known, &dead, &[], ExactMethod::Auto).unwrap();
        assert_eq!(table.counts(), exact, "{id}");
    }
}

#[test]
fn draw_tables_refuse_in_the_flags_words() {
    let badugi = Game::plain(GameId::Badugi);
    let five = deck::parse_cards("Ac2d3h4s5c").unwrap();
    let error = |game, cards, known: &[Card], dead: &[Card]| {
        ExactRequest::new(game, cards, known, dead, &[], ExactMethod::Auto)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error(badugi, 7, &five, &[]),
        "--known has 5 cards but a badugi hand holds 4"
    );
    assert_eq!(
        error(badugi, 5, &five[..2], &[]),
        "--cards is not supported with --game badugi"
    );
    assert_eq!(
        error(badugi, 7, &five[..2], &five[1..2]),
        "card 2d is given twice"
    );
    let method = ExactRequest::new(badugi, 7, &five[..2], &[], &[], ExactMethod::Combinatorial);
    assert_eq!(
        method.unwrap_err().to_string(),
        "--method combinatorial counts hold'em hands; badugi is counted with --method enumerate"
    );
}
