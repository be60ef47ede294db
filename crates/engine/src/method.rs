//! How an equity computation counts, for every game: exact enumeration or seeded Monte Carlo,
//! and the one rule that resolves [`Method::Auto`] and checks the limits (each game passes its
//! own limits and the cost of its spot as data).
//!
//! The refusals are worded without the command line's flags (`an exact count would visit …`);
//! the request layer words them for the person who typed the flags.

use std::fmt;

use crate::Game;

/// Monte Carlo rounds of [`Method::Auto`] when it samples, and the usual default.
pub const DEFAULT_ROUNDS: u64 = 10_000_000;

/// [`Method::Auto`] counts exactly whenever the game's cost model puts the count at no more
/// than this many nanoseconds of one core (50 ms): an answer that comes in the blink of an eye is
/// an exact one. A game may count larger spots exactly too, up to [`ExactLimits::auto`], where
/// the count is still no dearer than the [`DEFAULT_ROUNDS`] of Monte Carlo it replaces.
pub const AUTO_EXACT_NANOS: u128 = 50_000_000;

/// Monte Carlo rounds at most, with a standard-error target and no round count given.
pub const TARGET_MAX_ROUNDS: u64 = 1 << 32;

/// How an equity computation counts.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// Exact when the game can count the spot exactly within its automatic limit
    /// ([`ExactLimits::auto`]), otherwise Monte Carlo with [`DEFAULT_ROUNDS`] rounds and this
    /// seed.
    Auto {
        /// The seed, should Monte Carlo be chosen.
        seed: u64,
    },
    /// Every outcome (at most [`ExactLimits::max`]).
    Exact,
    /// Seeded sampling in chunks.
    MonteCarlo {
        /// Rounds; with a target, at most this many.
        rounds: u64,
        /// The run's seed: the same seed gives the same result on any number of threads.
        seed: u64,
        /// Stop at the first check where every player's standard error is below this, which
        /// must lie in (0, 1).
        target_stderr: Option<f64>,
    },
}

/// A game's limits on exact counting, in the unit of its [`ExactCost`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactLimits {
    /// [`Method::Auto`] counts exactly up to this cost.
    pub auto: u128,
    /// [`Method::Exact`] refuses a higher cost.
    pub max: u128,
    /// What the cost counts, for messages: `outcomes`, `hand combinations × boards`.
    pub unit: &'static str,
}

/// What an exact count of a spot would take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExactCost {
    /// At most this much work, in the unit of the game's [`ExactLimits`].
    Work(u128),
    /// The game cannot count this spot exactly, for this reason.
    Refused(ExactRefusal),
}

/// Why a game cannot count a spot exactly, however high the limits.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExactRefusal {
    /// The game counts exactly by listing every player's hands (Omaha), and a player's range is
    /// `random` or weighted.
    RandomOrWeighted {
        /// The game.
        game: Game,
        /// The range, as given.
        range: String,
    },
    /// The game counts exactly by indexing a player's completions (stud), and every player has
    /// more than an index holds.
    TooManyCompletions {
        /// An index holds at most `2^index_bits` entries.
        index_bits: u32,
    },
    /// The spot has draws after the first, whose every path a question does not count (the
    /// query language plays them by Monte Carlo).
    LaterDraws {
        /// The draws to come.
        draws: u32,
    },
}

impl fmt::Display for ExactRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::RandomOrWeighted { game, range } => write!(
                f,
                "exact {} equity needs hands or unweighted ranges; '{range}' is random or weighted (use Monte Carlo)",
                game.spec().title
            ),
            Self::TooManyCompletions { index_bits } => write!(
                f,
                "this spot cannot be counted exactly: every player has too many completions to \
                 index (more than 2^{index_bits} entries each)"
            ),
            Self::LaterDraws { draws } => write!(
                f,
                "a query counts one draw exactly; with {draws} draws it samples them (leave out --exact)"
            ),
        }
    }
}

/// Why a method cannot run a spot.
#[derive(Debug, Clone, PartialEq)]
pub enum MethodError {
    /// An exact count would take more than the game's [`ExactLimits::max`].
    TooMuchWork {
        /// Work it would take, at most.
        cost: u128,
        /// The limit.
        limit: u128,
        /// What the work counts.
        unit: &'static str,
    },
    /// The game cannot count the spot exactly.
    ExactRefused(ExactRefusal),
    /// A Monte Carlo run of zero rounds.
    NoRounds,
    /// A standard-error target outside (0, 1).
    BadTarget {
        /// The target.
        target: f64,
    },
}

impl fmt::Display for MethodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooMuchWork { cost, limit, unit } => write!(
                f,
                "an exact count would visit up to {cost} {unit} (limit {limit})"
            ),
            Self::ExactRefused(reason) => reason.fmt(f),
            Self::NoRounds => f.write_str("a Monte Carlo run needs at least 1 round"),
            Self::BadTarget { target } => write!(
                f,
                "the standard-error target {target} must lie strictly between 0 and 1"
            ),
        }
    }
}

impl std::error::Error for MethodError {}

impl Method {
    /// Monte Carlo rounds when none are given: [`TARGET_MAX_ROUNDS`] with a target,
    /// [`DEFAULT_ROUNDS`] without.
    pub fn default_rounds(target_stderr: Option<f64>) -> u64 {
        match target_stderr {
            Some(_) => TARGET_MAX_ROUNDS,
            None => DEFAULT_ROUNDS,
        }
    }

    /// The method a spot of cost `cost` uses in a game of limits `limits`: [`Method::Auto`]
    /// resolved to exact or Monte Carlo, and the limits checked. Never returns `Auto`.
    ///
    /// # Errors
    /// [`MethodError::ExactRefused`] or [`MethodError::TooMuchWork`] for an exact run the game
    /// cannot or will not do, [`MethodError::BadTarget`] for a target outside (0, 1),
    /// [`MethodError::NoRounds`] for zero rounds.
    pub fn resolve(&self, cost: &ExactCost, limits: &ExactLimits) -> Result<Method, MethodError> {
        match *self {
            Method::Auto { seed } => match cost {
                ExactCost::Work(work) if *work <= limits.auto => Ok(Method::Exact),
                _ => Method::MonteCarlo {
                    rounds: DEFAULT_ROUNDS,
                    seed,
                    target_stderr: None,
                }
                .resolve(cost, limits),
            },
            Method::Exact => match cost {
                ExactCost::Refused(reason) => Err(MethodError::ExactRefused(reason.clone())),
                ExactCost::Work(work) if *work > limits.max => Err(MethodError::TooMuchWork {
                    cost: *work,
                    limit: limits.max,
                    unit: limits.unit,
                }),
                ExactCost::Work(_) => Ok(Method::Exact),
            },
            Method::MonteCarlo {
                rounds,
                target_stderr,
                ..
            } => {
                if let Some(target) = target_stderr
                    && !(target > 0.0 && target < 1.0)
                {
                    return Err(MethodError::BadTarget { target });
                }
                if rounds == 0 {
                    return Err(MethodError::NoRounds);
                }
                Ok(self.clone())
            }
        }
    }

    /// Whether this is [`Method::Exact`].
    pub fn is_exact(&self) -> bool {
        *self == Method::Exact
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: ExactLimits = ExactLimits {
        auto: 100,
        max: 1000,
        unit: "outcomes",
    };

    #[test]
    fn auto_counts_cheap_spots_and_samples_the_rest() {
        let auto = Method::Auto { seed: 4 };
        assert_eq!(
            auto.resolve(&ExactCost::Work(100), &LIMITS),
            Ok(Method::Exact)
        );
        let sampled = Method::MonteCarlo {
            rounds: DEFAULT_ROUNDS,
            seed: 4,
            target_stderr: None,
        };
        assert_eq!(
            auto.resolve(&ExactCost::Work(101), &LIMITS),
            Ok(sampled.clone())
        );
        let refused = ExactCost::Refused(ExactRefusal::TooManyCompletions { index_bits: 25 });
        assert_eq!(auto.resolve(&refused, &LIMITS), Ok(sampled));
    }

    #[test]
    fn limits_and_settings_are_checked() {
        assert_eq!(
            Method::Exact.resolve(&ExactCost::Work(1001), &LIMITS),
            Err(MethodError::TooMuchWork {
                cost: 1001,
                limit: 1000,
                unit: "outcomes"
            })
        );
        let why = ExactRefusal::RandomOrWeighted {
            game: Game::plain(crate::GameId::Omaha),
            range: "AAxx:0.5".into(),
        };
        assert_eq!(
            Method::Exact.resolve(&ExactCost::Refused(why.clone()), &LIMITS),
            Err(MethodError::ExactRefused(why))
        );
        let mc = |rounds, target_stderr| Method::MonteCarlo {
            rounds,
            seed: 1,
            target_stderr,
        };
        let cost = ExactCost::Work(1);
        assert_eq!(
            mc(0, None).resolve(&cost, &LIMITS),
            Err(MethodError::NoRounds)
        );
        assert_eq!(
            mc(10, Some(1.0)).resolve(&cost, &LIMITS),
            Err(MethodError::BadTarget { target: 1.0 })
        );
        assert!(mc(10, Some(0.5)).resolve(&cost, &LIMITS).is_ok());
        assert_eq!(
            MethodError::TooMuchWork {
                cost: 7,
                limit: 100_000_000_000,
                unit: "outcomes"
            }
            .to_string(),
            "an exact count would visit up to 7 outcomes (limit 100000000000)"
        );
        assert_eq!(
            MethodError::NoRounds.to_string(),
            "a Monte Carlo run needs at least 1 round"
        );
        assert_eq!(
            MethodError::BadTarget { target: 0.0 }.to_string(),
            "the standard-error target 0 must lie strictly between 0 and 1"
        );
        assert_eq!(
            MethodError::ExactRefused(ExactRefusal::RandomOrWeighted {
                game: Game::plain(crate::GameId::Omaha5),
                range: "random".into()
            })
            .to_string(),
            "exact Omaha equity needs hands or unweighted ranges; 'random' is random or weighted (use Monte Carlo)"
        );
    }
}
