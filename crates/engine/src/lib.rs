//! The run engine: how every seeded computation of the workspace is cut into chunks, seeded,
//! spread over threads and merged, plus the hold'em category counts built on it.
//!
//! ```text
//!  rounds ──ChunkPlan──▶ chunks 0..C ──chunk_rng(seed, c)──▶ work(Chunk) on any rayon worker
//!                                                             │ counters in local arrays
//!                        sum_chunks: added up ◀───────────────┤ (integers: order cannot matter)
//!                        driver: in chunk order ◀─────────────┘ (targets checked after each chunk)
//! ```
//!
//! Output depends only on the seed, the plan and the inputs, never on the thread count: a
//! chunk's generator is seeded by (seed, chunk index), not by the thread that runs it.
//!
//! - [`plan`], [`seed`], [`chunks`], [`pool`]: the chunk plan, per-chunk generators, the one
//!   parallel map-reduce and a pool of a given size; [`count`]: counts as people write them
//!   (`250M`, `2.5e8`);
//! - the equity vocabulary every game shares: [`Method`] (exact or Monte Carlo, resolved against
//!   each game's [`ExactLimits`]), [`PlayerEquity`] and [`EquityResult`], the tallies
//!   ([`SplitTally`] for pots won whole or split among ties, [`PotTally`] for high/low pots in
//!   integer pot units, counted in `u64` in hot loops and `u128` for weighted totals) and the [`WeightedDraw`] of a range's hand;
//! - [`choose`]: the binomial coefficient of card counts, one table for every family;
//! - [`game`]: the game list, every game described once;
//! - [`driver`]: long runs, each worker taking the next chunk as soon as it is free, a stopping
//!   rule checked after every chunk in chunk order, progress and checkpoints reported as chunks
//!   are counted, signals asked before each chunk;
//! - [`pieces`]: Monte Carlo equity that a caller may stop (Python's calls) or a precision
//!   target may end, summed in pieces with the target checked between them;
//! - [`odds_loop`] and [`exact_counts`]: category counts by Monte Carlo (the hot loop) and
//!   exactly, one loop and one visit generic over the deck size and the [`eval::Ranking`] (hold'em
//!   and short deck); [`odds_loop::OddsChunks`] and [`exact_counts::exact_counts_of`] pick by the
//!   hand's [`Game`]; [`first_cards`] splits an enumeration into one job for each of its first
//!   two cards; [`estimate`] turns counts into probabilities with intervals;
//! - [`range_text`]: what hold'em and Omaha ranges share (weights, qualifiers) and the wording
//!   of their refusals; [`two_card_range`]: the range of two hidden cards (`QQ+,AKs:0.5`) that
//!   hold'em, short deck, stud's down cards and hits all read;
//! - [`streets`], [`street`] and [`next_street`]: street-by-street equity of any board game (the
//!   per-street loop, the next cards, their card-removal weights and the next street's spread),
//!   a game plugging in through [`StreetSpot`].
//!
//! ```
//! use engine::{ChunkPlan, HandSpec, estimate, exact_counts, odds_loop};
//!
//! let hand = HandSpec::new(7, deck::parse_cards("AsAh").unwrap()).unwrap();
//! let counts = odds_loop::simulate(&hand, 42, &ChunkPlan::new(100_000));
//! assert_eq!(counts.total(), 100_000);
//! let exact = exact_counts::exact_counts(hand.cards(), hand.known());
//! let rows = estimate::estimates(&counts, &exact);
//! // With a pair in hand, no hand is worse than a pair.
//! assert_eq!(rows[0].count, 0);
//! assert!(rows.iter().all(|r| r.z_score.abs() < 5.0));
//! ```
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod breakdown_rows;
mod category_counts;
pub mod choose;
pub mod chunks;
pub mod class_build;
pub mod class_ranking;
pub mod count;
pub mod counted_ranking;
pub mod deal_fit;
pub mod distribution;
pub mod driver;
mod error;
pub mod estimate;
pub mod exact_counts;
pub mod first_cards;
pub mod game;
mod hand;
pub mod method;
pub mod named_ranking;
pub mod next_street;
pub mod odds_loop;
pub mod pieces;
pub mod plan;
pub mod player_count;
mod player_equity;
pub mod pool;
pub mod pot_counts;
pub mod pot_tally;
pub mod range_text;
pub mod runouts;
pub mod seed;
pub mod split_tally;
pub mod strata;
pub mod street;
pub mod streets;
pub mod two_card_range;
pub mod two_card_text;
pub mod varint;
pub mod watch;
mod weighted_draw;
pub mod winner_masks;

pub use breakdown_rows::{
    BreakdownEntry, BreakdownError, BreakdownRows, MAX_COMBINATIONS, MAX_HAND_ROWS, PlayerRows,
};
pub use category_counts::CategoryCounts;
pub use chunks::{Chunk, sum_chunks};
pub use count::{CountError, parse_count};
pub use deal_fit::masks_fit;
pub use distribution::{Distribution, DistributionError, HandPoint};
pub use error::EngineError;
pub use game::{
    Command, DeckKind, Family, GAMES, Game, GameId, GameOption, GameSpec, HandRule, HighRule,
    LowRule, RangeSyntax,
};
pub use hand::{HandSpec, check_dead};
pub use method::{
    AUTO_EXACT_NANOS, DEFAULT_ROUNDS, ExactCost, ExactLimits, ExactRefusal, Method, MethodError,
    TARGET_MAX_ROUNDS,
};
pub use pieces::{STOP_PIECE_CHUNKS, TargetCheck, sum_pieces_until_stopped};
pub use plan::ChunkPlan;
pub use player_count::{MIN_PLAYERS, PlayerCountError, check_player_count};
pub use player_equity::{EquityResult, HiLoShares, PlayerEquity};
pub use pool::{on_pool, on_pool_with_caller};
pub use pot_tally::{Counter, PotTally};
pub use range_text::RangeError;
pub use split_tally::{LocalCounts, MAX_PLAYERS, SplitTally};
pub use strata::Strata;
pub use street::Street;
pub use streets::{StreetEquity, StreetSpot, Streets};
pub use watch::{PART_UNITS, Parts, StopOnly, Watch};
pub use weighted_draw::WeightedDraw;
pub use winner_masks::{MASK_PLAYERS, WinnerMasks};
