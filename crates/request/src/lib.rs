//! The request layer: what a user asks for (a game, cards, hands or ranges, round counts, a
//! precision target, threads, a seed) turned into validated requests with the documented
//! defaults and limits, and run by the game libraries. The `sim` binary and the Python package
//! both call it, so they accept and refuse the same inputs with the same messages, and no
//! default or limit is written twice.
//!
//! ```text
//!  sim (clap types) ─┐                      ┌─▶ holdem / omaha / engine (the computations)
//!                    ├─▶ request::* ─────────┤
//!  Python (pyo3)  ───┘   checks, defaults,  └─▶ RequestError: one line in the command line's
//!                        limits, game list       words (sim: exit 2, Python: ValueError)
//! ```
//!
//! ```
//! use engine::{Command, Method};
//! use request::equity::{EquityArgs, EquityRequest};
//!
//! let game = request::game::game_named("holdem", false, Command::Equity).unwrap();
//! let players = ["AsAh".to_string(), "KsKh".to_string()];
//! let args = EquityArgs {
//!     seed: Some(1),
//!     ..EquityArgs::new(game, &players)
//! };
//! let request = EquityRequest::new(&args).unwrap();
//! // Cheap enough to count every board.
//! assert_eq!(request.method, Method::Exact);
//! let outcome = request.run().unwrap();
//! assert_eq!(outcome.players[0].wins, 1_410_336);
//! assert_eq!(
//!     request::threads::threads(Some(5000)).unwrap_err().to_string().split(':').next(),
//!     Some("--threads 5000")
//! );
//! ```
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod auto_choice;
pub mod breakdown;
pub mod breakdown_table;
pub mod calling;
pub mod calling_table;
pub mod cards;
pub mod catalog;
pub mod counted_rank;
pub mod counted_rank_build;
pub mod counted_rank_table;
pub mod distribution;
pub mod distribution_table;
pub mod equity;
mod equity_args;
pub mod equity_columns;
mod equity_outcome;
pub mod equity_table;
mod error;
mod error_words;
pub mod exact;
pub mod family;
pub mod game;
pub mod game_options;
pub mod hits;
pub mod hits_table;
pub mod odds;
mod odds_hand;
pub mod odds_summary;
pub mod odds_table;
mod odds_work;
pub mod params;
pub mod preflop;
pub mod query;
pub mod query_table;
pub mod rank;
pub mod rank_ask;
pub mod rank_table;
pub mod run_params;
pub mod runouts;
mod runouts_exact;
pub mod runouts_table;
pub mod seed;
pub mod streets;
pub mod streets_table;
pub mod stud_odds;
pub mod table;
pub mod table_chart;
pub mod threads;
pub mod versus;

pub use error::RequestError;
