//! `sim plot`: SVG charts of the CSVs the other commands write, drawn with plotters' pure-Rust
//! SVG backend (no system libraries, no fonts: text is left to the SVG viewer).
//!
//! ```text
//!  odds         sim odds CSV          probability per category, 95 % interval, exact (log y)
//!  convergence  several sim odds CSVs |estimate - exact| / exact per category vs rounds (log-log)
//!  throughput   sim bench CSV         hands/s and ideal scaling vs threads
//!  tv           riffle CSV            total-variation distance vs riffles, exact and estimated
//! ```

use std::collections::BTreeMap;
use std::fmt::Display;
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use crate::cli::{PlotArgs, PlotKind};
use crate::error::UsageError;
use crate::output::Output;
use crate::same_file::refuse_same_file;

const SIZE: (u32, u32) = (900, 540);
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// A CSV read into named numeric and text columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    path: PathBuf,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// Reads a CSV with a header row.
    ///
    /// # Errors
    /// If the file cannot be read; a usage error if it is not CSV or has no rows.
    pub fn read(path: &Path) -> anyhow::Result<Self> {
        let mut reader = csv::Reader::from_path(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let malformed =
            |e: csv::Error| UsageError::new(format!("{} is not a CSV table: {e}", path.display()));
        let header = reader
            .headers()
            .map_err(malformed)?
            .iter()
            .map(str::to_string)
            .collect();
        let rows: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.map(|r| r.iter().map(str::to_string).collect()))
            .collect::<Result<_, _>>()
            .map_err(malformed)?;
        if rows.is_empty() {
            return Err(UsageError::new(format!("{} has no rows to plot", path.display())).into());
        }
        Ok(Self {
            path: path.to_path_buf(),
            header,
            rows,
        })
    }

    fn index(&self, name: &str) -> Result<usize, UsageError> {
        self.header.iter().position(|h| h == name).ok_or_else(|| {
            UsageError::new(format!("{} has no column {name:?}", self.path.display()))
        })
    }

    /// The text column `name`.
    ///
    /// # Errors
    /// A usage error if the column is missing.
    pub fn text(&self, name: &str) -> Result<Vec<String>, UsageError> {
        let i = self.index(name)?;
        Ok(self
            .rows
            .iter()
            .map(|r| r.get(i).cloned().unwrap_or_default())
            .collect())
    }

    /// The numeric column `name`.
    ///
    /// # Errors
    /// A usage error if the column is missing or a cell is not a number.
    pub fn numbers(&self, name: &str) -> Result<Vec<f64>, UsageError> {
        self.text(name)?
            .iter()
            .enumerate()
            .map(|(row, cell)| {
                cell.trim().parse::<f64>().map_err(|_| {
                    UsageError::new(format!(
                        "{}: row {}, column {name}: {cell:?} is not a number",
                        self.path.display(),
                        row + 2
                    ))
                })
            })
            .collect()
    }
}

impl Table {
    /// Each cell of `name` with `parse`, or a usage error naming the file, row, column and cell
    /// and saying that it is not `what`.
    fn column<T>(
        &self,
        name: &str,
        what: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<Vec<T>, UsageError> {
        self.text(name)?
            .iter()
            .enumerate()
            .map(|(row, cell)| {
                parse(cell.trim()).ok_or_else(|| {
                    UsageError::new(format!(
                        "{}: row {}, column {name}: {cell:?} is not {what}",
                        self.path.display(),
                        row + 2
                    ))
                })
            })
            .collect()
    }

    /// The column `name` of probabilities: numbers from 0 to 1.
    ///
    /// # Errors
    /// A usage error if the column is missing or a cell is not a probability.
    pub fn probabilities(&self, name: &str) -> Result<Vec<f64>, UsageError> {
        self.column(name, "a probability (a number from 0 to 1)", |cell| {
            cell.parse::<f64>().ok().filter(|p| (0.0..=1.0).contains(p))
        })
    }

    /// The column `name` of counts: whole numbers from 0 to 2^64 - 1, as `sim` writes them.
    ///
    /// # Errors
    /// A usage error if the column is missing or a cell is not a count.
    pub fn counts(&self, name: &str) -> Result<Vec<u64>, UsageError> {
        self.column(
            name,
            "a count (a whole number from 0 to 18446744073709551615)",
            |cell| cell.parse::<u64>().ok(),
        )
    }

    /// The column `name` of rates: finite numbers of at least 0, small enough that a chart's
    /// axis past them stays finite.
    ///
    /// # Errors
    /// A usage error if the column is missing or a cell is not such a number.
    pub fn rates(&self, name: &str) -> Result<Vec<f64>, UsageError> {
        self.column(
            name,
            &format!("a rate (a number from 0 to {MAX_RATE:e})"),
            |cell| {
                cell.parse::<f64>()
                    .ok()
                    .filter(|r| (0.0..=MAX_RATE).contains(r))
            },
        )
    }
}

/// The largest rate a throughput chart draws: far above any machine's hands per second, far
/// enough below `f64::MAX` that the ideal line (threads × rate) and the axis above it stay finite.
const MAX_RATE: f64 = 1e200;

/// Refuses values a chart of `kind` cannot draw (a probability outside [0, 1], a count that is
/// not a whole number, an infinite or negative rate), naming the file, row and column: checked
/// before drawing, so that no chart is drawn from them.
///
/// # Errors
/// A usage error for the first such cell.
fn check_drawable(kind: PlotKind, tables: &[Table]) -> Result<(), UsageError> {
    for table in tables {
        match kind {
            PlotKind::Odds | PlotKind::Convergence => {
                table.counts("count")?;
                for column in ["probability", "ci95_low", "ci95_high", "exact_probability"] {
                    table.probabilities(column)?;
                }
            }
            PlotKind::Throughput => {
                let threads = table.counts("threads")?;
                if let Some(row) = threads.iter().position(|&t| t == 0) {
                    return Err(UsageError::new(format!(
                        "{}: row {}, column threads: 0 threads",
                        table.path.display(),
                        row + 2
                    )));
                }
                table.rates("hands_per_sec")?;
                table.rates("hands_per_sec_per_thread")?;
            }
            PlotKind::Tv => {
                table.counts("riffles")?;
                table.probabilities("tv_exact")?;
                // `sim shuffle tv` without --trials leaves the estimate columns empty.
                if table
                    .text("tv_estimate")?
                    .iter()
                    .any(|c| !c.trim().is_empty())
                {
                    table.probabilities("tv_estimate")?;
                    table.probabilities("std_error")?;
                }
            }
        }
    }
    Ok(())
}

fn drawing<E: Display>(e: E) -> anyhow::Error {
    anyhow!("cannot draw the chart: {e}")
}

/// The smallest and largest positive values, widened to whole decades for a log axis.
fn decades(values: impl IntoIterator<Item = f64>) -> std::ops::Range<f64> {
    let (lo, hi) = values
        .into_iter()
        .filter(|v| *v > 0.0 && v.is_finite())
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if hi == 0.0 {
        return 1e-3..1.0;
    }
    10f64.powf(lo.log10().floor())..10f64.powf(hi.log10().ceil().max(lo.log10().floor() + 1.0))
}

/// Category probabilities with their 95 % intervals and the exact values, log scale.
fn odds_chart(table: &Table, svg: &mut String) -> anyhow::Result<()> {
    let names = table.text("category")?;
    let p = table.numbers("probability")?;
    let low = table.numbers("ci95_low")?;
    let high = table.numbers("ci95_high")?;
    let exact = table.numbers("exact_probability")?;
    let rounds: f64 = table.numbers("count")?.iter().sum();
    let y = decades(p.iter().chain(&exact).chain(&low).copied());
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Hand categories: estimate with 95 % interval vs exact ({rounds} rounds)"),
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(70)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.5f64..names.len() as f64 - 0.5, y.clone().log_scale())
        .map_err(drawing)?;
    chart
        .configure_mesh()
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
        .y_label_formatter(&|v| format!("{v:.0e}"))
        .draw()
        .map_err(drawing)?;
    let clamp = |v: f64| v.max(y.start);
    chart
        .draw_series((0..names.len()).map(|i| {
            PathElement::new(
                vec![(i as f64, clamp(low[i])), (i as f64, clamp(high[i]))],
                PALETTE[0].stroke_width(2),
            )
        }))
        .map_err(drawing)?
        .label("95 % interval")
        .legend(|(x, y)| {
            PathElement::new(vec![(x, y - 6), (x, y + 6)], PALETTE[0].stroke_width(2))
        });
    chart
        .draw_series(
            (0..names.len())
                .filter(|&i| p[i] > 0.0)
                .map(|i| Circle::new((i as f64, p[i]), 4, PALETTE[0].filled())),
        )
        .map_err(drawing)?
        .label("estimate")
        .legend(|(x, y)| Circle::new((x, y), 4, PALETTE[0].filled()));
    chart
        .draw_series(
            (0..names.len())
                .filter(|&i| exact[i] > 0.0)
                .map(|i| Cross::new((i as f64, exact[i]), 6, PALETTE[3].stroke_width(2))),
        )
        .map_err(drawing)?
        .label("exact")
        .legend(|(x, y)| Cross::new((x, y), 6, PALETTE[3].stroke_width(2)));
    chart
        .configure_series_labels()
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()
        .map_err(drawing)?;
    root.present().map_err(drawing)
}

/// `|estimate - exact| / exact` of every category against rounds, one line per category.
fn convergence_chart(tables: &[Table], svg: &mut String) -> anyhow::Result<()> {
    let mut series: BTreeMap<(usize, String), Vec<(f64, f64)>> = BTreeMap::new();
    for table in tables {
        let names = table.text("category")?;
        let p = table.numbers("probability")?;
        let exact = table.numbers("exact_probability")?;
        let rounds: f64 = table.numbers("count")?.iter().sum();
        for (i, name) in names.iter().enumerate() {
            if exact[i] > 0.0 && p[i] != exact[i] {
                series
                    .entry((i, name.clone()))
                    .or_default()
                    .push((rounds, (p[i] - exact[i]).abs() / exact[i]));
            }
        }
    }
    for points in series.values_mut() {
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    let x = decades(series.values().flatten().map(|p| p.0));
    let y = decades(series.values().flatten().map(|p| p.1));
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Convergence: relative error of each category vs rounds",
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .right_y_label_area_size(10)
        .build_cartesian_2d(x.log_scale(), y.log_scale())
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .x_desc("rounds")
        .y_desc("|estimate - exact| / exact")
        .x_label_formatter(&|v| format!("{v:.0e}"))
        .y_label_formatter(&|v| format!("{v:.0e}"))
        .draw()
        .map_err(drawing)?;
    for ((i, name), points) in &series {
        let color = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                color.stroke_width(2),
            ))
            .map_err(drawing)?
            .label(name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))
            .map_err(drawing)?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()
        .map_err(drawing)?;
    root.present().map_err(drawing)
}

/// A line chart of `ys` (each a label and values) against `xs`.
fn lines(
    svg: &mut String,
    title: &str,
    x_desc: &str,
    y_desc: &str,
    xs: &[f64],
    ys: &[(&str, Vec<f64>)],
    log_y: bool,
) -> anyhow::Result<()> {
    let x_hi = xs.iter().copied().fold(1.0f64, f64::max);
    let x_lo = xs.iter().copied().fold(x_hi, f64::min).min(0.0);
    let all = ys.iter().flat_map(|(_, v)| v.iter().copied());
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let mut builder = ChartBuilder::on(&root);
    builder
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(80);
    if log_y {
        let mut chart = builder
            .build_cartesian_2d(x_lo..x_hi, decades(all).log_scale())
            .map_err(drawing)?;
        // A log axis cannot show zeros.
        draw_lines(&mut chart, (x_desc, y_desc), xs, ys, |y| y > 0.0, &|v| {
            format!("{v:.0e}")
        })?;
    } else {
        let y_hi = all.fold(0.0f64, f64::max) * 1.1;
        let mut chart = builder
            .build_cartesian_2d(x_lo..x_hi, 0.0..y_hi.max(1e-9))
            .map_err(drawing)?;
        draw_lines(&mut chart, (x_desc, y_desc), xs, ys, |_| true, &|v| {
            crate::summary::si(*v)
        })?;
    }
    root.present().map_err(drawing)
}

/// Draws the mesh (axes described by `descs`, y labels by `y_label`), one line with dots per
/// series of `ys` against `xs` (points whose y fails `keep` left out), and the legend; for a linear
/// or a logarithmic y axis alike.
fn draw_lines<'a, Y: Ranged<ValueType = f64> + ValueFormatter<f64>>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, Y>>,
    (x_desc, y_desc): (&str, &str),
    xs: &[f64],
    ys: &[(&str, Vec<f64>)],
    keep: impl Fn(f64) -> bool,
    y_label: &dyn Fn(&f64) -> String,
) -> anyhow::Result<()> {
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .y_label_formatter(y_label)
        .draw()
        .map_err(drawing)?;
    for (k, (label, v)) in ys.iter().enumerate() {
        let color = PALETTE[k % PALETTE.len()];
        let points: Vec<(f64, f64)> = xs
            .iter()
            .copied()
            .zip(v.iter().copied())
            .filter(|p| keep(p.1))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
            .map_err(drawing)?
            .label(*label)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart
            .draw_series(
                points
                    .into_iter()
                    .map(|p| Circle::new(p, 3, color.filled())),
            )
            .map_err(drawing)?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()
        .map_err(drawing)?;
    Ok(())
}

/// Hands/s against threads, with the ideal linear scaling from one thread.
fn throughput_chart(table: &Table, svg: &mut String) -> anyhow::Result<()> {
    let threads = table.numbers("threads")?;
    let rate = table.numbers("hands_per_sec")?;
    let per_thread = table.numbers("hands_per_sec_per_thread")?;
    let base = threads
        .iter()
        .zip(&per_thread)
        .find(|(t, _)| **t == 1.0)
        .map_or(per_thread.first().copied().unwrap_or(0.0), |(_, r)| *r);
    let ideal: Vec<f64> = threads.iter().map(|t| t * base).collect();
    lines(
        svg,
        "Throughput vs threads (sim bench)",
        "threads",
        "hands/s",
        &threads,
        &[("measured", rate), ("ideal (linear from 1 thread)", ideal)],
        false,
    )
}

/// Total-variation distance against riffles: exact and estimated (with ±2 standard errors).
fn tv_chart(table: &Table, svg: &mut String) -> anyhow::Result<()> {
    let riffles = table.numbers("riffles")?;
    let exact = table.numbers("tv_exact")?;
    // `sim shuffle tv` without --trials estimates nothing: its estimate cells are empty.
    let estimated = table
        .text("tv_estimate")?
        .iter()
        .any(|c| !c.trim().is_empty());
    let mut series = vec![("exact", exact)];
    if estimated {
        let estimate = table.numbers("tv_estimate")?;
        let se = table.numbers("std_error")?;
        let high: Vec<f64> = estimate.iter().zip(&se).map(|(e, s)| e + 2.0 * s).collect();
        series.extend([("estimate", estimate), ("estimate + 2 s.e.", high)]);
    }
    lines(
        svg,
        "Total-variation distance from uniform vs riffles",
        "riffles",
        "TV distance",
        &riffles,
        &series,
        true,
    )
}

/// Runs `sim plot`.
///
/// # Errors
/// Usage errors for missing columns or bad cells, runtime errors for unreadable files or output
/// failures.
pub fn run(args: &PlotArgs) -> anyhow::Result<()> {
    for input in &args.inputs {
        refuse_same_file(&[("CSV", input), ("--out", &args.out)])?;
    }
    let output = Output::create(Some(&args.out))?;
    let tables = args
        .inputs
        .iter()
        .map(|p| Table::read(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let single = || match tables.as_slice() {
        [table] => Ok(table),
        _ => Err(UsageError::new(format!(
            "sim plot {:?} takes one CSV",
            args.kind
        ))),
    };
    check_drawable(args.kind, &tables)?;
    let mut svg = String::new();
    match args.kind {
        PlotKind::Odds => odds_chart(single()?, &mut svg)?,
        PlotKind::Convergence => convergence_chart(&tables, &mut svg)?,
        PlotKind::Throughput => throughput_chart(single()?, &mut svg)?,
        PlotKind::Tv => tv_chart(single()?, &mut svg)?,
    }
    output.finish(svg.as_bytes())
}
