//! Seeded chi-square tests that dealing is uniform: every card is dealt equally often, and the
//! simulated category frequencies follow the exact probabilities.
//!
//! Each statistic is compared with the upper 0.1 % point of its chi-square distribution, so a
//! correct dealer fails a given check with probability 0.001 for a seed chosen in advance; the
//! seeds are fixed, so the outcome is repeatable. The critical values were computed with mpmath's
//! regularised upper incomplete gamma (`gammainc(df/2, x/2, inf, regularized=True) = 0.001`);
//! the 9-degree value is the textbook 27.877.

use deck::{Card, Deck, parse_cards};
use engine::exact_counts::exact_counts;
use engine::odds_loop::simulate;
use engine::seed::chunk_rng;
use engine::{ChunkPlan, HandSpec};
use eval::Category;

/// Upper 0.1 % points of the chi-square distribution with 9, 49 and 51 degrees of freedom.
const CHI2_UPPER_0_1_PERCENT: [(usize, f64); 3] = [(9, 27.877), (49, 85.351), (51, 87.968)];

fn critical_value(df: usize) -> f64 {
    CHI2_UPPER_0_1_PERCENT
        .iter()
        .find(|&&(d, _)| d == df)
        .map(|&(_, x)| x)
        .unwrap_or_else(|| panic!("no critical value for {df} degrees of freedom"))
}

/// Deals `k` cards after `known` for `deals` rounds, spread over chunk generators as the
/// simulation uses them, and returns how often each card was dealt.
fn card_counts(known: &[Card], k: usize, deals: u64, seed: u64) -> [u64; 52] {
    let mut deck = Deck::with_known(known).expect("distinct known cards");
    let plan = ChunkPlan::with_chunk_rounds(deals, 1 << 18);
    let mut counts = [0u64; 52];
    for chunk in 0..plan.chunks() {
        let mut rng = chunk_rng(seed, chunk);
        for _ in 0..plan.rounds_in(chunk) {
            for card in &deck.deal(&mut rng, k)[known.len()..] {
                counts[card.index()] += 1;
            }
        }
    }
    counts
}

/// Pearson's statistic for per-card counts of `deals` deals of `k` cards from `pool` unknown
/// cards, scaled to be chi-square with `pool - 1` degrees of freedom.
///
/// Each card is dealt with probability `p = k / pool`, so its count has mean and variance
/// `N p` and `N p (1 - p)`. The cards of one deal are drawn without replacement, which makes the
/// counts' covariance `(pool - k) / (pool - 1)` times that of `k·N` independent draws; Pearson's
/// statistic is therefore that factor times a chi-square with `pool - 1` degrees of freedom, and
/// multiplying by its inverse restores the textbook distribution.
fn card_statistic(counts: &[u64; 52], known: &[Card], k: usize, deals: u64) -> f64 {
    let pool = 52 - known.len();
    let expected = deals as f64 * k as f64 / pool as f64;
    let pearson: f64 = Card::all()
        .filter(|card| !known.contains(card))
        .map(|card| {
            let diff = counts[card.index()] as f64 - expected;
            diff * diff / expected
        })
        .sum();
    pearson * (pool - 1) as f64 / (pool - k) as f64
}

#[test]
fn every_card_is_dealt_equally_often() {
    for (known, k, seed) in [("", 7, 11), ("AsKd", 5, 12)] {
        let known = parse_cards(known).expect("cards");
        let deals = 2_000_000;
        let counts = card_counts(&known, k, deals, seed);
        for card in &known {
            assert_eq!(counts[card.index()], 0, "known card {card} dealt");
        }
        assert_eq!(counts.iter().sum::<u64>(), deals * k as u64);
        let statistic = card_statistic(&counts, &known, k, deals);
        let df = 52 - known.len() - 1;
        assert!(
            statistic < critical_value(df),
            "known {known:?}: chi-square {statistic:.2} with {df} df"
        );
    }
}

#[test]
fn the_card_statistic_sees_a_biased_dealer() {
    // One card dealt 2 % too rarely and another 2 % too often is far beyond the 0.1 % level at
    // this size (the statistic is near 244): the check above has the power to see such a bias.
    let deals = 2_000_000u64;
    let expected = deals * 7 / 52;
    let mut counts = [expected; 52];
    counts[0] -= expected / 50;
    counts[1] += expected / 50;
    assert!(card_statistic(&counts, &[], 7, deals) > critical_value(51));
}

/// Pearson's statistic of simulated category counts against the exact probabilities, with nine
/// degrees of freedom (every category has a positive probability in the cases below).
fn category_statistic(hand: &HandSpec, rounds: u64, seed: u64) -> f64 {
    let simulated = simulate(hand, seed, &ChunkPlan::new(rounds));
    assert_eq!(simulated.total(), rounds);
    let exact = exact_counts(hand.cards(), hand.known());
    let exact_total = exact.total() as f64;
    Category::ALL
        .into_iter()
        .map(|category| {
            let expected = rounds as f64 * exact.get(category) as f64 / exact_total;
            assert!(expected >= 5.0, "{category}: {expected} expected");
            let diff = simulated.get(category) as f64 - expected;
            diff * diff / expected
        })
        .sum()
}

#[test]
fn category_frequencies_follow_the_exact_probabilities() {
    for (cards, known, rounds, seed) in [
        (7, "", 4_000_000, 21),
        (7, "AsKd", 4_000_000, 22),
        (6, "", 4_000_000, 23),
        (5, "", 8_000_000, 24),
    ] {
        let hand = HandSpec::new(cards, parse_cards(known).expect("cards")).expect("hand");
        let statistic = category_statistic(&hand, rounds, seed);
        assert!(
            statistic < critical_value(9),
            "{cards} cards, known {known:?}: chi-square {statistic:.2} with 9 df"
        );
    }
}
