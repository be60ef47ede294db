//! The flags of the games' own options ([`engine::GameOption`]), made at run time from the
//! game list: a command flattens [`GameOptionArgs`] of its
//! [`OptionCommand`], which adds a flag for every option some game takes in that command (its
//! name, value name and help as declared) and reads the values given back by those names, as
//! `(name, text)` pairs for the request layer, which checks and parses them. No option is
//! named here: a family's options reach `sim` through the game list alone.

use std::marker::PhantomData;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};
use engine::{Command, GameOption};

/// A command whose flags include the games' own options.
pub trait OptionCommand {
    /// The command, as the game list's options name it.
    const COMMAND: Command;
}

/// `sim equity`'s options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EquityOptions;

impl OptionCommand for EquityOptions {
    const COMMAND: Command = Command::Equity;
}

/// `sim odds`' options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OddsOptions;

impl OptionCommand for OddsOptions {
    const COMMAND: Command = Command::Odds;
}

/// `sim exact`'s options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactOptions;

impl OptionCommand for ExactOptions {
    const COMMAND: Command = Command::Exact;
}

/// The games' own options given to command `C`, in the game list's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOptionArgs<C> {
    /// `(name, text)` of each option given.
    pub values: Vec<(String, String)>,
    command: PhantomData<C>,
}

impl<C> GameOptionArgs<C> {
    /// The first option given, as its flag (`--name`), for refusals of flags that cannot go
    /// with a game's own options.
    pub fn first_flag(&self) -> Option<String> {
        self.values.first().map(|(name, _)| format!("--{name}"))
    }
}

impl<C: OptionCommand> FromArgMatches for GameOptionArgs<C> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let values = GameOption::for_command(C::COMMAND)
            .into_iter()
            .filter_map(|option| {
                let text = matches.try_get_one::<String>(option.name).ok()??;
                Some((option.name.to_string(), text.clone()))
            })
            .collect();
        Ok(Self {
            values,
            command: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl<C: OptionCommand> Args for GameOptionArgs<C> {
    fn augment_args(mut cmd: clap::Command) -> clap::Command {
        for option in GameOption::for_command(C::COMMAND) {
            cmd = cmd.arg(
                Arg::new(option.name)
                    .long(option.name)
                    .value_name(option.value_name)
                    .help(option.help)
                    .action(ArgAction::Set),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, clap::Parser)]
    struct Equity {
        #[command(flatten)]
        options: GameOptionArgs<EquityOptions>,
    }

    #[derive(Debug, clap::Parser)]
    struct Odds {
        #[command(flatten)]
        options: GameOptionArgs<OddsOptions>,
    }

    #[test]
    fn the_flags_are_the_game_lists_and_read_back_by_name() {
        use clap::Parser;
        let options = GameOption::for_command(Command::Equity);
        assert!(
            !options.is_empty(),
            "some game takes an option of its own in equity"
        );
        // Given in reverse, read back in the list's order.
        let mut argv = vec!["equity".to_string()];
        for (i, option) in options.iter().enumerate().rev() {
            argv.extend([option.flag(), format!("v{i}")]);
        }
        let given = Equity::try_parse_from(&argv).unwrap();
        let expected: Vec<(String, String)> = options
            .iter()
            .enumerate()
            .map(|(i, o)| (o.name.to_string(), format!("v{i}")))
            .collect();
        assert_eq!(given.options.values, expected);
        assert_eq!(given.options.first_flag(), Some(options[0].flag()));
        let none = Equity::try_parse_from(["equity"]).unwrap();
        assert!(none.options.values.is_empty());
        // The odds command makes the flags its games take, and none other.
        let odds = GameOption::for_command(Command::Odds);
        assert_eq!(odds.len(), 2);
        let given = Odds::try_parse_from(["odds", &odds[0].flag(), "3"]).unwrap();
        assert_eq!(
            given.options.values,
            [(odds[0].name.to_string(), "3".to_string())]
        );
        assert!(Odds::try_parse_from(["odds", "--no-such-option", "3"]).is_err());
    }
}
