//! The breakdown table (`sim equity --breakdown`, Python's `breakdown`): one line per hand of
//! each player's range, then one per class, player after player; the hi/lo games add the
//! split-pot columns after the plain ones. Its columns are defined here once.

use engine::{BreakdownEntry, BreakdownRows, PlayerEquity};

use crate::equity_columns::{HoldsEquity, equity_and_counts, hilo_counts, hilo_shares};
use crate::table::{Cell, Column, Kind, inserted};

/// One line of a breakdown: a hand (`level` `hand`) or a class of hands (`level` `class`) of
/// one player's range.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakdownLine {
    /// The game's name (`holdem`, `shortdeck`, …), so that the table says which grid it fills.
    pub game: &'static str,
    /// Seat, from 1.
    pub player: usize,
    /// The player's range as given.
    pub range: String,
    /// `hand` or `class`.
    pub level: &'static str,
    /// The hand or class and its equity.
    pub entry: BreakdownEntry,
}

impl HoldsEquity for BreakdownLine {
    fn player_equity(&self) -> &PlayerEquity {
        &self.entry.equity
    }
}

/// The lines of `rows` in `game` (its name): each player's hands, then its classes.
pub fn lines(game: &'static str, rows: &BreakdownRows) -> Vec<BreakdownLine> {
    let mut out = Vec::new();
    for player in &rows.players {
        let levels = [("hand", &player.hands), ("class", &player.classes)];
        for (level, entries) in levels {
            out.extend(entries.iter().map(|entry| BreakdownLine {
                game,
                player: player.seat,
                range: player.range.clone(),
                level,
                entry: entry.clone(),
            }));
        }
    }
    out
}

type Line = BreakdownLine;

const GAME: Column<Line> = Column {
    name: "game",
    kind: Kind::Text,
    doc: "The game (holdem, shortdeck, …), so that the table says which grid it fills.",
    value: |l| Cell::Text(l.game.to_string()),
};
const PLAYER: Column<Line> = Column {
    name: "player",
    kind: Kind::Count,
    doc: "Seat, from 1.",
    value: |l| Cell::Int(l.player as u128),
};
const RANGE: Column<Line> = Column {
    name: "range",
    kind: Kind::Text,
    doc: "The player's range as given.",
    value: |l| Cell::Text(l.range.clone()),
};
const LEVEL: Column<Line> = Column {
    name: "level",
    kind: Kind::Text,
    doc: "hand: one hand of the range; class: the class's hands added up.",
    value: |l| Cell::Text(l.level.to_string()),
};
const HAND: Column<Line> = Column {
    name: "hand",
    kind: Kind::Text,
    doc: "The hand (AhKh) or the class (AKs).",
    value: |l| Cell::Text(l.entry.hand.clone()),
};
const CLASS: Column<Line> = Column {
    name: "class",
    kind: Kind::Text,
    doc: "The hand's class (AKs, QQ).",
    value: |l| Cell::Text(l.entry.class.clone()),
};
const COMBOS: Column<Line> = Column {
    name: "combos",
    kind: Kind::Count,
    doc: "Hands in the line: 1 for a hand, the class's hands in the range for a class.",
    value: |l| Cell::Int(l.entry.combos as u128),
};
const WEIGHT: Column<Line> = Column {
    name: "weight",
    kind: Kind::Share,
    doc: "Range weight, 0 to 1 (a class: the mean over its hands).",
    value: |l| Cell::Float(l.entry.weight),
};
const FREQUENCY: Column<Line> = Column {
    name: "frequency",
    kind: Kind::Share,
    doc: "How often the line's hands are dealt in the spot, among the player's hands (range \
          weights and card removal): the weights of the player's mean equity.",
    value: |l| Cell::Float(l.entry.frequency),
};

/// The columns of the games with one winner per pot.
pub const COLUMNS: [Column<Line>; 17] = inserted(
    [
        GAME, PLAYER, RANGE, LEVEL, HAND, CLASS, COMBOS, WEIGHT, FREQUENCY,
    ],
    9,
    equity_and_counts(),
);

/// The columns of the hi/lo games: the plain ones, then the hi/lo columns of the equity table.
pub const HILO_COLUMNS: [Column<Line>; 23] = inserted::<_, 20, 3, 23>(
    inserted::<_, 17, 3, 20>(COLUMNS, 17, hilo_shares()),
    20,
    hilo_counts(),
);

/// The columns of the breakdown table in a game that splits the pot (`hilo`) or not.
pub fn columns(hilo: bool) -> &'static [Column<Line>] {
    if hilo { &HILO_COLUMNS } else { &COLUMNS }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hilo_columns_follow_the_plain_ones() {
        let plain: Vec<_> = COLUMNS.iter().map(|c| c.name).collect();
        let hilo: Vec<_> = HILO_COLUMNS.iter().map(|c| c.name).collect();
        assert_eq!(hilo[..plain.len()], plain[..]);
        assert_eq!(
            hilo[plain.len()..],
            [
                "high",
                "low",
                "scoop",
                "scoops",
                "pot_units",
                "units_per_pot"
            ]
        );
    }
}
