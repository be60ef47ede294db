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
//!     Column { name: "equity", kind: Kind::Share, doc: "Share of the pot.", value: |l| Cell::Share(l.share) },
//! ];
//! let line = Line { seat: 2, share: 0.25 };
//! assert_eq!((COLUMNS[1].value)(&line), Cell::Share(0.25));
//! ```

/// How a column's values are held, for a front end to write them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Text, one string per line.
    Text,
    /// A share or probability, a float from 0 to 1 (or a standard error).
    Share,
    /// A whole number that fits 64 bits (seats, samples, units per pot).
    Count,
    /// An exact count that can pass 2^64 (weighted outcomes, pot units): u128.
    Exact,
}

/// One cell of a line.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// A [`Kind::Count`] or [`Kind::Exact`] value.
    Int(u128),
    /// A [`Kind::Share`] value.
    Share(f64),
    /// A [`Kind::Text`] value.
    Text(String),
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
}
