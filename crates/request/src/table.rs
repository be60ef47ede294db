//! Self-describing tables: a table's columns are defined once, in the library layer, as a list
//! of [`Column`]s (name, kind, words and how to read the value from a line), and every front
//! end writes them generically: `sim` as CSV and JSON rows in the list's order, Python as numpy
//! arrays and integers by each column's [`Kind`]. A new column is one more entry of a list.
//!
//! ```
//! use request::table::{Cell, Column, Kind};
//!
//! struct Line { seat: usize, share: f64 }
//! const COLUMNS: [Column<Line>; 2] = [
//!     Column { name: "player", kind: Kind::Count, doc: "Seat, from 1.", value: |l| Cell::Int(l.seat as u128) },
//!     Column { name: "equity", kind: Kind::Share, doc: "Share of the pot.", value: |l| Cell::Float(l.share) },
//! ];
//! let line = Line { seat: 2, share: 0.25 };
//! assert_eq!((COLUMNS[1].value)(&line), Cell::Float(0.25));
//! ```

/// How a column's values are held, for a front end to write them. The `…OrNone` kinds may
/// hold [`Cell::None`] where a line has no value (written empty in CSV, null in JSON, `None`
/// to Python).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Text, one string per line.
    Text,
    /// A share or probability, a float from 0 to 1 (or a standard error): 15 decimals in CSV.
    Share,
    /// A share where a line may have none.
    ShareOrNone,
    /// A score such as a z-score: 6 decimals in CSV.
    Score,
    /// A score where a line may have none.
    ScoreOrNone,
    /// A weighted count in whole units (range weights in thousandths): 3 decimals in CSV.
    Weight,
    /// A whole number that fits 64 bits (seats, samples, units per pot).
    Count,
    /// A whole number where a line may have none.
    CountOrNone,
    /// An exact count that can pass 2^64 (weighted outcomes, pot units): u128.
    Exact,
}

impl Kind {
    /// Every kind, in declaration order.
    pub const ALL: [Kind; 9] = [
        Kind::Text,
        Kind::Share,
        Kind::ShareOrNone,
        Kind::Score,
        Kind::ScoreOrNone,
        Kind::Weight,
        Kind::Count,
        Kind::CountOrNone,
        Kind::Exact,
    ];

    /// The decimals a float kind is written with in CSV; `None` for the other kinds.
    pub const fn decimals(self) -> Option<usize> {
        match self {
            Kind::Share | Kind::ShareOrNone => Some(15),
            Kind::Score | Kind::ScoreOrNone => Some(6),
            Kind::Weight => Some(3),
            Kind::Text | Kind::Count | Kind::CountOrNone | Kind::Exact => None,
        }
    }

    /// Whether a line may have no value in the column.
    pub const fn may_be_none(self) -> bool {
        matches!(
            self,
            Kind::ShareOrNone | Kind::ScoreOrNone | Kind::CountOrNone
        )
    }

    /// The kind's name in the catalog of tables (`share_or_none`, …), as Python reads it.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Share => "share",
            Kind::ShareOrNone => "share_or_none",
            Kind::Score => "score",
            Kind::ScoreOrNone => "score_or_none",
            Kind::Weight => "weight",
            Kind::Count => "count",
            Kind::CountOrNone => "count_or_none",
            Kind::Exact => "exact",
        }
    }
}

/// One cell of a line.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// A [`Kind::Count`] or [`Kind::Exact`] value.
    Int(u128),
    /// A value of a float kind ([`Kind::decimals`]).
    Float(f64),
    /// A [`Kind::Text`] value.
    Text(String),
    /// No value, in a column whose kind [`Kind::may_be_none`].
    None,
}

impl Cell {
    /// `Some(x)` as a float cell, `None` as [`Cell::None`].
    pub fn float_or_none(x: Option<f64>) -> Cell {
        x.map_or(Cell::None, Cell::Float)
    }
}

/// One column of a table whose lines are `L`s.
#[derive(Debug)]
pub struct Column<L> {
    /// The column's name in CSV headers, JSON keys and Python attributes.
    pub name: &'static str,
    /// How its values are held.
    pub kind: Kind,
    /// What it says, for documentation.
    pub doc: &'static str,
    /// The value of a line.
    pub value: fn(&L) -> Cell,
}

impl<L> Clone for Column<L> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<L> Copy for Column<L> {}

/// One column as the catalog of tables lists it: without its reader, so that tables of every
/// line type can be listed together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnSchema {
    /// The column's name.
    pub name: &'static str,
    /// How its values are held.
    pub kind: Kind,
    /// What it says.
    pub doc: &'static str,
    /// Whether some runs of the table leave the column out (the hi/lo columns outside the
    /// hi/lo games, `sim hits`' columns that options add).
    pub optional: bool,
}

/// A table as the catalog lists it: its name and the columns of its widest form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSchema {
    /// The table's name (`equity`, `odds`, …).
    pub name: &'static str,
    /// Its columns, in order.
    pub columns: Vec<ColumnSchema>,
}

impl TableSchema {
    /// The schema of a table whose runs write one of `forms` (each a column list; the last the
    /// widest, holding every column of the others in the same order): a column is optional
    /// when some form leaves it out.
    pub fn of<L>(name: &'static str, forms: &[&[Column<L>]]) -> TableSchema {
        let widest = forms.last().copied().unwrap_or_default();
        let columns = widest
            .iter()
            .map(|c| ColumnSchema {
                name: c.name,
                kind: c.kind,
                doc: c.doc,
                optional: !forms.iter().all(|f| f.iter().any(|o| o.name == c.name)),
            })
            .collect();
        TableSchema { name, columns }
    }
}

/// `columns` with `extra` placed before the column at `at` (at the end when `at` is `N`): how a
/// table's hi/lo columns are made from its plain ones. `M` must be `N + K`, checked when the
/// constant is built.
pub const fn inserted<L, const N: usize, const K: usize, const M: usize>(
    columns: [Column<L>; N],
    at: usize,
    extra: [Column<L>; K],
) -> [Column<L>; M] {
    assert!(N + K == M && at <= N && N > 0);
    let mut out = [columns[0]; M];
    let mut i = 0;
    while i < M {
        out[i] = if i < at {
            columns[i]
        } else if i < at + K {
            extra[i - at]
        } else {
            columns[i - K]
        };
        i += 1;
    }
    out
}

/// The cells of `line` under `columns`, with their names, in the columns' order.
pub fn cells<'a, L>(
    columns: &'a [Column<L>],
    line: &'a L,
) -> impl Iterator<Item = (&'static str, Cell)> + 'a {
    columns.iter().map(move |c| (c.name, (c.value)(line)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_follow_the_columns() {
        let columns: [Column<(u8, &str)>; 2] = [
            Column {
                name: "n",
                kind: Kind::Count,
                doc: "",
                value: |l| Cell::Int(u128::from(l.0)),
            },
            Column {
                name: "t",
                kind: Kind::Text,
                doc: "",
                value: |l| Cell::Text(l.1.to_string()),
            },
        ];
        let line = (7, "x");
        let got: Vec<_> = cells(&columns, &line).collect();
        assert_eq!(
            got,
            [("n", Cell::Int(7)), ("t", Cell::Text("x".to_string()))]
        );
        let names = |c: &[Column<(u8, &str)>]| c.iter().map(|c| c.name).collect::<Vec<_>>();
        let middle: [Column<(u8, &str)>; 3] = inserted(columns, 1, [columns[1]]);
        assert_eq!(names(&middle), ["n", "t", "t"]);
        let end: [Column<(u8, &str)>; 4] = inserted(columns, 2, [columns[0], columns[0]]);
        assert_eq!(names(&end), ["n", "t", "n", "n"]);
    }

    #[test]
    fn a_schema_marks_the_columns_some_forms_leave_out() {
        let column = |name| Column::<u8> {
            name,
            kind: Kind::Count,
            doc: "",
            value: |l| Cell::Int(u128::from(*l)),
        };
        let plain = [column("a"), column("c")];
        let wide = [column("a"), column("b"), column("c")];
        let schema = TableSchema::of("t", &[&plain, &wide]);
        let optional: Vec<_> = schema
            .columns
            .iter()
            .map(|c| (c.name, c.optional))
            .collect();
        assert_eq!(optional, [("a", false), ("b", true), ("c", false)]);
    }

    #[test]
    fn kinds_say_their_decimals_and_nulls() {
        assert_eq!(Kind::Share.decimals(), Some(15));
        assert_eq!(Kind::Score.decimals(), Some(6));
        assert_eq!(Kind::Weight.decimals(), Some(3));
        assert_eq!(Kind::Count.decimals(), None);
        let nullable: Vec<_> = Kind::ALL.into_iter().filter(|k| k.may_be_none()).collect();
        assert_eq!(
            nullable,
            [Kind::ShareOrNone, Kind::ScoreOrNone, Kind::CountOrNone]
        );
        assert_eq!(Cell::float_or_none(None), Cell::None);
    }
}
