//! A slow, obvious short-deck evaluator for the exhaustive tests: the best of every five-card
//! subset, each judged by grouping its ranks, under the short-deck order.

use deck::Card;

use crate::ShortDeckRules;

/// A comparable description of a five-card short-deck hand: a strength class (the short-deck
/// order: high card, pair, two pair, then straight and trips in the order of the rules, full
/// house, flush, quads, straight flush, royal flush), then the deciding ranks, most significant
/// first (ace = 12; in A-6-7-8-9 the nine, 7, is the top).
pub(crate) type OracleValue = (u8, [i8; 5]);

fn five(cards: &[Card; 5], rules: ShortDeckRules) -> OracleValue {
    let mut ranks = cards.map(|c| c.rank() as i8);
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
    let straight_top = if distinct && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [12, 7, 6, 5, 4] {
        Some(7)
    } else {
        None
    };
    // Groups of equal rank, biggest group first, then higher rank first.
    let mut groups = [(0u8, -1i8); 5];
    let mut n = 0;
    for &r in &ranks {
        match groups[..n].iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => {
                groups[n] = (1, r);
                n += 1;
            }
        }
    }
    groups[..n].sort_unstable_by(|a, b| b.cmp(a));
    let mut by_groups = [-1i8; 5];
    for (slot, g) in by_groups.iter_mut().zip(&groups[..n]) {
        *slot = g.1;
    }
    let shape = (groups[0].0, groups[1].0);
    let top = |t: i8| [t, -1, -1, -1, -1];
    let (straight_class, trips_class) = match rules {
        ShortDeckRules::StraightBeatsTrips => (5, 4),
        ShortDeckRules::TripsBeatStraight => (3, 4),
    };
    match (flush, straight_top) {
        (true, Some(12)) => (10, top(12)),
        (true, Some(t)) => (9, top(t)),
        _ if shape == (4, 1) => (8, by_groups),
        _ if flush => (7, ranks),
        _ if shape == (3, 2) => (6, by_groups),
        (false, Some(t)) => (straight_class, top(t)),
        _ if shape == (3, 1) => (trips_class, by_groups),
        _ if shape == (2, 2) => (2, by_groups),
        _ if shape == (2, 1) => (1, by_groups),
        _ => (0, ranks),
    }
}

/// The best value among all five-card subsets of `cards` (5 to 7 short-deck cards) under `rules`.
pub(crate) fn best_of_subsets(cards: &[Card], rules: ShortDeckRules) -> OracleValue {
    let n = cards.len();
    let mut best: Option<OracleValue> = None;
    for mask in 0u32..1 << n {
        if mask.count_ones() != 5 {
            continue;
        }
        let mut subset = [cards[0]; 5];
        let mut k = 0;
        for (i, &card) in cards.iter().enumerate() {
            if mask >> i & 1 == 1 {
                subset[k] = card;
                k += 1;
            }
        }
        let value = five(&subset, rules);
        if best.is_none_or(|b| value > b) {
            best = Some(value);
        }
    }
    best.expect("at least five cards")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Category, ShortDeckEvaluator, ShortDeckRank};
    use std::collections::HashMap;

    /// The oracle's class as a category (straights have a class per rule set).
    fn category_of(class: u8) -> Category {
        ShortDeckRank::TIER_CATEGORIES[usize::from(class)]
    }

    /// Checks that evaluator ranks and oracle values are the same order on every hand given:
    /// equal ranks exactly for equal values, and ranks sorted in the values' order. Returns the
    /// number of distinct values.
    struct OrderCheck {
        by_rank: HashMap<u16, OracleValue>,
    }

    impl OrderCheck {
        fn new() -> Self {
            Self {
                by_rank: HashMap::new(),
            }
        }

        fn add(&mut self, rank: ShortDeckRank, value: OracleValue, cards: &[Card]) {
            assert_eq!(rank.category(), category_of(value.0), "{cards:?}");
            let seen = *self.by_rank.entry(rank.value()).or_insert(value);
            assert_eq!(seen, value, "one rank, two oracle values: {cards:?}");
        }

        /// The distinct ranks, after checking that sorting by rank sorts the oracle values
        /// strictly (so distinct values never share a rank).
        fn distinct(&self) -> usize {
            let mut pairs: Vec<(u16, OracleValue)> =
                self.by_rank.iter().map(|(&r, &v)| (r, v)).collect();
            pairs.sort_unstable();
            assert!(pairs.windows(2).all(|w| w[0].1 < w[1].1), "order differs");
            pairs.len()
        }
    }

    /// Every hand of `n` short-deck cards through the evaluator and the oracle, both rule sets.
    fn check_all(n: usize) -> [usize; 2] {
        let cards: Vec<Card> = Card::short_deck().collect();
        let evaluators = ShortDeckRules::ALL.map(ShortDeckEvaluator::new);
        let mut checks = [OrderCheck::new(), OrderCheck::new()];
        let mut index: Vec<usize> = (0..n).collect();
        let mut hand = vec![cards[0]; n];
        loop {
            for (slot, &i) in hand.iter_mut().zip(&index) {
                *slot = cards[i];
            }
            for (check, evaluator) in checks.iter_mut().zip(evaluators) {
                let value = best_of_subsets(&hand, evaluator.rules());
                check.add(evaluator.evaluate(&hand), value, &hand);
            }
            // Next combination in lexicographic order.
            let Some(i) = (0..n).rev().find(|&i| index[i] < cards.len() - n + i) else {
                break;
            };
            index[i] += 1;
            for j in i + 1..n {
                index[j] = index[j - 1] + 1;
            }
        }
        checks.map(|c| c.distinct())
    }

    #[test]
    fn every_five_card_hand_matches_the_oracle() {
        assert_eq!(check_all(5), [ShortDeckRank::DISTINCT_FIVE_CARD; 2]);
    }

    #[test]
    fn every_six_card_hand_matches_the_oracle() {
        assert_eq!(check_all(6), [1_060, 1_060]);
    }

    #[test]
    fn every_seven_card_hand_matches_the_oracle() {
        // Trips beating straights lets ten more trips values survive as a best hand.
        assert_eq!(check_all(7), [752, 762]);
    }

    #[test]
    fn oracle_knows_the_named_hands() {
        let cases = [
            ("As6c7d8h9s", 5, 3),
            ("As6s7s8s9s", 9, 9),
            ("AhKhQhJhTh", 10, 10),
            ("6c6d6h7s7c", 6, 6),
            ("6c6d6h7s8c", 4, 4),
            ("6h8hTh9hJh", 7, 7),
        ];
        for (text, usual, triton) in cases {
            let cards = deck::parse_cards(text).unwrap();
            assert_eq!(
                best_of_subsets(&cards, ShortDeckRules::StraightBeatsTrips).0,
                usual
            );
            assert_eq!(
                best_of_subsets(&cards, ShortDeckRules::TripsBeatStraight).0,
                triton
            );
        }
    }
}
