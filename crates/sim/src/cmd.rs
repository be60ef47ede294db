//! One module per command: each validates its arguments into a config, calls a library and
//! writes its rows.

pub mod bench;
pub mod breakdown;
pub mod deal;
pub mod equity;
pub mod exact;
pub mod merge;
pub mod odds;
pub mod omaha_equity;
pub mod omaha_odds;
pub mod plot;
pub mod preflop;
pub mod shuffle;
