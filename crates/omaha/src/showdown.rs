//! One showdown: every hand against a prepared board, recorded in a [`PotTally`].

use crate::evaluate::{Board, Hole};
use crate::tables::Tables;
use engine::{MAX_PLAYERS, PotTally};

/// The tables, the spot's split rule and the players' hands of a run (or of a chunk).
#[derive(Debug, Clone, Copy)]
pub struct Showdown<'a> {
    tables: &'static Tables,
    hilo: bool,
    holes: &'a [Hole],
}

impl<'a> Showdown<'a> {
    /// A showdown of `holes` (one per player, at most [`MAX_PLAYERS`]), hi/lo or high only.
    pub fn new(hilo: bool, holes: &'a [Hole]) -> Self {
        debug_assert!(holes.len() <= MAX_PLAYERS);
        Self {
            tables: Tables::get(),
            hilo,
            holes,
        }
    }

    /// Evaluates every hand on `board` and records the outcome.
    #[inline(always)]
    pub fn play(&self, board: &Board, tally: &mut PotTally) {
        play(self.tables, self.hilo, self.holes, board, tally);
    }
}

impl Showdown<'_> {
    /// Fills each player's high strength without flushes, and low strength, on `board`.
    #[inline(always)]
    pub fn without_flush(
        &self,
        board: &Board,
        high: &mut [u16; MAX_PLAYERS],
        low: &mut [u8; MAX_PLAYERS],
    ) {
        for (p, hole) in self.holes.iter().take(MAX_PLAYERS).enumerate() {
            high[p] = hole.high_without_flush(self.tables, board);
            if self.hilo {
                low[p] = hole.low(self.tables, board);
            }
        }
    }

    /// Raises each player's high strength to their flush on `board` (a board from
    /// [`crate::evaluate::PartialBoard::finish_flush`] will do).
    #[inline(always)]
    pub fn add_flushes(&self, board: &Board, high: &mut [u16; MAX_PLAYERS]) {
        for (p, hole) in self.holes.iter().take(MAX_PLAYERS).enumerate() {
            high[p] = high[p].max(hole.flush_high(board));
        }
    }

    /// Records a showdown of the given strengths.
    #[inline(always)]
    pub fn record(&self, high: &[u16; MAX_PLAYERS], low: &[u8; MAX_PLAYERS], tally: &mut PotTally) {
        tally.record(high, self.hilo.then_some(&low[..]));
    }
}

/// Evaluates `holes` on `board` and records the outcome in `tally`.
#[inline(always)]
pub fn play(tables: &Tables, hilo: bool, holes: &[Hole], board: &Board, tally: &mut PotTally) {
    let mut high = [0u16; MAX_PLAYERS];
    let mut low = [0u8; MAX_PLAYERS];
    for (p, hole) in holes.iter().take(MAX_PLAYERS).enumerate() {
        high[p] = hole.high(tables, board);
        if hilo {
            low[p] = hole.low(tables, board);
        }
    }
    tally.record(&high, hilo.then_some(&low[..]));
}
