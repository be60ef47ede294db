//! The family contract: what every game family's validated spot answers, so that the requests
//! (equity, breakdown, versus, the front ends' summaries) are written once over
//! `&dyn FamilySpot` and the family is decided in one place, [`EquitySpot::family_spot`].
//!
//! ```text
//!  EquityArgs ──▶ EquitySpot::parse ──▶ EquitySpot::{Holdem, Omaha, Stud, Draw} (the one match that
//!                                         │                                   builds a spot)
//!                                         ▼ family_spot()                    (the one match that
//!  equity, breakdown, versus, summary ◀── &dyn FamilySpot                     reads one)
//!                                         │ resolve / equity / breakdown
//!                                         ▼
//!          holdem::equity, omaha::equity, stud::equity, draw::equity: generic, monomorphised
//!                           hot loops inside each crate (dispatch once per request, never per round)
//! ```
//!
//! The other requests that differ by family are decided here too, each by one match: the odds
//! and exact tables of the families that count a chart of their own rows ([`TableChart`], read
//! through [`crate::table_chart::ChartFamily`]) and the players of `sim query`
//! ([`FamilyReaders`], the one place the query language meets the families).
//!
//! A new family is one variant of [`EquitySpot`] (and of [`TableChart`] when its tables are
//! charts), one arm in each match of this file, and its implementations of [`FamilySpot`],
//! [`crate::table_chart::ChartFamily`] and [`query::RangeReader`] in files of this folder.

mod draw_reader;
pub(crate) mod draw_spot;
pub mod draw_tables;
mod holdem_spot;
mod omaha_reader;
mod omaha_spot;
mod omaha_text;
mod stud_reader;
mod stud_spot;
mod two_card_picks;

use std::fmt;

use deck::Card;
use engine::Watch;
use engine::{BreakdownEntry, BreakdownRows, Command, Family, Game, Method};
use query::{RangeReader, Readers, TwoCardReader};

use crate::equity_args::EquityArgs;
use crate::equity_outcome::EquityOutcome;
use crate::error::RequestError;
use crate::game_options::OptionValues;
use crate::params::RunParams;
use crate::table_chart::ChartFamily;

pub use omaha_reader::MAX_RANDOM_HANDS;

/// A validated spot of one game family: its players, cards, method resolution and runs.
///
/// Implemented once per family; every method runs a whole request, so the dynamic dispatch is
/// paid once per request while each family's loops stay generic inside its crate.
pub trait FamilySpot: Sync {
    /// The game.
    fn game(&self) -> Game;

    /// Each player's hand or range as given (`random` for the opponents added).
    fn hands(&self) -> Vec<String>;

    /// The board (empty in games without one).
    fn board(&self) -> &[Card];

    /// The dead cards.
    fn dead(&self) -> &[Card];

    /// Stud: whether the last card is one community card shared by every player; `None` in the
    /// board games.
    fn shared_last_card(&self) -> Option<bool> {
        None
    }

    /// Adds the family's own rules of the run to its parameters (the draw games: the draws
    /// and the pat ranks); nothing by default.
    fn rule_params(&self, _params: &mut RunParams) {}

    /// At most how many outcomes an exact run visits, when it is known cheaply; `None`
    /// otherwise (the run is then never counted as tiny).
    fn exact_outcome_bound(&self) -> Option<u128> {
        None
    }

    /// The asked method (exact, Monte Carlo or `Auto`) resolved for this spot (never `Auto`),
    /// with the estimate of an exact count that chose it, where the family has one.
    ///
    /// # Errors
    /// [`RequestError`] when the method's limits refuse the spot.
    fn resolve(&self, asked: &Method) -> Result<Resolution, RequestError>;

    /// The equity of every player with `method`, on the current rayon pool.
    ///
    /// # Errors
    /// [`RequestError`] when the ranges cannot be dealt together.
    fn equity(&self, method: &Method) -> Result<EquityOutcome, RequestError>;

    /// [`FamilySpot::equity`] in pieces, asking `stop` between them; `None` when it said to
    /// stop. The pieces give the very numbers of one run.
    ///
    /// # Errors
    /// As [`FamilySpot::equity`].
    fn equity_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<EquityOutcome>, RequestError>;

    /// The per-hand breakdown of every player's range.
    ///
    /// # Errors
    /// As [`FamilySpot::equity`], and the breakdown's limits.
    fn breakdown(&self, method: &Method) -> Result<BreakdownRows, RequestError>;

    /// [`FamilySpot::breakdown`] asking `stop` between pieces; `None` when it said to stop.
    ///
    /// # Errors
    /// As [`FamilySpot::breakdown`].
    fn breakdown_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<BreakdownRows>, RequestError>;

    /// Whether the player at `seat` (from 0) holds a range of several hands, whose breakdown
    /// rows a calling range chooses from; `false` for one hand (and in the games without
    /// ranges).
    fn is_range(&self, seat: usize) -> bool;

    /// The hands of `rows` (the breakdown rows of the player at `seat`, from 0) that `chosen`
    /// marks, as range text in the game's syntax: parsed back, it holds every chosen hand and
    /// no other hand the spot can deal. Hand by hand, unless the family writes it more
    /// compactly (the two-card games: `TT+,AJs+,KQs`).
    fn range_text(&self, _seat: usize, rows: &[BreakdownEntry], chosen: &[bool]) -> String {
        rows.iter()
            .zip(chosen)
            .filter(|(_, c)| **c)
            .map(|(r, _)| r.hand.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// This spot with the player at `seat` holding `hand` (a breakdown row's hand, in the
    /// game's syntax) instead of a range.
    ///
    /// # Errors
    /// [`RequestError`] when the hand does not parse or cannot be dealt.
    fn with_hand(&self, seat: usize, hand: &str) -> Result<EquitySpot, RequestError>;

    /// The words of the run's summary line after `sim equity: `, from the method's words
    /// (`exact`, `monte carlo, seed 7`), the outcomes counted, the elapsed time and the
    /// thread and rate texts.
    fn summary(&self, run: &RunWords<'_>) -> String;
}

/// A method resolved for a spot, and what chose it.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolution {
    /// Exact or Monte Carlo: never `Auto`.
    pub method: Method,
    /// Nanoseconds of one core an exact count of the spot was estimated to take, where `Auto`
    /// was asked and the family's cost model is in time (hold'em and short deck; compared with
    /// [`engine::AUTO_EXACT_NANOS`]); `None` otherwise.
    pub exact_nanos: Option<u128>,
}

impl From<Method> for Resolution {
    /// A method resolved by limits alone, with no estimate in time.
    fn from(method: Method) -> Self {
        Self {
            method,
            exact_nanos: None,
        }
    }
}

/// What a run's summary line says, as the front end measured it.
#[derive(Debug, Clone, Copy)]
pub struct RunWords<'a> {
    /// `exact` or `monte carlo, seed N`.
    pub method: &'a str,
    /// Whether the method was exact.
    pub exact: bool,
    /// Outcomes counted: boards (exact) or showdowns.
    pub samples: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// The worker threads, as words (`2 threads`).
    pub threads: &'a str,
    /// Outcomes per second, as words (`1.2 M`).
    pub rate: &'a str,
}

impl RunWords<'_> {
    /// Exact runs count boards in groups, so "boards" there; Monte Carlo plays each showdown.
    pub fn unit(&self) -> &'static str {
        if self.exact { "boards" } else { "showdowns" }
    }

    /// The run's wall time in [`duration_words`].
    pub fn duration(&self) -> String {
        duration_words(self.seconds)
    }
}

/// Seconds for people: milliseconds below one second (exact runs take a few), e.g. `0.246 ms`,
/// `2.310 s`.
pub fn duration_words(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.3} ms", seconds * 1e3)
    } else {
        format!("{seconds:.3} s")
    }
}

/// A validated spot of any game: one variant per family.
#[derive(Debug, Clone, PartialEq)]
pub enum EquitySpot {
    /// Hold'em or short deck.
    Holdem(holdem::Spot),
    /// Omaha.
    Omaha(omaha::Spot),
    /// Seven-card stud, stud hi/lo or razz.
    Stud(stud::Spot),
    /// A draw game.
    Draw(draw::Spot),
}

impl EquitySpot {
    /// The spot of `args` with `opponents` players of random hands added: the one place a
    /// spot's family is chosen, from the game's.
    ///
    /// # Errors
    /// [`RequestError`] naming the bad hand, range or card list.
    pub fn parse(args: &EquityArgs<'_>, opponents: usize) -> Result<Self, RequestError> {
        // `--ranking` is checked in every game: those without rankings refuse it by name.
        crate::rank::named(args.game, args.ranking)?;
        // The game's own options (`--draws`) are checked in every game: those that do not take
        // one refuse it by name; the family parses what its games take.
        crate::game_options::check(args.game, engine::Command::Equity, args.options)?;
        match args.game.family() {
            Family::Holdem => holdem_spot::parse(args, opponents),
            Family::Omaha => omaha_spot::parse(args, opponents),
            Family::Stud => stud_spot::parse(args, opponents),
            Family::Draw => draw_spot::parse(args, opponents),
        }
    }

    /// The spot behind the family contract: the one place a spot's family is read.
    pub fn family_spot(&self) -> &dyn FamilySpot {
        match self {
            Self::Holdem(spot) => spot,
            Self::Omaha(spot) => spot,
            Self::Stud(spot) => spot,
            Self::Draw(spot) => spot,
        }
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.family_spot().hands().len()
    }
}

/// The table of a family whose odds and exact tables count one hand by a chart of its own
/// rows instead of the board games' categories: one variant per such family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableChart {
    /// A stud table (`categories`, `razz_lows`, `eight_lows`).
    Stud(stud::Chart),
    /// A draw game's table (`categories`, `eight_lows`, `deuce_seven_lows`, `ace_five_lows`,
    /// `badugis`) after one draw or more.
    Draw(draw_tables::DrawChart),
}

impl TableChart {
    /// The chart of `game`'s table, its hand checked: the one place a table's family is
    /// chosen. `cards` must be left at 7 (the final hand is the game's), `known` fixed,
    /// `dead` out of play.
    ///
    /// # Errors
    /// [`RequestError`] for `--cards` other than 7, known and dead cards that repeat or leave
    /// too few cards, or a game whose family counts no chart.
    pub(crate) fn of_hand(
        game: Game,
        cards: usize,
        known: &[Card],
        dead: &[Card],
    ) -> Result<Self, RequestError> {
        match game.family() {
            Family::Stud => crate::stud_odds::chart_hand(game, cards, known, dead).map(Self::Stud),
            Family::Draw => draw_tables::chart_hand(game, cards, known, dead).map(Self::Draw),
            // The board games' tables are not charts; a family without a chart plays no odds.
            Family::Holdem | Family::Omaha => Err(RequestError::not_played(game, Command::Odds)),
        }
    }

    /// The chart behind the contract: the one place a table's family is read.
    pub fn family_chart(&self) -> &dyn ChartFamily {
        match self {
            Self::Stud(chart) => chart,
            Self::Draw(chart) => chart,
        }
    }

    /// The chart with the game's own options read (checked against the game list before):
    /// the draw games' `--draws` and `--pat` make a table after more than one draw; stud
    /// takes none ([`ChartFamily::with_options`]).
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for an option's value the family refuses.
    pub fn with_options(
        self,
        game: Game,
        known: &[Card],
        dead: &[Card],
        options: &OptionValues,
    ) -> Result<Self, RequestError> {
        match self {
            Self::Stud(chart) => chart
                .with_options(game, known, dead, options)
                .map(Self::Stud),
            Self::Draw(chart) => chart
                .with_options(game, known, dead, options)
                .map(Self::Draw),
        }
    }
}

impl fmt::Display for TableChart {
    /// The chart's name (a draw table after more than one draw also names its rule).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.family_chart().describe(f)
    }
}

/// The readers of every family's players in the query language.
pub struct FamilyReaders;

impl Readers for FamilyReaders {
    /// The one place a query's family is read.
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        match game.family() {
            Family::Holdem => Ok(Box::new(TwoCardReader { game })),
            Family::Omaha => Ok(Box::new(omaha_reader::OmahaReader { game })),
            Family::Stud => Ok(Box::new(stud_reader::StudReader { game })),
            Family::Draw => Ok(Box::new(draw_reader::DrawReader { game })),
        }
    }
}

/// The board and dead cards of `args`.
fn board_and_dead(args: &EquityArgs<'_>) -> Result<(Vec<Card>, Vec<Card>), RequestError> {
    Ok((
        crate::cards::cards("board", args.board)?,
        crate::cards::cards("dead", args.dead)?,
    ))
}
