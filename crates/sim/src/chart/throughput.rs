//! The throughput chart: hands per second and ideal scaling against threads (`sim bench`).

use plotters::element::DashedPathElement;
use plotters::prelude::*;

use crate::chart::header::Header;
use crate::chart::spot;
use crate::chart::style::*;
use crate::chart::table::Table;

/// Hands/s against threads, with the ideal linear scaling from one thread.
pub(crate) fn throughput_chart(table: &Table, svg: &mut String) -> anyhow::Result<()> {
    let threads = table.numbers("threads")?;
    let rate = table.numbers("hands_per_sec")?;
    let per_thread = table.numbers("hands_per_sec_per_thread")?;
    let rounds = table.numbers("rounds")?;
    let base = threads
        .iter()
        .zip(&per_thread)
        .find(|(t, _)| **t == 1.0)
        .map_or(per_thread.first().copied().unwrap_or(0.0), |(_, r)| *r);
    let ideal: Vec<f64> = threads.iter().map(|t| t * base).collect();
    let x_hi = threads.iter().copied().fold(1.0f64, f64::max) + 0.5;
    let x_lo = (threads.iter().copied().fold(x_hi, f64::min) - 0.5).max(0.0);
    let y_hi = rate.iter().chain(&ideal).copied().fold(0.0f64, f64::max) * 1.15;
    let title = match rounds.first() {
        Some(n) if rounds.iter().all(|r| r == n) => format!(
            "Throughput vs threads (sim bench, {} rounds a run)",
            count_words(*n)
        ),
        _ => "Throughput vs threads (sim bench)".to_string(),
    };
    let header = Header::new(&title, &spot::words(table, true), SIZE.0);
    let root = SVGBackend::with_string(svg, header.canvas()).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let body = header.draw(&root)?;
    let mut chart = ChartBuilder::on(&body)
        .margin(15)
        .margin_right(30)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(x_lo..x_hi, 0.0..y_hi.max(1e-9))
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .bold_line_style(BOLD_GRID)
        .light_line_style(LIGHT_GRID)
        .x_labels(whole_labels(x_lo, x_hi))
        .x_desc("threads")
        .y_desc("hands/s")
        .x_label_formatter(&whole_label)
        .y_label_formatter(&si_label)
        .draw()
        .map_err(drawing)?;
    let ideal_style = PALETTE[7].stroke_width(2);
    chart
        .draw_series(DashedLineSeries::new(
            threads.iter().copied().zip(ideal.iter().copied()),
            8,
            5,
            ideal_style,
        ))
        .map_err(drawing)?
        .label("ideal (linear from 1 thread)")
        .legend(move |(x, y)| DashedPathElement::new(vec![(x, y), (x + 20, y)], 8, 4, ideal_style));
    let measured = PALETTE[0].stroke_width(2);
    let points: Vec<(f64, f64)> = threads.iter().copied().zip(rate.iter().copied()).collect();
    chart
        .draw_series(LineSeries::new(points.clone(), measured))
        .map_err(drawing)?
        .label("measured")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], measured));
    chart
        .draw_series(
            points
                .into_iter()
                .map(|p| Circle::new(p, 4, PALETTE[0].filled())),
        )
        .map_err(drawing)?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE)
        .border_style(BOLD_GRID)
        .draw()
        .map_err(drawing)?;
    root.present().map_err(drawing)
}
