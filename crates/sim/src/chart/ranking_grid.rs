//! `sim plot ranking`: a `sim rank` table (the whole ranking, a `--top` share or one class) as
//! the starting-hand grid ([`class_grid`]): each class's rank written in its cell, its
//! percentile under it, coloured from green (the top of the ranking) to red (its bottom).
//!
//! The deck is read from the table itself: a `--format json` table names its game; a CSV's
//! percentiles do, since a class's percentile is its cumulative combos over all the deck's
//! (1,326 in hold'em, 630 in short deck).

use std::collections::HashMap;

use crate::chart::class_grid::{self, Grid, GridCell, Look, parse_class};
use crate::chart::limits::at_most;
use crate::chart::table::Table;
use crate::error::UsageError;

/// The two-card combos of hold'em's deck and of short deck's.
const DECKS: [(&str, &str, f64); 2] = [
    ("holdem", "Hold'em", 1326.0),
    ("shortdeck", "Short deck", 630.0),
];

/// The most rows a ranking table may have: twice hold'em's 169 classes, the most a `sim rank`
/// table holds (as the other charts' bounds, twice the largest table).
const MAX_CLASSES: usize = 338;

/// One class row of a `sim rank` table.
#[derive(Debug, Clone, PartialEq)]
struct Ranked {
    class: String,
    rank: u64,
    percentile: f64,
    equity: f64,
}

/// Refuses a ranking table of more rows than [`MAX_CLASSES`], before its cells are read.
///
/// # Errors
/// A usage error naming the file, the count and the limit, or the missing `class` column.
pub(crate) fn check_size(table: &Table) -> Result<(), UsageError> {
    table.index("class")?;
    at_most(&table.path, table.rows(), "classes", MAX_CLASSES)
}

/// The rows of a `sim rank` table and whether it ranks short deck's classes, after checking
/// each: a class of the deck, named once; a rank from 1; a percentile in (0, 100]; an equity
/// in [0, 1]; one deck for every row.
///
/// # Errors
/// A usage error naming the file, row, column and cell of the first row a ranking does not
/// hold, or a missing column.
fn read(table: &Table) -> Result<(Vec<Ranked>, bool), UsageError> {
    let path = table.path.display();
    let classes = table.text("class")?;
    let ranks = table.counts("rank")?;
    let combos = table.counts("cumulative_combos")?;
    let percentiles = table.numbers("percentile")?;
    let equities = table.probabilities("equity")?;
    let class_column = table.index("class")?;
    let percentile_column = table.index("percentile")?;
    let named = table.param("game");
    let mut deck = match named {
        Some(game) => Some(DECKS.iter().position(|d| d.0 == game).ok_or_else(|| {
            UsageError::new(format!(
                "{path}: the ranking chart draws hold'em and short-deck rankings, not {game}"
            ))
        })?),
        None => None,
    };
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut rows = Vec::with_capacity(classes.len());
    for (i, class) in classes.iter().enumerate() {
        let percentile = percentiles[i];
        if !(percentile > 0.0 && percentile <= 100.0) {
            return Err(table.refuse(
                i,
                percentile_column,
                format!("'{percentile}' is not a percentile in (0, 100]"),
            ));
        }
        // The deck whose combos make this percentile: cumulative combos / percentile × 100.
        let total = combos[i] as f64 * 100.0 / percentile;
        let this = DECKS.iter().position(|d| (total - d.2).abs() < 0.5);
        match (this, deck) {
            (Some(this), None) => deck = Some(this),
            (Some(this), Some(first)) if this == first => {}
            _ if named.is_some() => {}
            _ => {
                return Err(table.refuse(
                    i,
                    percentile_column,
                    format!(
                        "{percentile} % of the deck's combos is not {} cumulative combos of hold'em (1,326) or short deck (630)",
                        combos[i]
                    ),
                ));
            }
        }
        let short = deck == Some(1);
        if !parse_class(class).is_some_and(|at| !short || at.0.max(at.1) < 9) {
            let name = if short { "short-deck" } else { "hold'em" };
            return Err(table.refuse(
                i,
                class_column,
                format!("'{class}' is not a {name} class (AA, AKs, AKo)"),
            ));
        }
        if let Some(first) = seen.insert(class, i) {
            return Err(table.refuse(
                i,
                class_column,
                format!("'{class}' is named again (first in row {})", first + 2),
            ));
        }
        rows.push(Ranked {
            class: class.clone(),
            rank: ranks[i],
            percentile,
            equity: equities[i],
        });
    }
    if rows.is_empty() {
        return Err(UsageError::new(format!(
            "{path}: no classes: draw the table of sim rank"
        )));
    }
    Ok((rows, deck == Some(1)))
}

/// The grid cell of one ranked class.
fn grid_cell(row: &Ranked, classes: usize) -> GridCell {
    GridCell {
        class: row.class.clone(),
        shade: 1.0 - row.percentile / 100.0,
        value: format!("#{}", row.rank),
        note: Some(format!("{:.1} %", row.percentile)),
        tooltip: format!(
            "rank {} of {classes}, top {:.2} % of combos, equity {:.2} %",
            row.rank,
            row.percentile,
            100.0 * row.equity
        ),
    }
}

/// The ranking chart of the `sim rank` table `table`.
///
/// # Errors
/// A usage error naming the file, row, column and cell of the first row a ranking does not
/// hold, or a missing column.
pub fn draw(table: &Table) -> Result<String, UsageError> {
    let (rows, short) = read(table)?;
    let (_, deck, _) = DECKS[usize::from(short)];
    let classes = if short { 81 } else { 169 };
    // Files written before the rankings had names say `equity_vs_one_random_hand`.
    let ranking = match table.param("ranking") {
        Some("equity_vs_one_random_hand") | None => "equity against one random hand".to_string(),
        Some(name) => match name.parse::<engine::named_ranking::RankingName>() {
            Ok(named) if named.is_exact() => "equity against one random hand".to_string(),
            Ok(named) => format!("equity against {} random hands", named.opponents),
            Err(_) => name.replace('_', " "),
        },
    };
    let heading = match table.param("top") {
        Some(top) if top.contains('-') => format!("{deck}: {top}"),
        Some(top) => format!("{deck}: top {top}"),
        None if rows.len() == classes => format!("{deck}: all {classes} classes"),
        None => format!("{deck}: {} of {classes} classes", rows.len()),
    };
    let grid = Grid {
        heading,
        cells: rows.iter().map(|row| grid_cell(row, classes)).collect(),
    };
    let caption = format!("rank, percentile; by {ranking}");
    let look = Look {
        title: "Starting hands by their rank",
        caption: &caption,
        legend: ["bottom (100 %)", "50 %", "top (0 %)"],
    };
    let subtitle = format!("{} · exact", if short { "shortdeck" } else { "holdem" });
    Ok(class_grid::svg(&[grid], short, &subtitle, &look))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        std::fs::write(&path, text).unwrap();
        Table::read(&path).unwrap()
    }

    const HEADER: &str = "rank,class,combos,equity,cumulative_combos,percentile\n";

    #[test]
    fn the_deck_is_read_from_the_percentiles() {
        let holdem = table(&format!("{HEADER}1,AA,6,0.85,6,0.452489\n"));
        assert!(!read(&holdem).unwrap().1);
        let short = table(&format!("{HEADER}6,AKs,4,0.61,34,5.396825\n"));
        assert!(read(&short).unwrap().1);
        let svg = draw(&short).unwrap();
        assert!(svg.contains("Short deck"), "{svg}");
        assert!(svg.contains(">#6<"), "{svg}");
    }

    #[test]
    fn rows_no_ranking_holds_are_refused_naming_row_and_column() {
        let cases = [
            (
                "1,AA,6,0.85,6,0.452489\n1,AA,6,0.85,6,0.452489\n",
                "row 3, column class: 'AA' is named again (first in row 2)",
            ),
            (
                "1,AA,6,0.85,6,0.452489\n6,AKs,4,0.61,34,5.396825\n",
                "row 3, column percentile: 5.396825 % of the deck's combos is not 34 cumulative combos of hold'em (1,326) or short deck (630)",
            ),
            (
                "6,A2s,4,0.61,34,5.396825\n",
                "row 2, column class: 'A2s' is not a short-deck class (AA, AKs, AKo)",
            ),
            (
                "1,AA,6,0.85,6,0\n",
                "row 2, column percentile: '0' is not a percentile in (0, 100]",
            ),
        ];
        for (rows, message) in cases {
            let err = read(&table(&format!("{HEADER}{rows}")))
                .unwrap_err()
                .to_string();
            assert!(err.ends_with(message), "{err}");
        }
    }
}
