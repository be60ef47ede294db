//! The shuffle lab: how random are shuffles and deals?
//!
//! - [`paths`]: every sequence of a shuffle's random choices, visited one by one, and the
//!   lexicographic rank of an order;
//! - [`permutations`]: how many choice sequences of a small deck's naive or Fisher–Yates shuffle
//!   end in each order (exact integers);
//! - [`audit`]: chi-square tests of the position × card table of a shuffle, with p-values;
//! - [`total_variation`]: the distance of `k` riffles to a uniform shuffle, exactly (Bayer &
//!   Diaconis) and from simulated decks;
//! - [`riffled_odds`]: seven-card category counts when each round riffles a new deck;
//! - [`deal_patterns`]: suit patterns (4-4-3-2, …) of dealt hands by three dealing methods,
//!   against their exact probabilities.
//!
//! The shuffle models themselves live in the `deck` crate. Every simulation runs its rounds
//! through [`engine::sum_chunks`], so its counts depend only on the seed and the rounds, never on
//! the thread count. Results are plain data: counts and statistics, no text.
//!
//! ```
//! use engine::ChunkPlan;
//! use shuffle_lab::audit::{self, Audit, AuditMethod};
//! use shuffle_lab::permutations::{EnumeratedMethod, enumerate};
//! use shuffle_lab::total_variation::exact_tv;
//!
//! // The naive shuffle of three cards: 27 choice sequences over 6 orders cannot be uniform.
//! assert_eq!(enumerate(EnumeratedMethod::Naive, 3), [4, 5, 5, 5, 4, 4]);
//!
//! // Seven riffles of 52 cards are still 0.334 from uniform in total variation.
//! assert!((exact_tv(52, 7) - 0.334).abs() < 5e-4);
//!
//! // A single riffle fails a chi-square audit outright.
//! let one_riffle = Audit::new(AuditMethod::Riffle, 52, 7, 1, 4)?;
//! let counts = audit::simulate(&one_riffle, 42, &ChunkPlan::new(20_000));
//! assert!(one_riffle.summary(&counts, 20_000).p_value < 1e-12);
//! # Ok::<(), shuffle_lab::ShuffleLabError>(())
//! ```
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod audit;
pub mod deal_patterns;
mod error;
pub mod paths;
pub mod permutations;
pub mod riffled_odds;
pub mod total_variation;

pub use error::ShuffleLabError;
