//! The rows of the stud games' tables (`sim odds` and `sim exact` with `--game stud`,
//! `stud-hilo` or `razz`): the columns of the other games' odds and exact tables, with rows
//! named by the stud chart (categories, or lows such as `7_low` and `no_low`).

use request::stud_odds::RowEstimate;
use request::stud_odds::Table;
use serde::Serialize;

use crate::report::{Fixed, Share};

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

/// The odds rows of `estimates` (see [`request::stud_odds::estimates`]).
pub fn odds_rows(estimates: &[RowEstimate]) -> Vec<StudOddsRow> {
    estimates
        .iter()
        .map(|r| StudOddsRow {
            category: r.category,
            count: r.count,
            probability: Fixed(r.probability),
            std_error: Fixed(r.std_error),
            ci95_low: Fixed(r.ci95_low),
            ci95_high: Fixed(r.ci95_high),
            exact_probability: Fixed(r.exact_probability),
            z_score: Fixed(r.z_score),
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

/// The parameters of a stud table: `command` (`odds` or `exact`), game, table, known and dead
/// cards, and the `rounds` (odds) or `total` (exact) counted.
pub fn table_meta(
    command: &str,
    request: &request::stud_odds::StudTableRequest,
    total: u64,
) -> crate::report::Meta {
    let mut meta = crate::report::Meta::new();
    meta.insert("command".into(), command.into());
    meta.insert("game".into(), request.game.name().into());
    meta.insert("table".into(), request.chart.name().into());
    meta.insert("known".into(), request.known_text().into());
    meta.insert("dead".into(), request.dead_text().into());
    meta.insert(
        if command == "odds" { "rounds" } else { "total" }.into(),
        total.into(),
    );
    meta
}
