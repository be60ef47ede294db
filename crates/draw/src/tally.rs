//! Showdown counts of a draw pot in integer pot units: engine's pot tally
//! ([`engine::pot_tally`]), the one stud and Omaha count in, with the hi/lo splits described
//! there.

/// Counts of a run, in `u128`.
pub type Tally = engine::PotTally<u128>;

/// Counts of one piece of work (a chunk, a piece of an exact count), in `u64`.
pub type LocalTally = engine::PotTally;
