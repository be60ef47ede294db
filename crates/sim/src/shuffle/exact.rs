//! `sim shuffle exact`: a small deck's shuffle over every sequence of its random choices.

use clap::{Args, ValueEnum};
use serde::Serialize;

use crate::cli::OutputArgs;
use crate::config::OutputSpec;
use crate::output::Output;
use crate::report::fixed;
use crate::report::{CsvRow, render_cells as render};
use crate::shuffle::paths::{for_each_path, lex_rank, lex_unrank};

/// Arguments of `sim shuffle exact`.
#[derive(Debug, Clone, Args)]
pub struct ShuffleExactArgs {
    /// The shuffle to enumerate.
    #[arg(long, value_enum)]
    pub method: EnumeratedMethod,
    /// Cards in the deck (1 to 8; the naive shuffle of 8 cards has 8^8 = 16.8 M sequences).
    #[arg(long, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u8).range(1..=8))]
    pub deck_size: u8,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Shuffles whose choice sequences are all equally likely, so that counts are exact integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
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

/// One row: an order of the cards `1..=n` and how many choice sequences produce it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PermutationRow {
    /// The cards top to bottom, e.g. `132`.
    pub permutation: String,
    /// Choice sequences that end in this order.
    pub count: u64,
    /// `count` over all sequences.
    pub probability: f64,
}

impl CsvRow for PermutationRow {
    const HEADER: &'static [&'static str] = &["permutation", "count", "probability"];

    fn cells(&self) -> Vec<String> {
        vec![
            self.permutation.clone(),
            self.count.to_string(),
            fixed(self.probability),
        ]
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

/// The table's rows, every order of `1..=n` in lexicographic order.
pub fn rows(counts: &[u64], n: usize) -> Vec<PermutationRow> {
    let total: u64 = counts.iter().sum();
    counts
        .iter()
        .enumerate()
        .map(|(rank, &count)| PermutationRow {
            permutation: lex_unrank(n, rank)
                .iter()
                .map(|&c| char::from(b'1' + c))
                .collect(),
            count,
            probability: count as f64 / total as f64,
        })
        .collect()
}

/// Runs `sim shuffle exact`.
///
/// # Errors
/// Output failures.
pub fn run(args: &ShuffleExactArgs) -> anyhow::Result<()> {
    let output_spec = OutputSpec::from(&args.output);
    let output = Output::create(output_spec.path.as_deref())?;
    let n = usize::from(args.deck_size);
    let counts = enumerate(args.method, n);
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "shuffle exact".into());
    meta.insert("method".into(), args.method.name().into());
    meta.insert("deck_size".into(), n.into());
    meta.insert("sequences".into(), counts.iter().sum::<u64>().into());
    output.finish(&render(&rows(&counts, n), output_spec.format, meta)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
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

    /// `C(m, n)` as a float (exact for these small values).
    fn binomial(m: u64, n: u64) -> f64 {
        if n > m {
            return 0.0;
        }
        (0..n).fold(1.0, |acc, i| acc * (m - i) as f64 / (i + 1) as f64)
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
                    let r = deck::riffle::rising_sequences(cards) as u64;
                    let formula = binomial(2 + n as u64 - r, n as u64) / 2f64.powi(n as i32);
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
