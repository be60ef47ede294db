//! A line of any self-describing table of the request layer ([`request::table`]) as a row to
//! write: its cells in the columns' order, floats written [`Fixed`] with their kind's decimals,
//! counts as integers, text as strings and absent values as nulls (empty in CSV), so that CSV
//! headers and JSON keys are the columns' names.

use request::table::{Cell, Column, Kind};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::report::Fixed;

/// A float of `kind`, written with its decimals.
#[derive(Debug)]
enum Float {
    Share(Fixed<15>),
    Score(Fixed<6>),
    Weight(Fixed<3>),
}

impl Float {
    fn of(kind: Kind, x: f64) -> Float {
        match kind.decimals() {
            Some(6) => Float::Score(Fixed(x)),
            Some(3) => Float::Weight(Fixed(x)),
            _ => Float::Share(Fixed(x)),
        }
    }
}

impl Serialize for Float {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Float::Share(x) => x.serialize(serializer),
            Float::Score(x) => x.serialize(serializer),
            Float::Weight(x) => x.serialize(serializer),
        }
    }
}

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
                Cell::Float(x) => row.serialize_field(column.name, &Float::of(column.kind, x))?,
                Cell::Text(text) => row.serialize_field(column.name, &text)?,
                Cell::None => row.serialize_field(column.name, &None::<u8>)?,
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
                value: |l| Cell::Float(l.1),
            },
        ];
        let lines = [(u128::from(u64::MAX) + 1, 0.5)];
        let csv = render(&table_rows(&columns, &lines), Format::Csv, Meta::new()).unwrap();
        assert_eq!(
            String::from_utf8(csv).unwrap(),
            "count,share\n18446744073709551616,0.500000000000000\n"
        );
    }

    #[test]
    fn floats_take_their_kinds_decimals_and_nones_are_empty() {
        let column = |name, kind| Column::<Option<f64>> {
            name,
            kind,
            doc: "",
            value: |l| Cell::float_or_none(*l),
        };
        let columns = [
            column("z", Kind::ScoreOrNone),
            column("w", Kind::Weight),
            column("p", Kind::ShareOrNone),
        ];
        let lines = [Some(0.25), None];
        let csv = render(&table_rows(&columns, &lines), Format::Csv, Meta::new()).unwrap();
        assert_eq!(
            String::from_utf8(csv).unwrap(),
            "z,w,p\n0.250000,0.250,0.250000000000000\n,,\n"
        );
        let json = render(&table_rows(&columns, &lines), Format::Json, Meta::new()).unwrap();
        let json = String::from_utf8(json).unwrap();
        assert!(json.contains("\"z\": null"), "{json}");
    }
}
