//! The help names games from the one game list (`engine::GAMES`), never from a hand-written
//! sentence: `sim --help`'s equity line and every command's `--game` once listed hold'em, short
//! deck and Omaha only, though stud, stud hi/lo and razz were played; `plot`'s line left out
//! hits and breakdown.

use clap::ValueEnum;
use engine::{Command, GAMES};
use sim::cli::PlotKind;

mod common;
use common::sim_ok;

/// The games of the list that `command` plays.
fn playing(command: Command) -> Vec<&'static engine::GameSpec> {
    GAMES
        .iter()
        .filter(|g| g.commands.contains(&command))
        .collect()
}

/// The entry of a help text that starts with `start` (after its indent), its lines as clap
/// wrapped them joined again: the first line and the more indented lines below it.
fn entry(help: &str, start: &str) -> String {
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut lines = help
        .lines()
        .skip_while(|line| !line.trim_start().starts_with(start));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("no {start:?} entry in:\n{help}"));
    let mut text = first.trim().to_string();
    for line in lines.take_while(|line| !line.trim().is_empty() && indent(line) > indent(first)) {
        text.push(' ');
        text.push_str(line.trim());
    }
    text
}

/// The line of `sim --help` for `command`, unwrapped.
fn command_line(help: &str, command: &str) -> String {
    entry(help, &format!("{command} "))
}

/// The names `--game` offers in `sim command --help`: its "Possible values" list.
fn offered_games(command: &str) -> Vec<String> {
    let help = sim_ok(&[command, "--help"]);
    let section = help
        .split("--game <GAME>")
        .nth(1)
        .unwrap_or_else(|| panic!("sim {command} --help has no --game:\n{help}"));
    let values = section
        .split("Possible values:")
        .nth(1)
        .unwrap_or_else(|| panic!("sim {command} --help lists no games:\n{help}"));
    values
        .lines()
        .skip(1)
        .map(str::trim)
        .take_while(|line| line.starts_with("- "))
        .map(|line| line[2..].split(':').next().unwrap().to_string())
        .collect()
}

#[test]
fn the_equity_line_names_every_game_equity_plays() {
    let help = sim_ok(&["--help"]);
    let line = command_line(&help, "equity");
    for game in playing(Command::Equity) {
        assert!(line.contains(game.title), "{:?} in {line:?}", game.title);
    }
    assert!(line.contains("stud") && line.contains("razz"), "{line}");
}

#[test]
fn each_commands_game_flag_lists_exactly_the_games_it_plays() {
    for command in Command::ALL {
        let expected: Vec<String> = playing(command)
            .iter()
            .map(|g| g.name.to_string())
            .collect();
        assert_eq!(
            offered_games(command.name()),
            expected,
            "sim {} --help",
            command.name()
        );
    }
    // The lists differ: hits plays three games, equity every one.
    assert_eq!(
        offered_games("hits"),
        ["holdem", "shortdeck", "holdem-hilo"]
    );
    assert_eq!(offered_games("equity").len(), GAMES.len());
    // The one-line help names the games too.
    let short = sim_ok(&["equity", "-h"]);
    let flag = entry(&short, "--game");
    for game in playing(Command::Equity) {
        assert!(flag.contains(game.name), "{:?} in {flag:?}", game.name);
    }
}

#[test]
fn the_plot_line_and_help_name_every_kind() {
    let help = sim_ok(&["--help"]);
    let line = command_line(&help, "plot");
    let plot_help = sim_ok(&["plot", "--help"]);
    let first = plot_help.split("\n\n").next().unwrap().replace('\n', " ");
    for kind in PlotKind::value_variants() {
        let name = kind.to_string();
        assert!(line.contains(&name), "{name} in {line:?}");
        assert!(first.contains(&name), "{name} in {first:?}");
        assert!(
            plot_help.contains(&format!("- {name}:")),
            "{name} in {plot_help}"
        );
    }
}

/// A name not in the list is refused naming the games this command plays.
#[test]
fn an_unknown_game_is_refused_with_the_commands_games() {
    let dir = tempfile::tempdir().unwrap();
    common::assert_fails(
        dir.path(),
        &["hits", "AK", "--board", "Kh9h5c", "--game", "plo"],
        2,
        &["'plo'", "--game", "holdem, shortdeck or holdem-hilo"],
    );
}
