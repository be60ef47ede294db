//! One module per command: each validates its arguments into a config, calls a library and
//! writes its rows.

pub mod bench;
pub mod breakdown;
pub mod calling;
pub mod deal;
pub mod distribution;
pub mod equity;
pub mod exact;
pub mod hits;
pub mod merge;
pub mod odds;
pub mod plot;
pub mod preflop;
pub mod query;
pub mod rank;
pub mod runouts;
pub mod shuffle;
pub mod streets;
