//! `sim plot ranking` of a ranking of too many classes for a grid: one built class by class by
//! Monte Carlo (four-card Omaha's and the stud games' third-street rankings: a `sim rank` table
//! with a `rounds` column), or a draw game's exact ranking of pat hands (a `showdowns` column):
//! its top classes, best first, each a dot at its equity with its 95 % interval (±1.96
//! standard errors; none where exact), so that the reader sees which places the rounds tell
//! apart and which are within noise of each other.
//!
//! ```text
//!   AsAhJsJh  #1  ├──●──┤
//!   AsAhTsTh  #2   ├──●──┤
//!   …                         equity against one random hand (%) →
//! ```
//!
//! A class grid ([`ranking_grid`](crate::chart::ranking_grid)) has no room for 16,432 classes,
//! and a ranking's reader asks first for its top.

use std::collections::HashMap;

use plotters::prelude::*;

use crate::chart::header::Header;
use crate::chart::limits::at_most;
use crate::chart::style::{BOLD_GRID, LIGHT_GRID, PALETTE, SIZE, count_words, drawing};
use crate::chart::table::Table;
use crate::error::UsageError;

/// The most classes the chart draws, best first: a row each, 30 pixels apart on a chart of the
/// usual height would crowd past this.
pub const TOP_CLASSES: usize = 25;

/// The most rows a Monte Carlo ranking table may have: twice the largest `sim rank` writes,
/// six-card Omaha's 962,988 classes (whose whole table, about 93 MB, passes the input limit of
/// [`crate::chart::table::MAX_INPUT_BYTES`]: its `--top` spans are what is drawn).
pub const MAX_RANKED_ROWS: usize = 2 * 962_988;

/// The z of a 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// One class of the table.
#[derive(Debug, Clone, PartialEq)]
struct Ranked {
    class: String,
    rank: u64,
    equity: f64,
    std_error: f64,
}

/// Whether `table` is a ranking drawn by this chart: a Monte Carlo one counts each class's
/// `rounds`, a draw game's exact one its `showdowns` (hold'em's and short deck's tables, drawn
/// as a grid, have a `std_error` column too, 0 where exact, but neither count).
pub(crate) fn applies(table: &Table) -> bool {
    table.index("rounds").is_ok() || is_pat_ranking(table)
}

/// Whether `table` is a draw game's exact ranking of pat hands.
fn is_pat_ranking(table: &Table) -> bool {
    table.index("showdowns").is_ok()
}

/// Refuses a table of more rows than [`MAX_RANKED_ROWS`], before its cells are read.
///
/// # Errors
/// A usage error naming the file, the count and the limit.
pub(crate) fn check_size(table: &Table) -> Result<(), UsageError> {
    at_most(&table.path, table.rows(), "classes", MAX_RANKED_ROWS)
}

/// The table's rows after checking each (a class named once, a rank from 1, an equity in
/// [0, 1], a finite standard error of at least 0), best first.
fn read(table: &Table) -> Result<Vec<Ranked>, UsageError> {
    let classes = table.text("class")?;
    let ranks = table.counts("rank")?;
    let equities = table.probabilities("equity")?;
    let errors = table.numbers("std_error")?;
    let (class_column, rank_column) = (table.index("class")?, table.index("rank")?);
    let error_column = table.index("std_error")?;
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut rows = Vec::with_capacity(classes.len());
    for (i, class) in classes.iter().enumerate() {
        if class.trim().is_empty() {
            return Err(table.refuse(i, class_column, "no class"));
        }
        if let Some(first) = seen.insert(class, i) {
            return Err(table.refuse(
                i,
                class_column,
                format!("'{class}' is named again (first in row {})", first + 2),
            ));
        }
        if ranks[i] == 0 {
            return Err(table.refuse(i, rank_column, "rank 0: ranks count from 1"));
        }
        if !(errors[i] >= 0.0 && errors[i].is_finite()) {
            return Err(table.refuse(
                i,
                error_column,
                format!("'{}' is not a standard error (0 or more)", errors[i]),
            ));
        }
        rows.push(Ranked {
            class: class.clone(),
            rank: ranks[i],
            equity: equities[i],
            std_error: errors[i],
        });
    }
    if rows.is_empty() {
        return Err(UsageError::new(format!(
            "{}: no classes: draw the table of sim rank",
            table.path.display()
        )));
    }
    rows.sort_by_key(|r| r.rank);
    Ok(rows)
}

/// The subtitle: the game (a JSON table names it; a CSV's classes say how many cards), the
/// classes drawn of those in the table, the rounds a class.
fn subtitle(table: &Table, rows: &[Ranked], drawn: usize) -> String {
    let game = table.param("game").map(str::to_string).unwrap_or_else(|| {
        if is_pat_ranking(table) {
            return "pat hands".to_string();
        }
        let cards = rows[0]
            .class
            .chars()
            .filter(|c| "shdc".contains(*c))
            .count();
        format!("{cards}-card classes")
    });
    let mut words = vec![
        game,
        format!(
            "the top {drawn} of {} classes in the table",
            count_words(rows.len() as f64)
        ),
    ];
    if let Ok(rounds) = table.counts("rounds")
        && let (Some(lo), Some(hi)) = (rounds.iter().min(), rounds.iter().max())
    {
        words.push(if lo == hi {
            format!("{} rounds a class", count_words(*lo as f64))
        } else {
            format!(
                "{} to {} rounds a class",
                count_words(*lo as f64),
                count_words(*hi as f64)
            )
        });
    }
    if is_pat_ranking(table) {
        words.push("exact: each class against every pat hand of the other cards".to_string());
    }
    words.join(" · ")
}

/// The chart of the Monte Carlo ranking `table`.
///
/// # Errors
/// A usage error naming the file, row, column and cell of the first row a ranking does not
/// hold, or a missing column; a drawing failure.
pub fn draw(table: &Table) -> anyhow::Result<String> {
    let rows = read(table)?;
    let top = &rows[..rows.len().min(TOP_CLASSES)];
    let title = if is_pat_ranking(table) {
        "Pat hands by exact equity against one random pat hand"
    } else {
        "Starting hands by equity against one random hand, with 95 % intervals"
    };
    let header = Header::new(title, &subtitle(table, &rows, top.len()), SIZE.0);
    let (lo, hi) = top.iter().fold((1.0f64, 0.0f64), |(lo, hi), r| {
        let reach = Z95 * r.std_error;
        (lo.min(r.equity - reach), hi.max(r.equity + reach))
    });
    let pad = ((hi - lo) * 0.08).max(0.002);
    let x = (100.0 * (lo - pad)).max(0.0)..(100.0 * (hi + pad)).min(100.0);
    // Enough decimals that the axis's ten or so labels differ (a tight exact top spans 0.3 %).
    let decimals = if x.end - x.start < 1.0 { 2 } else { 1 };
    let n = top.len();
    // Row i (best first) at height n - 1 - i: the best at the top.
    let y = |i: usize| (n - 1 - i) as f64;
    let labels: Vec<String> = top
        .iter()
        .map(|r| format!("{}  #{}", r.class, r.rank))
        .collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, header.canvas()).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let body = header.draw(&root)?;
        let mut chart = ChartBuilder::on(&body)
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(150)
            .build_cartesian_2d(x, -0.5f64..n as f64 - 0.5)
            .map_err(drawing)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .bold_line_style(BOLD_GRID)
            .light_line_style(LIGHT_GRID)
            .y_labels(2 * n)
            .y_label_formatter(&|v| {
                let at = v.round();
                if (v - at).abs() > 1e-9 || at < 0.0 || at as usize >= n {
                    return String::new();
                }
                labels[n - 1 - at as usize].clone()
            })
            .x_desc("equity against one random hand (%)")
            .x_label_formatter(&|v| {
                let label = format!("{v:.decimals$}");
                // 100.00 at the right edge would cross the canvas: trailing zeros go.
                if decimals > 1 && label.contains('.') {
                    label
                        .trim_end_matches('0')
                        .trim_end_matches('.')
                        .to_string()
                } else {
                    label
                }
            })
            .draw()
            .map_err(drawing)?;
        let interval = PALETTE[0].stroke_width(2);
        // An exact ranking has no interval to draw.
        if !is_pat_ranking(table) {
            chart
                .draw_series(top.iter().enumerate().map(|(i, r)| {
                    let reach = Z95 * r.std_error;
                    PathElement::new(
                        vec![
                            (100.0 * (r.equity - reach), y(i)),
                            (100.0 * (r.equity + reach), y(i)),
                        ],
                        interval,
                    )
                }))
                .map_err(drawing)?
                .label("95 % interval (±1.96 standard errors)")
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], interval));
        }
        chart
            .draw_series(
                top.iter()
                    .enumerate()
                    .map(|(i, r)| Circle::new((100.0 * r.equity, y(i)), 4, PALETTE[0].filled())),
            )
            .map_err(drawing)?
            .label("equity")
            .legend(|(x, y)| Circle::new((x + 10, y), 4, PALETTE[0].filled()));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE)
            .border_style(BOLD_GRID)
            .draw()
            .map_err(drawing)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str, text: &str) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        Table::read(&path).unwrap()
    }

    const HEADER: &str =
        "rank,class,combos,equity,cumulative_combos,percentile,std_error,rounds,wins,ties\n";

    #[test]
    fn the_top_is_drawn_best_first_with_its_intervals() {
        let rows = "2,AsAhTsTh,6,0.7123,12,0.0044,0.0013,128000,90958,446\n\
                    1,AsAhJsJh,6,0.7139,6,0.0022,0.0013,128000,91164,449\n";
        let t = table("omaha.csv", &format!("{HEADER}{rows}"));
        assert!(applies(&t));
        let read = read(&t).unwrap();
        assert_eq!(read[0].class, "AsAhJsJh", "sorted by rank");
        let svg = draw(&t).unwrap();
        assert!(svg.contains("AsAhJsJh  #1"), "{svg}");
        assert!(svg.contains("4-card classes"), "{svg}");
        assert!(svg.contains("128 k rounds a class"), "{svg}");
    }

    #[test]
    fn a_draw_ranking_is_drawn_as_exact() {
        let text = "rank,class,combos,equity,cumulative_combos,percentile,std_error,showdowns,\
                    wins,pot_units\n\
                    1,75432o,1020,0.9999,1020,0.0392,0.0,1564617780,1564370880,6257977320\n\
                    2,76432o,1020,0.9997,2040,0.0785,0.0,1564617780,1564041684,6256660536\n";
        let t = table("lowball27.csv", text);
        assert!(applies(&t));
        let svg = draw(&t).unwrap();
        assert!(svg.contains("75432o  #1"), "{svg}");
        assert!(svg.contains("Pat hands by exact equity"), "{svg}");
        assert!(svg.contains("pat hands · the top 2"), "{svg}");
        assert!(
            !svg.contains("95 % interval"),
            "no interval where exact: {svg}"
        );
    }

    #[test]
    fn rows_no_ranking_holds_are_refused_naming_row_and_column() {
        let cases = [
            (
                "1,AsAhJsJh,6,0.71,6,0.002,0.001,1,1,0\n2,AsAhJsJh,6,0.71,12,0.004,0.001,1,1,0\n",
                "row 3, column class: 'AsAhJsJh' is named again (first in row 2)",
            ),
            (
                "0,AsAhJsJh,6,0.71,6,0.002,0.001,1,1,0\n",
                "row 2, column rank: rank 0: ranks count from 1",
            ),
            (
                "1,AsAhJsJh,6,0.71,6,0.002,-1,1,1,0\n",
                "row 2, column std_error: '-1' is not a standard error (0 or more)",
            ),
        ];
        for (rows, message) in cases {
            let err = read(&table("r.csv", &format!("{HEADER}{rows}")))
                .unwrap_err()
                .to_string();
            assert!(err.ends_with(message), "{err}");
        }
    }
}
