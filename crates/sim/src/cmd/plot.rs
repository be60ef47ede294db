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
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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
            // Checked as it is read (crate::heat_map).
            PlotKind::Breakdown => {}
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

/// Grid lines: light enough that the data stands out.
const BOLD_GRID: RGBColor = RGBColor(200, 200, 200);
const LIGHT_GRID: RGBColor = RGBColor(238, 238, 238);
/// Width of the legend column beside the convergence chart, in pixels.
const LEGEND_WIDTH: u32 = 215;

/// A count as people read it: `100 M`, `2.5 k`, `1 G` where that is exact, else with thousands
/// separators (`1,048,576`); never rounded.
fn count_words(n: f64) -> String {
    if n.fract() == 0.0 && n >= 1e3 {
        for (scale, unit) in [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")] {
            let hundredths = n / scale * 100.0;
            if n >= scale && hundredths.fract() == 0.0 {
                let text = format!("{:.2}", n / scale);
                let text = text.trim_end_matches('0').trim_end_matches('.');
                return format!("{text} {unit}");
            }
        }
    }
    let digits = format!("{n:.0}");
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 && c.is_ascii_digit() {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `v`'s exponent if `v` is a power of ten (as a log axis's key points are), else `None`.
fn power_of_ten(v: f64) -> Option<i32> {
    if v <= 0.0 || !v.is_finite() {
        return None;
    }
    let exponent = v.log10().round();
    ((v / 10f64.powf(exponent) - 1.0).abs() < 1e-6).then_some(exponent as i32)
}

/// `10⁻³`-style label of a power of ten (`1` for 10⁰, `10` for 10¹); nothing for other values.
fn power_label(v: &f64) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    match power_of_ten(*v) {
        Some(0) => "1".to_string(),
        Some(1) => "10".to_string(),
        Some(e) => {
            let mut label = String::from("10");
            if e < 0 {
                label.push('⁻');
            }
            label.extend(
                e.unsigned_abs()
                    .to_string()
                    .bytes()
                    .map(|d| DIGITS[usize::from(d - b'0')]),
            );
            label
        }
        None => String::new(),
    }
}

/// A power of ten as a percentage (`100 %`, `1 %`, `0.01 %`); nothing for other values.
fn percent_label(v: &f64) -> String {
    match power_of_ten(*v) {
        Some(e) if e >= -2 => format!("{:.0} %", v * 100.0),
        Some(e) => format!("{:.*} %", (-e - 2) as usize, v * 100.0),
        None => String::new(),
    }
}

/// A power of ten as a count (`10 k`, `1 M`); nothing for other values.
fn rounds_label(v: &f64) -> String {
    power_of_ten(*v).map_or_else(String::new, |_| count_words(v.round()))
}

/// A whole number (threads, riffles) as a label; nothing between whole numbers.
fn whole_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 && *v >= 0.0 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

/// An axis value in SI units without a needless decimal: `200 M`, `1.5 M`, `0`.
fn si_label(v: &f64) -> String {
    crate::summary::si(*v)
        .replace(".0 ", " ")
        .replace(".00 ", " ")
        .trim_end()
        .to_string()
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
            format!(
                "Hand categories: estimate with 95 % interval vs exact ({} rounds)",
                count_words(rounds)
            ),
            ("sans-serif", 20),
        )
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
    let clamp = |v: f64| v.max(y.start);
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
            EmptyElement::at((i as f64, exact[i]))
                + PathElement::new(vec![(-16, 0), (16, 0)], exact_style)
        }))
        .map_err(drawing)?
        .label("exact")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], exact_style));
    chart
        .draw_series(
            (0..names.len())
                .filter(|&i| p[i] > 0.0)
                .map(|i| Circle::new((i as f64, p[i]), 4, PALETTE[0].filled())),
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

/// One category's line of the convergence chart.
struct Convergence {
    name: String,
    color: RGBColor,
    exact: f64,
    points: Vec<(f64, f64)>,
}

/// `|estimate - exact| / exact` of every category against rounds, one line per category, over
/// the band of the expected error: one standard error, `sqrt((1 - p) / (n p))` relative to `p`,
/// from the most frequent category's to the rarest's. The legend is a column of its own.
fn convergence_chart(tables: &[Table], svg: &mut String) -> anyhow::Result<()> {
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
    }
    all_rounds.sort_by(f64::total_cmp);
    let x = decades(all_rounds.iter().copied());
    let y = decades(series.values().flat_map(|l| l.points.iter().map(|p| p.1)));
    // The band's edges: the relative standard errors of the most and the least frequent category.
    let relative_se = |p: f64, n: f64| ((1.0 - p) / (n * p)).sqrt();
    let by_frequency = |a: &&Convergence, b: &&Convergence| a.exact.total_cmp(&b.exact);
    let rarest = series.values().min_by(by_frequency);
    let commonest = series.values().max_by(by_frequency);

    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
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
    let root = root.titled(&title, ("sans-serif", 20)).map_err(drawing)?;
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
        let clamp = |v: f64| v.clamp(y.start, y.end);
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
    for line in series.values() {
        chart
            .draw_series(LineSeries::new(
                line.points.iter().copied(),
                line.color.stroke_width(2),
            ))
            .map_err(drawing)?;
        chart
            .draw_series(
                line.points
                    .iter()
                    .map(|&p| Circle::new(p, 3, line.color.filled())),
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
    let mut top = 40;
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
            .draw(&Text::new(line.name.as_str(), (42, top), text.clone()))
            .map_err(drawing)?;
        top += 22;
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
                    words.as_str(),
                    (42, top + 17 * k as i32),
                    small.clone(),
                ))
                .map_err(drawing)?;
        }
    }
    root.present().map_err(drawing)
}

/// Hands/s against threads, with the ideal linear scaling from one thread.
fn throughput_chart(table: &Table, svg: &mut String) -> anyhow::Result<()> {
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
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
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
        .x_labels((x_hi - x_lo) as usize + 2)
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

/// Total-variation distance against riffles, on a linear scale from 0 to 1 (where the cutoff
/// shows): exact, and estimated with ±2 standard errors.
fn tv_chart(table: &Table, svg: &mut String) -> anyhow::Result<()> {
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
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Total-variation distance from uniform vs riffles",
            ("sans-serif", 20),
        )
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
        .x_labels(x_hi as usize + 2)
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
        PlotKind::Breakdown => svg = crate::heat_map::draw(&single()?.path)?,
    }
    output.finish(svg.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_people_write_them() {
        assert_eq!(count_words(100_000_000.0), "100 M");
        assert_eq!(count_words(100_000.0), "100 k");
        assert_eq!(count_words(10_000.0), "10 k");
        assert_eq!(count_words(1_500_000.0), "1.5 M");
        assert_eq!(count_words(2_250_000_000.0), "2.25 G");
        assert_eq!(count_words(1e12), "1 T");
        assert_eq!(count_words(999.0), "999");
        assert_eq!(count_words(0.0), "0");
        // Never rounded: a count that no unit states exactly gets its separators.
        assert_eq!(count_words(1_048_576.0), "1,048,576");
        assert_eq!(count_words(123_456_789.0), "123,456,789");
        assert_eq!(count_words(1_234.0), "1,234");
    }

    #[test]
    fn log_axes_label_their_decades_only() {
        assert_eq!(power_label(&1.0), "1");
        assert_eq!(power_label(&10.0), "10");
        assert_eq!(power_label(&1e-3), "10⁻³");
        assert_eq!(power_label(&1e-12), "10⁻¹²");
        assert_eq!(power_label(&1e5), "10⁵");
        assert_eq!(power_label(&2e-3), "");
        assert_eq!(percent_label(&1.0), "100 %");
        assert_eq!(percent_label(&0.01), "1 %");
        assert_eq!(percent_label(&1e-3), "0.1 %");
        assert_eq!(percent_label(&1e-5), "0.001 %");
        assert_eq!(percent_label(&3e-3), "");
        assert_eq!(rounds_label(&1e4), "10 k");
        assert_eq!(rounds_label(&1e8), "100 M");
        assert_eq!(rounds_label(&3e4), "");
        assert_eq!(whole_label(&2.0), "2");
        assert_eq!(whole_label(&2.5), "");
        assert_eq!(si_label(&200e6), "200 M");
        assert_eq!(si_label(&150e6), "150 M");
        assert_eq!(si_label(&2.5e6), "2.5 M");
        assert_eq!(si_label(&0.0), "0");
    }
}
