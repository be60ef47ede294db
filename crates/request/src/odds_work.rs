//! The chunks of an odds run in any game: each family's hot loop behind one type, chosen once
//! per request ([`crate::odds::OddsRequest::work`]) and run chunk by chunk by the engine's
//! driver, so that every game's odds have the same seeds, progress, stop and target.

use engine::{CategoryCounts, Chunk};

/// The chunks of an odds run, in any game.
#[derive(Debug, Clone)]
pub enum OddsWork {
    /// The board games' hot loop.
    Board(engine::odds_loop::OddsChunks),
    /// Omaha's.
    Omaha(omaha::odds::OddsChunks),
    /// A chart family's (stud's, the draw games'): its chart's rows in the first slots of
    /// the counts.
    Chart(crate::table_chart::TableChunks),
}

impl OddsWork {
    /// Deals and counts one chunk.
    pub fn run(&self, chunk: Chunk) -> CategoryCounts {
        match self {
            Self::Board(chunks) => chunks.run(chunk),
            Self::Omaha(chunks) => chunks.run(chunk),
            Self::Chart(chunks) => chunks.run(chunk),
        }
    }

    /// [`OddsWork::run`], asking `stop` inside the chunk where a chunk is long (Omaha's, see
    /// [`omaha::odds::STOP_CHECK_ROUNDS`]; a board game's or a stud table's chunk takes
    /// milliseconds): `None` when it said to stop.
    pub fn run_until(&self, chunk: Chunk, stop: &dyn Fn() -> bool) -> Option<CategoryCounts> {
        match self {
            Self::Omaha(chunks) => chunks.run_until(chunk, stop),
            Self::Board(_) | Self::Chart(_) => Some(self.run(chunk)),
        }
    }
}
