//! The streets of the board games (hold'em, short deck, Omaha): preflop, flop, turn and river,
//! each named by the board it shows.

/// A street of a board game, named by the board it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Street {
    /// No board.
    Preflop,
    /// Three board cards.
    Flop,
    /// Four board cards.
    Turn,
    /// Five board cards.
    River,
}

impl Street {
    /// Every street, in the order they are dealt.
    pub const ALL: [Street; 4] = [Street::Preflop, Street::Flop, Street::Turn, Street::River];

    /// The stable lowercase name: `preflop`, `flop`, `turn`, `river`.
    pub fn name(self) -> &'static str {
        match self {
            Street::Preflop => "preflop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
        }
    }

    /// Board cards shown on this street.
    pub fn board_cards(self) -> usize {
        match self {
            Street::Preflop => 0,
            Street::Flop => 3,
            Street::Turn => 4,
            Street::River => 5,
        }
    }

    /// The street a board of `cards` cards shows (0, 3, 4 or 5), if any.
    pub fn of_board(cards: usize) -> Option<Street> {
        Street::ALL.into_iter().find(|s| s.board_cards() == cards)
    }

    /// The street dealt after this one; `None` after the river.
    pub fn next(self) -> Option<Street> {
        Street::of_board(match self {
            Street::Preflop => 3,
            Street::Flop => 4,
            Street::Turn => 5,
            Street::River => return None,
        })
    }
}
