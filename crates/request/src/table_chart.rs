//! The odds and exact tables of the families that count one hand by a chart of their own rows
//! (stud's categories and lows, the draw games' lows and badugis) instead of the board games'
//! categories: what such a family's table answers ([`ChartFamily`]), which the odds and exact
//! requests read over `&dyn ChartFamily`, and the work its odds run deals ([`TableChunks`]).
//! The family of a table is chosen and read in one place, [`crate::family::TableChart`].

use std::fmt;
use std::sync::Arc;

use deck::Card;
use engine::{CategoryCounts, Chunk, Game, Watch};

use crate::error::RequestError;
use crate::game_options::OptionValues;
use crate::params::RunParams;

/// What the table of a chart family answers: its rows, its name, the rule it is played by,
/// its Monte Carlo work and its exact counts. Implemented once per family beside its spot
/// (in [`crate::family`]); each method runs a whole table, so the dynamic dispatch is paid once
/// per request (and once per chunk of the odds run), never per round.
pub trait ChartFamily {
    /// The stable snake_case names of the rows, in the order of the counts' slots.
    fn rows(&self) -> &'static [&'static str];

    /// The chart's name, as the tables' `table` parameter says it.
    fn name(&self) -> &'static str;

    /// Writes the chart as the summary line says it: its name by default (a draw table after
    /// more than one draw also names its rule).
    ///
    /// # Errors
    /// As the formatter's.
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }

    /// Writes the rule a table was played by into its document; nothing by default (the
    /// draw games write `draws` and `pat` after more than one draw).
    fn rule_params(&self, _params: &mut RunParams) {}

    /// The Monte Carlo chunks of a `game` hand holding `known`, with `dead` out of play
    /// (checked when the request was validated).
    fn chunks(&self, game: Game, known: &[Card], dead: &[Card]) -> TableChunks;

    /// The chart with the game's own options read (checked against the game list before);
    /// the chart itself by default, for the families whose games take no option.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for an option's value the family refuses.
    fn with_options(
        &self,
        _game: Game,
        _known: &[Card],
        _dead: &[Card],
        _options: &OptionValues,
    ) -> Result<Self, RequestError>
    where
        Self: Sized + Clone,
    {
        Ok(self.clone())
    }

    /// Checks that `sim exact` can count the table; every table can by default.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] saying why the table is not counted exactly.
    fn check_exact(
        &self,
        _game: Game,
        _known: &[Card],
        _dead: &[Card],
    ) -> Result<(), RequestError> {
        Ok(())
    }

    /// Every completion of the hand counted once, on the current rayon pool, asking `stop`
    /// between pieces of work: `None` when it said to stop, `Some(None)` when the family's
    /// limits leave the table uncounted (the hard limits when `asked`, as by `sim exact`; the
    /// automatic ones when an odds run chooses to count).
    fn exact_until_stopped(
        &self,
        game: Game,
        known: &[Card],
        dead: &[Card],
        asked: bool,
        stop: &dyn Watch,
    ) -> Option<Option<CategoryCounts>>;
}

/// One chunk of a chart family's odds run dealt and counted: its rows in the first slots of
/// the counts. Implemented by each family's hot loop, generic inside its crate.
pub trait ChartChunks: fmt::Debug + Send + Sync {
    /// Deals and counts one chunk.
    fn count(&self, chunk: Chunk) -> CategoryCounts;
}

/// The chunks of a chart family's odds run: the family's loop, chosen once per request.
#[derive(Debug, Clone)]
pub struct TableChunks(Arc<dyn ChartChunks>);

impl TableChunks {
    /// The chunks of a family's loop.
    pub fn new(chunks: impl ChartChunks + 'static) -> Self {
        Self(Arc::new(chunks))
    }

    /// Deals and counts one chunk.
    pub fn run(&self, chunk: Chunk) -> CategoryCounts {
        self.0.count(chunk)
    }
}
