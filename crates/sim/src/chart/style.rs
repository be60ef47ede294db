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

/// The smallest and largest positive values, widened to whole decades for a log axis.
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
    10f64.powf(lo.log10().floor())..10f64.powf(hi.log10().ceil().max(lo.log10().floor() + 1.0))
}

/// Grid lines: light enough that the data stands out.
pub(crate) const BOLD_GRID: RGBColor = RGBColor(200, 200, 200);
/// Minor grid lines.
pub(crate) const LIGHT_GRID: RGBColor = RGBColor(238, 238, 238);
/// Width of the legend column beside the convergence chart, in pixels.
pub(crate) const LEGEND_WIDTH: u32 = 215;

/// A count as people read it: `100 M`, `2.5 k`, `1 G` where that is exact, else with thousands
/// separators (`1,048,576`); never rounded.
pub(crate) fn count_words(n: f64) -> String {
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
