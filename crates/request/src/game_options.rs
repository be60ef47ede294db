//! The options of a game's own ([`engine::GameOption`]: the draw games' `--draws` and `--pat`)
//! as a request carries them: `(name, text)` pairs, in any front end's order, checked here
//! against the game list once per request and parsed by the family that declared them. The
//! front ends hold no option's name: `sim` makes its flags from the game list, Python passes
//! its keywords through.

use engine::game::sentence_list;
use engine::{Command, Game, GameId, GameOption};

use crate::error::RequestError;

/// The values of a game's own options, as given: `(name, text)` pairs (`("draws", "3")`).
pub type OptionValues = [(String, String)];

/// Checks that `game` takes every option of `given` in `command`.
///
/// # Errors
/// [`RequestError::Invalid`] naming the first option the game does not take, and the games
/// that take it (or, for a name no game takes, the options there are).
pub fn check(game: Game, command: Command, given: &OptionValues) -> Result<(), RequestError> {
    for (name, _) in given {
        let taken = game
            .spec()
            .options
            .iter()
            .any(|o| o.name == name && o.commands.contains(&command));
        if taken {
            continue;
        }
        let games = GameOption::games_taking(name, command);
        let message = if games.is_empty() {
            let known: Vec<String> = GameOption::for_command(command)
                .iter()
                .map(|o| o.flag())
                .collect();
            match known.is_empty() {
                true => format!(
                    "--{name}: {} takes no option of a game's own",
                    command.name()
                ),
                false => format!(
                    "--{name}: no game takes this option in {}; the games' own options are {}",
                    command.name(),
                    sentence_list(&known.iter().map(String::as_str).collect::<Vec<_>>())
                ),
            }
        } else {
            let names: Vec<&str> = games.iter().map(|&id| GameId::spec(id).name).collect();
            format!(
                "--{name} is taken by {} only, not {}",
                sentence_list(&names),
                game.name()
            )
        };
        return Err(RequestError::invalid(message));
    }
    Ok(())
}

/// The text given for the option `name`, if any.
pub fn value<'a>(given: &'a OptionValues, name: &str) -> Option<&'a str> {
    given
        .iter()
        .find(|(given, _)| given == name)
        .map(|(_, text)| text.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn given(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|&(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_game_takes_its_own_options_only() {
        let badugi = Game::plain(GameId::Badugi);
        let options = given(&[("draws", "3"), ("pat", "9")]);
        assert_eq!(check(badugi, Command::Equity, &options), Ok(()));
        assert_eq!(value(&options, "pat"), Some("9"));
        assert_eq!(value(&options, "seat"), None);
        assert_eq!(
            check(Game::HOLDEM, Command::Equity, &given(&[("pat", "9")])),
            Err(RequestError::invalid(
                "--pat is taken by draw5, draw5-hilo, lowball-27, lowball-a5, triple-draw-27, triple-draw-a5 and badugi only, not holdem"
            ))
        );
        assert_eq!(
            check(badugi, Command::Equity, &given(&[("drws", "3")])),
            Err(RequestError::invalid(
                "--drws: no game takes this option in equity; the games' own options are --draws and --pat"
            ))
        );
        assert_eq!(
            check(badugi, Command::Odds, &given(&[("draws", "3")])),
            Ok(())
        );
        assert_eq!(
            check(badugi, Command::Hits, &given(&[("draws", "3")])),
            Err(RequestError::invalid(
                "--draws: hits takes no option of a game's own"
            ))
        );
        assert_eq!(check(Game::HOLDEM, Command::Odds, &[]), Ok(()));
    }
}
