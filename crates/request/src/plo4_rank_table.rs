//! The table of `sim rank --game omaha`, defined once: one line per four-card class, strongest
//! first, with the counts that let rankings be merged (`data/omaha_ranking.csv` is this table
//! as CSV).
//!
//! ```text
//!  rank  class     combos  equity    cumulative_combos  percentile  std_error  rounds  wins  ties
//!  1     AsAhKsKh  6       0.6…      6                  0.0022…     0.00…      …       …     …
//! ```

use crate::plo4_rank::Plo4RankLine;
use crate::table::{Cell, Column, Kind};

/// The columns of the four-card Omaha rank table.
pub const COLUMNS: [Column<Plo4RankLine>; 10] = [
    Column {
        name: "rank",
        kind: Kind::Count,
        doc: "The class's place, 1 for the strongest.",
        value: |l| Cell::Int(l.line.rank as u128),
    },
    Column {
        name: "class",
        kind: Kind::Text,
        doc: "The class's canonical name: its representative, suits s, h, d, c in order of \
              first appearance (AsAhKsKh).",
        value: |l| Cell::Text(l.line.class.clone()),
    },
    Column {
        name: "combos",
        kind: Kind::Count,
        doc: "The hands of the class: 1 to 24.",
        value: |l| Cell::Int(u128::from(l.line.combos)),
    },
    Column {
        name: "equity",
        kind: Kind::Share,
        doc: "The class's Monte Carlo equity (pot share, ties split) against one random hand.",
        value: |l| Cell::Float(l.line.equity),
    },
    Column {
        name: "cumulative_combos",
        kind: Kind::Count,
        doc: "The hands of this class and of every class ranked above it.",
        value: |l| Cell::Int(u128::from(l.line.cumulative_combos)),
    },
    Column {
        name: "percentile",
        kind: Kind::Score,
        doc: "Those hands as a percentage of all 270,725: the class is in the top \
              percentile %.",
        value: |l| Cell::Float(l.line.percentile),
    },
    Column {
        name: "std_error",
        kind: Kind::Share,
        doc: "The equity's standard error.",
        value: |l| Cell::Float(l.line.std_error),
    },
    Column {
        name: "rounds",
        kind: Kind::Count,
        doc: "Showdowns played against a random hand.",
        value: |l| Cell::Int(u128::from(l.rounds)),
    },
    Column {
        name: "wins",
        kind: Kind::Count,
        doc: "Showdowns won alone.",
        value: |l| Cell::Int(u128::from(l.wins)),
    },
    Column {
        name: "ties",
        kind: Kind::Count,
        doc: "Showdowns tied: the pot split in two.",
        value: |l| Cell::Int(u128::from(l.ties)),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_the_ranking_files_header() {
        let names: Vec<&str> = COLUMNS.iter().map(|c| c.name).collect();
        assert_eq!(names.join(","), omaha::plo4_ranking::CSV_HEADER);
    }
}
