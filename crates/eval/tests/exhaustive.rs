//! Every 5-, 6- and 7-card hand through the slice evaluator [`eval::evaluate`].
//!
//! Each size is one pass over all `C(52, n)` hands, enumerated by nested loops over card indices
//! into a fixed-size array, that tallies categories (checked against the reference tables in
//! `data/`) and marks each strength seen in a 2^16-bit set (checked against the known numbers of
//! distinct hand values: 7,462 five-card, 6,075 six-card and 4,824 seven-card).

use deck::Card;
use eval::{Category, HandRank, evaluate};

/// Category counts and the set of strengths seen in one enumeration.
struct Tally {
    /// Hands per category index; 16 slots so that the masked index needs no bounds check.
    counts: [u64; 16],
    /// Bit `v` is set once a hand of strength `v` has been seen.
    seen: [u64; 1 << 10],
}

impl Tally {
    fn new() -> Self {
        Self {
            counts: [0; 16],
            seen: [0; 1 << 10],
        }
    }

    #[inline(always)]
    fn add(&mut self, rank: HandRank) {
        let value = rank.value();
        self.counts[rank.category_index() & 15] += 1;
        self.seen[usize::from(value >> 6)] |= 1 << (value & 63);
    }

    /// Distinct strengths seen, in total.
    fn distinct(&self) -> u32 {
        self.seen.iter().map(|word| word.count_ones()).sum()
    }

    /// Distinct strengths seen per category: category `c` owns strengths `c << 12 ..`, which are
    /// the 64 words from `c << 6`.
    fn distinct_by_category(&self) -> [u32; Category::COUNT] {
        std::array::from_fn(|c| {
            self.seen[c << 6..(c + 1) << 6]
                .iter()
                .map(|word| word.count_ones())
                .sum()
        })
    }

    /// The counts of the ten categories, after checking the spare slots stayed empty.
    fn category_counts(&self) -> [u64; Category::COUNT] {
        assert!(
            self.counts[Category::COUNT..].iter().all(|&c| c == 0),
            "category index out of range: {:?}",
            self.counts
        );
        std::array::from_fn(|c| self.counts[c])
    }
}

/// One `for` loop per named index, each index starting after the previous one and stopping where
/// the remaining slots can still be filled; the innermost body calls `$visit(&$hand)`.
macro_rules! for_each_hand {
    (@count) => { 0 };
    (@count $head:ident $($tail:ident)*) => { 1 + for_each_hand!(@count $($tail)*) };
    (@loop $hand:ident, $visit:ident, $from:expr, $slot:expr;) => {
        $visit(&$hand)
    };
    (@loop $hand:ident, $visit:ident, $from:expr, $slot:expr; $i:ident $($rest:ident)*) => {
        for $i in $from..52 - for_each_hand!(@count $($rest)*) {
            $hand[$slot] = Card::from_index($i as u8);
            for_each_hand!(@loop $hand, $visit, $i + 1, $slot + 1; $($rest)*);
        }
    };
    ($hand:ident, $visit:ident; $($i:ident)+) => {
        for_each_hand!(@loop $hand, $visit, 0, 0; $($i)+)
    };
}

/// Category counts from a reference table (`category,count,probability`, categories in order).
fn reference_counts(csv: &str) -> [u64; Category::COUNT] {
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("category,count,probability"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), Category::COUNT, "one row per category");
    let mut counts = [0; Category::COUNT];
    for ((slot, category), row) in counts.iter_mut().zip(Category::ALL).zip(rows) {
        let mut fields = row.split(',');
        assert_eq!(fields.next(), Some(category.name()), "row {row:?}");
        *slot = fields
            .next()
            .and_then(|count| count.parse().ok())
            .unwrap_or_else(|| panic!("bad count in row {row:?}"));
    }
    counts
}

fn check(tally: &Tally, cards: u64, reference_csv: &str, distinct: u32) {
    let counts = tally.category_counts();
    assert_eq!(
        u128::from(counts.iter().sum::<u64>()),
        deck::uniform::binomial(52, cards.into()),
        "every hand once"
    );
    assert_eq!(
        counts,
        reference_counts(reference_csv),
        "{cards}-card counts"
    );
    assert_eq!(
        tally.distinct(),
        distinct,
        "distinct {cards}-card strengths"
    );
}

#[test]
fn every_five_card_hand() {
    let mut tally = Tally::new();
    let mut hand = [Card::from_index(0); 5];
    let mut visit = |hand: &[Card; 5]| tally.add(evaluate(&hand[..]));
    for_each_hand!(hand, visit; a b c d e);
    check(
        &tally,
        5,
        include_str!("../../../data/five_card_exact.csv"),
        7_462,
    );
    assert_eq!(
        tally.distinct_by_category(),
        [1_277, 2_860, 858, 858, 10, 1_277, 156, 156, 9, 1]
    );
    assert_eq!(
        tally.distinct_by_category(),
        Category::ALL.map(|c| u32::from(c.hands()))
    );
    // The values some hand has are exactly those `HandRank::from_value` takes.
    for value in 0..=u16::MAX {
        let seen = tally.seen[usize::from(value >> 6)] & 1 << (value & 63) != 0;
        assert_eq!(
            HandRank::from_value(value).map(HandRank::value),
            seen.then_some(value),
            "{value}"
        );
    }
}

#[test]
fn every_six_card_hand() {
    let mut tally = Tally::new();
    let mut hand = [Card::from_index(0); 6];
    let mut visit = |hand: &[Card; 6]| tally.add(evaluate(&hand[..]));
    for_each_hand!(hand, visit; a b c d e f);
    check(
        &tally,
        6,
        include_str!("../../../data/six_card_exact.csv"),
        6_075,
    );
}

#[test]
fn every_seven_card_hand() {
    let mut tally = Tally::new();
    let mut hand = [Card::from_index(0); 7];
    let mut visit = |hand: &[Card; 7]| tally.add(evaluate(&hand[..]));
    for_each_hand!(hand, visit; a b c d e f g);
    check(
        &tally,
        7,
        include_str!("../../../data/seven_card_exact.csv"),
        4_824,
    );
    // Weak values drop out of the lower categories because the two unused cards must fit below
    // the best five without improving them (a high-card hand needs two lower ranks that pair
    // nothing and complete no straight); from the straight up every five-card value occurs.
    assert_eq!(
        tally.distinct_by_category(),
        [407, 1_470, 763, 575, 10, 1_277, 156, 156, 9, 1]
    );
}
