//! A CSV read into named columns, with the checks a chart needs of its cells.

use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::error::UsageError;

/// A CSV read into named numeric and text columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub(crate) path: PathBuf,
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

    pub(crate) fn index(&self, name: &str) -> Result<usize, UsageError> {
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
    pub(crate) fn column<T>(
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
pub(crate) const MAX_RATE: f64 = 1e200;
