//! The hot loop of a stud table's Monte Carlo odds, one chunk at a time: a hand holding some
//! known cards, the rest dealt from the live cards, each seven-card hand counted in its row of the
//! chart. [`crate::odds()`] runs its chunks through [`engine::driver::drive`]; a caller with a
//! driver of its own (the request layer's odds runs, with their progress and stop) runs them
//! itself, with the same chunk seeds and so the same counts.

use std::fmt;

use deck::{Card, Deck};
use engine::Chunk;
use eval::{HandKey, LowMasks, SuitMasks};

use crate::chart::{Chart, Table, check, parts_of};
use crate::error::StudError;
use crate::spot::HAND_CARDS;

/// The chunks of one hand's table: its chart, the deck without the known and dead cards in
/// front, and the known cards' evaluator summaries.
#[derive(Clone)]
pub struct OddsChunks {
    chart: Chart,
    template: Deck,
    skip: usize,
    need: usize,
    base: (HandKey, SuitMasks, LowMasks),
}

impl fmt::Debug for OddsChunks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OddsChunks")
            .field("chart", &self.chart)
            .field("dealt", &self.need)
            .finish_non_exhaustive()
    }
}

impl OddsChunks {
    /// The chunks of `chart` for a hand holding `known` with `dead` out of play.
    ///
    /// # Errors
    /// As [`check`]: too many known cards, a card given twice, too few cards left.
    pub fn new(chart: Chart, known: &[Card], dead: &[Card]) -> Result<OddsChunks, StudError> {
        check(known, dead)?;
        let front: Vec<Card> = dead.iter().chain(known).copied().collect();
        let template = Deck::with_known(&front)
            .unwrap_or_else(|_| unreachable!("checked: no card given twice"));
        Ok(OddsChunks {
            chart,
            template,
            skip: front.len(),
            need: HAND_CARDS - known.len(),
            base: parts_of(known),
        })
    }

    /// The chart counted.
    pub fn chart(&self) -> Chart {
        self.chart
    }

    /// Deals and counts one chunk: `chunk.rounds` hands from the chunk's own generator.
    pub fn run(&self, chunk: Chunk) -> Table {
        let mut table = Table::new(self.chart);
        let mut deck = self.template.clone();
        let mut rng = chunk.rng;
        for _ in 0..chunk.rounds {
            let dealt = &deck.deal(&mut rng, self.need)[self.skip..];
            let (mut key, mut suits, mut low) = self.base;
            for &c in dealt {
                key = key.with(c);
                suits = suits.with(c);
                low = low.with(c);
            }
            table.slots[self.chart.row(key, suits, low) & 15] += 1;
        }
        table
    }
}
