//! The calling-range table (`sim equity --calling-range`, Python's `calling_range`): one line
//! per calling range, saying which hands of the player's range reach the breakeven of the call
//! and what they are worth. Its columns are defined here once.
//!
//! ```text
//!  game    player  range          pot  call  breakeven  calling_hands  hands  hands_in  …
//!  holdem  1       QQ+,AK,JJ-99   100  50    0.333…     KK+,AK         …
//! ```

use crate::calling::{CallingRange, Price};
use crate::table::{Cell, Column, Kind};

type Line = CallingRange;

/// The pot and the call of a line's price, when it was given as one.
fn odds(line: &Line) -> Option<(f64, f64)> {
    match line.price {
        Price::Odds { pot, call } => Some((pot, call)),
        Price::MinEquity(_) => None,
    }
}

/// The columns of the calling-range table (every game: hi/lo games rank hands by pot share).
pub const COLUMNS: [Column<Line>; 15] = [
    Column {
        name: "game",
        kind: Kind::Text,
        doc: "The game (holdem, shortdeck, omaha, …).",
        value: |l| Cell::Text(l.game.to_string()),
    },
    Column {
        name: "player",
        kind: Kind::Count,
        doc: "The seat whose range is split, from 1.",
        value: |l| Cell::Int(l.player as u128),
    },
    Column {
        name: "range",
        kind: Kind::Text,
        doc: "The player's range as given.",
        value: |l| Cell::Text(l.range.clone()),
    },
    Column {
        name: "pot",
        kind: Kind::ScoreOrNone,
        doc: "The pot before the call (--pot); empty when --min-equity gave the breakeven.",
        value: |l| Cell::float_or_none(odds(l).map(|o| o.0)),
    },
    Column {
        name: "call",
        kind: Kind::ScoreOrNone,
        doc: "The amount to call (--call); empty when --min-equity gave the breakeven.",
        value: |l| Cell::float_or_none(odds(l).map(|o| o.1)),
    },
    Column {
        name: "breakeven",
        kind: Kind::Share,
        doc: "The least equity worth the call: call / (pot + call), or --min-equity.",
        value: |l| Cell::Float(l.price.breakeven()),
    },
    Column {
        name: "calling_hands",
        kind: Kind::Text,
        doc: "The hands whose equity reaches the breakeven, as range text in the game's syntax \
              (empty: none).",
        value: |l| Cell::Text(l.calling_hands.clone()),
    },
    Column {
        name: "hands",
        kind: Kind::Count,
        doc: "Hands of the range that fit the known cards.",
        value: |l| Cell::Int(l.hands as u128),
    },
    Column {
        name: "hands_in",
        kind: Kind::Count,
        doc: "Of those, the calling hands.",
        value: |l| Cell::Int(l.hands_in as u128),
    },
    Column {
        name: "combos",
        kind: Kind::Weight,
        doc: "The range's combos, weighted (a hand of weight 0.5 counts a half).",
        value: |l| Cell::Float(l.combos),
    },
    Column {
        name: "combos_in",
        kind: Kind::Weight,
        doc: "Of those, the calling hands' combos.",
        value: |l| Cell::Float(l.combos_in),
    },
    Column {
        name: "frequency_in",
        kind: Kind::Share,
        doc: "How often the player holds a calling hand in the spot (range weights and card \
              removal).",
        value: |l| Cell::Float(l.frequency_in),
    },
    Column {
        name: "equity",
        kind: Kind::Share,
        doc: "The player's equity over the whole range (hi/lo games: share of the pot).",
        value: |l| Cell::Float(l.equity),
    },
    Column {
        name: "equity_in",
        kind: Kind::ShareOrNone,
        doc: "The mean equity of the calling hands; empty when none calls.",
        value: |l| Cell::float_or_none(l.equity_in),
    },
    Column {
        name: "equity_out",
        kind: Kind::ShareOrNone,
        doc: "The mean equity of the other hands; empty when every hand calls.",
        value: |l| Cell::float_or_none(l.equity_out),
    },
];
