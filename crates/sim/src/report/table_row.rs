//! A line of any self-describing table of the request layer ([`request::table`]) as a row to
//! write: its cells in the columns' order, shares written as [`Share`]s, counts as integers and
//! text as strings, so that CSV headers and JSON keys are the columns' names.

use request::table::{Cell, Column};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::report::Share;

/// `line` under `columns`, to serialize as one row.
#[derive(Debug)]
pub struct TableRow<'a, L> {
    /// The table's columns.
    pub columns: &'a [Column<L>],
    /// The line.
    pub line: &'a L,
}

/// The rows of `lines` under `columns`.
pub fn table_rows<'a, L>(columns: &'a [Column<L>], lines: &'a [L]) -> Vec<TableRow<'a, L>> {
    lines
        .iter()
        .map(|line| TableRow { columns, line })
        .collect()
}

impl<L> Serialize for TableRow<'_, L> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut row = serializer.serialize_struct("Row", self.columns.len())?;
        for column in self.columns {
            match (column.value)(self.line) {
                Cell::Int(n) => row.serialize_field(column.name, &n)?,
                Cell::Share(x) => row.serialize_field(column.name, &Share::from(x))?,
                Cell::Text(text) => row.serialize_field(column.name, &text)?,
            }
        }
        row.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Format;
    use crate::report::{Meta, render};
    use request::table::Kind;

    #[test]
    fn rows_write_their_columns_in_order() {
        let columns: [Column<(u128, f64)>; 2] = [
            Column {
                name: "count",
                kind: Kind::Exact,
                doc: "",
                value: |l| Cell::Int(l.0),
            },
            Column {
                name: "share",
                kind: Kind::Share,
                doc: "",
                value: |l| Cell::Share(l.1),
            },
        ];
        let lines = [(u128::from(u64::MAX) + 1, 0.5)];
        let csv = render(&table_rows(&columns, &lines), Format::Csv, Meta::new()).unwrap();
        assert_eq!(
            String::from_utf8(csv).unwrap(),
            "count,share\n18446744073709551616,0.500000000000000\n"
        );
    }
}
