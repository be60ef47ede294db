//! Arguments of `sim plot`.

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
    /// Total-variation distance against riffles.
    Tv,
    /// Share of the range in each made-hand and draw class, from `sim hits`.
    Hits,
    /// The starting-hand grid coloured by equity, from `sim equity --breakdown`.
    Breakdown,
    /// Each player's hands sorted by equity (the equity curve), from
    /// `sim equity --distribution`.
    Distribution,
}
