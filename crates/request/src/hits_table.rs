//! The table of `sim hits`, defined once: the whole range's line, then one per class in table
//! order (the made hands, exclusive, then the draws, overlapping); with `--combos` each class's
//! combos as a range, with `--improve` the probability of ending in each category by the river.
//!
//! ```text
//!  kind   class                 combos  weighted_combos  share  [hands]  [river_high_card … river_royal_flush]
//!  range  all                   1176    1176.000         1      …        (--improve: where the range ends)
//!  made   straight_flush …      exclusive: the made lines add up to the range line
//!  draw   flush_draw …          overlapping: a combo holds any number of draws
//!  low    nut_low …             hold'em hi/lo: exclusive, the low lines add up to the range line
//!  low_draw low_draw …          hold'em hi/lo: overlapping            [river_low river_nut_low]
//! ```

use eval::Category;
use hits::{HitsTable, ImproveRow, ImproveTable};

use crate::table::{Cell, Column, Kind};

/// One line of the hits table.
#[derive(Debug, Clone, PartialEq)]
pub struct HitsLine {
    /// `range` (the whole range), `made` (exclusive classes) or `draw` (overlapping classes).
    pub kind: &'static str,
    /// The class's stable name (`all` for the range line).
    pub class: &'static str,
    /// Combos in the class, each counted once.
    pub combos: usize,
    /// Combos weighted by the range's weights, in thousandths.
    pub weight: u64,
    /// The class's weighted share of the range, 0 to 1.
    pub share: f64,
    /// With `--combos`: the class's combos written as a range (the range line: every combo).
    pub hands: Option<String>,
    /// With `--improve`: per category (in [`Category::ALL`] order) the probability of ending in
    /// it by the river; `None` for an empty class.
    pub river: Option<[Option<f64>; Category::COUNT]>,
    /// With `--improve` in hold'em hi/lo: the probability of ending with an eight-or-better low
    /// and with the nut low by the river; `None` for an empty class.
    pub river_low: Option<[Option<f64>; 2]>,
}

/// The river probabilities of an improve row, `None` for an empty class.
fn river(row: &ImproveRow) -> [Option<f64>; Category::COUNT] {
    Category::ALL.map(|c| (row.combos > 0).then(|| row.probability(c)))
}

/// The low probabilities of an improve row, `None` for an empty class.
fn river_low(row: &ImproveRow) -> [Option<f64>; 2] {
    let nonempty = row.combos > 0;
    [
        nonempty.then(|| row.low_probability()),
        nonempty.then(|| row.nut_low_probability()),
    ]
}

/// The lines of `table`: the range first, then every class in table order; with the combos'
/// ranges if `combos`, with the river columns of `improve` if given.
pub fn lines(table: &HitsTable, combos: bool, improve: Option<&ImproveTable>) -> Vec<HitsLine> {
    let low = improve.filter(|t| t.game.is_hilo());
    let mut lines = vec![HitsLine {
        kind: "range",
        class: "all",
        combos: table.total_combos,
        weight: table.total_weight,
        share: 1.0,
        hands: combos.then(|| table.combos_range_text()),
        river: improve.map(|t| river(&t.range)),
        river_low: low.map(|t| river_low(&t.range)),
    }];
    for row in &table.rows {
        lines.push(HitsLine {
            kind: row.class.kind(),
            class: row.class.name(),
            combos: row.combos,
            weight: row.weight,
            share: row.share,
            hands: combos.then(|| table.class_range_text(row.class)),
            river: improve.map(|t| t.row(row.class).map_or([None; Category::COUNT], river)),
            river_low: low.map(|t| t.row(row.class).map_or([None; 2], river_low)),
        });
    }
    lines
}

/// The columns every hits table has.
const BASE: [Column<HitsLine>; 5] = [
    Column {
        name: "kind",
        kind: Kind::Text,
        doc: "range (the whole range's line), made, draw, or in holdem-hilo low (exclusive) or \
              low_draw.",
        value: |l| Cell::Text(l.kind.to_string()),
    },
    Column {
        name: "class",
        kind: Kind::Text,
        doc: "The class: all, a made hand or a draw.",
        value: |l| Cell::Text(l.class.to_string()),
    },
    Column {
        name: "combos",
        kind: Kind::Count,
        doc: "The class's combos, each counted once.",
        value: |l| Cell::Int(l.combos as u128),
    },
    Column {
        name: "weighted_combos",
        kind: Kind::Weight,
        doc: "The combos weighed by the range's weights.",
        value: |l| Cell::Float(l.weight as f64 / 1000.0),
    },
    Column {
        name: "share",
        kind: Kind::Share,
        doc: "The weighted share of the range.",
        value: |l| Cell::Float(l.share),
    },
];

/// `hands`, with `--combos`.
const HANDS: Column<HitsLine> = Column {
    name: "hands",
    kind: Kind::Text,
    doc: "The class's combos as a range (--combos).",
    value: |l| Cell::Text(l.hands.clone().unwrap_or_default()),
};

/// The `river_<category>` column of category `I` of [`Category::ALL`], with `--improve`.
const fn river_column<const I: usize>(name: &'static str) -> Column<HitsLine> {
    Column {
        name,
        kind: Kind::ShareOrNone,
        doc: "river_<category>: the probability that a combo of the class ends the hand in the \
              category by the river, none for an empty class (--improve).",
        value: |l| Cell::float_or_none(l.river.and_then(|r| r[I])),
    }
}

/// The `--improve` columns, one per category in [`Category::ALL`] order (hold'em's, whatever
/// the game).
const RIVER: [Column<HitsLine>; Category::COUNT] = [
    river_column::<0>("river_high_card"),
    river_column::<1>("river_pair"),
    river_column::<2>("river_two_pair"),
    river_column::<3>("river_three_of_a_kind"),
    river_column::<4>("river_straight"),
    river_column::<5>("river_flush"),
    river_column::<6>("river_full_house"),
    river_column::<7>("river_four_of_a_kind"),
    river_column::<8>("river_straight_flush"),
    river_column::<9>("river_royal_flush"),
];

/// The `--improve` columns of hold'em hi/lo's low half.
const RIVER_LOW: [Column<HitsLine>; 2] = [
    Column {
        name: "river_low",
        kind: Kind::ShareOrNone,
        doc: "holdem-hilo: the probability that a combo of the class ends the hand with an \
              eight-or-better low by the river, none for an empty class (--improve).",
        value: |l| Cell::float_or_none(l.river_low.and_then(|r| r[0])),
    },
    Column {
        name: "river_nut_low",
        kind: Kind::ShareOrNone,
        doc: "holdem-hilo: the probability that a combo of the class ends the hand with the nut \
              low (no two cards left make a better one) by the river, none for an empty class \
              (--improve).",
        value: |l| Cell::float_or_none(l.river_low.and_then(|r| r[1])),
    },
];

/// The columns of a hits table, with `hands` when `combos`, the river columns when `improve`
/// and, in a hi/lo game (`low`), the low's river columns after them.
pub fn columns(combos: bool, improve: bool, low: bool) -> Vec<Column<HitsLine>> {
    let mut columns = BASE.to_vec();
    if combos {
        columns.push(HANDS);
    }
    if improve {
        columns.extend(RIVER);
        if low {
            columns.extend(RIVER_LOW);
        }
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn river_columns_follow_the_categories() {
        for (column, category) in RIVER.iter().zip(Category::ALL) {
            assert_eq!(column.name, format!("river_{}", category.name()));
        }
        let mut line = HitsLine {
            kind: "made",
            class: "pair",
            combos: 1,
            weight: 500,
            share: 1.0,
            hands: None,
            river: Some([None; Category::COUNT]),
            river_low: None,
        };
        line.river.as_mut().unwrap()[3] = Some(0.5);
        assert_eq!((RIVER[3].value)(&line), Cell::Float(0.5));
        assert_eq!((RIVER[4].value)(&line), Cell::None);
        assert_eq!((BASE[3].value)(&line), Cell::Float(0.5));
    }

    #[test]
    fn options_add_their_columns() {
        let names = |c: Vec<Column<HitsLine>>| c.iter().map(|c| c.name).collect::<Vec<_>>();
        assert_eq!(names(columns(false, false, false)).len(), 5);
        assert_eq!(names(columns(true, false, false))[5], "hands");
        assert_eq!(
            names(columns(true, true, false)).len(),
            5 + 1 + Category::COUNT
        );
        assert_eq!(names(columns(false, true, false))[5], "river_high_card");
        assert_eq!(
            names(columns(false, true, true))[5 + Category::COUNT..],
            ["river_low", "river_nut_low"]
        );
        assert_eq!(names(columns(false, false, true)).len(), 5);
    }
}
