//! The chart of `sim plot hits`: one horizontal bar per class of a `sim hits` table that holds
//! combos, its length the class's share of the range; made hands (exclusive) on top in one
//! colour, draws (overlapping) below in another, each bar labelled with its share and combos.
//!
//! ```text
//!  set                 ██ 0.77 % (9)
//!  top_pair_top_kicker ███ 1.02 % (12)
//!  …
//!  flush_draw          █████ 4.68 % (55)        draws: a combo may hold several
//! ```

use std::collections::HashMap;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use request::hits::Class;

use crate::chart::fit::{chars_in, ellipsis, svg_size};
use crate::chart::header::Header;
use crate::chart::spot;
use crate::chart::style::{BOLD_GRID, LIGHT_GRID, drawing};
use crate::chart::table::Table;
use crate::error::UsageError;

/// The chart's width; its height grows with the number of bars.
const WIDTH: u32 = 900;
/// Pixels per bar.
const ROW_HEIGHT: u32 = 24;
/// The colours of the other charts' first two series: made hands, draws.
const MADE: RGBColor = RGBColor(31, 119, 180);
const DRAW: RGBColor = RGBColor(255, 127, 14);
/// Pixels under the header for the legend.
const LEGEND: u32 = 24;
/// The legend's words.
const MADE_WORDS: &str = "made hand (exclusive: these bars add up to 100 %)";
const DRAW_WORDS: &str = "draw (a combo may hold several draws, or none)";

/// One class of the table.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Bar {
    /// The class's name.
    pub(super) class: String,
    /// Whether it is a draw (else a made hand).
    pub(super) draw: bool,
    /// Combos in it.
    pub(super) combos: u64,
    /// Its weighted share of the range, 0 to 1.
    pub(super) share: f64,
}

/// The share as a label: `12.24 % (144)`.
fn bar_label(bar: &Bar) -> String {
    format!("{:.2} % ({})", 100.0 * bar.share, bar.combos)
}

/// The subtitle of the hits table `table`: its range, board and dead cards where it names them
/// (a `--format json` table does; the CSV names none, and the subtitle says where they are).
pub(crate) fn subtitle(table: &Table) -> String {
    if table.has_params() {
        spot::words(table, true)
    } else {
        "range and board: in the table of sim hits --format json, not in its CSV".to_string()
    }
}

/// Draws `bars` (the classes holding combos; classes with none are left out) of a range of
/// `total` combos into `svg`, under `subtitle` ([`subtitle`]).
pub(crate) fn hits_chart(
    bars: &[Bar],
    total: u64,
    subtitle: &str,
    svg: &mut String,
) -> anyhow::Result<()> {
    let shown: Vec<&Bar> = bars.iter().filter(|b| b.combos > 0).collect();
    // A blank slot between the made hands and the draws.
    let gap = usize::from(shown.iter().any(|b| b.draw) && shown.iter().any(|b| !b.draw));
    let slots = (shown.len() + gap).max(1);
    let header = Header::new(
        &format!(
            "What the range hits: share of its {} combos by class",
            thousands(total)
        ),
        subtitle,
        WIDTH,
    );
    let top_height = header.height() + LEGEND;
    let height = (top_height + 80 + ROW_HEIGHT * slots as u32).max(320);
    // Slot of each bar, counted from the top.
    let mut slot_of = Vec::with_capacity(shown.len());
    let mut seen_draw = false;
    for (i, bar) in shown.iter().enumerate() {
        if bar.draw && !seen_draw && i > 0 {
            seen_draw = true;
        }
        slot_of.push(i + usize::from(seen_draw && gap == 1));
    }
    let y_of = |slot: usize| (slots - 1 - slot) as f64;
    let x_hi = shown
        .iter()
        .map(|b| b.share)
        .fold(0.0f64, f64::max)
        .max(0.01)
        * 1.3;
    let names: Vec<(f64, String)> = shown
        .iter()
        .zip(&slot_of)
        .map(|(b, &s)| (y_of(s), b.class.clone()))
        .collect();
    let root = SVGBackend::with_string(svg, (WIDTH, height)).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    // The title and the legend above the chart, where no bar can be.
    let (top, body) = root.split_vertically(top_height);
    let top = header.draw(&top)?;
    let legend_style = TextStyle::from(("sans-serif", 13).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center))
        .color(&BLACK);
    // Each entry in half the width, its words cut to fit it.
    let half = WIDTH as i32 / 2;
    for (k, (color, words)) in [(MADE, MADE_WORDS), (DRAW, DRAW_WORDS)]
        .into_iter()
        .enumerate()
    {
        let x = 40 + half * k as i32;
        let room = chars_in(f64::from(half - 40 - 20 - 8), svg_size(13));
        top.draw(&Rectangle::new([(x, 5), (x + 14, 15)], color.filled()))
            .map_err(drawing)?;
        top.draw(&Text::new(
            ellipsis(words, room),
            (x + 20, 10),
            legend_style.clone(),
        ))
        .map_err(drawing)?;
    }
    let mut chart = ChartBuilder::on(&body)
        .margin(15)
        .margin_top(5)
        .margin_right(30)
        .x_label_area_size(40)
        .y_label_area_size(190)
        .build_cartesian_2d(0.0..x_hi, -0.5..slots as f64 - 0.5)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .bold_line_style(BOLD_GRID)
        .light_line_style(LIGHT_GRID)
        .y_labels(slots * 2 + 1)
        .y_label_formatter(&|y| {
            names
                .iter()
                .find(|(at, _)| (at - y).abs() < 1e-9)
                .map(|(_, name)| name.clone())
                .unwrap_or_default()
        })
        .x_desc("share of the range (weighted)")
        .x_label_formatter(&|x| format!("{:.0} %", x * 100.0))
        .draw()
        .map_err(drawing)?;
    let label_style = TextStyle::from(("sans-serif", 13).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center))
        .color(&BLACK);
    for (draw, color) in [(false, MADE), (true, DRAW)] {
        let group: Vec<(f64, &Bar)> = shown
            .iter()
            .zip(&slot_of)
            .filter(|(b, _)| b.draw == draw)
            .map(|(b, &s)| (y_of(s), *b))
            .collect();
        chart
            .draw_series(group.iter().map(|&(y, b)| {
                Rectangle::new([(0.0, y - 0.35), (b.share, y + 0.35)], color.filled())
            }))
            .map_err(drawing)?;
        chart
            .draw_series(group.iter().map(|&(y, b)| {
                EmptyElement::at((b.share, y))
                    + Text::new(bar_label(b), (6, 0), label_style.clone())
            }))
            .map_err(drawing)?;
    }
    root.present().map_err(drawing)
}

/// A count with thousands separators: `1,176`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How far a sum of shares, each written with 15 decimals, may stray from 1.
const SHARE_SLACK: f64 = 1e-9;

/// How far a class's weighted combos, written with three decimals, may pass its combos (each
/// combo weighs at most 1).
const WEIGHT_SLACK: f64 = 0.0005;

/// The classes of a `sim hits` table and the range's combos (its `range` row, else the made
/// hands' sum), after checking the table against the one `sim hits` writes: each kind `range`,
/// `made`, `draw` or, in hold'em hi/lo, `low` or `low_draw` (checked, then left out: the chart
/// draws the high hand's classes); each class a class of its kind (`all` for the range row), named once;
/// weighted combos a number from 0 to the row's combos; the made hands, which are exclusive,
/// holding shares that add up to 1 and, beside a range row, its combos.
///
/// # Errors
/// A usage error naming the file (and the row and column, or the column) of the first cell
/// that no `sim hits` table holds, or, in a table without a `range` row, made hands whose
/// combos add up to more than 2^64 − 1.
pub(crate) fn hits_bars(table: &Table) -> Result<(Vec<Bar>, u64), UsageError> {
    let path = table.path.display();
    let kinds = table.text("kind")?;
    let classes = table.text("class")?;
    let combos = table.counts("combos")?;
    let weighted = table.column(
        "weighted_combos",
        "a weighted count (a number of at least 0)",
        |cell| {
            cell.parse::<f64>()
                .ok()
                .filter(|w| w.is_finite() && *w >= 0.0)
        },
    )?;
    let shares = table.probabilities("share")?;
    let (class_at, weighted_at) = (table.index("class")?, table.index("weighted_combos")?);
    let mut first_row: HashMap<&str, usize> = HashMap::new();
    let mut bars = Vec::new();
    let mut range = None;
    for (i, kind) in kinds.iter().enumerate() {
        let class = classes[i].as_str();
        if let Some(first) = first_row.insert(class, i) {
            return Err(table.refuse(
                i,
                class_at,
                format!("'{class}' is named again (first in row {})", first + 2),
            ));
        }
        if weighted[i] > combos[i] as f64 + WEIGHT_SLACK {
            return Err(table.refuse(
                i,
                weighted_at,
                format!(
                    "'{}' is more than the row's {} combos (a weight is at most 1)",
                    table.cell(i, weighted_at),
                    combos[i]
                ),
            ));
        }
        let draw = match kind.as_str() {
            "range" if class == "all" => {
                range = Some(i);
                continue;
            }
            "range" => {
                return Err(table.refuse(
                    i,
                    class_at,
                    format!("'{class}' is not all, the class of the range row"),
                ));
            }
            "made" | "draw" | "low" | "low_draw" => match class.parse::<Class>() {
                // The low rows of hold'em hi/lo are checked and left out: the chart draws the
                // high hand's classes.
                Ok(known) if known.kind() == kind && kind.starts_with("low") => continue,
                Ok(known) if known.kind() == kind => kind == "draw",
                _ => {
                    let kind = match kind.as_str() {
                        "made" => "made-hand",
                        "low_draw" => "low-draw",
                        other => other,
                    };
                    return Err(table.refuse(
                        i,
                        class_at,
                        format!("'{class}' is not a {kind} class of sim hits"),
                    ));
                }
            },
            other => {
                return Err(UsageError::new(format!(
                    "{path}: row {}, column kind: '{other}' is not range, made, draw, low or \
                     low_draw",
                    i + 2
                )));
            }
        };
        bars.push(Bar {
            class: class.to_string(),
            draw,
            combos: combos[i],
            share: shares[i],
        });
    }
    let made = || bars.iter().filter(|b| !b.draw);
    // Rounded to nine decimals for the message: 21 shares of 0.3 add up to 6.3.
    let made_shares = (made().map(|b| b.share).sum::<f64>() * 1e9).round() / 1e9;
    if made().next().is_some() && (made_shares - 1.0).abs() > SHARE_SLACK {
        return Err(UsageError::new(format!(
            "{path}: column share: the made hands' shares add up to {made_shares}, not 1 \
             (each combo is one made hand)"
        )));
    }
    // A range holds at most 1,326 combos: a sum past 2^64 − 1 is no `sim hits` table.
    let made_combos = made()
        .try_fold(0u64, |sum, b| sum.checked_add(b.combos))
        .ok_or_else(|| {
            UsageError::new(format!(
                "{path}: the made hands' combos add up to more than 2^64 - 1"
            ))
        })?;
    let total = match range {
        Some(row) => {
            if (shares[row] - 1.0).abs() > SHARE_SLACK {
                return Err(table.refuse(
                    row,
                    table.index("share")?,
                    format!("'{}' is not 1, the range row's share", shares[row]),
                ));
            }
            if made().next().is_some() && made_combos != combos[row] {
                return Err(UsageError::new(format!(
                    "{path}: column combos: the made hands' combos add up to {made_combos}, \
                     not the range row's {}",
                    combos[row]
                )));
            }
            combos[row]
        }
        None => made_combos,
    };
    Ok((bars, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(class: &str, draw: bool, combos: u64, share: f64) -> Bar {
        Bar {
            class: class.into(),
            draw,
            combos,
            share,
        }
    }

    fn table(rows: &[&str]) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.csv");
        let header = "kind,class,combos,weighted_combos,share";
        std::fs::write(&path, format!("{header}\n{}\n", rows.join("\n"))).unwrap();
        Table::read(&path).unwrap()
    }

    #[test]
    fn tables_no_hits_command_writes_are_refused_naming_row_and_column() {
        let ok = [
            "range,all,4,3.500,1",
            "made,set,1,1.000,0.25",
            "made,no_made_hand,3,2.500,0.75",
            "draw,flush_draw,2,2.000,0.5",
        ];
        let (bars, total) = hits_bars(&table(&ok)).unwrap();
        assert_eq!((bars.len(), total), (3, 4));
        let cases: [(&[&str], &str); 7] = [
            (
                &[ok[0], ok[1], ok[1]],
                "row 4, column class: 'set' is named again (first in row 3)",
            ),
            (
                &["made,set,1,1,0.3", "made,weak_pair,1,1,0.3"],
                "column share: the made hands' shares add up to 0.6, not 1 (each combo is one made hand)",
            ),
            (
                &["made,set,1,NaN,1"],
                "row 2, column weighted_combos: \"NaN\" is not a weighted count (a number of at least 0)",
            ),
            (
                &["made,set,1,1.5,1"],
                "row 2, column weighted_combos: '1.5' is more than the row's 1 combos (a weight is at most 1)",
            ),
            (
                &["made,flush_draw,1,1,1"],
                "row 2, column class: 'flush_draw' is not a made-hand class of sim hits",
            ),
            (
                &["range,set,1,1,1"],
                "row 2, column class: 'set' is not all, the class of the range row",
            ),
            (
                &["range,all,5,5,1", "made,set,4,4,1"],
                "column combos: the made hands' combos add up to 4, not the range row's 5",
            ),
        ];
        for (rows, message) in cases {
            let err = hits_bars(&table(rows)).unwrap_err().to_string();
            assert!(err.ends_with(message), "{err}");
        }
    }

    #[test]
    fn classes_with_combos_get_a_labelled_bar() {
        let bars = [
            bar("set", false, 9, 0.25),
            bar("overpair", false, 0, 0.0),
            bar("no_made_hand", false, 27, 0.75),
            bar("flush_draw", true, 4, 0.125),
        ];
        let mut svg = String::new();
        hits_chart(&bars, 36, "holdem · range AK · board Kd7c2s", &mut svg).unwrap();
        assert!(svg.contains("holdem · range AK · board Kd7c2s"));
        assert!(svg.contains("\nset\n") && svg.contains("\nflush_draw\n"));
        assert!(!svg.contains("overpair"));
        assert!(svg.contains("25.00 % (9)") && svg.contains("12.50 % (4)"));
        assert!(svg.contains("share of its 36 combos"));
        assert_eq!(thousands(1_176), "1,176");
        assert_eq!(thousands(999), "999");
    }
}
