//! A table read into named columns, with the checks a chart needs of its cells: a CSV, or a
//! `--format json` document ([`document`]), whose request's parameters name what was computed.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::chart::columns::Columns;
use crate::chart::document;
use crate::error::UsageError;
use crate::input::read_bounded;

/// The cells of the CSV `bytes`, read from `path`.
///
/// # Errors
/// A usage error if it is not CSV.
fn read_csv(bytes: &[u8], path: &Path) -> Result<Columns, UsageError> {
    let mut reader = csv::Reader::from_reader(bytes);
    let malformed =
        |e: csv::Error| UsageError::new(format!("{} is not a CSV table: {e}", path.display()));
    let header = reader
        .headers()
        .map_err(malformed)?
        .iter()
        .map(str::to_string)
        .collect();
    let mut columns = Columns::new(header);
    // The reader is not flexible: every record has the header's length.
    let mut record = csv::StringRecord::new();
    while reader.read_record(&mut record).map_err(malformed)? {
        for cell in &record {
            columns.push(cell);
        }
        columns.end_row();
    }
    Ok(columns)
}

/// The longest input `sim plot` reads: far above its largest tables (`sim equity
/// --distribution` writes at most 100,000 hands, some tens of megabytes), low enough that a
/// device such as `/dev/zero` or a wrong file is refused at once instead of filling memory.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// The bytes of the plot input at `path`, of at most [`MAX_INPUT_BYTES`].
///
/// # Errors
/// A runtime error if it cannot be read; a usage error naming the file and the limit if it is
/// longer.
fn read_input(path: &Path) -> anyhow::Result<Vec<u8>> {
    read_bounded(path, MAX_INPUT_BYTES, "sim plot")
}

/// A table read into named numeric and text columns: a CSV, or the rows of a `--format json`
/// document with the request's parameters beside them.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub(crate) path: PathBuf,
    header: Vec<String>,
    /// Every row's cells written end to end, row after row: one string for the whole table, so
    /// that a table of many tiny cells takes a few bytes a cell, not a string's 24 and more.
    cells: String,
    /// Where each cell ends in `cells`: cell `c` of row `r` is entry `r * header.len() + c`.
    ends: Vec<u32>,
    rows: usize,
    /// The request's parameters a JSON document carries (`board`, `range`, `rounds` …), by
    /// name; `None` for a CSV, which carries none.
    params: Option<BTreeMap<String, String>>,
}

// `cells` is no longer than the file, so its offsets fit in `u32`.
const _: () = assert!(MAX_INPUT_BYTES <= u32::MAX as u64);

impl Table {
    /// Reads a table of at most [`MAX_INPUT_BYTES`]: a CSV with a header row, or a JSON
    /// document as `--format json` writes it (one opening with `{`).
    ///
    /// # Errors
    /// If the file cannot be read; a usage error if it is longer than [`MAX_INPUT_BYTES`], is
    /// neither CSV nor a table's JSON document, or has no rows.
    pub fn read(path: &Path) -> anyhow::Result<Self> {
        let bytes = read_input(path)?;
        let (columns, params) = if bytes.trim_ascii_start().starts_with(b"{") {
            let (columns, params) = document::read(&bytes, path)?;
            (columns, Some(params))
        } else {
            (read_csv(&bytes, path)?, None)
        };
        if columns.rows == 0 {
            return Err(UsageError::new(format!("{} has no rows to plot", path.display())).into());
        }
        Ok(Self {
            path: path.to_path_buf(),
            header: columns.header,
            cells: columns.cells,
            ends: columns.ends,
            rows: columns.rows,
            params,
        })
    }

    /// The request's parameter `name` (`board`, `range`, `rounds` …) of a JSON document;
    /// `None` for a CSV, or where the document has none.
    pub(crate) fn param(&self, name: &str) -> Option<&str> {
        self.params.as_ref()?.get(name).map(String::as_str)
    }

    /// Whether the table came from a JSON document, which carries its request's parameters.
    pub(crate) fn has_params(&self) -> bool {
        self.params.is_some()
    }

    /// The rows under the header (at least one).
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// The name of column `column` (an [`index`](Self::index)).
    pub(crate) fn header(&self, column: usize) -> &str {
        self.header.get(column).map_or("", String::as_str)
    }

    /// A usage error about the cell of `row` in column `column` (an [`index`](Self::index)):
    /// `FILE: row N, column NAME: WHAT`, rows counted as the file's lines are, the header
    /// being row 1.
    pub(crate) fn refuse(&self, row: usize, column: usize, what: impl fmt::Display) -> UsageError {
        UsageError::new(format!(
            "{}: row {}, column {}: {what}",
            self.path.display(),
            row + 2,
            self.header(column)
        ))
    }

    /// The cell of `row` in column `column` as a seat: a whole number from 1 to `most`, the
    /// players a game of the table seats.
    ///
    /// # Errors
    /// A usage error naming the row, the column and the cell otherwise.
    pub(crate) fn seat(&self, row: usize, column: usize, most: usize) -> Result<usize, UsageError> {
        let text = self.cell(row, column);
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|seat| (1..=most).contains(seat))
            .ok_or_else(|| {
                self.refuse(
                    row,
                    column,
                    format!("'{text}' is not a seat (a whole number from 1 to {most})"),
                )
            })
    }

    pub(crate) fn index(&self, name: &str) -> Result<usize, UsageError> {
        self.header.iter().position(|h| h == name).ok_or_else(|| {
            UsageError::new(format!("{} has no column {name:?}", self.path.display()))
        })
    }

    /// Cell `column` (an [`index`](Self::index)) of `row`, borrowed (empty past the end).
    pub(crate) fn cell(&self, row: usize, column: usize) -> &str {
        let at = row * self.header.len() + column;
        let start = at
            .checked_sub(1)
            .and_then(|before| self.ends.get(before))
            .map_or(0, |&end| end as usize);
        let end = self.ends.get(at).map_or(start, |&end| end as usize);
        self.cells.get(start..end).unwrap_or_default()
    }

    /// The text column `name`.
    ///
    /// # Errors
    /// A usage error if the column is missing.
    pub fn text(&self, name: &str) -> Result<Vec<String>, UsageError> {
        Ok(self.cells_of(name)?.map(str::to_string).collect())
    }

    /// The cells of column `name`, row by row.
    fn cells_of(&self, name: &str) -> Result<impl Iterator<Item = &str>, UsageError> {
        let i = self.index(name)?;
        Ok((0..self.rows).map(move |row| self.cell(row, i)))
    }

    /// The numeric column `name`.
    ///
    /// # Errors
    /// A usage error if the column is missing or a cell is not a number.
    pub fn numbers(&self, name: &str) -> Result<Vec<f64>, UsageError> {
        self.cells_of(name)?
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
        self.cells_of(name)?
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

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> anyhow::Result<Table> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        std::fs::write(&path, text).unwrap();
        Table::read(&path)
    }

    #[test]
    fn cells_read_back_as_written() {
        let t = table("name,n,note\n\"a, b\",1,\n,2.5,\"say \"\"hi\"\"\"\nAhKh,-0,é\n").unwrap();
        assert_eq!(t.text("name").unwrap(), ["a, b", "", "AhKh"]);
        assert_eq!(t.text("note").unwrap(), ["", "say \"hi\"", "é"]);
        assert_eq!(t.numbers("n").unwrap(), [1.0, 2.5, -0.0]);
        assert_eq!(
            t.text("missing").unwrap_err().to_string(),
            format!("{} has no column \"missing\"", t.path.display())
        );
    }

    #[test]
    fn ragged_and_empty_tables_are_refused() {
        let ragged = table("a,b\n1,2\n3\n").unwrap_err();
        assert!(ragged.downcast_ref::<UsageError>().is_some());
        assert!(
            ragged.to_string().contains("is not a CSV table"),
            "{ragged}"
        );
        let empty = table("a,b\n").unwrap_err();
        assert!(
            empty.to_string().ends_with("has no rows to plot"),
            "{empty}"
        );
    }
}
