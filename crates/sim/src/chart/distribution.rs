//! `sim plot distribution`: the equity curves of a `sim equity --distribution` CSV, one line per
//! player (and, with `--versus` rows, one dashed line per player against the other's hands), as
//! SVG.
//!
//! ```text
//!  100 % ┤──┐                      each hand a step: x from the shares of the hands above it
//!        │  └──┐     player 1      to those plus its own share, y its equity
//!   50 % ┤·····└─┐·····(guide)·    legend above the chart, where no line can be: seat, range,
//!        │       └──┐ player 2     hands, equity, median, share at 50 % or more, wrapped to
//!                                  the canvas; over it the title and what was computed
//!    0 % ┼──────────┴──────▶
//!        0 %   share of the range   100 %
//! ```

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::chart::curves::Curve;
use crate::chart::fit::{chars_in, svg_size, wrap};
use crate::chart::header::Header;
use crate::chart::spot;
use crate::chart::style::{BOLD_GRID, LIGHT_GRID, PALETTE, SIZE, count_words, drawing};
use crate::chart::table::Table;

/// Pixels per legend line above the chart.
const LEGEND_LINE: u32 = 20;
/// The legend's font size (plotters').
const LEGEND_SIZE: u32 = 13;
/// Where a legend entry's words start, right of its line's sample.
const LEGEND_TEXT: u32 = 134;
/// The most lines one legend entry takes; past them it ends in `…`.
const LEGEND_LINES: usize = 3;
/// The longest range text written in the legend; longer ones end in `…`.
const RANGE_CHARS: usize = 44;

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

/// The most ranges the subtitle names: past them the legend alone, a range a line, does.
const SUBTITLE_RANGES: usize = 3;

/// The subtitle of the distribution table `table`: its game, ranges (up to
/// [`SUBTITLE_RANGES`]), board, dead cards and method, where the table names them.
pub(crate) fn subtitle(table: &Table) -> String {
    let few = spot::ranges(table).len() <= SUBTITLE_RANGES;
    spot::words(table, few)
}

/// Draws `curves` under `subtitle` ([`subtitle`]) into `svg`.
///
/// # Errors
/// Only if drawing fails.
pub(crate) fn distribution_chart(
    curves: &[Curve],
    subtitle: &str,
    svg: &mut String,
) -> anyhow::Result<()> {
    let players = curves.iter().filter(|c| c.against.is_none()).count();
    let hands: u64 = curves
        .iter()
        .filter(|c| c.against.is_none())
        .map(|c| c.steps.len() as u64)
        .sum();
    let title = format!(
        "Equity distribution: {players} {}, {} hands, each sorted by equity",
        if players == 1 { "range" } else { "ranges" },
        count_words(hands as f64)
    );
    let header = Header::new(&title, subtitle, SIZE.0);
    // Each curve's legend words in lines that end before the canvas's edge.
    let room = chars_in(f64::from(SIZE.0 - LEGEND_TEXT - 12), svg_size(LEGEND_SIZE));
    let legend: Vec<Vec<String>> = curves
        .iter()
        .map(|c| wrap(&legend_words(c, curves), room, LEGEND_LINES))
        .collect();
    let lines: u32 = legend.iter().map(|l| l.len() as u32).sum();
    let top_height = header.height() + LEGEND_LINE * lines + 8;
    let size = (SIZE.0, SIZE.1 - 40 + top_height);
    let root = SVGBackend::with_string(svg, size).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let (top, body) = root.split_vertically(top_height);
    let top = header.draw(&top)?;
    let legend_style = TextStyle::from(("sans-serif", LEGEND_SIZE).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center))
        .color(&BLACK);
    // Seat 1 first; a table's seat 0 (no `sim` table has one) shares its colour.
    let colour = |c: &Curve| PALETTE[c.player.saturating_sub(1) % PALETTE.len()];
    let mut line = 0;
    for (curve, words) in curves.iter().zip(&legend) {
        let y = (LEGEND_LINE * line + LEGEND_LINE / 2) as i32;
        let (x0, x1) = (LEGEND_TEXT as i32 - 44, LEGEND_TEXT as i32 - 10);
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
        for (k, text) in words.iter().enumerate() {
            let y = y + (LEGEND_LINE * k as u32) as i32;
            top.draw(&Text::new(
                text.as_str(),
                (LEGEND_TEXT as i32, y),
                legend_style.clone(),
            ))
            .map_err(drawing)?;
        }
        line += words.len() as u32;
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
        distribution_chart(
            &[curve(1, None), curve(2, None)],
            "holdem · board Kd7c2s",
            &mut svg,
        )
        .unwrap();
        assert!(svg.contains("Equity distribution: 2 ranges, 4 hands"));
        assert!(svg.contains("holdem · board Kd7c2s"));
        assert!(svg.contains("player 2 AK,QQ"));
        assert!(svg.contains("<polyline"));
    }
}
