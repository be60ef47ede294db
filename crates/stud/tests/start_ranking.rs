//! The third-street rankings checked against an independent recomputation: sampled classes
//! played by a separate, plain simulation (rand's shuffle of the 49 other cards, four cards to
//! the start and seven to the opponent, seven-card evaluation by `eval`'s slice functions,
//! the pot split by hand) agree with the build's counts within a stated tolerance; and the
//! shipped files' counts are what the build's plan gives again.

use deck::Card;
use engine::class_build::BuildPlan;
use engine::counted_ranking::ClassTally;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use stud::Game;
use stud::start_build::class_counts;
use stud::start_classes::{name, parse_class, representative};
use stud::start_ranking::shipped;

/// The hero's share of one showdown of seven cards each, in `game`.
fn share(game: Game, hero: &[Card; 7], villain: &[Card; 7]) -> f64 {
    let split = |a: std::cmp::Ordering| match a {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    match game {
        Game::Stud => split(eval::evaluate(hero).cmp(&eval::evaluate(villain))),
        Game::Razz => split(eval::ace_five_low(hero).cmp(&eval::ace_five_low(villain))),
        Game::StudHiLo => {
            let high = split(eval::evaluate(hero).cmp(&eval::evaluate(villain)));
            let (a, b) = (eval::eight_low(hero), eval::eight_low(villain));
            if a == eval::EightLow::NONE && b == eval::EightLow::NONE {
                high
            } else {
                (high + split(a.cmp(&b))) / 2.0
            }
        }
    }
}

/// The mean share of `start` against a random hand over `rounds` plain deals, and its
/// standard error.
fn plain_equity(game: Game, start: [Card; 3], rounds: u64, seed: u64) -> (f64, f64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rest: Vec<Card> = (0..52)
        .map(Card::from_index)
        .filter(|c| !start.contains(c))
        .collect();
    let (mut sum, mut squares) = (0.0, 0.0);
    for _ in 0..rounds {
        rest.shuffle(&mut rng);
        let hero = [
            start[0], start[1], start[2], rest[0], rest[1], rest[2], rest[3],
        ];
        let villain: [Card; 7] = rest[4..11].try_into().unwrap();
        let s = share(game, &hero, &villain);
        sum += s;
        squares += s * s;
    }
    let n = rounds as f64;
    let mean = sum / n;
    (mean, ((squares / n - mean * mean) / n).sqrt())
}

/// Sampled classes of each game: the build's equity (64k rounds) and the plain simulation's
/// (100k rounds, another generator) differ by less than 4 standard errors of the difference
/// (a false alarm about 6e-5 per class; the seeds are fixed, so the test is deterministic).
#[test]
fn sampled_classes_agree_with_a_plain_simulation() {
    let plan = BuildPlan {
        seed: 11,
        rounds: 64 * 1024,
        shard: 0,
        shards: 1,
    };
    for game in Game::ALL {
        for text in ["AsAhAd", "As3h2d", "KsKhQs", "9s8s7s", "Qs7h2d"] {
            let class = parse_class(text).unwrap();
            let built = class_counts(game, &plan, class, &|| false)
                .unwrap()
                .unwrap();
            let (plain, plain_se) = plain_equity(game, representative(class), 100_000, 3);
            let gap = (built.equity() - plain).abs();
            let se = built.std_error().hypot(plain_se);
            assert!(
                gap < 4.0 * se,
                "{game} {}: {} built, {plain} plain (se {se})",
                name(class),
                built.equity()
            );
        }
    }
}

/// The shipped files are `sim rank --build --game G --rounds 1M --seed 1`: sampled classes
/// played again with that plan give their integer counts exactly.
#[test]
fn sampled_classes_of_the_shipped_files_are_played_again() {
    let plan = BuildPlan {
        seed: 1,
        rounds: 1_000_000,
        shard: 0,
        shards: 1,
    };
    for game in Game::ALL {
        for text in ["AsAhAd", "As3h2d"] {
            let class = parse_class(text).unwrap();
            let again = class_counts(game, &plan, class, &|| false)
                .unwrap()
                .unwrap();
            assert_eq!(
                again,
                shipped(game).find(class).unwrap().counts,
                "{game} {text}"
            );
        }
    }
}
