//! Exact category counts: every completion of the known cards, counted either by visiting each
//! hand or, with no known cards, combinatorially from rank multisets and suit patterns.

use deck::Card;
use deck::uniform::binomial;
use eval::{HandKey, SuitMasks, evaluate_parts, flush_strength};
use rayon::prelude::*;

use crate::category_counts::CategoryCounts;

/// `C(n, k)` for every `n <= 52`, `k <= 7`, computed at compile time: the counting loops look
/// binomials up instead of dividing.
const CHOOSE: [[u64; 8]; 53] = {
    let mut table = [[0u64; 8]; 53];
    let mut n = 0;
    while n < 53 {
        let mut k = 0;
        while k < 8 {
            table[n][k] = binomial(n as u128, k as u128) as u64;
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)` for the card counts used here (`n <= 52`, `k <= 7`).
#[inline]
fn choose(n: u64, k: u64) -> u64 {
    CHOOSE[n as usize][k as usize]
}

/// Counts all `C(52, cards)` hands of `cards` cards (5 to 7) by category without visiting them.
///
/// Hands with five or more cards of one suit (at most one such suit when `cards <= 7`, and then
/// the flush or straight flush is the best hand) are counted per suit and rank mask `F`: the
/// other `cards - |F|` cards come from the 39 cards of other suits in `C(39, cards - |F|)` ways.
/// Every other hand is counted per multiset of ranks: of its `∏ C(4, c_r)` suit assignments,
/// those giving some suit five cards are subtracted (for each suit, the ranks `F` taken in that
/// suit leave `∏ C(3, c_r - [r ∈ F])` assignments of the rest to the other suits).
pub fn combinatorial_counts(cards: usize) -> CategoryCounts {
    assert!((5..=7).contains(&cards), "hands have 5 to 7 cards");
    let n = cards as u64;
    let mut slots = [0u64; 16];
    for mask in 0u16..1 << 13 {
        let f = u64::from(mask.count_ones());
        if f >= 5 && f <= n {
            slots[flush_strength(mask).category_index()] += 4 * choose(39, n - f);
        }
    }
    let mut counts = [0u8; 13];
    count_multisets(0, cards as u8, &mut counts, &mut slots);
    CategoryCounts::from_slots(&slots)
}

fn count_multisets(rank: usize, left: u8, counts: &mut [u8; 13], slots: &mut [u64; 16]) {
    if rank == 13 {
        if left == 0 {
            add_multiset(counts, slots);
        }
        return;
    }
    for c in 0..=left.min(4) {
        counts[rank] = c;
        count_multisets(rank + 1, left - c, counts, slots);
    }
    counts[rank] = 0;
}

fn add_multiset(counts: &[u8; 13], slots: &mut [u64; 16]) {
    let all: u64 = counts.iter().map(|&c| choose(4, u64::from(c))).product();
    // At most seven distinct ranks are present: a fixed array keeps this allocation-free.
    let mut present = [0usize; 7];
    let mut distinct = 0;
    for (rank, &c) in counts.iter().enumerate() {
        if c > 0 {
            present[distinct] = rank;
            distinct += 1;
        }
    }
    let present = &present[..distinct];
    let mut one_suit_flush = 0u64;
    for subset in 0u32..1 << present.len() {
        if subset.count_ones() < 5 {
            continue;
        }
        one_suit_flush += present
            .iter()
            .enumerate()
            .map(|(i, &r)| choose(3, u64::from(counts[r]) - u64::from(subset >> i & 1)))
            .product::<u64>();
    }
    let non_flush = all - 4 * one_suit_flush;
    if non_flush == 0 {
        return;
    }
    // Any cards with these ranks have this rank key; suits are irrelevant to `rank_strength`.
    let key = (0..13u8).fold(HandKey::EMPTY, |key, r| {
        (0..counts[r as usize]).fold(key, |key, suit| key.with(Card::new(r, suit)))
    });
    slots[key.rank_strength().category_index()] += non_flush;
}

/// Counts every completion of `known` to `cards` cards by visiting each one, on the current rayon
/// pool (work is split by the first two cards added, so the result does not depend on threads).
pub fn enumerate_counts(cards: usize, known: &[Card]) -> CategoryCounts {
    assert!((5..=7).contains(&cards) && known.len() < cards);
    let used = known.iter().fold(0u64, |m, c| m | 1 << c.index());
    let rest: Vec<Card> = Card::all().filter(|c| used >> c.index() & 1 == 0).collect();
    let key = HandKey::of(known);
    let masks = known.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c));
    let need = cards - known.len();
    // Work items are the first two cards added (or the first alone when only one is needed):
    // about 1,300 items for seven cards, enough for rayon to balance their uneven sizes.
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
            let mut slots = [0u64; 16];
            let (key, masks) = (key.with(rest[i]), masks.with(rest[i]));
            if need == 1 {
                slots[evaluate_parts(key, masks).category_index()] += 1;
            } else {
                let (key, masks) = (key.with(rest[j]), masks.with(rest[j]));
                visit(&rest[j + 1..], need - 2, key, masks, &mut slots);
            }
            CategoryCounts::from_slots(&slots)
        })
        .reduce(CategoryCounts::default, |a, b| a + b)
}

fn visit(rest: &[Card], need: usize, key: HandKey, masks: SuitMasks, slots: &mut [u64; 16]) {
    match need {
        0 => slots[evaluate_parts(key, masks).category_index()] += 1,
        1 => {
            for &card in rest {
                slots[evaluate_parts(key.with(card), masks.with(card)).category_index()] += 1;
            }
        }
        _ => {
            for i in 0..=rest.len() - need {
                let card = rest[i];
                visit(
                    &rest[i + 1..],
                    need - 1,
                    key.with(card),
                    masks.with(card),
                    slots,
                );
            }
        }
    }
}

/// Exact counts of the completions of `hand`'s known cards, for any variant, by the fastest
/// method (short deck: [`crate::short_deck_exact::enumerate_counts`]).
pub fn exact_counts_of(hand: &crate::HandSpec) -> CategoryCounts {
    match hand.variant() {
        crate::Variant::Holdem => exact_counts(hand.cards(), hand.known()),
        crate::Variant::ShortDeck(rules) => {
            crate::short_deck_exact::enumerate_counts(hand.cards(), hand.known(), rules)
        }
    }
}

/// Exact counts of the completions of `known` to `cards` cards, by the fastest method.
pub fn exact_counts(cards: usize, known: &[Card]) -> CategoryCounts {
    if known.is_empty() {
        combinatorial_counts(cards)
    } else {
        enumerate_counts(cards, known)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eval::Category;

    const FIVE: [u64; 10] = [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4,
    ];

    #[test]
    fn five_card_counts_match_the_textbook() {
        assert_eq!(combinatorial_counts(5).0, FIVE);
        assert_eq!(enumerate_counts(5, &[]).0, FIVE);
    }

    #[test]
    fn both_methods_agree_for_six_cards() {
        let counts = combinatorial_counts(6);
        assert_eq!(counts.total(), choose(52, 6));
        assert_eq!(enumerate_counts(6, &[]), counts);
    }

    #[test]
    fn completions_of_known_cards_add_up() {
        let known = deck::parse_cards("AsAh").unwrap();
        let counts = enumerate_counts(7, &known);
        assert_eq!(counts.total(), choose(50, 5));
        assert_eq!(counts.get(Category::HighCard), 0);
        let one_left = deck::parse_cards("AsKsQsJs2c3d").unwrap();
        let counts = enumerate_counts(7, &one_left);
        assert_eq!(counts.total(), 46);
        assert_eq!(counts.get(Category::RoyalFlush), 1);
        assert_eq!(counts.get(Category::Flush), 8);
    }
}
