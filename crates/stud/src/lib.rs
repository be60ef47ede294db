//! Seven-card stud, stud hi/lo (eight or better) and razz.
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod buckets;
pub mod completions;
mod error;
pub mod exact;
mod game;
pub mod ranking;
pub mod spot;
pub mod tally;
mod wavelet;

pub use error::StudError;
pub use game::{Game, UnknownGame};
pub use spot::{StudHand, StudSpot};
pub use tally::{PlayerEquity, Tally};
