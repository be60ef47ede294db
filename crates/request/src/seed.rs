//! A run's seed: as given, or drawn at random (and reported, so that the run can be repeated).

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
                value: rand::random(),
                drawn: true,
            },
        }
    }
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
    }
}
