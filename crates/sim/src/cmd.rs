//! One module per command: each validates its arguments into a config, calls a library and
//! writes its rows.

pub mod equity;
pub mod exact;
pub mod preflop;
