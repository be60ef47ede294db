//! The odds table every game writes (`sim odds`, `sim merge`, `sim shuffle odds`): one row per
//! category, beside the exact probabilities when they are known.

use engine::CategoryCounts;
use engine::estimate::{CategoryEstimate, estimates};
use request::odds::OddsHand;
use serde::Serialize;

use crate::cli::Format;
use crate::report::{Fixed, Meta, Share, insert_game, render};

/// One row of a Monte Carlo odds table; the exact columns are empty when the exact counts are not
/// known (an Omaha hand with unknown hole cards).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsRow {
    /// Stable category name.
    pub category: &'static str,
    /// Hands in this category.
    pub count: u64,
    /// `count / rounds`.
    pub probability: Share,
    /// `sqrt(p (1 - p) / n)`.
    pub std_error: Share,
    /// Lower end of the 95 % Wilson score interval.
    pub ci95_low: Share,
    /// Upper end of the 95 % Wilson score interval.
    pub ci95_high: Share,
    /// The exact probability for these cards, when known.
    pub exact_probability: Option<Share>,
    /// `(p - exact) / sqrt(exact (1 - exact) / n)`, when the exact value is known.
    pub z_score: Option<Fixed<6>>,
}

impl OddsRow {
    /// The row of `e`, with its exact columns when `exact`.
    pub fn new(e: &CategoryEstimate, exact: bool) -> Self {
        Self {
            category: e.category.name(),
            count: e.count,
            probability: Fixed(e.probability),
            std_error: Fixed(e.std_error),
            ci95_low: Fixed(e.ci95_low),
            ci95_high: Fixed(e.ci95_high),
            exact_probability: exact.then_some(Fixed(e.exact_probability)),
            z_score: exact.then_some(Fixed(e.z_score)),
        }
    }
}

impl From<&CategoryEstimate> for OddsRow {
    fn from(e: &CategoryEstimate) -> Self {
        Self::new(e, true)
    }
}

/// The `dead` entry of a table's parameters, when any card is dead: tables without dead cards
/// keep their bytes.
fn insert_dead(meta: &mut Meta, dead: &[deck::Card]) {
    if !dead.is_empty() {
        meta.insert("dead".into(), request::cards::cards_text(dead).into());
    }
}

/// The odds table of `counts` (all rounds of the run) for `hand`, beside `exact` when known.
///
/// # Errors
/// Only if rendering fails.
pub fn odds_table(
    hand: &OddsHand,
    seed: u64,
    target_stderr: Option<f64>,
    counts: &CategoryCounts,
    exact: Option<&CategoryCounts>,
    format: Format,
) -> anyhow::Result<Vec<u8>> {
    let rows: Vec<OddsRow> = estimates(counts, exact.unwrap_or(counts))
        .iter()
        .map(|e| OddsRow::new(e, exact.is_some()))
        .collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "odds".into());
    match hand {
        OddsHand::Board(hand) => {
            insert_game(&mut meta, hand.game());
            meta.insert("cards".into(), hand.cards().into());
            meta.insert("known".into(), hand.known_text().into());
            insert_dead(&mut meta, hand.dead());
        }
        OddsHand::Omaha { game, known, dead } => {
            insert_game(&mut meta, *game);
            meta.insert("known".into(), request::cards::cards_text(known).into());
            insert_dead(&mut meta, dead);
        }
    }
    meta.insert("rounds".into(), counts.total().into());
    meta.insert("seed".into(), seed.into());
    if let Some(target) = target_stderr {
        meta.insert("target_stderr".into(), target.into());
    }
    render(&rows, format, meta)
}
