//! The argument groups several commands share: game, output, seed and threads, hand.

use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use deck::{Card, parse_cards};
use engine::{GAMES, GameId};

/// Output file and format, shared by the commands that write a table.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    /// Write the table to FILE instead of stdout: a regular file (or a link's target) is replaced
    /// atomically; a device, FIFO or /dev/stdout is written through.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Table format.
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    pub format: Format,
}

/// Checkpoints of a long run, shared by `sim odds` and `sim preflop`.
#[derive(Debug, Clone, Args)]
pub struct CheckpointArgs {
    /// Save progress to FILE every few seconds and on SIGINT, SIGTERM or SIGHUP; rerunning the same
    /// command resumes.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves [default: 5].
    #[arg(long, value_name = "SECONDS")]
    pub checkpoint_every: Option<f64>,
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
    /// Worker threads, 1 to 1024 (default: all cores). The output does not depend on it.
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

/// The game, shared by every command that deals poker hands.
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// The game. Each command's help replaces this line with the games it plays, written from
    /// the game list ([`super::game_help::game_arg`]).
    #[arg(long, value_enum, value_name = "GAME", default_value_t = GameName(GameId::Holdem))]
    pub game: GameName,
    /// Short deck only: three of a kind beats a straight (Triton's rules) instead.
    #[arg(long)]
    pub trips_beat_straight: bool,
}

/// A game `--game` names: any entry of the game list ([`engine::GAMES`]), whose names and
/// one-line summaries are the flag's possible values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameName(pub GameId);

/// Every game of the list, as `--game` values.
const GAME_NAMES: [GameName; GAMES.len()] = {
    let mut names = [GameName(GameId::Holdem); GAMES.len()];
    let mut i = 0;
    while i < GAMES.len() {
        names[i] = GameName(GAMES[i].id);
        i += 1;
    }
    names
};

impl ValueEnum for GameName {
    fn value_variants<'a>() -> &'a [Self] {
        &GAME_NAMES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let spec = self.0.spec();
        Some(PossibleValue::new(spec.name).help(spec.summary))
    }
}
