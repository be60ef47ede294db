//! The convergence chart: |estimate − exact| / exact per category against rounds (log-log), several `sim odds` CSVs.

use std::collections::BTreeMap;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::chart::fit::{chars_in, ellipsis, svg_size};
use crate::chart::header::Header;
use crate::chart::limits::{MAX_CONVERGENCE_POINTS, evenly_spaced};
use crate::chart::spot;
use crate::chart::style::*;
use crate::chart::table::Table;

/// Pixels from the legend column's top to its first entry.
const LEGEND_TOP: u32 = 40;
/// Pixels per category in the legend column.
const LEGEND_LINE: u32 = 22;
/// Pixels per line of the band's words in the legend column.
const BAND_LINE: u32 = 17;

/// One category's line of the convergence chart.
pub(crate) struct Convergence {
    name: String,
    color: RGBColor,
    exact: f64,
    points: Vec<(f64, f64)>,
}

/// `|estimate - exact| / exact` of every category against rounds, one line per category, over
/// the band of the expected error: one standard error, `sqrt((1 - p) / (n p))` relative to `p`,
/// from the most frequent category's to the rarest's. The legend is a column of its own. A line
/// of more than [`MAX_CONVERGENCE_POINTS`] points (tables) keeps that many, evenly spaced.
pub(crate) fn convergence_chart(tables: &[Table], svg: &mut String) -> anyhow::Result<()> {
    let mut series: BTreeMap<usize, Convergence> = BTreeMap::new();
    let mut all_rounds = Vec::new();
    for table in tables {
        let names = table.text("category")?;
        let p = table.numbers("probability")?;
        let exact = table.numbers("exact_probability")?;
        let rounds: f64 = table.numbers("count")?.iter().sum();
        all_rounds.push(rounds);
        for (i, name) in names.iter().enumerate() {
            if exact[i] > 0.0 {
                let line = series.entry(i).or_insert_with(|| Convergence {
                    name: name.clone(),
                    color: PALETTE[i % PALETTE.len()],
                    exact: exact[i],
                    points: Vec::new(),
                });
                // A log axis cannot show an error of zero.
                if p[i] != exact[i] {
                    line.points
                        .push((rounds, (p[i] - exact[i]).abs() / exact[i]));
                }
            }
        }
    }
    for line in series.values_mut() {
        line.points.sort_by(|a, b| a.0.total_cmp(&b.0));
        // A long study (a table per checkpoint): evenly spaced points of it, the ends kept.
        if line.points.len() > MAX_CONVERGENCE_POINTS {
            line.points = evenly_spaced(line.points.len(), MAX_CONVERGENCE_POINTS)
                .map(|i| line.points[i])
                .collect();
        }
    }
    all_rounds.sort_by(f64::total_cmp);
    let x = decades(all_rounds.iter().copied());
    let y = decades(series.values().flat_map(|l| l.points.iter().map(|p| p.1)));
    // The band's edges: the relative standard errors of the most and the least frequent category.
    let relative_se = |p: f64, n: f64| ((1.0 - p) / (n * p)).sqrt();
    let by_frequency = |a: &&Convergence, b: &&Convergence| a.exact.total_cmp(&b.exact);
    let rarest = series.values().min_by(by_frequency);
    let commonest = series.values().max_by(by_frequency);

    let title = match (all_rounds.first(), all_rounds.last()) {
        (Some(lo), Some(hi)) if lo != hi => format!(
            "Convergence: relative error of each category, {} to {} rounds",
            count_words(*lo),
            count_words(*hi)
        ),
        (Some(n), _) => format!(
            "Convergence: relative error of each category, {} rounds",
            count_words(*n)
        ),
        _ => "Convergence: relative error of each category".to_string(),
    };
    // What the first table computed (the rounds are the title's).
    let subtitle = tables
        .first()
        .map(|t| spot::what(t, true).join(spot::SEPARATOR))
        .unwrap_or_default();
    let header = Header::new(&title, &subtitle, SIZE.0);
    // The legend column as tall as its entries: a category a line, then the band's five.
    let legend_height = LEGEND_TOP + LEGEND_LINE * series.len() as u32 + 10 + 5 * BAND_LINE;
    let (width, height) = header.canvas();
    let size = (width, height.max(header.height() + legend_height + 20));
    let root = SVGBackend::with_string(svg, size).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let root = header.draw(&root)?;
    let (plot, legend) = root.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    let mut chart = ChartBuilder::on(&plot)
        .margin(15)
        .margin_right(20)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(x.clone().log_scale(), y.clone().log_scale())
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .bold_line_style(BOLD_GRID)
        .light_line_style(LIGHT_GRID)
        .x_desc("rounds")
        .y_desc("|estimate − exact| / exact")
        .x_label_formatter(&rounds_label)
        .y_label_formatter(&percent_label)
        .draw()
        .map_err(drawing)?;
    let band = RGBColor(150, 150, 150).mix(0.25);
    if let (Some(rarest), Some(commonest)) = (rarest, commonest) {
        // Sampled along the axis and clamped to it pointwise: exactly the band's visible part.
        let steps = 64;
        let at: Vec<f64> = (0..=steps)
            .map(|k| x.start * (x.end / x.start).powf(f64::from(k) / f64::from(steps)))
            .collect();
        let clamp = |v: f64| on_axis(v, &y);
        let mut outline: Vec<(f64, f64)> = at
            .iter()
            .map(|&n| (n, clamp(relative_se(commonest.exact, n))))
            .collect();
        outline.extend(
            at.iter()
                .rev()
                .map(|&n| (n, clamp(relative_se(rarest.exact, n)))),
        );
        chart
            .draw_series(std::iter::once(Polygon::new(outline, band.filled())))
            .map_err(drawing)?;
    }
    // A relative error beyond the axis (one past 10³⁰⁸, or far below the largest) on its edge.
    let point = |&(n, e): &(f64, f64)| (on_axis(n, &x), on_axis(e, &y));
    for line in series.values() {
        chart
            .draw_series(LineSeries::new(
                line.points.iter().map(point),
                line.color.stroke_width(2),
            ))
            .map_err(drawing)?;
        chart
            .draw_series(
                line.points
                    .iter()
                    .map(|p| Circle::new(point(p), 3, line.color.filled())),
            )
            .map_err(drawing)?;
    }

    // The legend column: one entry per category, then the band's.
    let centred = Pos::new(HPos::Left, VPos::Center);
    let text = ("sans-serif", 14)
        .into_font()
        .into_text_style(&legend)
        .pos(centred);
    let small = ("sans-serif", 12)
        .into_font()
        .into_text_style(&legend)
        .pos(centred);
    // The words of each line, cut to the column's width.
    let room = |font: u32| chars_in(f64::from(LEGEND_WIDTH - 42 - 6), svg_size(font));
    let mut top = LEGEND_TOP as i32;
    legend
        .draw(&Text::new("category", (10, top - 24), text.clone()))
        .map_err(drawing)?;
    for line in series.values() {
        legend
            .draw(&PathElement::new(
                vec![(10, top), (34, top)],
                line.color.stroke_width(2),
            ))
            .map_err(drawing)?;
        legend
            .draw(&Circle::new((22, top), 3, line.color.filled()))
            .map_err(drawing)?;
        legend
            .draw(&Text::new(
                ellipsis(&line.name, room(14)),
                (42, top),
                text.clone(),
            ))
            .map_err(drawing)?;
        top += LEGEND_LINE as i32;
    }
    if let (Some(rarest), Some(commonest)) = (rarest, commonest) {
        top += 10;
        legend
            .draw(&Rectangle::new(
                [(10, top - 7), (34, top + 7)],
                band.filled(),
            ))
            .map_err(drawing)?;
        let lines = [
            "expected error:".to_string(),
            "1 standard error,".to_string(),
            "√((1 − p) / (n·p)), from".to_string(),
            format!("{} (lowest)", commonest.name),
            format!("to {} (highest)", rarest.name),
        ];
        for (k, words) in lines.iter().enumerate() {
            legend
                .draw(&Text::new(
                    ellipsis(words, room(12)),
                    (42, top + (BAND_LINE * k as u32) as i32),
                    small.clone(),
                ))
                .map_err(drawing)?;
        }
    }
    root.present().map_err(drawing)
}
