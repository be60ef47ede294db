//! The odds chart: probability per category with its 95 % interval, on the exact value (log y).

use plotters::prelude::*;

use crate::chart::header::Header;
use crate::chart::spot;
use crate::chart::style::*;
use crate::chart::table::Table;

/// Category probabilities with their 95 % intervals and the exact values, log scale.
pub(crate) fn odds_chart(table: &Table, svg: &mut String) -> anyhow::Result<()> {
    let names = table.text("category")?;
    let p = table.numbers("probability")?;
    let low = table.numbers("ci95_low")?;
    let high = table.numbers("ci95_high")?;
    let exact = table.numbers("exact_probability")?;
    let y = decades(p.iter().chain(&exact).chain(&low).copied());
    // The rounds (the counts' sum, or the document's) are in the subtitle.
    let header = Header::new(
        "Hand categories: estimate with 95 % interval vs exact",
        &spot::words(table, true),
        SIZE.0,
    );
    let root = SVGBackend::with_string(svg, header.canvas()).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let body = header.draw(&root)?;
    let mut chart = ChartBuilder::on(&body)
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.5f64..names.len() as f64 - 0.5, y.clone().log_scale())
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(BOLD_GRID)
        .light_line_style(LIGHT_GRID)
        .x_labels(names.len() * 2)
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-9 && i >= 0.0 {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_desc("probability")
        .y_label_formatter(&power_label)
        .draw()
        .map_err(drawing)?;
    let clamp = |v: f64| on_axis(v, &y);
    let interval = PALETTE[0].stroke_width(2);
    // A vertical bar with caps: drawn in pixels around the interval's ends.
    let cap = |at: (f64, f64)| {
        EmptyElement::at(at) + PathElement::new(vec![(-5, 0), (5, 0)], PALETTE[0].stroke_width(2))
    };
    chart
        .draw_series((0..names.len()).map(|i| {
            PathElement::new(
                vec![(i as f64, clamp(low[i])), (i as f64, clamp(high[i]))],
                interval,
            )
        }))
        .map_err(drawing)?
        .label("95 % interval")
        .legend(move |(x, y)| PathElement::new(vec![(x + 10, y - 6), (x + 10, y + 6)], interval));
    chart
        .draw_series(
            (0..names.len())
                .filter(|&i| high[i] > y.start)
                .flat_map(|i| {
                    [
                        cap((i as f64, clamp(low[i]))),
                        cap((i as f64, clamp(high[i]))),
                    ]
                }),
        )
        .map_err(drawing)?;
    let exact_style = PALETTE[3].stroke_width(3);
    chart
        .draw_series((0..names.len()).filter(|&i| exact[i] > 0.0).map(|i| {
            EmptyElement::at((i as f64, clamp(exact[i])))
                + PathElement::new(vec![(-16, 0), (16, 0)], exact_style)
        }))
        .map_err(drawing)?
        .label("exact")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], exact_style));
    chart
        .draw_series(
            (0..names.len())
                .filter(|&i| p[i] > 0.0)
                .map(|i| Circle::new((i as f64, clamp(p[i])), 4, PALETTE[0].filled())),
        )
        .map_err(drawing)?
        .label("estimate")
        .legend(|(x, y)| Circle::new((x + 10, y), 4, PALETTE[0].filled()));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE)
        .border_style(BOLD_GRID)
        .draw()
        .map_err(drawing)?;
    root.present().map_err(drawing)
}
