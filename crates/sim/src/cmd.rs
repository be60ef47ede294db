//! One module per command: each validates its arguments into a config, calls a library and
//! writes its rows.

pub mod deal;
pub mod exact;
pub mod shuffle;
