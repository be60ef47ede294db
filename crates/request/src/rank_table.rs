//! The table of `sim rank`, defined once: one line per starting-hand class of a ranking,
//! strongest first (the shipped ranking files in `data/` are this table as CSV).
//!
//! ```text
//!  rank  class  combos  equity             cumulative_combos  percentile  std_error
//!  1     AA     6       0.852037...        6                  0.452489    0
//! ```

use engine::class_ranking::{ClassRanking, RankedClass};

use crate::table::{Cell, Column, Kind};

/// The columns of the rank table.
pub const COLUMNS: [Column<RankLine>; 7] = [
    Column {
        name: "rank",
        kind: Kind::Count,
        doc: "The class's place, 1 for the strongest.",
        value: |l| Cell::Int(l.rank as u128),
    },
    Column {
        name: "class",
        kind: Kind::Text,
        doc: "The starting-hand class: AA, AKs, AKo.",
        value: |l| Cell::Text(l.class.clone()),
    },
    Column {
        name: "combos",
        kind: Kind::Count,
        doc: "The class's combos: 6 for a pair, 4 suited, 12 offsuit.",
        value: |l| Cell::Int(u128::from(l.combos)),
    },
    Column {
        name: "equity",
        kind: Kind::Share,
        doc: "The class's equity against the ranking's random hands: exact against one random \
              hand (vs1), Monte Carlo against more (vs2 ...).",
        value: |l| Cell::Float(l.equity),
    },
    Column {
        name: "cumulative_combos",
        kind: Kind::Count,
        doc: "The combos of this class and of every class ranked above it.",
        value: |l| Cell::Int(u128::from(l.cumulative_combos)),
    },
    Column {
        name: "percentile",
        kind: Kind::Score,
        doc: "Those combos as a percentage of all the game's combos: the class is in the top \
              percentile %.",
        value: |l| Cell::Float(l.percentile),
    },
    Column {
        name: "std_error",
        kind: Kind::Share,
        doc: "The equity's standard error: 0 in an exact ranking (vs1).",
        value: |l| Cell::Float(l.std_error),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_the_ranking_files_header() {
        let names: Vec<&str> = COLUMNS.iter().map(|c| c.name).collect();
        assert_eq!(
            names.join(","),
            engine::class_ranking::CSV_HEADER,
            "the shipped files are this table"
        );
    }
}

/// One line of a ranking table.
#[derive(Debug, Clone, PartialEq)]
pub struct RankLine {
    /// 1 for the strongest class.
    pub rank: usize,
    /// The class's name (`AKs`).
    pub class: String,
    /// Its combos.
    pub combos: u32,
    /// Its equity against the ranking's random hands.
    pub equity: f64,
    /// The combos of this class and of every class above it.
    pub cumulative_combos: u32,
    /// Those combos as a percentage of all.
    pub percentile: f64,
    /// The equity's standard error (0 for an exact ranking).
    pub std_error: f64,
}

impl RankLine {
    /// The line of `entry` of `ranking`.
    pub fn of(ranking: &ClassRanking, entry: &RankedClass) -> Self {
        Self {
            rank: entry.rank,
            class: entry.class.name(),
            combos: entry.combos,
            equity: entry.equity,
            cumulative_combos: entry.cumulative_combos,
            percentile: ranking.percentile(entry),
            std_error: entry.std_error,
        }
    }
}
