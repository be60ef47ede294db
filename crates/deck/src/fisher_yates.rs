//! Fisher–Yates on any slice: the full shuffle and the partial one that deals `k` cards.
//!
//! Every function comes in two forms: one that takes a random generator, and a `_with` form that
//! takes the choices from a `pick(bound) -> 0..bound` closure, so that an exact enumeration can
//! walk every sequence of choices through the very same code.

use rand::RngCore;

use crate::uniform::below;

/// Shuffles `items` uniformly: each of the `n!` orders has probability `1/n!`.
#[inline]
pub fn shuffle<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T]) {
    shuffle_with(items, |bound| below(rng, bound));
}

/// Full Fisher–Yates with the choices given by `pick`: slot `i` swaps with `i + pick(n - i)` for
/// `i` in `0..n-1` (the last slot has nothing left to swap with).
#[inline]
pub fn shuffle_with<T>(items: &mut [T], pick: impl FnMut(usize) -> usize) {
    let k = items.len().saturating_sub(1);
    partial_shuffle_with(items, k, pick);
}

/// Makes `items[..k]` a uniformly random ordered sample of `items`, whatever order the slice
/// was in: the partial Fisher–Yates that deals `k` cards in `k` swaps.
///
/// # Panics
/// If `k > items.len()`.
#[inline]
pub fn partial_shuffle<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T], k: usize) {
    partial_shuffle_with(items, k, |bound| below(rng, bound));
}

/// Partial Fisher–Yates with the choices given by `pick`: slot `i` swaps with `i + pick(n - i)`
/// for `i` in `0..k`.
///
/// # Panics
/// If `k > items.len()`.
#[inline]
pub fn partial_shuffle_with<T>(items: &mut [T], k: usize, mut pick: impl FnMut(usize) -> usize) {
    let n = items.len();
    assert!(k <= n, "cannot deal {k} of {n} items");
    for i in 0..k {
        let j = i + pick(n - i);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn shuffles_keep_a_permutation() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut items: Vec<u8> = (0..52).collect();
        for round in 0..1000 {
            if round % 2 == 0 {
                shuffle(&mut rng, &mut items);
            } else {
                partial_shuffle(&mut rng, &mut items, 7);
            }
            let mut sorted = items.clone();
            sorted.sort_unstable();
            assert!(sorted.iter().enumerate().all(|(i, &c)| usize::from(c) == i));
        }
    }

    #[test]
    fn choices_are_the_documented_swaps() {
        let mut items = [0, 1, 2, 3];
        let mut script = [2, 0, 1].into_iter();
        shuffle_with(&mut items, |_| script.next().unwrap());
        // i=0 swaps with 2, i=1 with 1, i=2 with 3.
        assert_eq!(items, [2, 1, 3, 0]);
    }
}
