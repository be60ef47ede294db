//! Monte Carlo answers against the exact ones, for the questions the sampler shortcuts: a flop
//! question deals no turn or river, and `nutHi`, `nutLo` and `hvhEquity` read their values back
//! from the thread's memo when the cards repeat. Each estimate must lie within 4.5 standard
//! errors of the exact value (fixed seeds: deterministic; at 4.5 σ a correct sampler fails
//! about once in 150,000 such checks), and the same seed gives the same bytes on one thread
//! and on three.

use engine::{Game, Method, on_pool};
use query::{Answer, RangeReader, Readers, TwoCardReader, prepare, resolve, run};

/// Hold'em's reader.
struct TwoCard;

impl Readers for TwoCard {
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        Ok(Box::new(TwoCardReader { game }))
    }
}

fn answer(text: &str, method: &Method, threads: usize) -> Answer {
    let prepared = prepare(text, &TwoCard).unwrap_or_else(|e| panic!("{text}: {e}"));
    let method = resolve(&prepared, method).unwrap();
    on_pool(threads, || run(&prepared, &method).unwrap()).unwrap()
}

/// Checks the sampled answer of `text` against its exact one, line by line.
fn sampled_matches_exact(text: &str, rounds: u64) {
    let exact = answer(text, &Method::Exact, 2);
    assert!(exact.exact, "{text}: not counted exactly");
    let method = Method::MonteCarlo {
        rounds,
        seed: 7,
        target_stderr: None,
    };
    let sampled = answer(text, &method, 1);
    for (s, e) in sampled.lines.iter().zip(&exact.lines) {
        let se = s.std_error.expect("a sampled line has a standard error");
        assert!(se > 0.0, "{text}: no spread");
        let z = (s.value - e.value) / se;
        assert!(
            z.abs() < 4.5,
            "{text}: sampled {} against exact {} is {z:.2} standard errors away",
            s.value,
            e.value
        );
    }
    assert_eq!(
        format!("{:?}", sampled.lines),
        format!("{:?}", answer(text, &method, 3).lines),
        "{text}: the threads changed the answer"
    );
}

#[test]
fn a_flop_question_sampled_without_turn_or_river_matches_the_count() {
    sampled_matches_exact(
        "select count(overpair(hero, flop)), count(flushingBoard(flop)) from game='holdem', \
         hero='JsJh', villain='AwKw'",
        200_000,
    );
}

#[test]
fn remembered_nut_answers_match_the_count() {
    sampled_matches_exact(
        "select count(nutHi(hero, river)), count(nutHi(villain, turn)) from game='holdem', \
         hero='AhKh', villain='QQ,JJ', board='Qh7h2c'",
        100_000,
    );
}

/// Hands drawn from the same two lists: the same cards are held in both orders, which the
/// memo must tell apart.
#[test]
fn remembered_hand_against_hand_equities_match_the_count() {
    sampled_matches_exact(
        "select avg(hvhEquity(hero, turn)), avg(hvhEquity(villain, turn)) from game='holdem', \
         hero='AsAh,KsKh', villain='AsAh,KsKh,QdQc', board='Kd7h2c'",
        50_000,
    );
}
