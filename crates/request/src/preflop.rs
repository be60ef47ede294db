//! Preflop table requests (`sim preflop`): the starting-hand classes against random hands, or
//! the heads-up matrix.

use engine::Watch;
use engine::{Command, Game, MethodError};
pub use holdem::preflop::{MatrixCell, TableRun, VsRandom, classes, matrix, matrix_until_stopped};

use crate::error::RequestError;
use crate::seed::Seed;

/// What a preflop run computes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreflopTable {
    /// The heads-up class matrix (169×169, short deck 81×81), exact.
    Matrix,
    /// The classes against random hands, by Monte Carlo.
    VsRandom {
        /// Fewest random opponents.
        from: usize,
        /// Most random opponents.
        to: usize,
        /// Rounds per cell.
        rounds: u64,
        /// The run's seed.
        seed: Seed,
    },
}

/// A validated preflop run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreflopRequest {
    /// The game.
    pub game: Game,
    /// The table.
    pub table: PreflopTable,
}

impl PreflopRequest {
    /// The matrix when `matrix`, otherwise the classes against `opponents` random hands (`3` or
    /// `1..9`; by default 1 to as many as a table holds), `rounds` per cell.
    ///
    /// # Errors
    /// [`RequestError`] for a game without preflop tables, a bad opponent span or zero rounds.
    pub fn new(
        game: Game,
        matrix: bool,
        opponents: Option<&str>,
        rounds: u64,
        seed: Option<u64>,
    ) -> Result<Self, RequestError> {
        if !game.plays(Command::Preflop) {
            return Err(RequestError::not_played(game, Command::Preflop));
        }
        let table = if matrix {
            PreflopTable::Matrix
        } else {
            let max = game.max_players() - 1;
            let default = format!("1..{max}");
            let (from, to) = opponent_span(opponents.unwrap_or(&default), max)?;
            if rounds == 0 {
                return Err(MethodError::NoRounds.into());
            }
            PreflopTable::VsRandom {
                from,
                to,
                rounds,
                seed: Seed::resolve(seed),
            }
        };
        Ok(Self { game, table })
    }
}

/// Parses `3` or `1..9` into an inclusive span within `1..=max`.
///
/// # Errors
/// [`RequestError::Invalid`] naming the text.
pub fn opponent_span(text: &str, max: usize) -> Result<(usize, usize), RequestError> {
    let bad = || {
        RequestError::invalid(format!(
            "--opponents '{text}': want N or A..B within 1..{max}"
        ))
    };
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let n = text.trim().parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    if a < 1 || b > max || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// Each class's equity against `opponents` random hands, for every count in the span, by
/// seeded Monte Carlo ([`holdem::preflop::vs_random_table`]).
///
/// # Errors
/// [`RequestError`] when the game cannot seat the opponents.
pub fn vs_random_table(
    game: Game,
    opponents: std::ops::RangeInclusive<usize>,
    seed: u64,
    rounds: u64,
) -> Result<Vec<VsRandom>, RequestError> {
    Ok(holdem::preflop::vs_random_table(
        game, opponents, seed, rounds,
    )?)
}

/// [`vs_random_table`] cell by cell, the cells `known` kept, each finished cell handed to
/// `on_cell`, `stop` asked before each ([`holdem::preflop::vs_random_table_until_stopped`]).
///
/// # Errors
/// [`RequestError`] when the game cannot seat the opponents.
pub fn vs_random_table_until_stopped(
    run: &TableRun,
    known: &[Option<VsRandom>],
    on_cell: &(dyn Fn(usize, &VsRandom) + Sync),
    stop: &dyn Watch,
) -> Result<Vec<Option<VsRandom>>, RequestError> {
    Ok(holdem::preflop::vs_random_table_until_stopped(
        run, known, on_cell, stop,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn opponent_spans_parse() {
        assert_eq!(opponent_span("1..9", 9).unwrap(), (1, 9));
        assert_eq!(opponent_span("3", 9).unwrap(), (3, 3));
        for bad in ["0", "10", "5..2", "x", "1..", "1..10"] {
            assert!(opponent_span(bad, 9).is_err(), "{bad}");
        }
        assert!(opponent_span("1..8", 7).is_err());
    }

    #[test]
    fn the_default_span_follows_the_game() {
        let short = Game::plain(GameId::ShortDeck);
        let request = PreflopRequest::new(short, false, None, 5, Some(1)).unwrap();
        assert!(matches!(
            request.table,
            PreflopTable::VsRandom { from: 1, to: 7, .. }
        ));
        assert_eq!(
            PreflopRequest::new(Game::HOLDEM, false, Some("2"), 0, None)
                .unwrap_err()
                .to_string(),
            "--rounds must be at least 1"
        );
    }
}
