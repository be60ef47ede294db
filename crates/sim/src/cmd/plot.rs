//! `sim plot`: reads each CSV once, whole (a file, a pipe, a FIFO or stdin alike), refuses
//! tables longer than a chart draws, cells it cannot draw and tables no command writes, draws the
//! chart (`chart`) from the tables read and writes the SVG.
//!
//! ```text
//!  odds         sim odds CSV          probability per category, 95 % interval, exact (log y)
//!  convergence  several sim odds CSVs |estimate - exact| / exact per category vs rounds (log-log)
//!  throughput   sim bench CSV         hands/s and ideal scaling vs threads
//!  tv           riffle CSV            total-variation distance vs riffles, exact and estimated
//!  hits         sim hits CSV          share of the range per class, made hands and draws (bars)
//!  breakdown    sim equity --breakdown the class grid coloured by equity (heat map)
//!  distribution sim equity --distribution each range's hands sorted by equity (curves)
//!  ranking      sim rank              the class grid coloured by percentile, ranks written;
//!                                     a Monte Carlo ranking (Omaha): its top classes, 95 % intervals
//! ```

use crate::chart::table::Table;
use crate::chart::{
    convergence, curves, distribution, heat_map, hits, limits, odds, ranking_grid, ranking_top,
    throughput, tv,
};
use crate::cli::{PlotArgs, PlotKind};
use crate::error::UsageError;
use crate::output::Output;
use crate::output::paths::is_standard_stream;
use crate::same_file::refuse_same_file;

/// Refuses a table with more of what a chart of `kind` draws one element for than it draws
/// ([`limits`]): checked as each table is read, before its cells are checked or drawn, so that
/// a long table is refused at once and never kept beside the next.
///
/// # Errors
/// A usage error naming the file, the count and the limit, or the missing column counted.
fn check_size(kind: PlotKind, table: &Table) -> Result<(), UsageError> {
    let path = &table.path;
    // The column counted first: a table without it is not this chart's, and says so.
    let rows = |column: &str| table.index(column).map(|_| table.rows());
    match kind {
        PlotKind::Odds | PlotKind::Convergence => limits::at_most(
            path,
            rows("category")?,
            "categories",
            limits::MAX_CATEGORIES,
        ),
        PlotKind::Throughput => {
            limits::at_most(path, rows("threads")?, "rows", limits::MAX_THROUGHPUT_ROWS)
        }
        PlotKind::Tv => limits::at_most(path, rows("riffles")?, "rows", limits::MAX_TV_ROWS),
        PlotKind::Hits => limits::at_most(path, rows("class")?, "rows", limits::MAX_HITS_ROWS),
        PlotKind::Breakdown => heat_map::check_size(table),
        PlotKind::Distribution => curves::check_size(table),
        PlotKind::Ranking if ranking_top::applies(table) => ranking_top::check_size(table),
        PlotKind::Ranking => ranking_grid::check_size(table),
    }
}

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
            PlotKind::Hits => {
                table.counts("combos")?;
                table.probabilities("share")?;
                hits::hits_bars(table)?;
            }
            PlotKind::Breakdown => {
                heat_map::read(table)?;
            }
            PlotKind::Distribution => {
                curves::curves(table)?;
            }
            // Drawn here only to find the first bad cell; the Monte Carlo chart checks its
            // cells before it draws.
            PlotKind::Ranking if ranking_top::applies(table) => {}
            PlotKind::Ranking => {
                ranking_grid::draw(table)?;
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

/// Runs `sim plot`.
///
/// # Errors
/// Usage errors for missing columns or bad cells, runtime errors for unreadable files or output
/// failures.
pub fn run(args: &PlotArgs) -> anyhow::Result<()> {
    // Each input is read once, whole, before anything is drawn: stdin can give its table once.
    if args.inputs.iter().filter(|p| is_standard_stream(p)).count() > 1 {
        return Err(UsageError::new(format!(
            "sim plot {} reads stdin (-) once: name it once",
            args.kind
        ))
        .into());
    }
    for input in &args.inputs {
        refuse_same_file(&[("CSV", input), ("--out", &args.out)])?;
    }
    let output = Output::create(Some(&args.out))?;
    let tables = args
        .inputs
        .iter()
        .map(|p| {
            let table = Table::read(p)?;
            check_size(args.kind, &table)?;
            Ok(table)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let single = || match tables.as_slice() {
        [table] => Ok(table),
        _ => Err(UsageError::new(format!(
            "sim plot {} takes one CSV",
            args.kind
        ))),
    };
    check_drawable(args.kind, &tables)?;
    let mut svg = String::new();
    match args.kind {
        PlotKind::Odds => odds::odds_chart(single()?, &mut svg)?,
        PlotKind::Convergence => convergence::convergence_chart(&tables, &mut svg)?,
        PlotKind::Throughput => throughput::throughput_chart(single()?, &mut svg)?,
        PlotKind::Tv => tv::tv_chart(single()?, &mut svg)?,
        PlotKind::Breakdown => svg = heat_map::draw(single()?)?,
        PlotKind::Ranking => {
            let table = single()?;
            svg = if ranking_top::applies(table) {
                ranking_top::draw(table)?
            } else {
                ranking_grid::draw(table)?
            };
        }
        PlotKind::Distribution => {
            let table = single()?;
            let (lines, _) = curves::curves(table)?;
            distribution::distribution_chart(&lines, &distribution::subtitle(table), &mut svg)?;
        }
        PlotKind::Hits => {
            let table = single()?;
            let (bars, total) = hits::hits_bars(table)?;
            hits::hits_chart(&bars, total, &hits::subtitle(table), &mut svg)?;
        }
    }
    output.finish(svg.as_bytes())
}
