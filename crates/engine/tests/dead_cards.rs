//! Dead cards in the board games' odds and exact counts: the exact visit against a slow, obvious
//! enumeration of the live cards, the Monte Carlo hot loop against the exact counts, and the
//! same counts on any number of threads.

use deck::{Card, parse_cards};
use engine::exact_counts::{enumerate_counts_of, exact_counts_of};
use engine::odds_loop::simulate;
use engine::{CategoryCounts, ChunkPlan, Game, HandSpec};
use eval::{Category, ShortDeckEvaluator, ShortDeckRules};

/// The spots: game, cards, known, dead.
fn spots() -> Vec<(Game, usize, &'static str, &'static str)> {
    let short = Game::short_deck(ShortDeckRules::StraightBeatsTrips);
    let triton = Game::short_deck(ShortDeckRules::TripsBeatStraight);
    vec![
        // The royal and every spade straight flush through the queen are gone.
        (Game::HOLDEM, 7, "AsKs", "QsJsTs2c"),
        (Game::HOLDEM, 5, "Ah", "AcAd2h"),
        (Game::HOLDEM, 6, "", "7c7d7h8c8d9s"),
        (short, 7, "AsKs", "QsJs6c"),
        (triton, 6, "9h", "ThJhTsTc8d"),
        (short, 5, "", "AcAdAhAsKcKd"),
    ]
}

fn hand(game: Game, cards: usize, known: &str, dead: &str) -> HandSpec {
    HandSpec::of_game(game, cards, parse_cards(known).unwrap())
        .unwrap()
        .with_dead(parse_cards(dead).unwrap())
        .unwrap()
}

/// Every `need`-card subset of `live` added to `hand`, each evaluated whole with the game's
/// slice evaluator.
fn brute_force(game: Game, known: &[Card], live: &[Card], need: usize) -> CategoryCounts {
    let category = |cards: &[Card]| match game.short_deck_rules() {
        None => eval::evaluate(cards).category(),
        Some(rules) => ShortDeckEvaluator::new(rules).evaluate(cards).category(),
    };
    let mut counts = CategoryCounts::default();
    let mut picks: Vec<usize> = (0..need).collect();
    loop {
        let cards: Vec<Card> = known
            .iter()
            .copied()
            .chain(picks.iter().map(|&i| live[i]))
            .collect();
        counts.0[category(&cards).index()] += 1;
        // The next subset in lexicographic order of indices.
        let Some(i) = (0..need).rev().find(|&i| picks[i] < live.len() - need + i) else {
            return counts;
        };
        picks[i] += 1;
        for j in i + 1..need {
            picks[j] = picks[j - 1] + 1;
        }
    }
}

#[test]
fn exact_counts_with_dead_cards_equal_a_brute_force_count() {
    for (game, cards, known, dead) in spots() {
        let hand = hand(game, cards, known, dead);
        let live: Vec<Card> = Card::all()
            .filter(|c| game.short_deck_rules().is_none() || c.in_short_deck())
            .filter(|c| !hand.known().contains(c) && !hand.dead().contains(c))
            .collect();
        let expected = brute_force(game, hand.known(), &live, hand.to_deal());
        assert_eq!(
            enumerate_counts_of(&hand),
            expected,
            "{game} {known} / {dead}"
        );
        assert_eq!(exact_counts_of(&hand), expected, "{game} {known} / {dead}");
    }
}

#[test]
fn dead_cards_take_out_the_hands_that_need_them() {
    // With the spade royal gone only a board of a whole royal in another suit makes one.
    let royal_gone = exact_counts_of(&hand(Game::HOLDEM, 7, "AsKs", "QsJsTs2c"));
    assert_eq!(royal_gone.get(Category::RoyalFlush), 3);
    assert_eq!(royal_gone.total(), 1_370_754);
    let no_dead = exact_counts_of(&hand(Game::HOLDEM, 7, "AsKs", ""));
    assert_eq!(no_dead.total(), 2_118_760);
    assert!(no_dead.get(Category::RoyalFlush) > 3);
}

#[test]
fn monte_carlo_with_dead_cards_is_within_four_standard_errors_of_exact_on_any_threads() {
    let plan = ChunkPlan::new(2_000_000);
    for (seed, (game, cards, known, dead)) in spots().into_iter().enumerate() {
        let hand = hand(game, cards, known, dead);
        let exact = exact_counts_of(&hand);
        let sampled = engine::on_pool(1, || simulate(&hand, seed as u64, &plan)).unwrap();
        let on_three = engine::on_pool(3, || simulate(&hand, seed as u64, &plan)).unwrap();
        assert_eq!(sampled, on_three, "{game} {known} / {dead}");
        assert_eq!(sampled.total(), plan.rounds);
        // Ten categories at 4 standard errors each: a false alarm has probability about 6e-4
        // per spot for a seed chosen in advance (the seeds are fixed). A category the dead
        // cards make impossible must never be dealt.
        for category in Category::ALL {
            let p = exact.probability(category);
            let got = sampled.probability(category);
            if p == 0.0 {
                assert_eq!(
                    sampled.get(category),
                    0,
                    "{game} {known} / {dead}: {category}"
                );
                continue;
            }
            let se = (p * (1.0 - p) / plan.rounds as f64).sqrt();
            assert!(
                (got - p).abs() <= 4.0 * se,
                "{game} {known} / {dead}: {category} {got} vs {p} ± {se}"
            );
        }
    }
}
