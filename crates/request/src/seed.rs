//! A run's seed: as given, or drawn at random (and reported, so that the run can be repeated).

use rand::TryRngCore;
use rand::rngs::OsRng;

/// A run's seed, resolved once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed {
    /// The seed.
    pub value: u64,
    /// Whether it was drawn at random (and must be shown for the run to be repeated).
    pub drawn: bool,
}

impl Seed {
    /// The given seed, or one drawn at random.
    pub fn resolve(given: Option<u64>) -> Self {
        match given {
            Some(value) => Self {
                value,
                drawn: false,
            },
            None => Self {
                value: drawn_seed(),
                drawn: true,
            },
        }
    }
}

/// A seed from the operating system's generator: one system call. (`rand::random` would set
/// up a thread-local ChaCha generator first, whose start asks the processor for its features:
/// a tenth of a millisecond of a one-showdown run on a virtual machine.) Should the system's
/// generator fail, the thread-local one tries (and reports) it again.
fn drawn_seed() -> u64 {
    OsRng.try_next_u64().unwrap_or_else(|_| rand::random())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_seed_is_kept_and_a_missing_one_drawn() {
        assert_eq!(
            Seed::resolve(Some(7)),
            Seed {
                value: 7,
                drawn: false
            }
        );
        assert!(Seed::resolve(None).drawn);
        // Two draws of 64 random bits are equal once in 2^64 runs.
        assert_ne!(Seed::resolve(None).value, Seed::resolve(None).value);
    }
}
