//! The naive shuffle: every slot swaps with a uniform pick from the whole deck.
//!
//! It makes `n^n` equally likely choice sequences, and `n!` does not divide `n^n` for `n > 2`,
//! so some orders must come out more often than others: for three cards the 27 sequences give
//! `123` ×4, `132` ×5, `213` ×5, `231` ×5, `312` ×4, `321` ×4. Kept as a cautionary model.

use rand::RngCore;

use crate::uniform::below;

/// Shuffles `items` the naive (biased) way.
#[inline]
pub fn shuffle<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T]) {
    shuffle_with(items, |bound| below(rng, bound));
}

/// The naive shuffle with the choices given by `pick`: slot `i` swaps with `pick(n)` for every
/// `i` in `0..n`.
#[inline]
pub fn shuffle_with<T>(items: &mut [T], mut pick: impl FnMut(usize) -> usize) {
    let n = items.len();
    for i in 0..n {
        let j = pick(n);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_cards_give_the_known_biased_counts() {
        let mut counts = std::collections::BTreeMap::new();
        for code in 0..27 {
            let mut items = [1, 2, 3];
            let mut digits = code;
            shuffle_with(&mut items, |n| {
                let d = digits % n;
                digits /= n;
                d
            });
            *counts.entry(items).or_insert(0) += 1;
        }
        let got: Vec<_> = counts.values().copied().collect();
        assert_eq!(got, [4, 5, 5, 5, 4, 4]);
    }
}
