//! Uniform draws and counts, the one home of both in the workspace: integers below a bound from
//! 64-bit ([`below`]), 32-bit ([`below_u32`]) and 128-bit ([`below_u128`]) words, fair coin
//! flips ([`binomial_half`]) and the binomial coefficient ([`binomial`]).

use rand::RngCore;

/// A uniform integer in `0..bound` by Lemire's multiply-and-reject ("Fast random integer
/// generation in an interval", 2019): one random word and one multiplication, except for the
/// rare words (fewer than `bound` in `2^64`) that would favour some outcomes.
///
/// `bound` must be at least 1.
#[inline]
pub fn below<R: RngCore + ?Sized>(rng: &mut R, bound: usize) -> usize {
    debug_assert!(bound > 0);
    let bound = bound as u64;
    loop {
        let wide = u128::from(rng.next_u64()) * u128::from(bound);
        let low = wide as u64;
        if low >= bound || low >= bound.wrapping_neg() % bound {
            return (wide >> 64) as usize;
        }
    }
}

/// A uniform `u128` below `bound` (at least 1), by rejection from the fewest random bits that
/// cover `bound`: at most two tries are needed on average.
#[inline]
pub fn below_u128<R: RngCore + ?Sized>(rng: &mut R, bound: u128) -> u128 {
    debug_assert!(bound > 0);
    let bits = 128 - (bound - 1).leading_zeros();
    let mask = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    loop {
        let x = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & mask;
        if x < bound {
            return x;
        }
    }
}

/// A uniform integer in `0..bound` from 32-bit words, by Lemire's multiply-and-reject: for hot
/// loops whose bounds fit in 32 bits (a card index, a range's combination), where half a random
/// word per draw is enough. Its stream differs from [`below`]'s: the two are not interchangeable
/// in a seeded run.
///
/// `bound` must be at least 1.
#[inline(always)]
pub fn below_u32<R: RngCore + ?Sized>(rng: &mut R, bound: u32) -> u32 {
    debug_assert!(bound > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(bound);
    if (m as u32) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(bound);
        }
    }
    (m >> 32) as u32
}

/// The binomial coefficient `C(n, k)`, exactly: 0 when `k > n`. Every intermediate product
/// `C(n, i) · (n − i)` must fit in a `u128`, which holds for every count of cards from a deck
/// (`C(52, 26)` is below 2^49).
pub const fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// The number of heads in `n` fair coin flips, a Binomial(`n`, 1/2) draw: the population count
/// of `n` random bits, one random word per 64 flips.
#[inline]
pub fn binomial_half<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    let mut left = n;
    let mut heads = 0;
    while left > 0 {
        let take = left.min(64);
        let word = rng.next_u64();
        let bits = if take == 64 {
            word
        } else {
            word & ((1 << take) - 1)
        };
        heads += bits.count_ones() as usize;
        left -= take;
    }
    heads
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut seen = [0u32; 7];
        for _ in 0..70_000 {
            seen[below(&mut rng, 7)] += 1;
        }
        // Each count is Binomial(70000, 1/7): mean 10000, sd about 93; 6 sd is a loose bound.
        assert!(
            seen.iter()
                .all(|&c| (f64::from(c) - 10_000.0).abs() < 560.0)
        );
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn below_u32_and_u128_stay_in_range_and_hit_every_value() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut seen = [0u32; 7];
        for _ in 0..70_000 {
            seen[below_u32(&mut rng, 7) as usize] += 1;
            seen[below_u128(&mut rng, 7) as usize] += 1;
        }
        // Each count is Binomial(140000, 1/7): mean 20000, sd about 131; 6 sd is a loose bound.
        assert!(
            seen.iter()
                .all(|&c| (f64::from(c) - 20_000.0).abs() < 790.0),
            "{seen:?}"
        );
        assert_eq!(below_u32(&mut rng, 1), 0);
        assert_eq!(below_u128(&mut rng, 1), 0);
        assert!(below_u128(&mut rng, u128::MAX) < u128::MAX);
    }

    #[test]
    fn binomial_matches_pascals_triangle() {
        for n in 0..60u128 {
            assert_eq!(binomial(n, 0), 1);
            assert_eq!(binomial(n, n + 1), 0);
            for k in 1..=n {
                assert_eq!(
                    binomial(n, k),
                    binomial(n - 1, k - 1) + binomial(n - 1, k),
                    "C({n},{k})"
                );
            }
        }
        assert_eq!(binomial(52, 7), 133_784_560);
    }

    #[test]
    fn binomial_half_has_the_right_mean_and_range() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
        let trials = 20_000;
        let mut sum = 0;
        for _ in 0..trials {
            let heads = binomial_half(&mut rng, 100);
            assert!(heads <= 100);
            sum += heads;
        }
        // Mean 50, sd of the average 5 / sqrt(20000) = 0.035; 0.25 is over 7 sd.
        let mean = sum as f64 / f64::from(trials);
        assert!((mean - 50.0).abs() < 0.25, "{mean}");
        assert_eq!(binomial_half(&mut rng, 0), 0);
    }
}
