//! Category counts: integer tallies that merge by addition, so merge order cannot matter.

use std::ops::{Add, AddAssign};

use eval::Category;

/// How many hands fell in each category, indexed by [`Category::index`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct CategoryCounts(pub [u64; Category::COUNT]);

impl CategoryCounts {
    /// The count of one category.
    pub fn get(&self, category: Category) -> u64 {
        self.0[category.index()]
    }

    /// The share of all hands counted that fell in `category` (NaN when none were counted).
    pub fn probability(&self, category: Category) -> f64 {
        self.get(category) as f64 / self.total() as f64
    }

    /// All hands counted.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    /// All hands counted, or `None` when the sum does not fit in 64 bits: for counts read from a
    /// file, which no run dealt and [`total`](Self::total) would wrap.
    pub fn checked_total(&self) -> Option<u64> {
        self.0.iter().try_fold(0u64, |sum, &c| sum.checked_add(c))
    }

    /// Takes the first [`Category::COUNT`] entries of a wider counter array indexed by category
    /// (hot loops count into 16 slots so that an index needs no bounds check).
    pub fn from_slots(slots: &[u64; 16]) -> Self {
        let mut counts = [0; Category::COUNT];
        counts.copy_from_slice(&slots[..Category::COUNT]);
        debug_assert!(slots[Category::COUNT..].iter().all(|&c| c == 0));
        Self(counts)
    }

    /// Adds up counts kept per strength tier (`strength >> 12` of an [`eval::Ranking`]) into
    /// their categories, `categories[tier]` (a short-deck straight has a tier on each side of
    /// trips).
    pub fn from_tiers(tiers: &[u64; 16], categories: &[Category; 16]) -> Self {
        let mut counts = [0; Category::COUNT];
        for (&count, category) in tiers.iter().zip(categories) {
            counts[category.index()] += count;
        }
        Self(counts)
    }
}

impl CategoryCounts {
    /// Whether every category's standard error, `sqrt(p (1 - p) / n)` as in the odds table, is
    /// below `target`: the stopping rule of a run with a precision target.
    pub fn every_std_error_below(&self, target: f64) -> bool {
        let n = self.total();
        if n == 0 {
            return false;
        }
        let n = n as f64;
        self.0.iter().all(|&c| {
            let p = c as f64 / n;
            (p * (1.0 - p) / n).sqrt() < target
        })
    }
}

impl Add for CategoryCounts {
    type Output = Self;

    fn add(mut self, other: Self) -> Self {
        self += other;
        self
    }
}

impl AddAssign for CategoryCounts {
    fn add_assign(&mut self, other: Self) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_total_refuses_sums_past_64_bits() {
        let mut counts = CategoryCounts([3, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
        assert_eq!(counts.checked_total(), Some(7));
        // The crafted checkpoint of issue 24: 2^64 - 1 and 100000001 wrap to 100000000.
        counts.0[0] = u64::MAX;
        counts.0[9] = 100_000_001;
        assert_eq!(counts.checked_total(), None);
        counts.0[9] = 0;
        assert_eq!(counts.checked_total(), Some(u64::MAX));
    }
}
