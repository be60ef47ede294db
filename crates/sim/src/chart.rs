//! The charts of `sim plot`: SVG charts of the CSVs the other commands write, drawn with plotters' pure-Rust
//! SVG backend (no system libraries, no fonts: text is left to the SVG viewer).
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
//!                                     Omaha's Monte Carlo ranking: its top classes, 95 % intervals;
//!                                     a draw game's exact ranking: its top classes
//! ```
//!
//! Each chart draws a bounded number of things, however long its table ([`limits`]). Its header
//! ([`header`]) says what was computed ([`spot`]): what a CSV names, or what a `--format json`
//! document's parameters name ([`document`]); no text crosses the canvas's edge ([`fit`]).

pub mod class_grid;
pub mod columns;
pub mod convergence;
pub mod curves;
pub mod distribution;
pub mod document;
#[cfg(test)]
mod every_chart_fits;
pub mod fit;
pub mod header;
pub mod heat_map;
pub mod hits;
pub mod limits;
pub mod odds;
pub mod ranking_grid;
pub mod ranking_top;
pub mod spot;
pub mod style;
pub mod table;
pub mod throughput;
pub mod tv;
