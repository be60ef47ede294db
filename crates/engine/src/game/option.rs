//! A game's options of its own: flags that only some games take (the draw games' `--draws`
//! and `--pat`), declared in the game list beside the game and read by every front end from
//! there. `sim` makes a flag of each (its name, value name and help), Python a keyword, and
//! the request layer passes their values to the family as text, which parses them.

use super::GAMES;
use super::spec::{Command, GameId, GameOption};

impl GameOption {
    /// Every option some game takes in `command`, once each (the first declaration of a
    /// name, in game-list order): the flags a front end offers for the command.
    pub fn for_command(command: Command) -> Vec<&'static GameOption> {
        let mut options: Vec<&'static GameOption> = Vec::new();
        for spec in &GAMES {
            for option in spec.options {
                if option.commands.contains(&command)
                    && !options.iter().any(|o| o.name == option.name)
                {
                    options.push(option);
                }
            }
        }
        options
    }

    /// The games that take the option `name` in `command`, in list order.
    pub fn games_taking(name: &str, command: Command) -> Vec<GameId> {
        GAMES
            .iter()
            .filter(|spec| {
                spec.options
                    .iter()
                    .any(|o| o.name == name && o.commands.contains(&command))
            })
            .map(|spec| spec.id)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_name_means_one_thing_in_every_game() {
        for spec in &GAMES {
            for option in spec.options {
                assert!(
                    option
                        .name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_'),
                    "{}: {} is no Python keyword and no flag",
                    spec.name,
                    option.name
                );
                let first = GAMES
                    .iter()
                    .flat_map(|g| g.options)
                    .find(|o| o.name == option.name);
                assert_eq!(first, Some(option), "{}: {}", spec.name, option.name);
            }
        }
    }

    #[test]
    fn the_draw_games_take_draws_and_pat_in_equity_odds_and_exact() {
        let names: Vec<&str> = GameOption::for_command(Command::Equity)
            .iter()
            .map(|o| o.name)
            .collect();
        assert_eq!(names, ["draws", "pat"]);
        assert_eq!(
            GameOption::for_command(Command::Equity)[0].flag(),
            "--draws"
        );
        assert!(GameOption::for_command(Command::Hits).is_empty());
        assert_eq!(
            GameOption::games_taking("pat", Command::Equity),
            [
                GameId::Draw5,
                GameId::Draw5Hilo,
                GameId::Lowball27,
                GameId::LowballA5,
                GameId::TripleDraw27,
                GameId::TripleDrawA5,
                GameId::Badugi
            ]
        );
        assert_eq!(
            GameOption::games_taking("pat", Command::Odds),
            GameOption::games_taking("pat", Command::Exact)
        );
        assert_eq!(GameOption::games_taking("draws", Command::Odds).len(), 7);
        assert!(GameOption::games_taking("pat", Command::Hits).is_empty());
        assert!(GameOption::games_taking("rounds", Command::Equity).is_empty());
    }
}
