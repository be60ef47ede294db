//! The game of a request, from the game list: by name (Python's `game=`) or by id (the command
//! line's `--game`, whose values clap takes from the same list), with short deck's rule, and
//! checked against what the command plays.

use engine::{Command, Family, GAMES, Game, GameId};

use crate::error::RequestError;
use crate::error_words::Worded;

/// The game `id` with the trips rule if asked, for `command`.
///
/// # Errors
/// [`RequestError::Game`] for the trips rule outside short deck, or a game the command does not
/// play.
pub fn game(id: GameId, trips_beat_straight: bool, command: Command) -> Result<Game, RequestError> {
    let game = Game::new(id, trips_beat_straight)
        .map_err(|e| RequestError::Game(Worded(&e).to_string()))?;
    if !game.plays(command) {
        return Err(RequestError::not_played(game, command));
    }
    Ok(game)
}

/// The game named `name` (see [`engine::GAMES`]), as [`game`] checks it.
///
/// # Errors
/// [`RequestError::Game`] for a name not in the list, and as [`game`].
pub fn game_named(
    name: &str,
    trips_beat_straight: bool,
    command: Command,
) -> Result<Game, RequestError> {
    let id = GameId::from_name(name)
        .ok_or_else(|| RequestError::Game(format!("--game '{name}': want {}", GameId::names())))?;
    game(id, trips_beat_straight, command)
}

/// The game for a command that plays only the hold'em family (exact tables, preflop, bench).
///
/// # Errors
/// As [`game`].
pub fn board_game(
    id: GameId,
    trips_beat_straight: bool,
    command: Command,
) -> Result<Game, RequestError> {
    let game = game(id, trips_beat_straight, command)?;
    debug_assert_eq!(game.family(), Family::Holdem);
    Ok(game)
}

/// Whether `game` deals two-card hands with a five-card board (hold'em and short deck): the
/// games of the 169-class grids and of the board-hand checkpoints.
pub fn deals_two_card_hands(game: Game) -> bool {
    game.family() == Family::Holdem
}

/// The rules sentences of `--game`'s long help for the games `command` plays, each starting
/// with `. `: short deck's rules when it plays more than one game of the hold'em family's
/// list, Omaha's hand rule, hold'em hi/lo's, then each family's own ([`Family::rules_note`]).
pub fn rules_notes(command: Command) -> String {
    let playing = || GAMES.iter().filter(|g| g.commands.contains(&command));
    let plays = |family: Family| playing().any(|g| g.family == family);
    let mut notes = String::new();
    if plays(Family::Holdem) && playing().count() > 1 {
        notes.push_str(
            ". Short deck is played with 36 cards, six to ace: a flush beats a full house, \
             A-6-7-8-9 is a straight, a straight beats three of a kind",
        );
    }
    // Hold'em hi/lo is played by the Omaha family but deals hold'em's hands.
    if playing().any(|g| g.family == Family::Omaha && g.id != GameId::HoldemHilo) {
        notes.push_str(
            ". Omaha and Courchevel: exactly two hole and three board cards make each hand \
             (Courchevel: five hole cards, a board of 1 card, the first flop card, allowed)",
        );
    }
    if playing().any(|g| g.id == GameId::HoldemHilo) {
        notes.push_str(
            ". Hold'em hi/lo: the best five of seven for the high and for the 8-or-better low",
        );
    }
    // The families whose games share one sentence, from the game list.
    for family in Family::ALL.into_iter().filter(|&f| plays(f)) {
        if let Some(note) = family.rules_note(command) {
            notes.push_str(". ");
            notes.push_str(note);
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_come_from_the_list_with_the_command_lines_messages() {
        assert_eq!(
            game_named("omaha6-hilo", false, Command::Equity),
            Ok(Game::plain(GameId::Omaha6Hilo))
        );
        assert_eq!(
            game_named("razzle", false, Command::Equity)
                .unwrap_err()
                .to_string(),
            "--game 'razzle': want holdem, shortdeck, holdem-hilo, omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo, omaha6-hilo, courchevel, courchevel-hilo, stud, stud-hilo, razz, draw5, draw5-hilo, lowball-27, lowball-a5, triple-draw-27, triple-draw-a5 or badugi"
        );
        assert_eq!(
            game(GameId::Omaha, false, Command::Exact)
                .unwrap_err()
                .to_string(),
            "--game omaha: this command plays hold'em, short deck, seven-card stud, stud hi/lo, razz, five-card draw, five-card draw hi/lo, 2-7 lowball, A-5 lowball, 2-7 triple draw, A-5 triple draw and badugi; Omaha is played by sim equity, sim odds and sim rank"
        );
        assert_eq!(
            game(GameId::Holdem, true, Command::Odds)
                .unwrap_err()
                .to_string(),
            "--trips-beat-straight is a short-deck rule; use it with --game shortdeck"
        );
        assert_eq!(
            game(GameId::ShortDeck, true, Command::Preflop)
                .unwrap()
                .name(),
            "shortdeck_trips_beat_straight"
        );
    }
}
