//! The draw games' odds and exact tables after more than one draw (the game options `--draws`
//! and `--pat`, as `sim odds` and `sim exact` pass them): sampled and exact as every table is, the same
//! counts on any thread count, the exact table beside the sampled one within its errors, the
//! rule in the document, and the refusals in the flags' words.

use deck::Card;
use engine::{CategoryCounts, Game, GameId};
use request::exact::{ExactMethod, ExactRequest};
use request::odds::{OddsArgs, OddsRequest};
use request::params::Param;

/// The game options `--draws` and `--pat` as a front end passes them.
fn options(draws: Option<u32>, pat: Option<&str>) -> Vec<(String, String)> {
    let mut given = Vec::new();
    if let Some(draws) = draws {
        given.push(("draws".to_string(), draws.to_string()));
    }
    if let Some(pat) = pat {
        given.push(("pat".to_string(), pat.to_string()));
    }
    given
}

fn args<'a>(
    game: Game,
    known: &'a [Card],
    dead: &'a [Card],
    options: &'a [(String, String)],
) -> OddsArgs<'a> {
    OddsArgs {
        options,
        game,
        cards: 7,
        known,
        dead,
        rounds: Some(300_000),
        target_stderr: None,
        max_rounds: None,
        seed: Some(5),
    }
}

fn sampled(request: &OddsRequest, threads: usize) -> CategoryCounts {
    engine::on_pool(threads, || {
        let mut progress = engine::driver::Progress {
            first: 0,
            next: 0,
            counts: CategoryCounts::default(),
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
}

#[test]
fn tables_after_more_draws_sample_and_count_as_every_table() {
    for (id, known, dead, draws, pat) in [
        (GameId::TripleDraw27, "7c5d4h3s", "", 3, None),
        (GameId::TripleDrawA5, "Ac2d3h", "Kd Kh", 2, Some("8")),
        (GameId::Badugi, "As2d3c", "", 3, Some("7")),
    ] {
        let known = deck::parse_cards(known).unwrap();
        let dead = deck::parse_cards(dead).unwrap();
        let game = Game::plain(id);
        let given = options(Some(draws), pat);
        let request = OddsRequest::new(&args(game, &known, &dead, &given)).unwrap();
        let one = sampled(&request, 1);
        assert_eq!(one, sampled(&request, 3), "{id}");
        let exact = request.exact().expect("cheap: counted exactly");
        let lines = request::odds_table::lines(request.rows(), &one, Some(&exact));
        assert!(
            lines.iter().all(|l| l.estimate.z_score.abs() < 4.5),
            "{id}: {lines:?}"
        );
        // The one-draw table differs: the later draws improve the hand.
        let single = OddsRequest::new(&args(game, &known, &dead, &[])).unwrap();
        let single = single.exact().unwrap();
        let share = |c: &CategoryCounts| c.0[0] as f64 / c.total() as f64;
        assert!(share(&exact) > share(&single), "{id}");
        let table = ExactRequest::new(game, 7, &known, &dead, &given, ExactMethod::Auto).unwrap();
        assert_eq!(table.counts(), exact, "{id}");
        let params = request::run_params::exact(&table, exact.total());
        assert!(
            params
                .0
                .contains(&("draws", Param::Count(u64::from(draws)))),
            "{params:?}"
        );
        let pat_text = pat.unwrap_or("9").to_string();
        assert!(
            params.0.contains(&("pat", Param::Text(pat_text))),
            "{params:?}"
        );
    }
}

#[test]
fn one_draw_asked_is_the_one_draw_table() {
    let known = deck::parse_cards("7c5d4h").unwrap();
    let game = Game::plain(GameId::TripleDraw27);
    let plain = ExactRequest::new(game, 7, &known, &[], &[], ExactMethod::Auto).unwrap();
    let one_draw = options(Some(1), None);
    let one = ExactRequest::new(game, 7, &known, &[], &one_draw, ExactMethod::Auto).unwrap();
    assert_eq!(one, plain);
    assert_eq!(one.counts().total(), 1_176); // C(49, 2)
}

#[test]
fn dear_tables_are_sampled_and_refused_exactly() {
    let game = Game::plain(GameId::TripleDraw27);
    let keep_two = deck::parse_cards("7c5d").unwrap();
    // Three draws keeping two: sampled, the exact column left empty.
    let three = options(Some(3), None);
    let request = OddsRequest::new(&args(game, &keep_two, &[], &three)).unwrap();
    assert_eq!(request.exact(), None);
    let refused = ExactRequest::new(game, 7, &keep_two, &[], &three, ExactMethod::Auto)
        .unwrap_err()
        .to_string();
    assert!(
        refused.starts_with("--draws 3: an exact table would list up to ")
            && refused.ends_with("; sample it with sim odds"),
        "{refused}"
    );
    // Forty-two dead cards: the stub of eight could run out.
    let dead: Vec<Card> = Card::all()
        .filter(|c| !keep_two.contains(c))
        .skip(8)
        .collect();
    let refused = ExactRequest::new(game, 7, &keep_two, &dead, &three, ExactMethod::Auto)
        .unwrap_err()
        .to_string();
    assert_eq!(
        refused,
        "--draws 3: the draws could take up to 9 cards of the 8 unseen, and a table is exact only where the stub cannot run out; sample it with sim odds"
    );
    let refused = |game, draws, pat| {
        let given = options(draws, pat);
        OddsRequest::new(&args(game, &keep_two, &[], &given))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused(Game::HOLDEM, Some(2), None),
        "--draws is taken by draw5, draw5-hilo, lowball-27, lowball-a5, triple-draw-27, triple-draw-a5 and badugi only, not holdem"
    );
    assert_eq!(
        refused(Game::plain(GameId::Lowball27), Some(2), None),
        "--draws 2: 2-7 lowball has one draw, not 2"
    );
    assert_eq!(
        refused(Game::plain(GameId::Draw5), None, Some("9")),
        "--pat '9': five-card draw is played for high: a pat rule belongs to the lowball games and badugi"
    );
}
