//! The total-variation chart: distance to uniform against riffles, exact and estimated.

use plotters::prelude::*;

use crate::chart::header::Header;
use crate::chart::spot;
use crate::chart::style::*;
use crate::chart::table::Table;

/// Total-variation distance against riffles, on a linear scale from 0 to 1 (where the cutoff
/// shows): exact, and estimated with ±2 standard errors.
pub(crate) fn tv_chart(table: &Table, svg: &mut String) -> anyhow::Result<()> {
    let riffles = table.numbers("riffles")?;
    let exact = table.numbers("tv_exact")?;
    // `sim shuffle tv` without --trials estimates nothing: its estimate cells are empty.
    let estimated = table
        .text("tv_estimate")?
        .iter()
        .any(|c| !c.trim().is_empty());
    let (estimate, se) = if estimated {
        (table.numbers("tv_estimate")?, table.numbers("std_error")?)
    } else {
        (Vec::new(), Vec::new())
    };
    let x_hi = riffles.iter().copied().fold(1.0f64, f64::max);
    let y = 0.0..1.05;
    let header = Header::new(
        "Total-variation distance from uniform vs riffles",
        &spot::words(table, true),
        SIZE.0,
    );
    let root = SVGBackend::with_string(svg, header.canvas()).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let body = header.draw(&root)?;
    let mut chart = ChartBuilder::on(&body)
        .margin(15)
        .margin_right(30)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..x_hi + 0.5, y.clone())
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .bold_line_style(BOLD_GRID)
        .light_line_style(LIGHT_GRID)
        .x_labels(whole_labels(0.0, x_hi))
        .y_labels(12)
        .x_desc("riffles")
        .y_desc("TV distance")
        .x_label_formatter(&whole_label)
        .y_label_formatter(&|v| format!("{v:.1}"))
        .draw()
        .map_err(drawing)?;
    let exact_points: Vec<(f64, f64)> =
        riffles.iter().copied().zip(exact.iter().copied()).collect();
    let exact_style = PALETTE[3].stroke_width(2);
    chart
        .draw_series(LineSeries::new(exact_points, exact_style))
        .map_err(drawing)?
        .label("exact")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], exact_style));
    if estimated {
        let bar = PALETTE[0].stroke_width(2);
        let rows = || {
            riffles
                .iter()
                .zip(&estimate)
                .zip(&se)
                .map(|((r, e), s)| (*r, *e, *s))
        };
        chart
            .draw_series(rows().map(|(r, e, s)| {
                PathElement::new(
                    vec![(r, (e - 2.0 * s).max(0.0)), (r, (e + 2.0 * s).min(1.0))],
                    bar,
                )
            }))
            .map_err(drawing)?;
        chart
            .draw_series(rows().map(|(r, e, _)| Circle::new((r, e), 4, PALETTE[0].filled())))
            .map_err(drawing)?
            .label("estimate ± 2 standard errors")
            .legend(move |(x, y)| {
                EmptyElement::at((x + 10, y))
                    + Circle::new((0, 0), 4, PALETTE[0].filled())
                    + PathElement::new(vec![(0, -7), (0, 7)], bar)
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE)
        .border_style(BOLD_GRID)
        .draw()
        .map_err(drawing)?;
    root.present().map_err(drawing)
}
