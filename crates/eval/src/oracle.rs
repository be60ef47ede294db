//! A slow, obvious evaluator for differential tests: the best of every five-card subset, each
//! judged by sorting ranks into (count, rank) groups.

use deck::Card;

/// A comparable description of a five-card hand: category, then deciding ranks (ace = 12, or -1
/// when it plays low in a wheel), most significant first.
pub(crate) type OracleValue = (u8, Vec<i8>);

fn five(cards: &[Card]) -> OracleValue {
    let mut ranks: Vec<i8> = cards.iter().map(|c| c.rank() as i8).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = {
        let mut d = ranks.clone();
        d.dedup();
        d.len() == 5
    };
    let straight_top = if distinct && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    // Groups of equal rank, biggest group first, then higher rank first.
    let mut groups: Vec<(usize, i8)> = Vec::new();
    for &r in &ranks {
        match groups.iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => groups.push((1, r)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let by_groups: Vec<i8> = groups.iter().map(|g| g.1).collect();
    match (flush, straight_top) {
        (true, Some(12)) => return (9, vec![]),
        (true, Some(top)) => return (8, vec![top]),
        _ => {}
    }
    match shape.as_slice() {
        [4, 1] => (7, by_groups),
        [3, 2] => (6, by_groups),
        _ if flush => (5, ranks),
        _ if straight_top.is_some() => (4, vec![straight_top.unwrap_or(0)]),
        [3, 1, 1] => (3, by_groups),
        [2, 2, 1] => (2, by_groups),
        [2, 1, 1, 1] => (1, by_groups),
        _ => (0, ranks),
    }
}

/// The best value among all five-card subsets of `cards` (5 to 7 cards).
pub(crate) fn best_of_subsets(cards: &[Card]) -> OracleValue {
    let n = cards.len();
    let mut best: Option<OracleValue> = None;
    for mask in 0u32..1 << n {
        if mask.count_ones() != 5 {
            continue;
        }
        let subset: Vec<Card> = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        let value = five(&subset);
        if best.as_ref().is_none_or(|b| value > *b) {
            best = Some(value);
        }
    }
    best.expect("at least five cards")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate;
    use deck::Deck;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn oracle_knows_the_named_hands() {
        let cases = [
            ("Ah2c3d4s5h", 4),
            ("Ah2h3h4h5h", 8),
            ("AhKhQhJhTh", 9),
            ("2c2d2h5s5c", 6),
        ];
        for (text, category) in cases {
            let cards = deck::parse_cards(text).unwrap();
            assert_eq!(best_of_subsets(&cards).0, category, "{text}");
        }
    }

    /// One million seeded random hands of 5, 6 and 7 cards: the evaluator must give the oracle's
    /// category and order every hand against the previous one exactly as the oracle does.
    #[test]
    fn evaluator_matches_the_oracle_on_a_million_random_hands() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2024);
        let mut deck = Deck::new();
        let mut previous: Option<(crate::HandRank, OracleValue)> = None;
        for round in 0..1_000_000 {
            let hand = deck.deal(&mut rng, 5 + round % 3);
            let rank = evaluate(hand);
            let oracle = best_of_subsets(hand);
            assert_eq!(rank.category() as u8, oracle.0, "{hand:?}");
            if let Some((prev_rank, prev_oracle)) = &previous {
                assert_eq!(rank.cmp(prev_rank), oracle.cmp(prev_oracle), "{hand:?}");
            }
            previous = Some((rank, oracle));
        }
    }
}
