//! The rows of the stud commands' tables (`sim equity`, `sim odds` and `sim exact` with
//! `--game stud…`), in the columns the other games' tables use: an equity row as hold'em's, a
//! hi/lo row as Omaha hi/lo's, an odds row as the odds tables', an exact row as `data/*.csv`.

use engine::PlayerEquity;
use engine::estimate::{Z95, wilson_interval};
use serde::Serialize;
use stud::Table;

use crate::report::{Fixed, Share};

/// One player's line of a stud or razz equity table (the columns of hold'em's).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StudEquityRow {
    /// Seat, from 1.
    pub player: usize,
    /// The player as given.
    pub hand: String,
    /// Share of outcomes won outright (razz: the best low alone).
    pub win: Share,
    /// Share of outcomes split with others.
    pub tie: Share,
    /// Expected share of the pot.
    pub equity: Share,
    /// Standard error of `equity` (0 for exact runs).
    pub std_error: Share,
    /// Outcomes counted (exact) or drawn (Monte Carlo), unweighted.
    pub samples: u64,
    /// Outcomes won outright (weighted by the range weights in thousandths).
    pub wins: u128,
    /// Outcomes split (weighted likewise).
    pub ties: u128,
    /// All outcomes (weighted likewise).
    pub outcomes: u128,
}

impl StudEquityRow {
    /// The row of seat `player` (from 1) written `hand`.
    pub fn new(player: usize, hand: &str, e: &PlayerEquity) -> Self {
        Self {
            player,
            hand: hand.to_string(),
            win: Share::from(e.win),
            tie: Share::from(e.tie),
            equity: Share::from(e.equity),
            std_error: Share::from(e.std_error),
            samples: e.samples,
            wins: e.wins,
            ties: e.ties,
            outcomes: e.outcomes,
        }
    }
}

/// One player's line of a stud hi/lo table (the columns of Omaha hi/lo's).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StudHiloRow {
    /// Seat, from 1.
    pub player: usize,
    /// The player as given.
    pub hand: String,
    /// Share of outcomes where the high hand was best alone.
    pub win: Share,
    /// Share of outcomes where the high hand tied for best.
    pub tie: Share,
    /// Expected share of the pot.
    pub equity: Share,
    /// Standard error of `equity` (0 for exact runs).
    pub std_error: Share,
    /// Expected share of the pot won from the high half (the whole pot when no low qualifies).
    pub high: Share,
    /// Expected share of the pot won from the low half.
    pub low: Share,
    /// Share of outcomes where the player took the whole pot alone.
    pub scoop: Share,
    /// Outcomes counted (exact) or drawn (Monte Carlo), unweighted.
    pub samples: u64,
    /// Outcomes with the high hand best alone (weighted).
    pub wins: u128,
    /// Outcomes with the high hand tied (weighted).
    pub ties: u128,
    /// All outcomes (weighted).
    pub outcomes: u128,
    /// Outcomes where the player took the whole pot alone.
    pub scoops: u64,
    /// Pot units won over all outcomes, exactly.
    pub pot_units: u64,
    /// Units in one pot: 2 · lcm(1..players), so 4 heads-up (units are quarter pots).
    pub units_per_pot: u64,
}

impl StudHiloRow {
    /// The row of seat `player` (from 1) written `hand`.
    pub fn new(player: usize, hand: &str, e: &PlayerEquity) -> Self {
        let h = e.hilo.unwrap_or_default();
        Self {
            player,
            hand: hand.to_string(),
            win: Share::from(e.win),
            tie: Share::from(e.tie),
            equity: Share::from(e.equity),
            std_error: Share::from(e.std_error),
            high: Share::from(h.high),
            low: Share::from(h.low),
            scoop: Share::from(h.scoop),
            samples: e.samples,
            wins: e.wins,
            ties: e.ties,
            outcomes: e.outcomes,
            scoops: h.scoops,
            pot_units: h.pot_units,
            units_per_pot: h.units_per_pot,
        }
    }
}

/// One row of a stud odds table: the columns of `sim odds`, the exact probability counted over
/// every completion of the hand.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StudOddsRow {
    /// Stable row name: a category, or a low (`7_low`, `no_low`).
    pub category: &'static str,
    /// Hands in this row.
    pub count: u64,
    /// `count / rounds`.
    pub probability: Share,
    /// `sqrt(p (1 - p) / n)`.
    pub std_error: Share,
    /// Lower end of the 95 % Wilson score interval.
    pub ci95_low: Share,
    /// Upper end of the 95 % Wilson score interval.
    pub ci95_high: Share,
    /// The exact probability for these cards.
    pub exact_probability: Share,
    /// `(p - exact) / sqrt(exact (1 - exact) / n)`.
    pub z_score: Fixed<6>,
}

/// The odds rows of `sampled` beside the exact table `exact` (of the same chart).
pub fn odds_rows(sampled: &Table, exact: &Table) -> Vec<StudOddsRow> {
    let n = sampled.total();
    let exact_total = exact.total() as f64;
    sampled
        .rows()
        .into_iter()
        .zip(exact.counts())
        .map(|((category, count, p), &exact_count)| {
            let q = exact_count as f64 / exact_total;
            let (ci95_low, ci95_high) = wilson_interval(count, n, Z95);
            let null_sd = (q * (1.0 - q) / n as f64).sqrt();
            let z_score = if null_sd > 0.0 {
                (p - q) / null_sd
            } else if p == q {
                0.0
            } else {
                f64::INFINITY.copysign(p - q)
            };
            StudOddsRow {
                category,
                count,
                probability: Fixed(p),
                std_error: Fixed((p * (1.0 - p) / n as f64).sqrt()),
                ci95_low: Fixed(ci95_low),
                ci95_high: Fixed(ci95_high),
                exact_probability: Fixed(q),
                z_score: Fixed(z_score),
            }
        })
        .collect()
}

/// One row of a stud exact table: `category,count,probability` (the layout of `sim exact`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StudExactRow {
    /// Stable row name.
    pub category: &'static str,
    /// Completions in this row.
    pub count: u64,
    /// `count / total`.
    pub probability: Share,
}

/// The rows of an exact table.
pub fn exact_rows(table: &Table) -> Vec<StudExactRow> {
    table
        .rows()
        .into_iter()
        .map(|(category, count, probability)| StudExactRow {
            category,
            count,
            probability: Fixed(probability),
        })
        .collect()
}

/// Cards as text, e.g. `Qh7h2c`.
pub fn cards_text(cards: &[deck::Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}
