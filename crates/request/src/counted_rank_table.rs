//! The tables of the rankings made of Monte Carlo counts, defined once: `sim rank --game
//! omaha` (`rank_omaha`), `sim rank --game omaha-hilo` (`rank_omaha_hilo`) and `sim rank --game stud|stud-hilo|razz` (`rank_stud`), one line per
//! class, strongest first, with the counts that let rankings be merged (`data/omaha_ranking.csv`,
//! `data/stud_ranking.csv`, … are these tables as CSV). The two share every column but the
//! words of a few and the names of their counts.
//!
//! ```text
//!  rank  class     combos  equity  cumulative_combos  percentile  std_error  rounds  wins       ties
//!  1     AsAhKsKh  6       0.6…    6                  0.0022…     0.00…      …       …          …
//!  rank  class     combos  equity  cumulative_combos  percentile  std_error  rounds  pot_units  square_units
//!  1     AsAhAd    4       0.7…    4                  0.018…      0.000…     …       …          …
//! ```

use crate::counted_rank::CountedRankLine;
use crate::table::{Cell, Column, Kind};

/// The columns of the four-card Omaha rank table.
pub const OMAHA_COLUMNS: [Column<CountedRankLine>; 10] = columns(
    "The class's canonical name: its representative, suits s, h, d, c in order of first \
     appearance (AsAhKsKh).",
    "The hands of the class: 1 to 24.",
    "Those hands as a percentage of all 270,725: the class is in the top percentile %.",
    "The class's Monte Carlo equity (pot share, ties split) against one random hand.",
    [
        ("rounds", "Showdowns played against a random hand."),
        ("wins", "Showdowns won alone."),
        ("ties", "Showdowns tied: the pot split in two."),
    ],
);

/// The columns of the Omaha hi/lo rank table.
pub const OMAHA_HILO_COLUMNS: [Column<CountedRankLine>; 10] = columns(
    "The class's canonical name: its representative, suits s, h, d, c in order of first \
     appearance (AsAh3s2h).",
    "The hands of the class: 1 to 24.",
    "Those hands as a percentage of all 270,725: the class is in the top percentile %.",
    "The class's Monte Carlo pot share in Omaha hi/lo against one random hand (high and \
     eight-or-better low halves, ties split).",
    [
        ("rounds", "Showdowns played against a random hand."),
        (
            "pot_units",
            "Quarter pots won, all rounds together (a round wins 0 to 4).",
        ),
        (
            "square_units",
            "The sum over rounds of the squared quarter pots won (for the standard error).",
        ),
    ],
);

/// The columns of the stud games' rank table (stud, stud hi/lo, razz).
pub const STUD_COLUMNS: [Column<CountedRankLine>; 10] = columns(
    "The third-street class's canonical name: its representative, three cards from the \
     highest rank down, suits s, h, d in order of first appearance (AsAhKd).",
    "The three-card starts of the class: 4, 12 or 24.",
    "Those starts as a percentage of all 22,100: the class is in the top percentile %.",
    "The class's Monte Carlo equity against one random hand dealt to seventh street without \
     folding (stud hi/lo: pot share; razz: by the ace-to-five low).",
    [
        ("rounds", "Showdowns played against a random hand."),
        (
            "pot_units",
            "Quarter pots won, all rounds together (a round wins 0 to 4).",
        ),
        (
            "square_units",
            "The sum over rounds of the squared quarter pots won (for the standard error).",
        ),
    ],
);

/// The columns of the draw games' rank table (pat hands, exact).
pub const DRAW_COLUMNS: [Column<CountedRankLine>; 10] = columns(
    "The class: five cards' ranks from the highest down (aces low in the ace-to-five games), \
     then s (five of one suit) or o (not) for five distinct ranks (75432o, AAKK2, 5432Ao); \
     badugi: the badugi's ranks from the highest down, aces low (432A, K72).",
    "The pat hands of the class.",
    "Those hands as a percentage of all of them (2,598,960; badugi 270,725): the class is in \
     the top percentile %.",
    "The class's exact equity standing pat against one random pat hand, no draw (hi/lo: pot \
     share).",
    [
        (
            "showdowns",
            "Showdowns counted: the class's hands, each against every hand of the other cards.",
        ),
        ("wins", "Showdowns won whole (hi/lo: scooped)."),
        (
            "pot_units",
            "Quarter pots won, all showdowns together (a showdown wins 0 to 4).",
        ),
    ],
);

/// The ten columns of a counted ranking with the words of its own.
const fn columns(
    class: &'static str,
    combos: &'static str,
    percentile: &'static str,
    equity: &'static str,
    counts: [(&'static str, &'static str); 3],
) -> [Column<CountedRankLine>; 10] {
    [
        Column {
            name: "rank",
            kind: Kind::Count,
            doc: "The class's place, 1 for the strongest.",
            value: |l| Cell::Int(l.line.rank as u128),
        },
        Column {
            name: "class",
            kind: Kind::Text,
            doc: class,
            value: |l| Cell::Text(l.line.class.clone()),
        },
        Column {
            name: "combos",
            kind: Kind::Count,
            doc: combos,
            value: |l| Cell::Int(u128::from(l.line.combos)),
        },
        Column {
            name: "equity",
            kind: Kind::Share,
            doc: equity,
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
            doc: percentile,
            value: |l| Cell::Float(l.line.percentile),
        },
        Column {
            name: "std_error",
            kind: Kind::Share,
            doc: "The equity's standard error.",
            value: |l| Cell::Float(l.line.std_error),
        },
        Column {
            name: counts[0].0,
            kind: Kind::Count,
            doc: counts[0].1,
            value: |l| Cell::Int(u128::from(l.count(0))),
        },
        Column {
            name: counts[1].0,
            kind: Kind::Count,
            doc: counts[1].1,
            value: |l| Cell::Int(u128::from(l.count(1))),
        },
        Column {
            name: counts[2].0,
            kind: Kind::Count,
            doc: counts[2].1,
            value: |l| Cell::Int(u128::from(l.count(2))),
        },
    ]
}

/// The columns of the table of `counted`'s ranking.
pub fn columns_of(counted: crate::counted_rank::Counted) -> &'static [Column<CountedRankLine>] {
    match counted {
        crate::counted_rank::Counted::Omaha { hilo: false, .. } => &OMAHA_COLUMNS,
        crate::counted_rank::Counted::Omaha { hilo: true, .. } => &OMAHA_HILO_COLUMNS,
        crate::counted_rank::Counted::Stud(_) => &STUD_COLUMNS,
        crate::counted_rank::Counted::Draw(_) => &DRAW_COLUMNS,
    }
}

/// The name of the table of `counted`'s ranking in the catalog: `rank_omaha` (four or five
/// cards), `rank_omaha_hilo`, `rank_stud` or `rank_draw`.
pub fn table_name(counted: crate::counted_rank::Counted) -> &'static str {
    match counted {
        crate::counted_rank::Counted::Omaha { hilo: false, .. } => "rank_omaha",
        crate::counted_rank::Counted::Omaha { hilo: true, .. } => "rank_omaha_hilo",
        crate::counted_rank::Counted::Stud(_) => "rank_stud",
        crate::counted_rank::Counted::Draw(_) => "rank_draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::counted_ranking::csv_header;

    #[test]
    fn the_headers_are_the_ranking_files_headers() {
        let header = |c: &[Column<CountedRankLine>]| -> String {
            c.iter().map(|c| c.name).collect::<Vec<_>>().join(",")
        };
        assert_eq!(header(&OMAHA_COLUMNS), omaha::plo4_ranking::CSV_HEADER);
        assert_eq!(
            header(&OMAHA_COLUMNS),
            csv_header::<omaha::plo4_ranking::ClassCounts>()
        );
        assert_eq!(header(&OMAHA_HILO_COLUMNS), omaha::plo4_hilo::CSV_HEADER);
        assert_eq!(
            header(&STUD_COLUMNS),
            csv_header::<stud::start_ranking::PotCounts>()
        );
        assert_eq!(
            header(&DRAW_COLUMNS),
            csv_header::<draw::pat_ranking::PatCounts>()
        );
    }
}
