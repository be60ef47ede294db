//! Arguments of `sim plot`.

use std::fmt;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// Arguments of `sim plot`.
#[derive(Debug, Clone, Args)]
pub struct PlotArgs {
    /// Which chart.
    #[arg(value_enum)]
    pub kind: PlotKind,
    /// The CSV file(s) to draw (several for `convergence`: one `sim odds` table per round count).
    #[arg(value_name = "CSV", required = true)]
    pub inputs: Vec<PathBuf>,
    /// The SVG file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// The charts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlotKind {
    /// Category probabilities with 95 % intervals against exact values, from `sim odds`.
    Odds,
    /// Relative error of each category's estimate against rounds, from several `sim odds` CSVs.
    Convergence,
    /// Throughput against threads, from `sim bench`.
    Throughput,
    /// Total-variation distance against riffles, from `sim shuffle tv`.
    Tv,
    /// Share of the range in each made-hand and draw class, from `sim hits`.
    Hits,
    /// The starting-hand grid coloured by equity, from `sim equity --breakdown`.
    Breakdown,
    /// Each player's hands sorted by equity (the equity curve), from
    /// `sim equity --distribution`.
    Distribution,
}

/// `sim --help`'s line for `sim plot`: every kind of chart it draws, from [`PlotKind`].
pub fn plot_about() -> String {
    let kinds: Vec<String> = PlotKind::value_variants()
        .iter()
        .map(ToString::to_string)
        .collect();
    let kinds = match kinds.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => kinds.concat(),
    };
    format!("Draw SVG charts from the CSVs of sim runs: {kinds}")
}

/// The chart's name as written on the command line (`odds`, `convergence`), never its Rust name.
impl fmt::Display for PlotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every variant has a name: none is skipped with `#[value(skip)]`.
        match self.to_possible_value() {
            Some(value) => f.write_str(value.get_name()),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_display_as_the_command_line_writes_them() {
        assert_eq!(PlotKind::Odds.to_string(), "odds");
        assert_eq!(PlotKind::Tv.to_string(), "tv");
        for kind in PlotKind::value_variants() {
            assert_eq!(PlotKind::from_str(&kind.to_string(), false), Ok(*kind));
        }
    }
}
