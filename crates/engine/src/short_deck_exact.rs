//! Exact category counts of short-deck hands: every completion of the known cards from the 36
//! cards, visited on all cores (all `C(36, 7) = 8,347,680` seven-card hands in a few tens of
//! milliseconds).

use deck::Card;
use eval::{HandKey, ShortDeckEvaluator, ShortDeckRules, SuitMasks};
use rayon::prelude::*;

use crate::category_counts::CategoryCounts;

/// Counts every completion of `known` (short-deck cards) to `cards` cards (5 to 7) under
/// `rules`, on the current rayon pool; work is split by the first two cards added, so the
/// result does not depend on threads.
///
/// # Panics
/// If `cards` is not 5 to 7, `known` has `cards` or more cards, or a known card is below a six.
pub fn enumerate_counts(cards: usize, known: &[Card], rules: ShortDeckRules) -> CategoryCounts {
    assert!((5..=7).contains(&cards) && known.len() < cards);
    assert!(
        known.iter().all(|c| c.in_short_deck()),
        "short-deck cards only"
    );
    let evaluator = ShortDeckEvaluator::new(rules);
    let used = known.iter().fold(0u64, |m, c| m | 1 << c.index());
    let rest: Vec<Card> = Card::short_deck()
        .filter(|c| used >> c.index() & 1 == 0)
        .collect();
    let key = HandKey::of(known);
    let masks = known.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c));
    let need = cards - known.len();
    let last_first = rest.len() - need;
    let items: Vec<(usize, usize)> = (0..=last_first)
        .flat_map(|i| {
            let seconds = if need >= 2 {
                i + 1..last_first + 2
            } else {
                i..i + 1
            };
            seconds.map(move |j| (i, j))
        })
        .collect();
    items
        .into_par_iter()
        .map(|(i, j)| {
            let mut tiers = [0u64; 16];
            let (key, masks) = (key.with(rest[i]), masks.with(rest[i]));
            if need == 1 {
                tiers[evaluator.evaluate_parts(key, masks).tier() & 15] += 1;
            } else {
                let (key, masks) = (key.with(rest[j]), masks.with(rest[j]));
                visit(evaluator, &rest[j + 1..], need - 2, key, masks, &mut tiers);
            }
            CategoryCounts::from_short_deck_tiers(&tiers)
        })
        .reduce(CategoryCounts::default, |a, b| a + b)
}

fn visit(
    evaluator: ShortDeckEvaluator,
    rest: &[Card],
    need: usize,
    key: HandKey,
    masks: SuitMasks,
    tiers: &mut [u64; 16],
) {
    match need {
        0 => tiers[evaluator.evaluate_parts(key, masks).tier() & 15] += 1,
        1 => {
            for &card in rest {
                let rank = evaluator.evaluate_parts(key.with(card), masks.with(card));
                tiers[rank.tier() & 15] += 1;
            }
        }
        _ => {
            for i in 0..=rest.len() - need {
                let card = rest[i];
                visit(
                    evaluator,
                    &rest[i + 1..],
                    need - 1,
                    key.with(card),
                    masks.with(card),
                    tiers,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eval::Category;

    /// The five-card short-deck counts by hand: straight flushes 4 × 5, royals 4, quads 9 × 32,
    /// full houses 9 × 4 × 8 × 6, flushes 4 × C(9, 5) − 24, straights 6 × (4^5 − 4), trips
    /// 9 × 4 × C(8, 2) × 16, two pairs C(9, 2) × 36 × 7 × 4, pairs 9 × 6 × C(8, 3) × 64, high
    /// cards (C(9, 5) − 6) × (4^5 − 4).
    const FIVE: [u64; 10] = [
        122_400, 193_536, 36_288, 16_128, 6_120, 480, 1_728, 288, 20, 4,
    ];

    #[test]
    fn five_card_counts_match_the_hand_count() {
        for rules in ShortDeckRules::ALL {
            let counts = enumerate_counts(5, &[], rules);
            assert_eq!(counts.0, FIVE, "{rules}");
            assert_eq!(counts.total(), 376_992);
        }
    }

    #[test]
    fn the_rules_move_hands_between_straight_and_trips_only() {
        let usual = enumerate_counts(7, &[], ShortDeckRules::StraightBeatsTrips);
        let triton = enumerate_counts(7, &[], ShortDeckRules::TripsBeatStraight);
        assert_eq!(usual.total(), 8_347_680);
        assert_eq!(triton.total(), 8_347_680);
        let moved = usual.get(Category::Straight) - triton.get(Category::Straight);
        assert!(moved > 0);
        assert_eq!(
            triton.get(Category::ThreeOfAKind),
            usual.get(Category::ThreeOfAKind) + moved
        );
        for category in Category::ALL {
            if category != Category::Straight && category != Category::ThreeOfAKind {
                assert_eq!(usual.get(category), triton.get(category), "{category}");
            }
        }
    }

    #[test]
    fn completions_of_known_cards_add_up() {
        let one_left = deck::parse_cards("AsKsQsJs6c7d").unwrap();
        let counts = enumerate_counts(7, &one_left, ShortDeckRules::default());
        assert_eq!(counts.total(), 30);
        assert_eq!(counts.get(Category::RoyalFlush), 1);
        assert_eq!(counts.get(Category::Flush), 4);
    }
}
