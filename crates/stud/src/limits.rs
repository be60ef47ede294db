//! The table's limits: players at a stud table and cards in a finished hand (shared by the spot
//! and the wording of its refusals).

/// Fewest players at a table, as in every game.
pub const MIN_PLAYERS: usize = engine::MIN_PLAYERS;

/// Most players at a table: the stud games' entry in the game list.
pub const MAX_PLAYERS: usize = engine::GameId::Stud.spec().max_players;

/// Cards in a finished stud hand.
pub const HAND_CARDS: usize = 7;
