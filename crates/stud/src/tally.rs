//! Showdown counts of a stud pot in integer pot units: engine's pot tally
//! ([`engine::pot_tally`]), the one Omaha counts in, with the splits of a stud, stud hi/lo or
//! razz pot described there.
//!
//! Exact runs with weighted down-card ranges count each outcome with the product of the
//! weights, so totals are counted in `u128` ([`Tally`]); hot loops count in `u64`
//! ([`LocalTally`]) and add their counts in with a weight ([`engine::PotTally::add_local`]).

use engine::PotTally;

/// Counts of a run: outcomes (weighted) and per-player counts, in `u128`.
pub type Tally = PotTally<u128>;

/// One player's counts in a [`Tally`].
pub type PlayerCounts = engine::pot_tally::PlayerCounts<u128>;

/// Unweighted counts of one piece of work (a chunk, or one combination of range hands), in
/// `u64`: added into a [`Tally`] with its weight.
pub type LocalTally = PotTally;

/// One player's counts in a hot loop: as [`PlayerCounts`], in `u64`.
pub type LocalCounts = engine::pot_tally::PlayerCounts;
