//! What every chart shares: its size, colours, grid, axis labels and how counts read.

use std::fmt::Display;

use anyhow::anyhow;
use plotters::prelude::*;

/// Width and height of a chart, in pixels.
pub(crate) const SIZE: (u32, u32) = (900, 540);
/// The series' colours, in order.
pub(crate) const PALETTE: [RGBColor; 10] = [
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

/// A plotters failure as this command's error.
pub(crate) fn drawing<E: Display>(e: E) -> anyhow::Error {
    anyhow!("cannot draw the chart: {e}")
}

/// The lowest decade a log axis reaches, 10⁻³⁰⁷: the smallest power of ten that is a normal
/// `f64` (subnormals, below 2.2 × 10⁻³⁰⁸, keep too few bits to map onto an axis).
const LOWEST_DECADE: i32 = -307;
/// The highest decade a log axis reaches, 10³⁰⁸: the largest power of ten below `f64::MAX`.
const HIGHEST_DECADE: i32 = 308;
/// The most decades one log axis spans. plotters counts an axis's decades as ln(end / start),
/// then steps through its key points in a loop bounded by that count: an axis whose ends' ratio
/// overflows to infinity (from 10⁻³¹⁰ to 1, or 10⁻¹⁰ to 10³⁰⁰) never ends that loop.
const MAX_DECADES: i32 = 307;

/// The smallest and largest positive values, widened to whole decades for a log axis: at least
/// one decade, at most [`MAX_DECADES`], within 10⁻³⁰⁷ to 10³⁰⁸. Where the values span more, the
/// axis keeps the largest; a value beyond the axis is drawn on its edge (see [`on_axis`]).
pub(crate) fn decades(values: impl IntoIterator<Item = f64>) -> std::ops::Range<f64> {
    let (lo, hi) = values
        .into_iter()
        .filter(|v| *v > 0.0 && v.is_finite())
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if hi == 0.0 {
        return 1e-3..1.0;
    }
    // Whole exponents, within the limits (log10 of a positive finite f64 lies in -324..309).
    let lo_exponent = (lo.log10().floor() as i32).clamp(LOWEST_DECADE, HIGHEST_DECADE - 1);
    let hi_exponent = (hi.log10().ceil() as i32).clamp(lo_exponent + 1, HIGHEST_DECADE);
    let lo_exponent = lo_exponent.max(hi_exponent - MAX_DECADES);
    10f64.powf(f64::from(lo_exponent))..10f64.powf(f64::from(hi_exponent))
}

/// `v` on the axis `range`: a value beyond it on the nearer edge.
pub(crate) fn on_axis(v: f64, range: &std::ops::Range<f64>) -> f64 {
    v.clamp(range.start, range.end)
}

/// The most key points (labels and grid lines) an axis of whole numbers asks plotters for.
/// plotters makes as many as it is asked for, one at a time: one per thread or riffle of a table
/// that claims 10¹² of them never ended.
pub(crate) const MAX_LABELS: usize = 30;

/// How many key points an axis of whole numbers from `lo` to `hi` asks for: one per whole number
/// and one to spare, at most [`MAX_LABELS`].
pub(crate) fn whole_labels(lo: f64, hi: f64) -> usize {
    // `as` saturates, and the sum too: a span of 10¹⁹ or more gives the cap, not an overflow.
    ((hi - lo).max(0.0) as usize)
        .saturating_add(2)
        .min(MAX_LABELS)
}

/// Grid lines: light enough that the data stands out.
pub(crate) const BOLD_GRID: RGBColor = RGBColor(200, 200, 200);
/// Minor grid lines.
pub(crate) const LIGHT_GRID: RGBColor = RGBColor(238, 238, 238);
/// Width of the legend column beside the convergence chart, in pixels.
pub(crate) const LEGEND_WIDTH: u32 = 215;

/// A count as people read it: `100 M`, `2.5 k`, `1 G` where that is exact, else with thousands
/// separators (`1,048,576`, `6,581,030` rather than `6581.03 k`); never rounded.
pub(crate) fn count_words(n: f64) -> String {
    if n.fract() == 0.0 && n >= 1e3 {
        for (scale, unit) in [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")] {
            let hundredths = n / scale * 100.0;
            if n >= scale && n < 1e3 * scale && hundredths.fract() == 0.0 {
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
pub(crate) fn power_of_ten(v: f64) -> Option<i32> {
    if v <= 0.0 || !v.is_finite() {
        return None;
    }
    let exponent = v.log10().round();
    ((v / 10f64.powf(exponent) - 1.0).abs() < 1e-6).then_some(exponent as i32)
}

/// `10⁻³`-style label of a power of ten (`1` for 10⁰, `10` for 10¹); nothing for other values.
pub(crate) fn power_label(v: &f64) -> String {
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
pub(crate) fn percent_label(v: &f64) -> String {
    match power_of_ten(*v) {
        Some(e) if e >= -2 => format!("{:.0} %", v * 100.0),
        Some(e) => format!("{:.*} %", (-e - 2) as usize, v * 100.0),
        None => String::new(),
    }
}

/// A power of ten as a count (`10 k`, `1 M`); nothing for other values.
pub(crate) fn rounds_label(v: &f64) -> String {
    power_of_ten(*v).map_or_else(String::new, |_| count_words(v.round()))
}

/// A whole number (threads, riffles) as a label; nothing between whole numbers.
pub(crate) fn whole_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 && *v >= 0.0 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

/// An axis value in SI units without a needless decimal: `200 M`, `1.5 M`, `0`.
pub(crate) fn si_label(v: &f64) -> String {
    crate::summary::si(*v)
        .replace(".0 ", " ")
        .replace(".00 ", " ")
        .trim_end()
        .to_string()
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
        // A unit only where the number before it is below a thousand.
        assert_eq!(count_words(6_581_030.0), "6,581,030");
    }

    /// Draws a log axis over `y` as the charts do: plotters' key points are where it looped.
    fn draw_log_axis(y: std::ops::Range<f64>) {
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let mut chart = ChartBuilder::on(&root)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..1.0, y.log_scale())
            .unwrap();
        chart
            .configure_mesh()
            .bold_line_style(BOLD_GRID)
            .light_line_style(LIGHT_GRID)
            .y_label_formatter(&power_label)
            .draw()
            .unwrap();
        root.present().unwrap();
    }

    /// Issue: a probability of 1e-310 made `sim plot odds` loop forever. Every set of finite
    /// values gets an axis of normal powers of ten whose ends' ratio is finite, which plotters
    /// draws.
    #[test]
    fn log_axes_stay_drawable_for_tiny_and_huge_values() {
        let tiny = [5e-324, 1e-310, 2.2e-308, f64::MIN_POSITIVE, 1e-300, 1e-20];
        let huge = [1e20, 1e300, 1e308, f64::MAX];
        let mut cases: Vec<Vec<f64>> = Vec::new();
        for &t in &tiny {
            cases.push(vec![t]);
            cases.push(vec![t, 0.5]);
            cases.push(vec![t, 1.0]);
            for &h in &huge {
                cases.push(vec![t, h]);
            }
        }
        for &h in &huge {
            cases.push(vec![h]);
            cases.push(vec![0.5, h]);
        }
        for values in cases {
            let axis = decades(values.iter().copied());
            let case = format!("{values:?}: {axis:?}");
            assert!(axis.start.is_normal() && axis.end.is_finite(), "{case}");
            assert!(axis.start < axis.end, "{case}");
            assert!((axis.end / axis.start).is_finite(), "{case}");
            assert!(power_of_ten(axis.start).is_some(), "{case}");
            assert!(power_of_ten(axis.end).is_some(), "{case}");
            // The axis holds every value from 10⁻³⁰⁷ to 10³⁰⁸ within 307 decades of the
            // largest; the rest are drawn on its edge.
            let top = values.iter().copied().fold(0.0, f64::max).min(1e308);
            for &v in &values {
                if (1e-307..=1e308).contains(&v) && v >= top * 1e-307 {
                    assert_eq!(on_axis(v, &axis), v, "{case}");
                }
            }
            draw_log_axis(axis);
        }
        // Ordinary values are unchanged: whole decades around them.
        assert_eq!(decades([0.17, 3e-5]), 1e-5..1.0);
        assert_eq!(decades([0.5]), 0.1..1.0);
        assert_eq!(decades([0.0, f64::NAN, f64::INFINITY]), 1e-3..1.0);
        assert_eq!(decades([1e-300, 1.0]), 1e-300..1.0);
        assert_eq!(decades([1e-310, 1.0]), 1e-307..1.0);
    }

    #[test]
    fn axes_of_whole_numbers_ask_for_a_bounded_number_of_labels() {
        assert_eq!(whole_labels(0.0, 10.0), 12);
        assert_eq!(whole_labels(0.5, 4.5), 6);
        assert_eq!(whole_labels(0.0, 1e12), MAX_LABELS);
        assert_eq!(whole_labels(0.0, 1.9e19), MAX_LABELS);
        assert_eq!(whole_labels(0.0, f64::INFINITY), MAX_LABELS);
        assert_eq!(whole_labels(1.0, 0.0), 2);
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
