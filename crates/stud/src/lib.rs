//! Seven-card stud, stud hi/lo (eight or better) and razz.
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod buckets;
pub mod completions;
mod equity;
mod error;
pub mod exact;
mod game;
mod heads_up;
pub mod monte_carlo;
pub mod odds;
pub mod ranking;
pub mod spot;
pub mod tally;
mod wavelet;

pub use equity::{
    DEFAULT_ROUNDS, EXACT_AUTO_STEPS, EXACT_MAX_STEPS, Method, StudEquity, TARGET_MAX_ROUNDS,
    equity, equity_until_stopped, exact_steps,
};
pub use error::StudError;
pub use game::{Game, UnknownGame};
pub use odds::{Chart, Table, exact_table, odds};
pub use spot::{StudHand, StudSpot};
pub use tally::{PlayerEquity, Tally};
