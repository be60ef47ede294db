//! The argument groups several commands share: output, seed and threads, hand, game.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use deck::{Card, parse_cards};

/// Output file and format, shared by the commands that write a table.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Write the table to FILE (atomically: a temporary file renamed into place) instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Table format.
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    pub format: Format,
}

/// Table formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Comma-separated values with a header row.
    Csv,
    /// One JSON document.
    Json,
}

/// The seed and worker threads of a seeded run, shared by every command that draws random numbers.
#[derive(Debug, Clone, Args)]
pub struct RunArgs {
    /// Seed of the run; omitted, a random seed is chosen and printed on stderr.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores). The output does not depend on it.
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
}

/// Hand size and known cards.
#[derive(Debug, Clone, Args)]
pub struct HandArgs {
    /// Cards in the final hand (the best five of them count).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u8).range(5..=7))]
    pub cards: u8,
    /// Cards fixed in every hand (0 to cards-1 of them), e.g. `AsKd` or `As,Kd`.
    #[arg(long, value_name = "CARDS", value_parser = parse_card_list, default_value = "")]
    pub known: CardList,
}

/// A list of distinct cards given on the command line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CardList(pub Vec<Card>);

fn parse_card_list(text: &str) -> Result<CardList, String> {
    parse_cards(text).map(CardList).map_err(|e| e.to_string())
}

/// The game a command plays, shared by the commands that support more than hold'em.
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// The game: hold'em, or Omaha with 4, 5 or 6 hole cards (exactly two hole and three board
    /// cards per hand), high only or hi/lo 8-or-better.
    #[arg(long, value_enum, default_value_t = GameName::Holdem)]
    pub game: GameName,
}

/// The games by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Texas hold'em.
    Holdem,
    /// Pot-limit Omaha, 4 hole cards, high.
    Omaha,
    /// Omaha with 5 hole cards, high.
    Omaha5,
    /// Omaha with 6 hole cards, high.
    Omaha6,
    /// Omaha hi/lo 8-or-better, 4 hole cards.
    #[value(name = "omaha-hilo")]
    OmahaHilo,
    /// Omaha hi/lo 8-or-better, 5 hole cards.
    #[value(name = "omaha5-hilo")]
    Omaha5Hilo,
    /// Omaha hi/lo 8-or-better, 6 hole cards.
    #[value(name = "omaha6-hilo")]
    Omaha6Hilo,
}
