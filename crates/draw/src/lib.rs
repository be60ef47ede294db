//! The draw games: five-card draw (high, and hi/lo eight or better), deuce-to-seven and
//! ace-to-five lowball (single draw and triple draw) and badugi. Equity of 2 to 10 players from
//! the cards each keeps, exactly or by seeded Monte Carlo, over one draw or up to three.
//!
//! A player is the cards they keep at the next draw (`7c5d2h`: keeps three, draws two) or
//! `random` (a whole new hand); the dead cards are discards seen and folded hands. At the
//! first draw every hand is filled from the unseen cards; at later draws each player stands
//! pat or draws by the stated rule ([`rule`]).
//!
//! ```
//! use draw::{Game, Spot, equity};
//! use engine::Method;
//!
//! // 2-7 single draw: a one-card draw to 7-5-4-3 against a pat 9-8.
//! let spot = Spot::parse(Game::Lowball27, &["7c5d4h3s", "9c8d6h4s2c"], "").unwrap();
//! let exact = equity(&spot, &Method::Exact).unwrap();
//! assert_eq!(exact.tally.outcomes, 43);
//! // Wins with a 2, an 8 or a 9 (three of each among the 43 unseen cards); a 6 makes a
//! // straight, which loses in 2-7.
//! assert_eq!(exact.players[0].equity, 9.0 / 43.0);
//! ```
//!
//! A player may also be a range of kept hands, `7c5d4h3s,8s6h4c3d:0.5` ([`range`]): the
//! equity is then over every combination of one hand per ranged player that shares no card,
//! weighed by the product of the weights, and [`breakdown()`] gives each hand's own equity.
//!
//! Odds tables ([`chart`]): the class of one hand's final cards after the draw that fills
//! them, exact or by Monte Carlo (2-7 lows by top card, paired, straight or flush; A-5 lows;
//! badugis by size and top card; five-card draw's categories; the eight-or-better lows).
//!
//! Everything runs on the current rayon pool; wrap a call in [`engine::on_pool`] to choose the
//! threads. The library neither prints nor parses command lines.
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod breakdown;
pub mod chart;
pub mod completions;
pub mod draws_cost;
pub mod draws_exact;
pub mod draws_table;
mod equity;
mod error;
pub mod exact;
mod game;
pub mod later_draws;
pub mod monte_carlo;
pub mod pat_build;
pub mod pat_classes;
pub mod pat_percent;
pub mod pat_ranking;
pub mod range;
mod ranged;
pub mod rank_classes;
pub mod ranking;
mod resolve;
pub mod rule;
mod spot;
pub mod tally;

pub use breakdown::{breakdown, breakdown_until_stopped};
pub use chart::{Chart, HandTable};
pub use draws_cost::DrawsCost;
pub use draws_table::DrawsTable;
pub use equity::{EquityResult, equity, equity_until_stopped};
pub use error::DrawError;
pub use exact::{EXACT_LIMITS, exact_steps};
pub use game::{Game, Scoring};
pub use range::KeptRange;
pub use resolve::resolve;
pub use spot::{Hand, Spot, pat_ranks};
