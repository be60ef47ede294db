//! Several uniform indices from one 64-bit random word.
//!
//! Drawing `k` indices with bounds `n_1, …, n_k` whose product `P` fits in 64 bits costs one
//! random word and `k` multiplications (Brackett-Rozinsky & Lemire, "Batched ranged random
//! integer generation", 2024): multiplying a uniform word `u` by `P` gives `u·P = R·2^64 + L`
//! with `R` uniform on `0..P` after Lemire's rejection of `L < 2^64 mod P`, and the mixed-radix
//! digits of `R` fall out of one multiply per bound. For seven cards from 52 the product is
//! `52·51·…·46 ≈ 2^39.3`, so a word is rejected with probability below `4·10⁻⁸`.

use rand::RngCore;

/// The most indices drawn from one word.
pub(crate) const MAX_BATCH: usize = 16;

/// Fills `out[..bounds.len()]` with independent uniform indices, `out[j]` in `0..bounds[j]`.
///
/// The product of `bounds` must fit in a `u64` and no bound may be zero.
#[inline(always)]
pub(crate) fn draw_batch<R: RngCore + ?Sized>(
    rng: &mut R,
    bounds: &[u64],
    product: u64,
    out: &mut [u8; MAX_BATCH],
) {
    debug_assert!(bounds.len() <= MAX_BATCH);
    debug_assert_eq!(bounds.iter().product::<u64>(), product);
    loop {
        let mut word = rng.next_u64();
        for (slot, &bound) in out.iter_mut().zip(bounds) {
            let wide = u128::from(word) * u128::from(bound);
            *slot = (wide >> 64) as u8;
            word = wide as u64;
        }
        // Lemire's test: the leftover is below `2^64 mod P` only for the few words that would
        // make some outcomes more likely; they are rare, so the modulo is rarely computed.
        if word >= product || word >= product.wrapping_neg() % product {
            return;
        }
    }
}

/// Splits the positions `start..end` of a deck of `len` cards into batches whose bounds
/// `len - i` multiply to at most `u64::MAX`, calling `f(first_position, bounds, product)`.
#[inline(always)]
pub(crate) fn for_each_batch(
    start: usize,
    end: usize,
    len: usize,
    mut f: impl FnMut(usize, &[u64], u64),
) {
    let mut bounds = [0u64; MAX_BATCH];
    let mut first = start;
    while first < end {
        let mut count = 0;
        let mut product = 1u64;
        while first + count < end && count < MAX_BATCH {
            let bound = (len - first - count) as u64;
            match product.checked_mul(bound) {
                Some(next) => {
                    product = next;
                    bounds[count] = bound;
                    count += 1;
                }
                None => break,
            }
        }
        f(first, &bounds[..count], product);
        first += count;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn seven_from_fifty_two_is_one_batch() {
        let mut batches = Vec::new();
        for_each_batch(0, 7, 52, |first, bounds, product| {
            batches.push((first, bounds.to_vec(), product))
        });
        assert_eq!(
            batches,
            vec![(0, vec![52, 51, 50, 49, 48, 47, 46], 674_274_182_400)]
        );
    }

    #[test]
    fn a_full_shuffle_splits_into_fitting_batches() {
        let mut covered = Vec::new();
        for_each_batch(0, 51, 52, |first, bounds, product| {
            assert_eq!(bounds.iter().product::<u64>(), product);
            for (j, &b) in bounds.iter().enumerate() {
                assert_eq!(b, (52 - first - j) as u64);
                covered.push(first + j);
            }
        });
        assert_eq!(covered, (0..51).collect::<Vec<_>>());
    }

    #[test]
    fn indices_stay_in_bounds_and_cover_each_value() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let bounds = [5u64, 3, 2];
        let mut seen = [[0u32; 5]; 3];
        let mut out = [0u8; MAX_BATCH];
        for _ in 0..30_000 {
            draw_batch(&mut rng, &bounds, 30, &mut out);
            for j in 0..3 {
                assert!(u64::from(out[j]) < bounds[j]);
                seen[j][out[j] as usize] += 1;
            }
        }
        // Each value's count is Binomial(30000, 1/b); 6 standard deviations is a loose bound
        // that a correct sampler fails with probability below 1e-8.
        for j in 0..3 {
            let expected = 30_000.0 / bounds[j] as f64;
            let sd = (expected * (1.0 - 1.0 / bounds[j] as f64)).sqrt();
            for &count in &seen[j][..bounds[j] as usize] {
                assert!((f64::from(count) - expected).abs() < 6.0 * sd);
            }
        }
    }
}
