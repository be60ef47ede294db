//! One uniform index at a time, for shuffles whose bounds change card by card.

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
