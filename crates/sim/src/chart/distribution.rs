//! `sim plot distribution`: the equity curves of a `sim equity --distribution` CSV, one line per
//! player (and, with `--versus` rows, one dashed line per player against the other's hands), as
//! SVG.
//!
//! ```text
//!  100 % ┤──┐                      each hand a step: x from the shares of the hands above it
//!        │  └──┐     player 1      to those plus its own share, y its equity
//!   50 % ┤·····└─┐·····(guide)·    legend above the chart, where no line can be: seat, range,
//!        │       └──┐ player 2     hands, equity, median, share at 50 % or more
//!    0 % ┼──────────┴──────▶
//!        0 %   share of the range   100 %
//! ```

use std::collections::BTreeSet;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::chart::limits::{MAX_DISTRIBUTION_CURVES, MAX_DISTRIBUTION_ROWS, at_most};
use crate::chart::style::{BOLD_GRID, LIGHT_GRID, PALETTE, SIZE, count_words, drawing};
use crate::chart::table::Table;
use crate::error::UsageError;

/// Pixels per legend line above the chart.
const LEGEND_LINE: u32 = 20;
/// Pixels above the legend for the title.
const TITLE: u32 = 44;
/// The longest range text written in the legend; longer ones end in `…`.
const RANGE_CHARS: usize = 44;

/// One line of the chart: a player's hands, or a player's equity against another's hands.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Curve {
    /// Seat, from 1.
    pub(crate) player: usize,
    /// The player's range.
    pub(crate) range: String,
    /// Versus rows: the opponent whose hands the line runs over.
    pub(crate) against: Option<usize>,
    /// Each hand: (x where it starts, x where it ends, equity).
    pub(crate) steps: Vec<(f64, f64, f64)>,
    /// From the summary row: (hands, mean equity, median, share at 50 % or more).
    pub(crate) summary: Option<(u64, f64, f64, f64)>,
}

/// The columns of a distribution table that the chart reads.
const COLUMNS: [&str; 11] = [
    "level",
    "player",
    "range",
    "against",
    "board",
    "hands",
    "share",
    "cumulative",
    "equity",
    "median",
    "at_least_half",
];

/// The index of column `name` of the distribution table `table`.
///
/// # Errors
/// A usage error, naming the file and the column, if it has none.
fn column(table: &Table, name: &str) -> Result<usize, UsageError> {
    table.index(name).map_err(|_| {
        UsageError::new(format!(
            "{}: no column {name}: draw the CSV of sim equity --distribution",
            table.path.display()
        ))
    })
}

/// Whether a row of `level` is a step of a curve.
fn is_curve(level: &str) -> bool {
    matches!(level, "curve" | "versus_curve")
}

/// The curve a row of `level` for `player` (and `against`, a versus row) belongs to: (seat,
/// opponent), `None` where a cell is not a whole number ([`curves`] names it).
fn curve_key(level: &str, player: &str, against: &str) -> Option<(u64, Option<u64>)> {
    let seat = player.trim().parse().ok()?;
    if level.starts_with("versus") {
        Some((seat, Some(against.trim().parse().ok()?)))
    } else {
        Some((seat, None))
    }
}

/// Refuses a distribution table with more curve rows than [`MAX_DISTRIBUTION_ROWS`] or more
/// curves than [`MAX_DISTRIBUTION_CURVES`], counted from three columns' cells in place.
///
/// # Errors
/// A usage error naming the file, the count and the limit, or a missing column.
pub(crate) fn check_size(table: &Table) -> Result<(), UsageError> {
    let [level, player, against] = ["level", "player", "against"].map(|n| column(table, n));
    let (level, player, against) = (level?, player?, against?);
    let rows = (0..table.rows()).filter(|&row| is_curve(table.cell(row, level)));
    at_most(
        &table.path,
        rows.clone().count(),
        "curve rows",
        MAX_DISTRIBUTION_ROWS,
    )?;
    let curves: BTreeSet<_> = rows
        .filter_map(|row| {
            curve_key(
                table.cell(row, level),
                table.cell(row, player),
                table.cell(row, against),
            )
        })
        .collect();
    at_most(&table.path, curves.len(), "curves", MAX_DISTRIBUTION_CURVES)
}

/// The curves of a `sim equity --distribution` table and its board: a curve per (player,
/// opponent) with curve rows, in the order of its first, with the summary row of the same pair.
/// Cells are read in place, and a summary row only joins a curve, never starts one: the work
/// is linear in the rows, over at most [`MAX_DISTRIBUTION_CURVES`] curves once [`check_size`]
/// has passed.
///
/// # Errors
/// A usage error for a table without the distribution's columns or curve rows, or with a cell
/// that is not a share in [0, 1].
pub(crate) fn curves(table: &Table) -> Result<(Vec<Curve>, String), UsageError> {
    let path = table.path.display();
    let [
        level,
        player,
        range,
        against,
        board,
        hands,
        share,
        cumulative,
        equity,
        median,
        half,
    ] = COLUMNS.map(|name| column(table, name));
    let (level, player, range, against, board) = (level?, player?, range?, against?, board?);
    let (hands, share, cumulative, equity) = (hands?, share?, cumulative?, equity?);
    let (median, half) = (median?, half?);
    let cell = |c: usize, name: &str, row: usize| -> Result<f64, UsageError> {
        let text = table.cell(row, c);
        text.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| (0.0..=1.0).contains(v))
            .ok_or_else(|| {
                UsageError::new(format!(
                    "{path}: row {}, column {name}: '{text}' is not a share in [0, 1]",
                    row + 2
                ))
            })
    };
    let whole = |c: usize, name: &str, row: usize| -> Result<u64, UsageError> {
        let text = table.cell(row, c);
        text.trim().parse::<u64>().map_err(|_| {
            UsageError::new(format!(
                "{path}: row {}, column {name}: '{text}' is not a whole number",
                row + 2
            ))
        })
    };
    let key = |row: usize| -> Result<(usize, Option<usize>), UsageError> {
        let seat = whole(player, "player", row)? as usize;
        if table.cell(row, level).starts_with("versus") {
            Ok((seat, Some(whole(against, "against", row)? as usize)))
        } else {
            Ok((seat, None))
        }
    };
    let mut lines: Vec<Curve> = Vec::new();
    for row in (0..table.rows()).filter(|&row| is_curve(table.cell(row, level))) {
        let (seat, opponent) = key(row)?;
        let at = match lines
            .iter()
            .position(|c| c.player == seat && c.against == opponent)
        {
            Some(at) => at,
            None => {
                lines.push(Curve {
                    player: seat,
                    range: table.cell(row, range).to_string(),
                    against: opponent,
                    steps: Vec::new(),
                    summary: None,
                });
                lines.len() - 1
            }
        };
        let (s, c) = (
            cell(share, "share", row)?,
            cell(cumulative, "cumulative", row)?,
        );
        let e = cell(equity, "equity", row)?;
        lines[at].steps.push(((c - s).max(0.0), c, e));
    }
    for row in 0..table.rows() {
        if !matches!(table.cell(row, level), "summary" | "versus_summary") {
            continue;
        }
        let (seat, opponent) = key(row)?;
        let summary = (
            whole(hands, "hands", row)?,
            cell(equity, "equity", row)?,
            cell(median, "median", row)?,
            cell(half, "at_least_half", row)?,
        );
        if let Some(line) = lines
            .iter_mut()
            .find(|c| c.player == seat && c.against == opponent)
        {
            line.summary = Some(summary);
        }
    }
    if lines.is_empty() {
        return Err(UsageError::new(format!(
            "{path}: no curve rows: draw the CSV of sim equity --distribution"
        )));
    }
    Ok((lines, table.cell(0, board).to_string()))
}

/// The range as the legend writes it: at most [`RANGE_CHARS`] characters.
fn short_range(range: &str) -> String {
    if range.chars().count() <= RANGE_CHARS {
        range.to_string()
    } else {
        let head: String = range.chars().take(RANGE_CHARS - 1).collect();
        format!("{head}…")
    }
}

/// A share as a percentage with two decimals: `43.21 %`.
fn percent(x: f64) -> String {
    format!("{:.2} %", 100.0 * x)
}

/// The legend's words for `curve`, the ranges of the other lines in `all` available.
fn legend_words(curve: &Curve, all: &[Curve]) -> String {
    let who = match curve.against {
        None => format!("player {} {}", curve.player, short_range(&curve.range)),
        Some(q) => {
            let theirs = all
                .iter()
                .find(|c| c.player == q && c.against.is_none())
                .map_or(String::new(), |c| format!(" ({})", short_range(&c.range)));
            format!(
                "player {} against each hand of player {q}{theirs}",
                curve.player
            )
        }
    };
    match curve.summary {
        Some((hands, mean, median, half)) => format!(
            "{who}: {} {}, equity {}, median {}, {} of the range at 50 % or more",
            count_words(hands as f64),
            if hands == 1 { "hand" } else { "hands" },
            percent(mean),
            percent(median),
            percent(half)
        ),
        None => who,
    }
}

/// Draws `curves` (on `board`, empty before the flop) into `svg`.
///
/// # Errors
/// Only if drawing fails.
pub(crate) fn distribution_chart(
    curves: &[Curve],
    board: &str,
    svg: &mut String,
) -> anyhow::Result<()> {
    let header = TITLE + LEGEND_LINE * curves.len() as u32 + 8;
    let size = (SIZE.0, SIZE.1 + header);
    let root = SVGBackend::with_string(svg, size).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let (top, body) = root.split_vertically(header);
    let players = curves.iter().filter(|c| c.against.is_none()).count();
    let hands: u64 = curves
        .iter()
        .filter(|c| c.against.is_none())
        .map(|c| c.steps.len() as u64)
        .sum();
    let on = if board.is_empty() {
        "before the flop".to_string()
    } else {
        format!("on {board}")
    };
    let title = format!(
        "Equity distribution {on}: {players} {}, {} hands, each sorted by equity",
        if players == 1 { "range" } else { "ranges" },
        count_words(hands as f64)
    );
    let centred = TextStyle::from(("sans-serif", 20).into_font())
        .pos(Pos::new(HPos::Center, VPos::Center))
        .color(&BLACK);
    top.draw(&Text::new(title, (size.0 as i32 / 2, 22), centred))
        .map_err(drawing)?;
    let legend_style = TextStyle::from(("sans-serif", 13).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center))
        .color(&BLACK);
    // Seat 1 first; a table's seat 0 (no `sim` table has one) shares its colour.
    let colour = |c: &Curve| PALETTE[c.player.saturating_sub(1) % PALETTE.len()];
    for (k, curve) in curves.iter().enumerate() {
        let y = TITLE as i32 + (LEGEND_LINE as i32) * k as i32 + 4;
        let (x0, x1) = (90, 124);
        let style = colour(curve).stroke_width(2);
        if curve.against.is_some() {
            top.draw(&PathElement::new(vec![(x0, y), (x0 + 12, y)], style))
                .map_err(drawing)?;
            top.draw(&PathElement::new(vec![(x0 + 20, y), (x1, y)], style))
                .map_err(drawing)?;
        } else {
            top.draw(&PathElement::new(vec![(x0, y), (x1, y)], style))
                .map_err(drawing)?;
        }
        top.draw(&Text::new(
            legend_words(curve, curves),
            (x1 + 10, y),
            legend_style.clone(),
        ))
        .map_err(drawing)?;
    }
    let mut chart = ChartBuilder::on(&body)
        .margin(15)
        .margin_right(30)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .bold_line_style(BOLD_GRID)
        .light_line_style(LIGHT_GRID)
        .x_labels(11)
        .y_labels(11)
        .x_desc("share of the range, highest equity first")
        .y_desc("equity")
        .x_label_formatter(&|x| format!("{:.0} %", x * 100.0))
        .y_label_formatter(&|y| format!("{:.0} %", y * 100.0))
        .draw()
        .map_err(drawing)?;
    let guide = RGBColor(90, 90, 90);
    chart
        .draw_series(DashedLineSeries::new(
            [(0.0, 0.5), (1.0, 0.5)],
            6,
            4,
            guide.stroke_width(1),
        ))
        .map_err(drawing)?;
    for curve in curves {
        let mut points = Vec::with_capacity(2 * curve.steps.len());
        for &(from, to, equity) in &curve.steps {
            points.push((from, equity));
            points.push((to, equity));
        }
        let style = colour(curve).stroke_width(2);
        if curve.against.is_some() {
            chart
                .draw_series(DashedLineSeries::new(points, 8, 5, style))
                .map_err(drawing)?;
        } else {
            chart
                .draw_series(LineSeries::new(points, style))
                .map_err(drawing)?;
        }
    }
    root.present().map_err(drawing)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "game,board,player,range,against,level,hand,hands,low,high,share,\
                          cumulative,equity,std_error,q1,median,q3,at_least_half";

    fn table(rows: &[&str]) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.csv");
        std::fs::write(&path, format!("{HEADER}\n{}\n", rows.join("\n"))).unwrap();
        Table::read(&path).unwrap()
    }

    #[test]
    fn summaries_join_their_curves_wherever_they_stand() {
        let t = table(&[
            "holdem,Kd7c2s,1,AA,,summary,,2,,,,,0.6,,,0.55,,0.5",
            "holdem,Kd7c2s,1,AA,,curve,AsAh,1,,,0.5,0.5,0.7,0,,,,",
            "holdem,Kd7c2s,3,KK,,summary,,1,,,,,0.4,,,0.4,,0",
            "holdem,Kd7c2s,1,AA,,curve,AdAc,1,,,0.5,1,0.5,0,,,,",
            "holdem,Kd7c2s,2,QQ,1,versus_curve,AsAh,1,,,1,1,0.3,0,,,,",
        ]);
        let (curves, board) = curves(&t).unwrap();
        assert_eq!(board, "Kd7c2s");
        assert_eq!(curves.len(), 2, "seat 3 has a summary and no curve");
        assert_eq!(curves[0].steps, [(0.0, 0.5, 0.7), (0.5, 1.0, 0.5)]);
        assert_eq!(curves[0].summary, Some((2, 0.6, 0.55, 0.5)));
        assert_eq!((curves[1].player, curves[1].against), (2, Some(1)));
        assert_eq!(curves[1].summary, None);
        assert_eq!(check_size(&t), Ok(()));
    }

    #[test]
    fn curves_past_the_limit_are_counted_and_refused() {
        let rows: Vec<String> = (1..=MAX_DISTRIBUTION_CURVES + 1)
            .map(|seat| format!("holdem,,{seat},AA,,curve,AsAh,1,,,1,1,0.5,0,,,,"))
            .collect();
        let t = table(&rows.iter().map(String::as_str).collect::<Vec<_>>());
        let err = check_size(&t).unwrap_err().to_string();
        assert!(
            err.ends_with(&format!(
                "has {} curves; sim plot draws at most {MAX_DISTRIBUTION_CURVES}",
                MAX_DISTRIBUTION_CURVES + 1
            )),
            "{err}"
        );
    }

    fn curve(player: usize, against: Option<usize>) -> Curve {
        Curve {
            player,
            range: "AK,QQ".into(),
            against,
            steps: vec![(0.0, 0.25, 0.9), (0.25, 1.0, 0.3)],
            summary: Some((16, 0.45, 0.3, 0.25)),
        }
    }

    #[test]
    fn the_legend_reads_as_people_say_it() {
        let all = [curve(1, None), curve(2, None), curve(1, Some(2))];
        assert_eq!(
            legend_words(&all[0], &all),
            "player 1 AK,QQ: 16 hands, equity 45.00 %, median 30.00 %, 25.00 % of the range at 50 % or more"
        );
        assert!(
            legend_words(&all[2], &all)
                .starts_with("player 1 against each hand of player 2 (AK,QQ): ")
        );
        assert_eq!(short_range(&"A".repeat(50)).chars().count(), RANGE_CHARS);
        let one = Curve {
            summary: Some((1, 0.5, 0.5, 1.0)),
            ..curve(1, None)
        };
        assert!(legend_words(&one, &all).contains(": 1 hand, equity"));
    }

    #[test]
    fn the_chart_has_its_title_and_a_line_per_curve() {
        let mut svg = String::new();
        distribution_chart(&[curve(1, None), curve(2, None)], "Kd7c2s", &mut svg).unwrap();
        assert!(svg.contains("Equity distribution on Kd7c2s: 2 ranges, 4 hands"));
        assert!(svg.contains("player 2 AK,QQ"));
        assert!(svg.contains("<polyline"));
    }
}
