//! The draw of one hand from a range, uniform or by the range's weights: the same in every game
//! whose ranges carry weights (hold'em's `AKs:0.5`, Omaha's `AAxx:ds:0.25`).

use deck::uniform::below_u32;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Draws an index `0..len` of a range's hands: uniformly, or with probability proportional to
/// each hand's weight (integer weights, the thousandths the range syntax gives).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeightedDraw {
    /// Hands to choose from.
    len: u32,
    /// Running sums of the weights, or `None` for a uniform draw.
    cumulative: Option<Vec<u32>>,
}

impl WeightedDraw {
    /// A uniform draw among `len` hands.
    pub fn uniform(len: usize) -> Self {
        Self {
            len: u32::try_from(len).unwrap_or(u32::MAX),
            cumulative: None,
        }
    }

    /// A draw among hands of these weights (each at least 1, summing to below 2^32).
    pub fn weighted(weights: &[u32]) -> Self {
        let cumulative = weights
            .iter()
            .scan(0u32, |sum, &w| {
                *sum += w;
                Some(*sum)
            })
            .collect();
        Self {
            len: u32::try_from(weights.len()).unwrap_or(u32::MAX),
            cumulative: Some(cumulative),
        }
    }

    /// The draw of a range whose hands have `weights`: by weight when `weighted`, otherwise
    /// uniform.
    pub fn of_range(weights: &[u32], weighted: bool) -> Self {
        if weighted {
            Self::weighted(weights)
        } else {
            Self::uniform(weights.len())
        }
    }

    /// Draws one index. A single hand is chosen without a draw; otherwise one bounded draw from
    /// `rng` (a weighted draw picks the hand whose running sum first exceeds it).
    #[inline(always)]
    pub fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> usize {
        match &self.cumulative {
            None if self.len == 1 => 0,
            None => below_u32(rng, self.len) as usize,
            Some(cumulative) => {
                let total = cumulative.last().copied().unwrap_or(1);
                let r = below_u32(rng, total);
                cumulative.partition_point(|&c| c <= r)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn draws_follow_the_weights() {
        // Weights 1 : 3 : 6. Over 60,000 draws each share's binomial standard deviation is at
        // most 0.002, so a tolerance of 0.01 (5 standard deviations) cannot fail by chance at
        // this fixed seed unless the draw is biased.
        let draw = WeightedDraw::weighted(&[100, 300, 600]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut counts = [0u32; 3];
        for _ in 0..60_000 {
            counts[draw.draw(&mut rng)] += 1;
        }
        for (count, share) in counts.iter().zip([0.1, 0.3, 0.6]) {
            assert!(
                (f64::from(*count) / 60_000.0 - share).abs() < 0.01,
                "{counts:?}"
            );
        }
    }

    #[test]
    fn uniform_draws_cover_every_hand_and_a_single_hand_draws_nothing() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let draw = WeightedDraw::of_range(&[1000; 5], false);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[draw.draw(&mut rng)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        let before = rng.clone();
        assert_eq!(WeightedDraw::uniform(1).draw(&mut rng), 0);
        assert_eq!(rng, before);
    }
}
