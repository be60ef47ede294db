//! The equity table (`sim equity`, Python's `equity`): one line per player, with the hi/lo
//! columns in the games that split the pot. Its columns are defined here once; `sim` writes
//! them as CSV and JSON and Python as numpy arrays, both generically.

use engine::PlayerEquity;

use crate::equity_columns::{HoldsEquity, equity_and_counts, hilo_counts, hilo_shares};
use crate::table::{Cell, Column, Kind, inserted};

/// One player's line: the seat (from 1), the hand or range as given and the player's equity.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityLine {
    /// Seat, from 1.
    pub player: usize,
    /// The hand or range as given.
    pub hand: String,
    /// The player's equity.
    pub equity: PlayerEquity,
}

/// The lines of `players`, labelled by `hands`, in seat order.
pub fn lines(players: &[PlayerEquity], hands: &[String]) -> Vec<EquityLine> {
    players
        .iter()
        .zip(hands)
        .enumerate()
        .map(|(p, (equity, hand))| EquityLine {
            player: p + 1,
            hand: hand.clone(),
            equity: *equity,
        })
        .collect()
}

impl HoldsEquity for EquityLine {
    fn player_equity(&self) -> &PlayerEquity {
        &self.equity
    }
}

type Line = EquityLine;

const PLAYER: Column<Line> = Column {
    name: "player",
    kind: Kind::Count,
    doc: "Seat, from 1.",
    value: |l| Cell::Int(l.player as u128),
};
const HAND: Column<Line> = Column {
    name: "hand",
    kind: Kind::Text,
    doc: "The hand or range as given.",
    value: |l| Cell::Text(l.hand.clone()),
};

/// The columns of the games with one winner per pot.
pub const COLUMNS: [Column<Line>; 10] = inserted([PLAYER, HAND], 2, equity_and_counts());

/// The columns of the hi/lo games: the plain ones with the pot shares from each half and the
/// scoop rate after `std_error`, and the exact scoops and pot units last.
pub const HILO_COLUMNS: [Column<Line>; 16] = inserted::<_, 13, 3, 16>(
    inserted::<_, 10, 3, 13>(COLUMNS, 6, hilo_shares()),
    13,
    hilo_counts(),
);

/// The columns of the equity table in a game that splits the pot (`hilo`) or not.
pub fn columns(hilo: bool) -> &'static [Column<Line>] {
    if hilo { &HILO_COLUMNS } else { &COLUMNS }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::cells;

    #[test]
    fn hilo_columns_add_the_split_pot_columns_to_the_plain_ones() {
        let plain: Vec<_> = COLUMNS.iter().map(|c| c.name).collect();
        let hilo: Vec<_> = HILO_COLUMNS.iter().map(|c| c.name).collect();
        assert!(plain.iter().all(|name| hilo.contains(name)));
        assert_eq!(hilo.len(), plain.len() + 6);
        let mut names = hilo.clone();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), hilo.len(), "a column named twice");
    }

    #[test]
    fn a_line_reads_its_player() {
        let equity = PlayerEquity {
            win: 0.5,
            tie: 0.2,
            equity: 0.6,
            std_error: 0.0,
            samples: 9,
            wins: 3,
            ties: 1,
            outcomes: 5,
            hilo: None,
        };
        let hands = ["AsAh".to_string()];
        let lines = lines(std::slice::from_ref(&equity), &hands);
        let got: Vec<_> = cells(&COLUMNS, &lines[0]).collect();
        assert_eq!(got[0], ("player", Cell::Int(1)));
        assert_eq!(got[1], ("hand", Cell::Text("AsAh".to_string())));
        assert_eq!(got[4], ("equity", Cell::Float(0.6)));
        assert_eq!(got[7], ("wins", Cell::Int(3)));
    }
}
