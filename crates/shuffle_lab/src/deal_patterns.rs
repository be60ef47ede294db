//! Suit-distribution patterns of dealt hands (4-4-3-2, 5-3-3-2, …) by three dealing
//! methods, against their exact combinatorial probabilities.
//!
//! `piles` walks an ordered deck and drops each card into a pile chosen in proportion to its
//! remaining room (the undealt cards form one more pile, the stock); `direct` unranks one uniform
//! index below the number of deals; `shuffle` shuffles by Fisher–Yates and deals round robin.
//! All three are uniform over deals, which the table checks hand by hand.

use deck::Card;
use deck::piles::{MAX_PILES, deal_count};
use deck::uniform::binomial;
use engine::ChunkPlan;
use engine::chunks::{Chunk, add_counters, sum_chunks};

use crate::ShuffleLabError;

/// Ways to deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// [`ShuffleLabError::HandsExceedDeck`] when the hands need more than 52 cards,
    /// [`ShuffleLabError::DealsOverflow`] when the direct method cannot count the deals.
    pub fn new(
        method: DealMethod,
        players: usize,
        cards_each: usize,
    ) -> Result<Self, ShuffleLabError> {
        let dealt = players * cards_each;
        if dealt > 52 {
            return Err(ShuffleLabError::HandsExceedDeck {
                players,
                cards_each,
            });
        }
        let mut sizes = vec![cards_each; players];
        if dealt < 52 {
            sizes.push(52 - dealt);
        }
        debug_assert!(sizes.len() <= MAX_PILES);
        let deals = match (method, deal_count(&sizes)) {
            (DealMethod::Direct, None) => {
                return Err(ShuffleLabError::DealsOverflow {
                    players,
                    cards_each,
                });
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

/// Slots of the pattern counter: suit counts sorted high to low, base 14 (see [`pattern_slot`]).
pub const PATTERN_SLOTS: usize = 14 * 14 * 14 * 14;

/// The counter slot of a suit pattern (suit counts sorted high to low, each at most 13).
#[inline]
pub fn pattern_slot(pattern: [usize; 4]) -> usize {
    ((pattern[0] * 14 + pattern[1]) * 14 + pattern[2]) * 14 + pattern[3]
}

/// The counter slot of a hand's suit counts, sorted high to low.
#[inline]
fn hand_slot(hand: &[Card]) -> usize {
    let mut suits = [0usize; 4];
    for card in hand {
        suits[usize::from(card.suit() & 3)] += 1;
    }
    suits.sort_unstable_by(|a, b| b.cmp(a));
    pattern_slot(suits)
}

/// The deals of one chunk: `counts[slot]` hands with each suit pattern (see [`pattern_slot`]).
pub fn run_chunk(deal: &Deal, chunk: Chunk) -> Vec<u64> {
    let mut rng = chunk.rng;
    let mut counts = vec![0u64; PATTERN_SLOTS];
    let ordered: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8));
    let mut shuffled = ordered;
    let mut out = ordered;
    let dealt = deal.players * deal.cards_each;
    let hands = &deal.sizes[..deal.players];
    for _ in 0..chunk.rounds {
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
            counts[hand_slot(hand)] += 1;
        }
    }
    counts
}

/// Every chunk on the current pool, counts added.
pub fn simulate(deal: &Deal, seed: u64, plan: &ChunkPlan) -> Vec<u64> {
    sum_chunks(
        seed,
        plan,
        0..plan.chunks(),
        || vec![0; PATTERN_SLOTS],
        |chunk| run_chunk(deal, chunk),
        add_counters,
    )
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
                let hands = p.iter().map(|&x| binomial(13, x as u128)).product::<u128>();
                patterns.push((p, assignments * hands));
            }
        }
    }
    patterns
}

/// A suit pattern: how often it was dealt and how often it should be.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternEstimate {
    /// Suit counts high to low, e.g. `[4, 4, 3, 2]`.
    pub pattern: [usize; 4],
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

/// Every suit pattern of a `cards`-card hand with the counts of [`simulate`], likeliest pattern
/// first.
pub fn pattern_estimates(counts: &[u64], cards: usize) -> Vec<PatternEstimate> {
    let total = binomial(52, cards as u128) as f64;
    let hands: u64 = counts.iter().sum();
    let n = hands as f64;
    let mut rows: Vec<PatternEstimate> = exact_patterns(cards)
        .into_iter()
        .map(|(p, exact)| {
            let count = counts[pattern_slot(p)];
            let q = exact as f64 / total;
            let prob = count as f64 / n;
            PatternEstimate {
                pattern: p,
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
        let rows = pattern_estimates(&vec![1; PATTERN_SLOTS], 13);
        assert_eq!(rows[0].pattern, [4, 4, 3, 2]);
        assert!((rows[0].exact_probability - 0.215_511).abs() < 1e-6);
        assert_eq!(rows[1].pattern, [5, 3, 3, 2]);
    }

    #[test]
    fn every_method_is_close_to_exact() {
        // 20,000 bridge deals = 80,000 hands: each pattern's |z| stays under 5 (hands of a deal
        // are only weakly dependent, so this is a loose bound for a uniform dealer).
        for method in [DealMethod::Piles, DealMethod::Direct, DealMethod::Shuffle] {
            let deal = Deal::new(method, 4, 13).unwrap();
            let counts = simulate(&deal, 8, &ChunkPlan::new(20_000));
            let rows = pattern_estimates(&counts, 13);
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
