//! Every 5-, 6- and 7-card short-deck hand (`C(36, n)` = 376,992, 1,947,792 and 8,347,680)
//! through [`eval::ShortDeckEvaluator`] under both rule sets, tallied by category and checked
//! against the exact tables in `data/` (made by `sim exact --game shortdeck [--trips-beat-straight]
//! --cards N`, see the user guide's docs/src/data.md) and the five-card counts worked out by hand.
//!
//! The evaluator is checked hand by hand against the slow oracle (best of the 21 five-card
//! subsets) in `src/short_deck_oracle.rs`; this test pins the committed tables to it.

use deck::Card;
use eval::{Category, ShortDeckEvaluator, ShortDeckRules};

/// Category counts of every `n`-card short-deck hand under `rules`, visited in lexicographic order.
fn tally(n: usize, rules: ShortDeckRules) -> [u64; Category::COUNT] {
    let evaluator = ShortDeckEvaluator::new(rules);
    let cards: Vec<Card> = Card::short_deck().collect();
    let mut index: Vec<usize> = (0..n).collect();
    let mut hand = vec![cards[0]; n];
    let mut counts = [0u64; Category::COUNT];
    loop {
        for (slot, &i) in hand.iter_mut().zip(&index) {
            *slot = cards[i];
        }
        counts[evaluator.evaluate(&hand).category().index()] += 1;
        let Some(i) = (0..n).rev().find(|&i| index[i] < cards.len() - n + i) else {
            return counts;
        };
        index[i] += 1;
        for j in i + 1..n {
            index[j] = index[j - 1] + 1;
        }
    }
}

/// Category counts from a table `category,count,probability` with the categories in order.
fn table_counts(csv: &str) -> [u64; Category::COUNT] {
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("category,count,probability"));
    let mut counts = [0; Category::COUNT];
    for ((slot, category), row) in counts.iter_mut().zip(Category::ALL).zip(lines) {
        let mut fields = row.split(',');
        assert_eq!(fields.next(), Some(category.name()), "row {row:?}");
        *slot = fields.next().and_then(|c| c.parse().ok()).expect("count");
    }
    counts
}

fn check(n: usize, usual_csv: &str, trips_csv: &str, hands: u64) {
    let usual = tally(n, ShortDeckRules::StraightBeatsTrips);
    let triton = tally(n, ShortDeckRules::TripsBeatStraight);
    assert_eq!(usual.iter().sum::<u64>(), hands);
    assert_eq!(triton.iter().sum::<u64>(), hands);
    assert_eq!(usual, table_counts(usual_csv), "{n}-card short deck");
    assert_eq!(
        triton,
        table_counts(trips_csv),
        "{n}-card short deck, trips beat straights"
    );
}

#[test]
fn every_five_card_hand() {
    check(
        5,
        include_str!("../../../data/shortdeck_five_card_exact.csv"),
        include_str!("../../../data/shortdeck_trips_five_card_exact.csv"),
        376_992,
    );
    // By hand: high cards (C(9,5) − 6)(4^5 − 4), pairs 9·6·C(8,3)·4^3, two pairs C(9,2)·6²·7·4,
    // trips 9·4·C(8,2)·4², straights 6(4^5 − 4), flushes 4·C(9,5) − 24, full houses 9·4·8·6,
    // quads 9·8·4, straight flushes 4·5, royal flushes 4. With five cards no hand is both a
    // straight and trips, so the rules agree.
    assert_eq!(
        tally(5, ShortDeckRules::StraightBeatsTrips),
        [
            122_400, 193_536, 36_288, 16_128, 6_120, 480, 1_728, 288, 20, 4
        ]
    );
}

#[test]
fn every_six_card_hand() {
    check(
        6,
        include_str!("../../../data/shortdeck_six_card_exact.csv"),
        include_str!("../../../data/shortdeck_trips_six_card_exact.csv"),
        1_947_792,
    );
}

#[test]
fn every_seven_card_hand() {
    check(
        7,
        include_str!("../../../data/shortdeck_seven_card_exact.csv"),
        include_str!("../../../data/shortdeck_trips_seven_card_exact.csv"),
        8_347_680,
    );
}
