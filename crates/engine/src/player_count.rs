//! How many players a table seats: the one check, and the one message, for every game.

use std::fmt;

use crate::GameId;

/// The fewest players at a table, in every game.
pub const MIN_PLAYERS: usize = 2;

/// A table of fewer than [`MIN_PLAYERS`] players, or of more than its game seats
/// ([`GameSpec::max_players`](crate::GameSpec::max_players)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerCountError {
    /// The game.
    pub game: GameId,
    /// Players asked for (hands given and opponents).
    pub players: usize,
}

/// Checks that `game` seats `players` players.
///
/// # Errors
/// [`PlayerCountError`] for fewer than [`MIN_PLAYERS`] or more than the game seats.
pub fn check_player_count(game: GameId, players: usize) -> Result<(), PlayerCountError> {
    if (MIN_PLAYERS..=game.spec().max_players).contains(&players) {
        Ok(())
    } else {
        Err(PlayerCountError { game, players })
    }
}

impl fmt::Display for PlayerCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} takes {MIN_PLAYERS} to {} players, got {}",
            self.game,
            self.game.spec().max_players,
            self.players
        )?;
        if self.players < MIN_PLAYERS {
            f.write_str("; add a hand, a range or `random` for each opponent")?;
        }
        Ok(())
    }
}

impl std::error::Error for PlayerCountError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_seats_two_to_its_most() {
        for spec in crate::GAMES {
            let game = spec.id;
            assert_eq!(check_player_count(game, 2), Ok(()), "{game}");
            assert_eq!(check_player_count(game, spec.max_players), Ok(()), "{game}");
            for players in [0, 1, spec.max_players + 1] {
                assert_eq!(
                    check_player_count(game, players),
                    Err(PlayerCountError { game, players }),
                    "{game}"
                );
            }
        }
    }

    #[test]
    fn the_message_names_the_game_its_seats_and_a_way_out_of_too_few() {
        let error = |game, players| PlayerCountError { game, players }.to_string();
        assert_eq!(
            error(GameId::Holdem, 1),
            "holdem takes 2 to 10 players, got 1; add a hand, a range or `random` for each \
             opponent"
        );
        assert_eq!(
            error(GameId::Omaha6, 8),
            "omaha6 takes 2 to 7 players, got 8"
        );
        assert_eq!(error(GameId::Stud, 9), "stud takes 2 to 8 players, got 9");
        assert_eq!(
            error(GameId::ShortDeck, 9),
            "shortdeck takes 2 to 8 players, got 9"
        );
    }
}
