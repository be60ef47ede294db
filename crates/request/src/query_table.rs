//! The table of `sim query`, defined once: one line per selector, one per value of a
//! histogram.
//!
//! ```text
//!  name  aggregate  bucket  value              std_error  ci_low  ci_high  hits  weight
//!  eq    avg                0.826372...        0          0.82…   0.82…    0     1712304
//!  hist  histogram  flush   0.0312...          0.0001…    …       …        5340  171230
//! ```

use query::Line;
use query::functions::Signature;

use crate::table::{Cell, Column, Kind};

/// The columns of the query table.
pub const COLUMNS: [Column<Line>; 9] = [
    Column {
        name: "name",
        kind: Kind::Text,
        doc: "The selector's name: its `as` name, or the aggregate and its place (`avg1`).",
        value: |l| Cell::Text(l.name.clone()),
    },
    Column {
        name: "aggregate",
        kind: Kind::Text,
        doc: "What the selector gathers: avg, count, histogram, min or max.",
        value: |l| Cell::Text(l.aggregate.to_string()),
    },
    Column {
        name: "bucket",
        kind: Kind::Text,
        doc: "A histogram line's value (flush, flopTopPair, 3), or the hand type of a min or \
              max; empty otherwise.",
        value: |l| Cell::Text(l.bucket.clone()),
    },
    Column {
        name: "value",
        kind: Kind::Share,
        doc: "The weighted mean (avg), the share of the trials meeting the condition where the \
              selector held (count, histogram), or the least or greatest value (min, max).",
        value: |l| Cell::Float(l.value),
    },
    Column {
        name: "std_error",
        kind: Kind::ShareOrNone,
        doc: "The value's standard error: 0 when every outcome was counted; none for min and max.",
        value: |l| Cell::float_or_none(l.std_error),
    },
    Column {
        name: "ci_low",
        kind: Kind::ShareOrNone,
        doc: "The 95 % interval's lower end: Wilson's for shares, mean − 1.96 standard errors \
              for means; the value itself when exact.",
        value: |l| Cell::float_or_none(l.ci_low),
    },
    Column {
        name: "ci_high",
        kind: Kind::ShareOrNone,
        doc: "The 95 % interval's upper end.",
        value: |l| Cell::float_or_none(l.ci_high),
    },
    Column {
        name: "hits",
        kind: Kind::Exact,
        doc: "The weight of the trials where a count or histogram line held (range weights \
              multiplied: thousandths per weighted range); 0 on avg, min and max lines.",
        value: |l| Cell::Int(l.hits.unwrap_or(0)),
    },
    Column {
        name: "weight",
        kind: Kind::Exact,
        doc: "The weight of the trials that met the where condition (every trial without one).",
        value: |l| Cell::Int(l.weight),
    },
];

/// The lines of the table of the language's functions, one per function.
pub fn functions() -> &'static [Signature] {
    &query::functions::FUNCTIONS
}

/// The columns of the table of the language's functions (`sim query --functions`).
pub const FUNCTION_COLUMNS: [Column<Signature>; 5] = [
    Column {
        name: "function",
        kind: Kind::Text,
        doc: "The function's name in a query (any case).",
        value: |s| Cell::Text(s.name.to_string()),
    },
    Column {
        name: "arguments",
        kind: Kind::Text,
        doc: "Its arguments' types, in order: player, street (flop, turn, river), hand type, text.",
        value: |s| {
            Cell::Text(
                s.params
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            )
        },
    },
    Column {
        name: "returns",
        kind: Kind::Text,
        doc: "What it gives: number, boolean, hand type or flop hand category.",
        value: |s| Cell::Text(s.returns.to_string()),
    },
    Column {
        name: "games",
        kind: Kind::Text,
        doc: "The games that give it a meaning (elsewhere it is a type error naming the game).",
        value: |s| Cell::Text(s.needs.words().to_string()),
    },
    Column {
        name: "meaning",
        kind: Kind::Text,
        doc: "What it gives, in a line.",
        value: |s| Cell::Text(s.doc.to_string()),
    },
];
