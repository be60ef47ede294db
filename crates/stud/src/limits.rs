//! The table's limits: players at a stud table and cards in a finished hand (shared by the spot
//! and the wording of its refusals).

/// Fewest players at a table.
pub const MIN_PLAYERS: usize = 2;

/// Most players at a table.
pub const MAX_PLAYERS: usize = 8;

/// Cards in a finished stud hand.
pub const HAND_CARDS: usize = 7;
