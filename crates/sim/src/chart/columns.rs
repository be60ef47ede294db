//! The columns of a table as a reader fills them, a cell at a time: a CSV's records or a JSON
//! document's rows, before they become a [`Table`](crate::chart::table::Table).

/// The columns of a table as they are read, a cell at a time.
#[derive(Debug, Default)]
pub(crate) struct Columns {
    /// The column names.
    pub(crate) header: Vec<String>,
    /// Every cell read, end to end.
    pub(crate) cells: String,
    /// Where each cell ends in `cells`.
    pub(crate) ends: Vec<u32>,
    /// The rows read.
    pub(crate) rows: usize,
}

impl Columns {
    /// Columns named `header`, with no rows yet.
    pub(crate) fn new(header: Vec<String>) -> Self {
        Self {
            header,
            ..Self::default()
        }
    }

    /// Appends `cell` to the row being read.
    pub(crate) fn push(&mut self, cell: &str) {
        self.cells.push_str(cell);
        // No longer than the input, at most `table::MAX_INPUT_BYTES`, which fits in u32.
        self.ends.push(self.cells.len() as u32);
    }

    /// Ends the row being read.
    pub(crate) fn end_row(&mut self) {
        self.rows += 1;
    }
}
