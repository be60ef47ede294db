//! The query language of `sim query`: ProPokerTools' PQL form, `select … from … where …`,
//! parsed with the line and column of every piece, type-checked against its game, compiled
//! once and evaluated per dealt trial without allocating, by exact enumeration when cheap and
//! seeded Monte Carlo otherwise.
//!
//! ```text
//!  text ─parse─▶ Query (ast, positions) ─prepare: bindings read, compile─▶ Prepared
//!       Prepared ─run: exact (every deal × board) or Monte Carlo (chunks seeded by (seed, c))─▶
//!       Tally (integer weights; exact pot units) ─lines─▶ Answer (value, std error, interval)
//! ```
//!
//! The language reads hands through [`RangeReader`]s, which the request layer gives for each
//! game ([`Readers`]): this crate depends on no family crate.
//!
//! ```
//! use engine::{Game, Method};
//! use query::{RangeReader, Readers, TwoCardReader, prepare, resolve, run};
//!
//! struct Holdem;
//! impl Readers for Holdem {
//!     fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
//!         Ok(Box::new(TwoCardReader { game }))
//!     }
//! }
//! let text = "select avg(riverEquity(hero)) as eq from game='holdem', hero='AsAh', \
//!             villain='KsKh', board='2c7d9h'";
//! let prepared = prepare(text, &Holdem).unwrap();
//! let method = resolve(&prepared, &Method::Auto { seed: 1 }).unwrap();
//! let answer = run(&prepared, &method).unwrap();
//! assert!(answer.exact && answer.lines[0].value > 0.9);
//! let error = prepare("select avg(riverEquty(hero)) from hero='AsAh'", &Holdem).unwrap_err();
//! assert_eq!(error.to_string(), "query:1:12: unknown function 'riverEquty' (did you mean riverEquity?)");
//! ```
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod answer;
pub mod ast;
pub mod board_range;
mod calls;
pub mod check;
pub mod deal;
mod error;
pub mod exact;
pub mod functions;
mod generic;
pub mod hands;
pub mod later_draws;
pub mod lexer;
mod memo;
pub mod monte_carlo;
pub mod parser;
pub mod program;
pub mod rules;
pub mod run;
pub mod spot;
pub mod street_table;
pub mod street_table_build;
mod street_table_ranks;
pub mod stud_equity;
pub mod tally;
pub mod trial;
pub mod types;

pub use answer::{Answer, Line};
pub use error::{Pos, QueryError};
pub use hands::{Hands, RangeReader, TwoCardReader};
pub use parser::parse;
pub use run::{EXACT_LIMITS, RunError, resolve, run, run_until_stopped};
pub use spot::{Player, Prepared, Readers, prepare};
