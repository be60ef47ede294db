//! The Gilbert–Shannon–Reeds riffle shuffle and the rising sequences that measure it.
//!
//! One riffle cuts the deck after a Binomial(`n`, 1/2) number of cards, then drops cards one at a
//! time from the bottom of the two packets, from each with probability proportional to its
//! size; every interleaving of the two packets is then equally likely. Bayer & Diaconis (1992)
//! showed that after `k` riffles an order with `r` rising sequences has probability
//! `C(2^k + n - r, n) / 2^(kn)`.
//!
//! ```text
//!  cut:     A B C | D E F G        left packet ABC, right packet DEFG
//!  riffle:  A D B E F C G          each packet keeps its order: two rising sequences
//! ```

use rand::RngCore;

use crate::uniform::{below, binomial_half};

/// One GSR riffle of `items`, using `scratch` (at least as long) as the two packets' copy.
///
/// # Panics
/// If `scratch` is shorter than `items`.
#[inline]
pub fn riffle<T: Copy, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T], scratch: &mut [T]) {
    let cut = binomial_half(rng, items.len());
    interleave_with(items, scratch, cut, |bound| below(rng, bound));
}

/// `k` GSR riffles in a row.
///
/// # Panics
/// If `scratch` is shorter than `items`.
#[inline]
pub fn riffles<T: Copy, R: RngCore + ?Sized>(
    rng: &mut R,
    items: &mut [T],
    scratch: &mut [T],
    k: usize,
) {
    for _ in 0..k {
        riffle(rng, items, scratch);
    }
}

/// One GSR riffle with every choice given by `pick(bound) -> 0..bound`: `n` coin flips
/// (`pick(2)`) whose heads count is the cut, then the drops as in [`interleave_with`].
///
/// # Panics
/// If `scratch` is shorter than `items`.
#[inline]
pub fn riffle_with<T: Copy>(
    items: &mut [T],
    scratch: &mut [T],
    mut pick: impl FnMut(usize) -> usize,
) {
    let cut = (0..items.len()).map(|_| pick(2)).sum();
    interleave_with(items, scratch, cut, pick);
}

/// Cuts `items` after `cut` cards and interleaves the packets: while both are non-empty the next
/// card comes from the top packet when `pick(a + b) < a`, where `a` and `b` are the cards left in
/// the top and bottom packets, so with probability `a / (a + b)`.
///
/// # Panics
/// If `cut > items.len()` or `scratch` is shorter than `items`.
#[inline]
pub fn interleave_with<T: Copy>(
    items: &mut [T],
    scratch: &mut [T],
    cut: usize,
    mut pick: impl FnMut(usize) -> usize,
) {
    let n = items.len();
    assert!(cut <= n, "cut {cut} beyond {n} cards");
    let scratch = &mut scratch[..n];
    scratch.copy_from_slice(items);
    let (top, bottom) = scratch.split_at(cut);
    let (mut i, mut j) = (0, 0);
    for slot in items.iter_mut() {
        let (a, b) = (top.len() - i, bottom.len() - j);
        let from_top = b == 0 || (a > 0 && pick(a + b) < a);
        if from_top {
            *slot = top[i];
            i += 1;
        } else {
            *slot = bottom[j];
            j += 1;
        }
    }
}

/// The number of rising sequences of an arrangement of the labels `0..n`: maximal runs of
/// consecutive labels `x, x+1, …` that appear in increasing positions. It is one plus the
/// number of labels `x` whose successor `x + 1` lies before it.
///
/// # Panics
/// If `order` is not an arrangement of `0..n` with `n ≤ 256`.
pub fn rising_sequences(order: &[u8]) -> usize {
    let n = order.len();
    assert!(n <= 256, "at most 256 labels");
    let mut position = [0u8; 256];
    for (p, &label) in order.iter().enumerate() {
        position[usize::from(label)] = p as u8;
    }
    let descents = position[..n].windows(2).filter(|w| w[1] < w[0]).count();
    descents + usize::from(n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn rising_sequences_of_known_orders() {
        assert_eq!(rising_sequences(&[0, 1, 2, 3]), 1);
        assert_eq!(rising_sequences(&[3, 2, 1, 0]), 4);
        // The picture in the module docs: A D B E F C G.
        assert_eq!(rising_sequences(&[0, 3, 1, 4, 5, 2, 6]), 2);
        assert_eq!(rising_sequences(&[]), 0);
    }

    #[test]
    fn one_riffle_keeps_both_packets_in_order() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let mut scratch = [0u8; 52];
        for _ in 0..1000 {
            let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
            riffle(&mut rng, &mut deck, &mut scratch);
            assert!(rising_sequences(&deck) <= 2);
            let mut sorted = deck;
            sorted.sort_unstable();
            assert!(sorted.iter().enumerate().all(|(i, &c)| usize::from(c) == i));
        }
    }
}
