//! A small deck's shuffle over every sequence of its random choices: how many sequences end in
//! each order of the cards, as exact integers.

use crate::paths::{for_each_path, lex_rank};

/// Shuffles whose choice sequences are all equally likely, so that counts are exact integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnumeratedMethod {
    /// Each slot swaps with a uniform pick from the whole deck (n^n sequences).
    Naive,
    /// Slot i swaps with a uniform pick from slots i.. (n! sequences).
    FisherYates,
}

impl EnumeratedMethod {
    /// The stable name used in tables.
    pub fn name(self) -> &'static str {
        match self {
            Self::Naive => "naive",
            Self::FisherYates => "fisher-yates",
        }
    }
}

/// How many choice sequences of `method` on `n` cards (`n ≤ 8`) end in each order, indexed by the
/// order's lexicographic rank.
pub fn enumerate(method: EnumeratedMethod, n: usize) -> Vec<u64> {
    let orders: usize = (1..=n).product();
    let mut counts = vec![0u64; orders];
    let mut first_product = None;
    for_each_path(
        |pick| {
            let mut cards = [0u8; 8];
            for (i, c) in cards.iter_mut().enumerate() {
                *c = i as u8;
            }
            let cards = &mut cards[..n];
            match method {
                EnumeratedMethod::Naive => deck::naive::shuffle_with(cards, pick),
                EnumeratedMethod::FisherYates => deck::fisher_yates::shuffle_with(cards, pick),
            }
            lex_rank(cards)
        },
        |rank, product| {
            // Both methods draw the same bounds whatever they pick: every sequence is as likely.
            debug_assert_eq!(*first_product.get_or_insert(product), product);
            counts[rank] += 1;
        },
    );
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::uniform::binomial;
    use std::collections::HashMap;

    #[test]
    fn naive_three_cards_match_the_published_counts() {
        assert_eq!(
            enumerate(EnumeratedMethod::Naive, 3),
            vec![4, 5, 5, 5, 4, 4]
        );
    }

    #[test]
    fn fisher_yates_is_uniform_up_to_six_cards() {
        for n in 1..=6 {
            let counts = enumerate(EnumeratedMethod::FisherYates, n);
            assert_eq!(counts.len(), (1..=n).product::<usize>());
            assert!(counts.iter().all(|&c| c == 1), "n = {n}");
        }
    }

    #[test]
    fn naive_is_biased_from_three_cards() {
        for n in 3..=6 {
            let counts = enumerate(EnumeratedMethod::Naive, n);
            assert_eq!(counts.iter().sum::<u64>(), (n as u64).pow(n as u32));
            assert!(counts.iter().min() < counts.iter().max(), "n = {n}");
        }
    }

    #[test]
    fn one_riffle_matches_bayer_diaconis_up_to_six_cards() {
        for n in 1..=6usize {
            // Every cut (n coin flips) and every sequence of drops, weighted 1/∏ bounds.
            let mut probability: HashMap<Vec<u8>, f64> = HashMap::new();
            for_each_path(
                |pick| {
                    let mut cards: Vec<u8> = (0..n as u8).collect();
                    let mut scratch = vec![0u8; n];
                    deck::riffle::riffle_with(&mut cards, &mut scratch, pick);
                    cards
                },
                |cards, product| *probability.entry(cards).or_insert(0.0) += 1.0 / product as f64,
            );
            let total: f64 = probability.values().sum();
            assert!((total - 1.0).abs() < 1e-12);
            // Orders never reached must have formula probability 0: exactly those with r > 2.
            let reached_formula: f64 = probability
                .iter()
                .map(|(cards, &p)| {
                    let r = deck::riffle::rising_sequences(cards) as u128;
                    let formula =
                        binomial(2 + n as u128 - r, n as u128) as f64 / 2f64.powi(n as i32);
                    assert!(
                        (p - formula).abs() < 1e-12,
                        "n={n} {cards:?}: {p} vs {formula}"
                    );
                    formula
                })
                .sum();
            assert!((reached_formula - 1.0).abs() < 1e-12);
        }
    }
}
