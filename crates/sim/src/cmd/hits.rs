//! `sim hits`: what a hold'em, short-deck or hold'em hi/lo range hits on a flop, turn or river,
//! classified by the `hits` library and written as one row per class (and one for the whole
//! range).
//!
//! ```text
//!  kind   class                 combos  weighted_combos  share  [hands]  [river_high_card … river_royal_flush]
//!  range  all                   1176    1176.000         1      …        (--improve: where the range ends)
//!  made   straight_flush …      exclusive: the made rows add up to the range row
//!  draw   flush_draw …          overlapping: a combo holds any number of draws
//!  low    nut_low …             hold'em hi/lo: exclusive, then low_draw (overlapping)
//! ```

use std::time::Instant;

use eval::Category;
use request::hits::{HitsTable, ImproveTable};
use request::hits_table::{HitsLine, columns, lines};

use request::cards::cards_text;

use super::Table;
use crate::cli::hits::HitsArgs;
use crate::config::hits::HitsConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};

/// Short headings of the river columns in the table for people.
const RIVER_HEADINGS: [&str; Category::COUNT] = [
    "high", "pair", "2pair", "trips", "strt", "flush", "full", "quads", "sflush", "royal",
];

/// The table for people, written to stderr: percentages, classes with no combo left out.
fn human_table(rows: &[HitsLine]) -> String {
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
    if rows.first().is_some_and(|r| r.river_low.is_some()) {
        out.push_str(&format!(" {:>6} {:>6}", "low", "nutlow"));
    }
    out.push('\n');
    let mut last = "range";
    for r in rows {
        if r.combos == 0 {
            continue;
        }
        let heading = match r.kind {
            "draw" => Some("draws (a combo may hold several):"),
            "low" => Some("low, eight or better (each combo in one):"),
            "low_draw" => Some("low draws:"),
            _ => None,
        };
        if let Some(heading) = heading
            && last != r.kind
        {
            out.push_str(heading);
            out.push('\n');
        }
        last = r.kind;
        let name = if r.kind == "range" { "range" } else { r.class };
        out.push_str(&format!(
            "{:<24} {:>7} {:>10.3} {:>8.2}",
            name,
            r.combos,
            r.weight as f64 / 1000.0,
            100.0 * r.share
        ));
        if let Some(river) = &r.river {
            out.push_str("          ");
            for p in river {
                out.push_str(&format!(" {:>6.2}", p.map_or(0.0, |p| 100.0 * p)));
            }
        }
        for p in r.river_low.iter().flatten() {
            out.push_str(&format!(" {:>6.2}", p.map_or(0.0, |p| 100.0 * p)));
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
    let done = table(&config)?;
    let elapsed = started.elapsed();
    let (table, improve, lines) = done.result;
    output.finish(&done.bytes)?;
    crate::stderr_text!("{}", human_table(&lines));
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

/// What `sim hits` computes: the library's table, its `--improve` table and the lines drawn
/// from them.
pub type Hits = (HitsTable, Option<ImproveTable>, Vec<HitsLine>);

/// The hits of `config` and their table in the format asked for; the result is the library's
/// tables and the lines drawn from them.
///
/// # Errors
/// Usage errors for the library's refusals (a board of the wrong size, an emptied range),
/// runtime errors for a failed rendering.
pub fn table(config: &HitsConfig) -> anyhow::Result<Table<Hits>> {
    let request = &config.request;
    let (table, improve) = request::hits::run(request, config.improve).map_err(UsageError::from)?;
    let lines = lines(&table, config.combos, improve.as_ref());
    let columns = columns(config.combos, improve.is_some(), request.game.is_hilo());
    let meta = meta_of(request::run_params::hits(
        request,
        improve.as_ref(),
        config.ranking.as_deref(),
    ));
    let bytes = render(&table_rows(&columns, &lines), config.output.format, meta)?;
    Ok(Table {
        bytes,
        drawn_seed: None,
        result: (table, improve, lines),
    })
}
