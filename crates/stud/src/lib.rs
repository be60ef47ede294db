//! Seven-card stud, stud hi/lo (eight or better) and razz: equity of 2 to 8 players from the
//! cards they show and hold, exactly or by seeded Monte Carlo, and the odds tables of one hand.
//!
//! A player is their known cards (`AsAhKd`: all three theirs, 0 to 7 cards), optionally with
//! their two down cards as a hold'em range in parentheses (`(QQ+,AKs)Kd`, weights allowed);
//! dead cards are folded or exposed cards. Unknown cards are dealt uniformly from the rest; if
//! the deck cannot give every player seven cards, the last card is one community card shared
//! by all ([`spot`]).
//!
//! ```
//! use stud::{Game, Method, Spot, equity};
//!
//! // Heads-up on fifth street: as poker-eval's `pokenum -7s` prints it, 0.402895 / 0.597105.
//! let spot = Spot::parse(Game::Stud, &["AsAd9c5hJd", "8h9hThJh2s"], "").unwrap();
//! let exact = equity(&spot, &Method::Exact).unwrap();
//! assert_eq!(exact.tally.outcomes, 671_580);
//! assert_eq!(format!("{:.6}", exact.players[0].equity), "0.402895");
//!
//! // Razz on third street, a range against a board card, sampled with a seed.
//! let spot = Spot::parse(Game::Razz, &["(A2,A3,23)4c", "(random)Kd"], "7s").unwrap();
//! let method = Method::MonteCarlo { rounds: 100_000, seed: 7, target_stderr: None };
//! let sampled = equity(&spot, &method).unwrap();
//! assert!(sampled.players[0].equity > 0.8);
//!
//! // Hi/lo splits the pot: the columns say how.
//! let spot = Spot::parse(Game::StudHiLo, &["As2d3c7h9s", "4h5h7s8cKd"], "").unwrap();
//! let hilo = equity(&spot, &Method::Exact).unwrap();
//! let p = &hilo.players[0];
//! let shares = p.hilo.unwrap();
//! assert!((shares.high + shares.low - p.equity).abs() < 1e-12);
//! ```
//!
//! # How it works
//!
//! ```text
//!  "(QQ+,AKs)Kd" ──Hand::parse──▶ Spot (validated: duplicates, ranges, shared last card)
//!                                │
//!          ┌──────── resolve (exact_steps against EXACT_LIMITS) ────────────────┐
//!          ▼                                                                    ▼
//!  exact: each combination of range hands (weights multiply),          Monte Carlo: chunk c seeded
//!  each shared last card, then one count per deal:                      by (seed, c) through
//!    every player's completions valued once (completions)               engine::sum_chunks: draw the
//!    the last player's indexed by contained card sets (buckets)         ranged hands, deal the rest,
//!    other players' tuples × inclusion–exclusion look-ups (exact)       one showdown (heads-up: a
//!          │                                                            dealer word, 12 classes)
//!          └────────────────▶ Tally (integer pot units, Omaha's columns) ◀──────────┘
//!                                   ──▶ PlayerEquity per seat
//! ```
//!
//! Exact counting does not deal: heads-up on third street, C(46,4) · C(42,4) ≈ 1.8·10^10
//! showdowns, is 163,185 completions per player valued once and 16 bucket look-ups per
//! completion of the first ([`exact`]). The counts equal a dealing enumerator's on every spot
//! tested and the peers' printed digits on every recorded spot.
//!
//! Odds tables ([`mod@odds`]): the seven-card category table of one hand given its known and dead
//! cards, and the tables of final lows (razz `5_low` … `k_low`, `no_low`; eight or better
//! `5_low` … `8_low`, `no_low`), exact or by Monte Carlo.
//!
//! Evaluation ([`ranking`]) uses `eval`: the high evaluator's hand key, the A-5 and
//! eight-or-better lows from rank masks ([`eval::LowMasks`]) or, in hot loops, from the key's
//! rank-hash slot ([`eval::LowTable`], built on first use by the games with a low and only on
//! the paths that read it: heads-up with at most four cards to come reads each player's own
//! small table instead).
//!
//! Everything runs on the current rayon pool; wrap a call in [`engine::on_pool`] to choose the
//! threads. The library neither prints nor parses command lines.
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod breakdown;
mod buckets;
pub mod chart;
pub mod completions;
mod dealt_table;
mod equity;
mod error;
pub mod exact;
mod exact_table;
mod game;
mod heads_up;
mod limits;
pub mod monte_carlo;
pub mod odds;
pub mod odds_chunks;
pub mod ranking;
pub mod spot;
pub mod start_build;
pub mod start_classes;
pub mod start_percent;
pub mod start_ranking;
pub mod tally;
mod three_way;
mod two_way;
mod wavelet;

pub use breakdown::{breakdown, breakdown_until_stopped};
pub use engine::Method;
pub use equity::{EXACT_LIMITS, EquityResult, equity, equity_until_stopped, exact_steps, resolve};
pub use error::StudError;
pub use exact_table::{exact_table, exact_table_until_stopped};
pub use game::{Game, UnknownGame};
pub use odds::{Chart, Table, odds};
pub use spot::{Hand, Spot};
pub use tally::Tally;
