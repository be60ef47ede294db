//! Validated configurations: the one step that turns parsed arguments into typed configs, one
//! module per command. The checks, defaults and limits themselves live in the `request` crate
//! (shared with the Python package); this module adds only what belongs to the command line:
//! output files, checkpoints, shards and progress.

pub mod bench;
pub mod breakdown;
pub mod calling;
pub mod distribution;
pub mod equity;
pub mod exact;
pub mod hits;
pub mod long_run;
pub mod odds;
pub mod preflop;
pub mod query;
pub mod rank;
pub mod runouts;
pub mod shared;
pub mod shuffle;
pub mod streets;

pub use bench::BenchConfig;
pub use equity::EquityConfig;
pub use exact::ExactConfig;
pub use long_run::LongRunConfig;
pub use odds::OddsConfig;
pub use preflop::PreflopConfig;
pub use request::preflop::PreflopTable;
pub use shared::{
    MAX_THREADS, OutputSpec, Seed, announce_seed, game, hand_spec, positive, resolve_threads,
};
