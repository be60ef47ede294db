//! `sim hits`: what a hold'em or short-deck range hits on a flop, turn or river, classified by
//! the `hits` library and written as one row per class (and one for the whole range).
//!
//! ```text
//!  kind   class                 combos  weighted_combos  share  [hands]  [river_high_card … river_royal_flush]
//!  range  all                   1176    1176.000         1      …        (--improve: where the range ends)
//!  made   straight_flush …      exclusive: the made rows add up to the range row
//!  draw   flush_draw …          overlapping: a combo holds any number of draws
//! ```

use std::time::Instant;

use eval::Category;
use request::hits::{Class, HitsTable, ImproveRow, ImproveTable};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use request::cards::cards_text;

use crate::cli::hits::HitsArgs;
use crate::config::hits::HitsConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::{Fixed, Meta, Share, insert_game, render};

/// The `--improve` columns, one per category in [`Category::ALL`] order (hold'em's, whatever
/// the game): the probability that a combo of the class ends the hand in it by the river.
pub const RIVER_COLUMNS: [&str; Category::COUNT] = [
    "river_high_card",
    "river_pair",
    "river_two_pair",
    "river_three_of_a_kind",
    "river_straight",
    "river_flush",
    "river_full_house",
    "river_four_of_a_kind",
    "river_straight_flush",
    "river_royal_flush",
];

/// One line of the hits table.
#[derive(Debug, Clone, PartialEq)]
pub struct HitsRow {
    /// `range` (the whole range), `made` (exclusive classes) or `draw` (overlapping classes).
    pub kind: &'static str,
    /// The class's stable name (`all` for the range row).
    pub class: &'static str,
    /// Combos in the class, each counted once.
    pub combos: usize,
    /// Combos weighted by the range's weights.
    pub weighted_combos: Fixed<3>,
    /// The class's weighted share of the range, 0 to 1.
    pub share: Share,
    /// With `--combos`: the class's combos written as a range (the range row: every combo).
    pub hands: Option<String>,
    /// With `--improve`: per category (in [`RIVER_COLUMNS`] order) the probability of ending in
    /// it by the river; `None` for an empty class.
    pub river: Option<[Option<Share>; Category::COUNT]>,
}

/// Written by hand, so that the optional columns are left out (not empty) when not asked for.
impl Serialize for HitsRow {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = 5 + usize::from(self.hands.is_some()) + self.river.map_or(0, |r| r.len());
        let mut row = serializer.serialize_struct("HitsRow", fields)?;
        row.serialize_field("kind", self.kind)?;
        row.serialize_field("class", self.class)?;
        row.serialize_field("combos", &self.combos)?;
        row.serialize_field("weighted_combos", &self.weighted_combos)?;
        row.serialize_field("share", &self.share)?;
        if let Some(hands) = &self.hands {
            row.serialize_field("hands", hands)?;
        }
        if let Some(river) = &self.river {
            for (name, p) in RIVER_COLUMNS.iter().zip(river) {
                row.serialize_field(name, p)?;
            }
        }
        row.end()
    }
}

/// Weighted combos from a weight in thousandths.
fn weighted(weight: u64) -> Fixed<3> {
    Fixed(weight as f64 / 1000.0)
}

/// The river probabilities of an improve row, `None` for an empty class.
fn river(row: &ImproveRow) -> [Option<Share>; Category::COUNT] {
    Category::ALL.map(|c| (row.combos > 0).then(|| Share::from(row.probability(c))))
}

/// The rows of `table`: the range first, then every class in table order; with the combos'
/// ranges if `combos`, with the river columns of `improve` if given.
pub fn rows(table: &HitsTable, combos: bool, improve: Option<&ImproveTable>) -> Vec<HitsRow> {
    let mut rows = vec![HitsRow {
        kind: "range",
        class: "all",
        combos: table.total_combos,
        weighted_combos: weighted(table.total_weight),
        share: Share::from(1.0),
        hands: combos.then(|| table.combos_range_text()),
        river: improve.map(|t| river(&t.range)),
    }];
    for row in &table.rows {
        let class: Class = row.class;
        rows.push(HitsRow {
            kind: class.kind(),
            class: class.name(),
            combos: row.combos,
            weighted_combos: weighted(row.weight),
            share: Share::from(row.share),
            hands: combos.then(|| table.class_range_text(class)),
            river: improve.and_then(|t| t.row(class)).map(river),
        });
    }
    rows
}

/// Short headings of the river columns in the table for people.
const RIVER_HEADINGS: [&str; Category::COUNT] = [
    "high", "pair", "2pair", "trips", "strt", "flush", "full", "quads", "sflush", "royal",
];

/// The table for people, written to stderr: percentages, classes with no combo left out.
fn human_table(rows: &[HitsRow]) -> String {
    let mut out = format!(
        "{:<24} {:>7} {:>10} {:>8}",
        "class", "combos", "weighted", "share %"
    );
    let improve = rows.first().is_some_and(|r| r.river.is_some());
    if improve {
        out.push_str("  river %:");
        for heading in RIVER_HEADINGS {
            out.push_str(&format!(" {heading:>6}"));
        }
    }
    out.push('\n');
    for (i, r) in rows.iter().enumerate() {
        if r.combos == 0 {
            continue;
        }
        let draws_start = i > 0 && r.kind == "draw" && rows[i - 1].kind != "draw";
        if draws_start {
            out.push_str("draws (a combo may hold several):\n");
        }
        let name = if r.kind == "range" { "range" } else { r.class };
        out.push_str(&format!(
            "{:<24} {:>7} {:>10.3} {:>8.2}",
            name,
            r.combos,
            r.weighted_combos.0,
            100.0 * r.share.0
        ));
        if let Some(river) = &r.river {
            out.push_str("          ");
            for p in river {
                out.push_str(&format!(" {:>6.2}", p.map_or(0.0, |p| 100.0 * p.0)));
            }
        }
        out.push('\n');
    }
    out
}

/// Runs `sim hits`.
///
/// # Errors
/// Usage errors for bad arguments (the library's messages for a bad board or an emptied range),
/// runtime errors for output failures.
pub fn run(args: &HitsArgs) -> anyhow::Result<()> {
    let config = HitsConfig::try_from(args)?;
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    let started = Instant::now();
    // The library's refusals (a board of the wrong size, an emptied range) are usage errors.
    let (table, improve) = request::hits::run(request, config.improve).map_err(UsageError::from)?;
    let elapsed = started.elapsed();
    let rows = rows(&table, config.combos, improve.as_ref());
    let mut meta = Meta::new();
    meta.insert("command".into(), "hits".into());
    insert_game(&mut meta, request.game);
    meta.insert("range".into(), request.range.text.clone().into());
    meta.insert("board".into(), cards_text(&request.board).into());
    meta.insert("dead".into(), cards_text(&request.dead).into());
    if let Some(improve) = &improve {
        meta.insert("runouts_per_combo".into(), improve.runouts.into());
    }
    output.finish(&render(&rows, config.output.format, meta)?)?;
    crate::stderr_text!("{}", human_table(&rows));
    let time = request::family::duration_words(elapsed.as_secs_f64());
    let runouts = improve
        .map(|t| format!(", {} runouts each counted", t.runouts))
        .unwrap_or_default();
    crate::stderr_line!(
        "sim hits: {} combos on {} ({}){runouts} in {time}",
        table.total_combos,
        cards_text(&request.board),
        request.game
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn river_columns_follow_the_categories() {
        for (name, category) in RIVER_COLUMNS.iter().zip(Category::ALL) {
            assert_eq!(*name, format!("river_{}", category.name()));
        }
    }
}
