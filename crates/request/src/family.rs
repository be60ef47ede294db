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
//! A new family is one variant of [`EquitySpot`], one arm in each of its two matches and one
//! implementation of [`FamilySpot`] in a file of this folder.

pub(crate) mod draw_spot;
mod holdem_spot;
mod omaha_spot;
mod omaha_text;
mod stud_spot;
mod two_card_picks;

use deck::Card;
use engine::Watch;
use engine::{BreakdownEntry, BreakdownRows, Family, Game, Method};

use crate::equity_args::EquityArgs;
use crate::equity_outcome::EquityOutcome;
use crate::error::RequestError;
use crate::params::RunParams;

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

/// The board and dead cards of `args`.
fn board_and_dead(args: &EquityArgs<'_>) -> Result<(Vec<Card>, Vec<Card>), RequestError> {
    Ok((
        crate::cards::cards("board", args.board)?,
        crate::cards::cards("dead", args.dead)?,
    ))
}
