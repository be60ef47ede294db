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

/// A command's table as it is written out, with the result it was drawn from: what a command's
/// `table` function returns, for its own `run` (which adds the lines for people) and for
/// `sim serve` (which answers the bytes), so that both write the same bytes by construction.
#[derive(Debug)]
pub struct Table<R> {
    /// The table in the format asked for: the bytes stdout or `--out` receive.
    pub bytes: Vec<u8>,
    /// The seed the run drew itself and used (no `--seed` given, a Monte Carlo run): the
    /// `--seed` that repeats it.
    pub drawn_seed: Option<u64>,
    /// The computation's result.
    pub result: R,
}

/// The seed to show for a run with `seed`: drawn, and used by a run that was not `exact`.
pub(crate) fn drawn_seed(exact: bool, seed: request::seed::Seed) -> Option<u64> {
    (seed.drawn && !exact).then_some(seed.value)
}
