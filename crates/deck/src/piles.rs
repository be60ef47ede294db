//! Dealing without shuffling: an ordered deck walked once, each card dropped into a random pile.
//!
//! Card `i` goes to pile `p` with probability `room_p / room_total` (the cards pile `p` still
//! lacks over the cards still to place). Each complete deal then has probability
//! `∏ sizes_p! / n!`, the same for all, so pile dealing is a uniform deal, and because the deck is
//! walked in order every hand comes out sorted. The direct method draws one uniform index below
//! the multinomial `n! / ∏ sizes_p!` and unranks it into the same deal; round-robin dealing of a
//! shuffled deck is the everyday method the two are compared with.
//!
//! A deal is written into `out` pile after pile: pile `p` occupies the `sizes[p]` slots after the
//! earlier piles.

use rand::RngCore;

use crate::uniform::{below, below_u128};

/// The most piles a deal may have.
pub const MAX_PILES: usize = 64;

/// Deals `cards` (in their given order) into piles of the given `sizes` by pile dealing.
///
/// # Panics
/// If `sizes` does not sum to `cards.len()`, `out` differs in length from `cards`, or there are
/// more than [`MAX_PILES`] piles.
#[inline]
pub fn deal_piles<T: Copy, R: RngCore + ?Sized>(
    rng: &mut R,
    cards: &[T],
    sizes: &[usize],
    out: &mut [T],
) {
    deal_piles_with(cards, sizes, out, |bound| below(rng, bound));
}

/// Pile dealing with the choices given by `pick(bound) -> 0..bound`: card `i` goes to the pile
/// whose share of the remaining room contains `pick(remaining room)`.
///
/// # Panics
/// As [`deal_piles`].
#[inline]
pub fn deal_piles_with<T: Copy>(
    cards: &[T],
    sizes: &[usize],
    out: &mut [T],
    mut pick: impl FnMut(usize) -> usize,
) {
    let (mut room, mut next) = layout(cards.len(), sizes, out.len());
    let piles = sizes.len();
    for (left, &card) in (1..=cards.len()).rev().zip(cards) {
        let mut x = pick(left);
        let mut p = 0;
        while x >= room[p] {
            x -= room[p];
            p += 1;
        }
        debug_assert!(p < piles);
        out[next[p]] = card;
        next[p] += 1;
        room[p] -= 1;
    }
}

/// The number of distinct deals of `n` cards into piles of `sizes`, `n! / ∏ sizes_p!`, if it
/// and every intermediate product of the direct method fit in a `u128` (`n · deals` must fit).
pub fn deal_count(sizes: &[usize]) -> Option<u128> {
    // Build the multinomial one card at a time: C(placed, size) products stay integral.
    let mut count: u128 = 1;
    let mut placed: u128 = 0;
    for &size in sizes {
        for j in 1..=size as u128 {
            placed += 1;
            count = count.checked_mul(placed)? / j;
        }
    }
    count.checked_mul(placed.max(1))?;
    Some(count)
}

/// Deals by the direct method: one uniform index below `deals` (which must be
/// [`deal_count`]`(sizes)`) unranked by [`unrank_deal`].
///
/// # Panics
/// As [`deal_piles`].
#[inline]
pub fn deal_direct<T: Copy, R: RngCore + ?Sized>(
    rng: &mut R,
    cards: &[T],
    sizes: &[usize],
    deals: u128,
    out: &mut [T],
) {
    let index = below_u128(rng, deals);
    unrank_deal(cards, sizes, deals, index, out);
}

/// Writes deal number `index` (of `deals = deal_count(sizes)`) into `out`. Deals are numbered in
/// the lexicographic order of their pile sequences (card 0's pile first): of the `m` deals of
/// the remaining cards, `m · room_p / left` put the next card in pile `p`.
///
/// # Panics
/// As [`deal_piles`], or if `index >= deals`.
pub fn unrank_deal<T: Copy>(
    cards: &[T],
    sizes: &[usize],
    deals: u128,
    mut index: u128,
    out: &mut [T],
) {
    assert!(index < deals, "deal {index} of {deals}");
    let (mut room, mut next) = layout(cards.len(), sizes, out.len());
    let mut count = deals;
    for (left, &card) in (1..=cards.len() as u128).rev().zip(cards) {
        let mut p = 0;
        loop {
            // Exact: count · room_p is divisible by left (it counts the deals with card in p).
            let with_p = count * room[p] as u128 / left;
            if index < with_p {
                count = with_p;
                break;
            }
            index -= with_p;
            p += 1;
        }
        out[next[p]] = card;
        next[p] += 1;
        room[p] -= 1;
    }
}

/// Deals the first `sizes.iter().sum()` cards of an already shuffled `cards` round-robin (card `j`
/// to pile `j mod piles`) into equal piles, as a dealer at the table does.
///
/// # Panics
/// As [`deal_piles`], or if the piles are not all the same size.
#[inline]
pub fn deal_round_robin<T: Copy>(cards: &[T], sizes: &[usize], out: &mut [T]) {
    let (_, start) = layout(cards.len(), sizes, out.len());
    let piles = sizes.len();
    let each = sizes[0];
    assert!(
        sizes.iter().all(|&s| s == each),
        "round robin needs equal piles"
    );
    for (j, &card) in cards.iter().enumerate() {
        out[start[j % piles] + j / piles] = card;
    }
}

/// Each pile's room and first slot, after checking the shapes.
#[inline]
fn layout(cards: usize, sizes: &[usize], out: usize) -> ([usize; MAX_PILES], [usize; MAX_PILES]) {
    assert!(sizes.len() <= MAX_PILES, "at most {MAX_PILES} piles");
    assert_eq!(
        sizes.iter().sum::<usize>(),
        cards,
        "pile sizes must sum to the cards"
    );
    assert_eq!(out, cards, "output must hold every card");
    let mut room = [0; MAX_PILES];
    let mut start = [0; MAX_PILES];
    let mut at = 0;
    for (p, &size) in sizes.iter().enumerate() {
        room[p] = size;
        start[p] = at;
        at += size;
    }
    (room, start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use std::collections::BTreeMap;

    #[test]
    fn bridge_has_the_known_number_of_deals() {
        // 52! / 13!^4 = 53,644,737,765,488,792,839,237,440,000.
        assert_eq!(
            deal_count(&[13; 4]),
            Some(53_644_737_765_488_792_839_237_440_000)
        );
        assert_eq!(deal_count(&[2, 1]), Some(3));
        assert_eq!(deal_count(&[1; 52]), None);
    }

    /// Every pick sequence of pile dealing, with its probability `∏ 1/bound`.
    fn pile_deal_probabilities(sizes: &[usize]) -> BTreeMap<Vec<u8>, f64> {
        let n: usize = sizes.iter().sum();
        let cards: Vec<u8> = (0..n as u8).collect();
        let mut out = BTreeMap::new();
        // Bounds are n, n-1, …, 1 whatever is picked: a mixed-radix counter covers every path.
        let paths: usize = (1..=n).product();
        for code in 0..paths {
            let mut digits = code;
            let mut weight = 1.0;
            let mut deal = vec![0u8; n];
            deal_piles_with(&cards, sizes, &mut deal, |bound| {
                weight /= bound as f64;
                let d = digits % bound;
                digits /= bound;
                d
            });
            *out.entry(deal).or_insert(0.0) += weight;
        }
        out
    }

    #[test]
    fn pile_dealing_is_uniform_over_deals_of_a_tiny_deck() {
        let sizes = [2, 2, 2];
        let probs = pile_deal_probabilities(&sizes);
        let deals = deal_count(&sizes).unwrap();
        assert_eq!(probs.len() as u128, deals);
        for (deal, p) in &probs {
            assert!((p - 1.0 / deals as f64).abs() < 1e-12, "{deal:?} {p}");
            // Hands come out sorted.
            assert!(deal.chunks(2).all(|h| h[0] < h[1]));
        }
    }

    #[test]
    fn unranking_visits_every_deal_once() {
        let sizes = [2, 1, 3];
        let deals = deal_count(&sizes).unwrap();
        let cards = [0u8, 1, 2, 3, 4, 5];
        let mut seen = std::collections::BTreeSet::new();
        for index in 0..deals {
            let mut out = [0u8; 6];
            unrank_deal(&cards, &sizes, deals, index, &mut out);
            assert!(out[..2][0] < out[1] && out[3] < out[4] && out[4] < out[5]);
            assert!(seen.insert(out));
        }
        assert_eq!(seen.len() as u128, deals);
        // The same deals as pile dealing can make.
        let piles: std::collections::BTreeSet<[u8; 6]> = pile_deal_probabilities(&sizes)
            .into_keys()
            .map(|d| d.try_into().unwrap())
            .collect();
        assert_eq!(seen, piles);
    }

    #[test]
    fn direct_bridge_deals_are_complete_and_sorted() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        let cards: [u8; 52] = std::array::from_fn(|i| i as u8);
        let deals = deal_count(&[13; 4]).unwrap();
        let mut out = [0u8; 52];
        for _ in 0..100 {
            deal_direct(&mut rng, &cards, &[13; 4], deals, &mut out);
            assert!(out.chunks(13).all(|h| h.windows(2).all(|w| w[0] < w[1])));
            let mut sorted = out;
            sorted.sort_unstable();
            assert_eq!(sorted, cards);
        }
    }

    #[test]
    fn round_robin_deals_alternately() {
        let cards = [0u8, 1, 2, 3, 4, 5];
        let mut out = [0u8; 6];
        deal_round_robin(&cards, &[3, 3], &mut out);
        assert_eq!(out, [0, 2, 4, 1, 3, 5]);
    }
}
