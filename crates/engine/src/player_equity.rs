//! The result of an equity computation in any game: each player's win, tie and equity with its
//! standard error and the integer counts behind them, plus the split-pot shares in hi/lo games.

use crate::method::Method;

/// One player's equity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerEquity {
    /// Share of outcomes won outright (in hi/lo games: the high hand best alone).
    pub win: f64,
    /// Share of outcomes split with others (in hi/lo games: the high hand tied for best).
    pub tie: f64,
    /// Expected share of the pot.
    pub equity: f64,
    /// Standard error of `equity` (0 for exact results).
    pub std_error: f64,
    /// Outcomes visited (exact) or drawn (Monte Carlo), unweighted.
    pub samples: u64,
    /// Outcomes won outright (weighted by the range weights in thousandths).
    pub wins: u128,
    /// Outcomes split (weighted likewise).
    pub ties: u128,
    /// All outcomes (weighted likewise).
    pub outcomes: u128,
    /// The split-pot shares, in hi/lo games.
    pub hilo: Option<HiLoShares>,
}

/// A player's shares of split pots (hi/lo games), counted in integer pot units.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HiLoShares {
    /// Expected share of the pot won from the high half (the whole pot when no low qualifies).
    pub high: f64,
    /// Expected share of the pot won from the low half.
    pub low: f64,
    /// Share of outcomes where the player took the whole pot alone.
    pub scoop: f64,
    /// Outcomes where the player took the whole pot alone (weighted by the range weights in
    /// thousandths, so past `u64::MAX` with a few weighted players).
    pub scoops: u128,
    /// Pot units won over all outcomes, exactly (weighted likewise).
    pub pot_units: u128,
    /// Units in one pot: `2 · lcm(1, …, players)` (4 heads-up: units are quarter pots).
    pub units_per_pot: u64,
}

/// The result of an equity computation: the method used, the game's counts and each player's
/// equity made from them.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityResult<T> {
    /// The method used: [`Method::Exact`] or [`Method::MonteCarlo`], never `Auto`.
    pub method: Method,
    /// The counts behind the equities.
    pub tally: T,
    /// Each player's equity, in seat order.
    pub players: Vec<PlayerEquity>,
}

impl<T> EquityResult<T> {
    /// Whether every outcome was counted.
    pub fn is_exact(&self) -> bool {
        self.method.is_exact()
    }

    /// The same result without its counts: what a table of any game's rows needs.
    pub fn without_tally(self) -> EquityResult<()> {
        EquityResult {
            method: self.method,
            tally: (),
            players: self.players,
        }
    }
}
