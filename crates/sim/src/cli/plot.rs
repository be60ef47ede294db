//! Arguments of `sim plot`.

use std::fmt;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::examples::{self, Example};
/// Arguments of `sim plot`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim plot"))]
pub struct PlotArgs {
    /// Which chart.
    #[arg(value_enum)]
    pub kind: PlotKind,
    /// The table file(s) to draw, CSV or `--format json` (whose parameters name the range,
    /// board and method in the chart's header); several for `convergence`: one `sim odds` table
    /// per round count.
    #[arg(value_name = "TABLE", required = true)]
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
    /// The starting-hand grid coloured by percentile, each class's rank written, from
    /// `sim rank` (Omaha's and stud's Monte Carlo rankings: their top classes with 95 %
    /// intervals; the draw games' exact rankings: their top classes).
    Ranking,
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
    format!("Draw SVG charts from the tables of sim runs (CSV or JSON): {kinds}")
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

/// `sim plot --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "Category probabilities with their intervals against the exact values",
        lines: &[
            "sim odds --rounds 1M --seed 42 --quiet --out odds.csv",
            "sim plot odds odds.csv --out odds.svg",
        ],
    },
    Example {
        what: "How the estimates converge as rounds grow",
        lines: &[
            "sim odds --rounds 100k --seed 1 --quiet --out odds-100k.csv",
            "sim odds --rounds 1M --seed 1 --quiet --out odds-1M.csv",
            "sim plot convergence odds-100k.csv odds-1M.csv --out convergence.svg",
        ],
    },
    Example {
        what: "What a range hits on a flop",
        lines: &[
            "sim hits QQ+,AKs,T9s --board Kh9h5c --format json --out hits.json",
            "sim plot hits hits.json --out hits.svg",
        ],
    },
    Example {
        what: "The hold'em ranking as a grid, or the classes of its top 15 %",
        lines: &[
            "sim rank --out ranking.csv",
            "sim plot ranking ranking.csv --out ranking.svg",
            "sim rank --top 15% --format json --out top15.json",
            "sim plot ranking top15.json --out top15.svg",
        ],
    },
    Example {
        what: "The top of the Omaha ranking with each class's 95 % interval",
        lines: &[
            "sim rank --game omaha --top 1% --out omaha-top.csv",
            "sim plot ranking omaha-top.csv --out omaha-top.svg",
        ],
    },
    Example {
        what: "The distance to uniform after 1 to 8 riffles",
        lines: &[
            "sim shuffle tv --max-riffles 8 --out tv.csv",
            "sim plot tv tv.csv --out tv.svg",
        ],
    },
];

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
