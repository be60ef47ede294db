//! The help texts that name games, written from the one game list ([`engine::GAMES`]) and
//! what each entry says it plays ([`engine::GameSpec::commands`]): a new game, or a command
//! that learns a game, changes every `--help` that names it with no edit here.
//!
//! ```text
//!  GAMES ──▶ game_arg(arg, Equity) ──▶ `sim equity --game`: the games equity plays, each with
//!    │                                 its summary, as the flag's possible values
//!    ├─────▶ equity_about()        ──▶ `sim --help`'s equity line: the titles of those games
//!    │       (odds_, exact_, bench_, preflop_, hits_about: the same for each command)
//!    └─────▶ streets_help()        ──▶ `sim equity --streets`: the games with a board
//! ```
//!
//! `--game` still parses every name of the list, so that a game another command plays is
//! refused by the request layer with a message naming the commands that play it; a name of
//! none of them is refused here, with the nearest name the command plays (`omha`: `omaha`)
//! for the one-line error's "did you mean" ([`super::error_line`]).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::{ContextKind, ErrorKind};
use engine::{GAMES, Game, GameId, GameSpec};

use super::shared_args::GameName;

/// The games of the list that `command` plays, in list order.
pub fn games_playing(command: engine::Command) -> impl Iterator<Item = &'static GameSpec> {
    GAMES.iter().filter(move |g| g.commands.contains(&command))
}

/// The names `--game` takes for `command`, for a message: `holdem or shortdeck`,
/// `holdem, shortdeck, … or razz`.
pub fn names_playing(command: engine::Command) -> String {
    let names: Vec<&str> = games_playing(command).map(|g| g.name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// The `--game` argument of the command that runs `command`: its help names the games
/// `command` plays, and its possible values are those games with their summaries.
pub fn game_arg(arg: clap::Arg, command: engine::Command) -> clap::Arg {
    let titles = Game::titles_playing(command);
    let mut long = format!("The game: this command plays {titles}");
    long.push_str(&request::game::rules_notes(command));
    long.push_str(". A game of the list that this command does not play is refused");
    arg.value_parser(GameValues(command))
        .help(format!("The game: {titles}"))
        .long_help(long)
}

/// `sim equity`'s RANGE help: for each way of writing a hand, the games `command` plays that
/// take it (their titles) and its examples: `hold'em and short deck: `AsAh`, …; Omaha: …`.
pub fn range_help(command: engine::Command) -> String {
    let mut parts = Vec::new();
    for syntax in engine::RangeSyntax::ALL {
        let mut titles: Vec<&str> = Vec::new();
        for spec in games_playing(command).filter(|g| g.ranges == syntax) {
            if !titles.contains(&spec.title) {
                titles.push(spec.title);
            }
        }
        if !titles.is_empty() {
            parts.push(format!(
                "{}: {}",
                engine::game::sentence_list(&titles),
                syntax.examples()
            ));
        }
    }
    format!("Hands or ranges, one per player. {}", parts.join("; "))
}

/// `sim --help`'s line for `sim equity`: the games it plays and how many players.
pub fn equity_about() -> String {
    let most = games_playing(engine::Command::Equity)
        .map(|g| g.max_players)
        .max()
        .unwrap_or(engine::MAX_PLAYERS);
    format!(
        "Equity of 2 to {most} hands or ranges (as many as the game seats) in {}: exact when \
         cheap enough, else Monte Carlo",
        Game::titles_playing(engine::Command::Equity)
    )
}

/// `sim --help`'s line for `sim odds`.
pub fn odds_about() -> String {
    format!(
        "Estimate the probability of each hand category by Monte Carlo, next to the exact \
         value, in {}",
        Game::titles_playing(engine::Command::Odds)
    )
}

/// `sim --help`'s line for `sim exact`.
pub fn exact_about() -> String {
    format!(
        "Count every completion of the known cards exactly, by category, in {}",
        Game::titles_playing(engine::Command::Exact)
    )
}

/// `sim --help`'s line for `sim bench`.
pub fn bench_about() -> String {
    format!(
        "Measure odds throughput at several thread counts in {}",
        Game::titles_playing(engine::Command::Bench)
    )
}

/// The help of `sim equity --streets`, which names the games that have streets
/// ([`request::streets::streets_titles`]).
pub fn streets_help() -> String {
    let titles = request::streets::streets_titles();
    let mut chars = titles.chars();
    let titles: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!(
        "{titles}: each player's equity after each street of the board given (preflop, flop, \
         turn, river: a full board shows its runout) and, for an incomplete board, the next \
         street's equity over every card (or flop) that can come: probability-weighted mean, \
         quartiles, min, max and the chance of being the favourite (hi/lo: the pot share, with \
         the high, low and scoop shares)"
    )
}

/// `sim --help`'s line for `sim preflop`.
pub fn preflop_about() -> String {
    format!(
        "Starting-hand tables of {}: the 169 classes (short deck: 81) against random hands, or \
         the heads-up matrix",
        Game::titles_playing(engine::Command::Preflop)
    )
}

/// `sim --help`'s line for `sim hits`.
pub fn hits_about() -> String {
    format!(
        "What a range hits on a flop, turn or river in {}: made hands and draws by class, and \
         with --improve where each class ends by the river",
        Game::titles_playing(engine::Command::Hits)
    )
}

/// The parser of `--game` for a command that runs `.0`: any name of the list (the request
/// layer refuses the games the command does not play, saying which commands do), with the
/// games `.0` plays as its possible values, which the help lists.
#[derive(Debug, Clone, Copy)]
pub struct GameValues(pub engine::Command);

impl TypedValueParser for GameValues {
    type Value = GameName;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<GameName, clap::Error> {
        if let Some(id) = value.to_str().and_then(GameId::from_name) {
            return Ok(GameName(id));
        }
        let mut err = clap::Error::raw(
            ErrorKind::InvalidValue,
            format!(
                "invalid value '{}' for '--game <GAME>': this command plays {}\n",
                value.to_string_lossy(),
                names_playing(self.0)
            ),
        )
        .with_cmd(cmd);
        // clap's own parser of these names refuses the value too, with the name nearest to it
        // (`omha`: `omaha`) in its context, which the one-line error shows.
        let played = PossibleValuesParser::new(games_playing(self.0).map(|g| g.name));
        if let Err(refused) = played.parse_ref(cmd, arg, value)
            && let Some(nearest) = refused.get(ContextKind::SuggestedValue)
        {
            err.insert(ContextKind::SuggestedValue, nearest.clone());
        }
        Err(err)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            games_playing(self.0).map(|g| PossibleValue::new(g.name).help(g.summary)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_lists_the_games_it_plays() {
        assert_eq!(
            names_playing(engine::Command::Hits),
            "holdem, shortdeck or holdem-hilo"
        );
        let equity = names_playing(engine::Command::Equity);
        for game in GAMES {
            assert!(equity.contains(game.name), "{equity}");
        }
        let about = equity_about();
        assert!(
            about.contains("stud hi/lo, razz, five-card draw"),
            "{about}"
        );
        assert!(about.contains("A-5 triple draw and badugi"), "{about}");
        assert!(hits_about().contains("hold'em, short deck and hold'em hi/lo"));
        assert!(bench_about().ends_with("thread counts in hold'em and short deck"));
        assert!(odds_about().contains("Omaha, Courchevel, seven-card stud"));
        assert!(exact_about().contains("razz"));
        assert!(
            streets_help()
                .starts_with("Hold'em, short deck, hold'em hi/lo, Omaha and Courchevel: "),
            "{}",
            streets_help()
        );
    }

    #[test]
    fn every_name_parses_and_only_the_played_ones_are_offered() {
        let cmd = clap::Command::new("hits");
        let parser = GameValues(engine::Command::Hits);
        assert_eq!(
            parser.parse_ref(&cmd, None, OsStr::new("razz")).unwrap(),
            GameName(GameId::Razz)
        );
        let err = parser
            .parse_ref(&cmd, None, OsStr::new("plo"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(
                "'plo' for '--game <GAME>': this command plays holdem, shortdeck or holdem-hilo"
            ),
            "{err}"
        );
        let offered: Vec<String> = parser
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(offered, ["holdem", "shortdeck", "holdem-hilo"]);
    }

    #[test]
    fn a_misspelt_game_carries_the_nearest_name_played() {
        let cmd = clap::Command::new("equity");
        let parser = GameValues(engine::Command::Equity);
        let err = parser
            .parse_ref(&cmd, None, OsStr::new("omha"))
            .unwrap_err();
        assert_eq!(
            err.get(ContextKind::SuggestedValue),
            Some(&clap::error::ContextValue::String("omaha".to_string()))
        );
        let far = parser
            .parse_ref(&cmd, None, OsStr::new("xyzzy"))
            .unwrap_err();
        assert_eq!(far.get(ContextKind::SuggestedValue), None);
    }
}
