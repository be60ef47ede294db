//! `sim deal`: suit-distribution patterns of dealt hands (4-4-3-2, 5-3-3-2, …) by three dealing
//! methods, against their exact combinatorial probabilities.
//!
//! `piles` walks an ordered deck and drops each card into a pile chosen in proportion to its
//! remaining room (the undealt cards form one more pile, the stock); `direct` unranks one uniform
//! index below the number of deals; `shuffle` shuffles by Fisher–Yates and deals round robin.
//! All three are uniform over deals, which the table checks hand by hand.

use clap::{Args, ValueEnum};
use deck::Card;
use deck::piles::{MAX_PILES, deal_count};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::OutputArgs;
use crate::cli::count::parse_count;
use crate::config::{OutputSpec, resolve_threads};
use crate::error::UsageError;
use crate::output::Output;
use crate::report::fixed;
use crate::report::{CsvRow, render_cells as render};
use crate::shuffle::{positive, resolve_seed};
use crate::summary::si;
use engine::ChunkPlan;
use engine::on_pool;
use engine::seed::chunk_rng;

/// Arguments of `sim deal`.
#[derive(Debug, Clone, Args)]
pub struct DealArgs {
    /// Hands per deal.
    #[arg(long, value_name = "P", default_value_t = 4,
          value_parser = clap::value_parser!(u8).range(1..=52))]
    pub players: u8,
    /// Cards per hand (players × cards-each at most 52).
    #[arg(long, value_name = "C", default_value_t = 13,
          value_parser = clap::value_parser!(u8).range(1..=52))]
    pub cards_each: u8,
    /// How to deal.
    #[arg(long, value_enum, default_value_t = DealMethod::Piles)]
    pub method: DealMethod,
    /// Deals to make.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value = "1M")]
    pub rounds: u64,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: crate::cli::RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Ways to deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DealMethod {
    /// Ordered deck, each card into a random pile with room (no shuffle).
    Piles,
    /// One uniform index below the number of deals, unranked.
    Direct,
    /// Fisher–Yates shuffle, then round robin.
    Shuffle,
}

impl DealMethod {
    /// The stable name used in output.
    pub fn name(self) -> &'static str {
        match self {
            Self::Piles => "piles",
            Self::Direct => "direct",
            Self::Shuffle => "shuffle",
        }
    }
}

/// A validated deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// How to deal.
    pub method: DealMethod,
    /// Hands per deal.
    pub players: usize,
    /// Cards per hand.
    pub cards_each: usize,
    /// Pile sizes: the hands, then the stock if any cards stay undealt.
    pub sizes: Vec<usize>,
    /// The number of distinct deals, for the direct method.
    pub deals: u128,
}

impl Deal {
    /// Checks that the hands fit in the deck and, for the direct method, that the number of
    /// deals fits the 128-bit arithmetic.
    ///
    /// # Errors
    /// A usage error naming the problem.
    pub fn new(method: DealMethod, players: usize, cards_each: usize) -> Result<Self, UsageError> {
        let dealt = players * cards_each;
        if dealt > 52 {
            return Err(UsageError::new(format!(
                "--players {players} × --cards-each {cards_each} = {dealt} cards, more than 52"
            )));
        }
        let mut sizes = vec![cards_each; players];
        if dealt < 52 {
            sizes.push(52 - dealt);
        }
        debug_assert!(sizes.len() <= MAX_PILES);
        let deals = match (method, deal_count(&sizes)) {
            (DealMethod::Direct, None) => {
                return Err(UsageError::new(format!(
                    "--method direct: the number of deals of {players} hands of {cards_each} \
                     exceeds 128-bit arithmetic; use --method piles"
                )));
            }
            (_, count) => count.unwrap_or(0),
        };
        Ok(Self {
            method,
            players,
            cards_each,
            sizes,
            deals,
        })
    }
}

/// Slots of the pattern counter: suit counts sorted high to low, base 14.
const PATTERN_SLOTS: usize = 14 * 14 * 14 * 14;

/// The counter slot of a hand's suit counts, sorted high to low.
#[inline]
fn pattern_slot(hand: &[Card]) -> usize {
    let mut suits = [0usize; 4];
    for card in hand {
        suits[usize::from(card.suit() & 3)] += 1;
    }
    suits.sort_unstable_by(|a, b| b.cmp(a));
    ((suits[0] * 14 + suits[1]) * 14 + suits[2]) * 14 + suits[3]
}

/// The deals of chunk `chunk`: `counts[slot]` hands with each suit pattern.
pub fn run_chunk(deal: &Deal, seed: u64, plan: &ChunkPlan, chunk: u64) -> Vec<u64> {
    let mut rng = chunk_rng(seed, chunk);
    let mut counts = vec![0u64; PATTERN_SLOTS];
    let ordered: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8));
    let mut shuffled = ordered;
    let mut out = ordered;
    let dealt = deal.players * deal.cards_each;
    let hands = &deal.sizes[..deal.players];
    for _ in 0..plan.rounds_in(chunk) {
        match deal.method {
            DealMethod::Piles => deck::piles::deal_piles(&mut rng, &ordered, &deal.sizes, &mut out),
            DealMethod::Direct => {
                deck::piles::deal_direct(&mut rng, &ordered, &deal.sizes, deal.deals, &mut out);
            }
            DealMethod::Shuffle => {
                // Any order shuffles to a uniform one: the deck is reused, not reset.
                deck::fisher_yates::shuffle(&mut rng, &mut shuffled);
                deck::piles::deal_round_robin(&shuffled[..dealt], hands, &mut out[..dealt]);
            }
        }
        for hand in out[..dealt].chunks_exact(deal.cards_each) {
            counts[pattern_slot(hand)] += 1;
        }
    }
    counts
}

/// Every chunk on the current pool, counts added.
pub fn simulate(deal: &Deal, seed: u64, plan: &ChunkPlan) -> Vec<u64> {
    (0..plan.chunks())
        .into_par_iter()
        .map(|chunk| run_chunk(deal, seed, plan, chunk))
        .reduce(
            || vec![0; PATTERN_SLOTS],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        )
}

/// `C(n, k)` exactly.
fn choose(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Every suit pattern of a `cards`-card hand (counts sorted high to low) with the number of
/// hands that have it, out of `C(52, cards)`.
pub fn exact_patterns(cards: usize) -> Vec<([usize; 4], u128)> {
    let mut patterns = Vec::new();
    for a in (0..=13.min(cards)).rev() {
        for b in (0..=a.min(cards - a)).rev() {
            for c in (0..=b.min(cards - a - b)).rev() {
                let d = cards - a - b - c;
                if d > c {
                    continue;
                }
                let p = [a, b, c, d];
                // Suit assignments: 4! over the repeats' factorials.
                let mut assignments = 24;
                let mut i = 0;
                while i < 4 {
                    let run = p[i..].iter().take_while(|&&x| x == p[i]).count();
                    assignments /= (1..=run as u128).product::<u128>();
                    i += run;
                }
                let hands = p.iter().map(|&x| choose(13, x as u128)).product::<u128>();
                patterns.push((p, assignments * hands));
            }
        }
    }
    patterns
}

/// One row: a suit pattern, how often it was dealt and how often it should be.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PatternRow {
    /// Suit counts high to low, e.g. `4-4-3-2`.
    pub pattern: String,
    /// Hands dealt with this pattern.
    pub count: u64,
    /// `count / hands`.
    pub probability: f64,
    /// `sqrt(p (1 − p) / hands)`.
    pub std_error: f64,
    /// The exact probability of the pattern.
    pub exact_probability: f64,
    /// `(p − exact) / sqrt(exact (1 − exact) / hands)`. Hands of one deal are not independent,
    /// so this is close to, not exactly, standard normal.
    pub z_score: f64,
}

impl CsvRow for PatternRow {
    const HEADER: &'static [&'static str] = &[
        "pattern",
        "count",
        "probability",
        "std_error",
        "exact_probability",
        "z_score",
    ];

    fn cells(&self) -> Vec<String> {
        vec![
            self.pattern.clone(),
            self.count.to_string(),
            fixed(self.probability),
            fixed(self.std_error),
            fixed(self.exact_probability),
            format!("{:.6}", self.z_score),
        ]
    }
}

/// The rows, likeliest pattern first.
pub fn pattern_rows(counts: &[u64], cards: usize) -> Vec<PatternRow> {
    let total = choose(52, cards as u128) as f64;
    let hands: u64 = counts.iter().sum();
    let n = hands as f64;
    let mut rows: Vec<PatternRow> = exact_patterns(cards)
        .into_iter()
        .map(|(p, exact)| {
            let count = counts[((p[0] * 14 + p[1]) * 14 + p[2]) * 14 + p[3]];
            let q = exact as f64 / total;
            let prob = count as f64 / n;
            PatternRow {
                pattern: format!("{}-{}-{}-{}", p[0], p[1], p[2], p[3]),
                count,
                probability: prob,
                std_error: (prob * (1.0 - prob) / n).sqrt(),
                exact_probability: q,
                z_score: (prob - q) / (q * (1.0 - q) / n).sqrt(),
            }
        })
        .collect();
    // Stable: ties keep the high-to-low pattern order.
    rows.sort_by(|a, b| b.exact_probability.total_cmp(&a.exact_probability));
    rows
}

/// Runs `sim deal`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &DealArgs) -> anyhow::Result<()> {
    let deal = Deal::new(
        args.method,
        usize::from(args.players),
        usize::from(args.cards_each),
    )?;
    let rounds = positive("--rounds", args.rounds)?;
    let threads = resolve_threads(args.run.threads)?;
    let spec = OutputSpec::from(&args.output);
    let output = Output::create(spec.path.as_deref())?;
    let seed = resolve_seed("deal", args.run.seed);
    let plan = ChunkPlan::new(rounds);
    let started = std::time::Instant::now();
    let counts = on_pool(threads, || simulate(&deal, seed, &plan))?;
    let seconds = started.elapsed().as_secs_f64();
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "deal".into());
    meta.insert("method".into(), deal.method.name().into());
    meta.insert("players".into(), deal.players.into());
    meta.insert("cards_each".into(), deal.cards_each.into());
    meta.insert("rounds".into(), rounds.into());
    meta.insert("seed".into(), seed.into());
    output.finish(&render(
        &pattern_rows(&counts, deal.cards_each),
        spec.format,
        meta,
    )?)?;
    eprintln!(
        "sim deal: {rounds} deals by {}, {}, {seconds:.3} s, {}deals/s, seed {seed}",
        deal.method.name(),
        crate::summary::Threads(threads),
        si(rounds as f64 / seconds.max(1e-9)),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bridge_patterns_match_the_textbook() {
        let patterns = exact_patterns(13);
        assert_eq!(patterns.len(), 39);
        let total: u128 = patterns.iter().map(|p| p.1).sum();
        assert_eq!(total, 635_013_559_600);
        // 4-4-3-2 is the commonest bridge hand pattern, 21.55 %.
        let rows = pattern_rows(&vec![1; PATTERN_SLOTS], 13);
        assert_eq!(rows[0].pattern, "4-4-3-2");
        assert!((rows[0].exact_probability - 0.215_511).abs() < 1e-6);
        assert_eq!(rows[1].pattern, "5-3-3-2");
    }

    #[test]
    fn every_method_is_close_to_exact() {
        // 20,000 bridge deals = 80,000 hands: each pattern's |z| stays under 5 (hands of a deal
        // are only weakly dependent, so this is a loose bound for a uniform dealer).
        for method in [DealMethod::Piles, DealMethod::Direct, DealMethod::Shuffle] {
            let deal = Deal::new(method, 4, 13).unwrap();
            let counts = simulate(&deal, 8, &ChunkPlan::new(20_000));
            let rows = pattern_rows(&counts, 13);
            assert_eq!(rows.iter().map(|r| r.count).sum::<u64>(), 80_000);
            for row in rows.iter().filter(|r| r.exact_probability > 1e-3) {
                assert!(row.z_score.abs() < 5.0, "{method:?} {row:?}");
            }
        }
    }

    #[test]
    fn direct_refuses_deals_beyond_128_bits() {
        assert!(Deal::new(DealMethod::Direct, 10, 5).is_err());
        assert!(Deal::new(DealMethod::Piles, 10, 5).is_ok());
        assert!(Deal::new(DealMethod::Piles, 5, 13).is_err());
    }
}
