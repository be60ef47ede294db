//! Omaha: pot-limit Omaha with 4, 5 or 6 hole cards, high only and hi/lo 8-or-better.
//!
//! Every hand is exactly **two** hole cards plus exactly **three** of the five board cards; in
//! hi/lo games the pot splits in halves and the low half goes to the best five-card low of
//! distinct ranks eight or below (aces low, straights and flushes ignored), the high hand taking
//! the whole pot when no low qualifies.
//!
//! ```
//! use deck::parse_cards;
//! use omaha::evaluate::{high_value, low_hand, category_index};
//!
//! let board: [deck::Card; 5] = parse_cards("Ah Kh 7h 2c 3d").unwrap().try_into().unwrap();
//! // One heart in hand makes no flush in Omaha; two do.
//! let one = high_value(&parse_cards("Qh Jc Tc 9s").unwrap(), &board);
//! let two = high_value(&parse_cards("Qh Jh Tc 9s").unwrap(), &board);
//! assert_eq!(eval::Category::ALL[category_index(two)], eval::Category::Flush);
//! assert!(two > one);
//! assert_eq!(low_hand(&parse_cards("4s 5d Kc Kd").unwrap(), &board), Some([5, 4, 3, 2, 1]));
//! ```
//!
//! # How it works
//!
//! ```text
//!  board (5 cards) ──Board::new──▶ row of HIGH (rank multiset) · low mask · flush triples
//!  hand (4–6)      ──Hole::new───▶ distinct rank pairs · rank mask per suit · low mask
//!  high = max HIGH[row][pair] (one row, ≤ 15 loads) ⊔ flush (only on three-suited boards)
//!  low  = LOW[hole mask][board mask]
//! ```
//!
//! The tables ([`tables`]) take [`tables::TABLE_BYTES`] bytes (about 1.1 MiB) and are built once
//! per process in a few milliseconds; a board is prepared once for all players.
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod board_build;
pub mod breakdown;
mod equity;
mod error;
pub mod evaluate;
pub mod exact;
mod flush;
pub mod hand_classes;
pub mod monte_carlo;
pub mod odds;
#[cfg(test)]
mod oracle;
pub mod plo4_classes;
pub mod plo4_hilo;
pub mod plo4_ranking;
pub mod plo5_classes;
pub mod plo5_ranking;
pub mod plo6_classes;
pub mod plo6_ranking;
pub mod range;
pub mod ranked;
pub mod runouts;
pub mod showdown;
pub mod spot;
pub mod streets;
pub mod tables;

pub use breakdown::{breakdown, breakdown_until_stopped};
pub use equity::{EXACT_LIMITS, EquityResult, equity, equity_until_stopped, resolve};
pub use error::OmahaError;
pub use range::Range;
pub use spot::Spot;
pub use streets::{Streets, streets, streets_until_stopped};
