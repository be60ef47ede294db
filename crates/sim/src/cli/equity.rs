//! Arguments of `sim equity`.

use clap::Args;

use super::count::parse_count;
use super::examples::{self, Example};
use super::game_help::{self, game_arg};
use super::game_options::{EquityOptions, GameOptionArgs};
use super::shared_args::{GameArgs, OutputArgs, RunArgs};

/// Arguments of `sim equity`.
#[derive(Debug, Clone, Args)]
#[command(mut_arg("game", |arg| game_arg(arg, engine::Command::Equity)))]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim equity"))]
#[command(mut_arg("players", |arg| arg.help(game_help::range_help(engine::Command::Equity))))]
pub struct EquityArgs {
    /// Hands or ranges, one per player, in each game's syntax (the help lists them, from the
    /// game list: [`game_help::range_help`]).
    #[arg(value_name = "RANGE")]
    pub players: Vec<String>,
    /// The game (short deck: 2 to 8 players, ranges of sixes to aces).
    #[command(flatten)]
    pub game: GameArgs,
    /// Add N players holding random hands.
    #[arg(long, value_name = "N")]
    pub opponents: Option<usize>,
    /// Community cards: 0, 3, 4 or 5 of them (Courchevel also 1, its first flop card), e.g.
    /// `Qh7h2c`.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub board: String,
    /// Cards out of play, e.g. `2d`.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub dead: String,
    /// The games' own options, flags made from the game list.
    #[command(flatten)]
    pub options: GameOptionArgs<EquityOptions>,
    /// Hold'em and short deck: the ranking that reads percentage ranges (`15%`): `vs1` (the
    /// default, exact equity against one random hand) or `vs2` to `vs9` (short deck: `vs7`),
    /// by equity against that many random hands.
    #[arg(long, value_name = "NAME")]
    pub ranking: Option<String>,
    /// Enumerate every outcome, however many.
    #[arg(long, conflicts_with_all = ["rounds", "target_stderr"])]
    pub exact: bool,
    /// Monte Carlo with this many rounds (100M, 1e8, …); with --target-stderr, at most this many.
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub rounds: Option<u64>,
    /// Monte Carlo until every player's equity has a standard error below E.
    #[arg(long, value_name = "E")]
    pub target_stderr: Option<f64>,
    /// Every game (stud: the players whose down cards are a range): write one row per hand of
    /// every player's range and one per class (`AKs`, `QQ`, `AAxx:ds`) instead of one per player:
    /// each hand's win, tie and equity against the other players' whole ranges (Monte Carlo:
    /// --target-stderr applies to every hand's row).
    #[arg(long)]
    pub breakdown: bool,
    /// Every game: write each player's equity distribution over the hands of the range instead
    /// of one row per player (not with --breakdown, which writes a row per hand instead): the
    /// hands sorted by equity (`curve` rows), a histogram (`bin` rows) and the mean, quartiles
    /// and share at 50 % or more (`summary`).
    #[arg(long, conflicts_with = "breakdown")]
    pub distribution: bool,
    /// Bins of the --distribution histogram over 0–100 % equity (default 20: 5 % each).
    #[arg(long, value_name = "N", requires = "distribution")]
    pub bins: Option<usize>,
    /// With --distribution: also each player's equity against every hand of each other player's
    /// range (`versus_curve`, `versus_bin`, `versus_summary` rows; three or more players: one
    /// run of the spot per hand of each range, that hand given).
    #[arg(long, requires = "distribution")]
    pub versus: bool,
    /// The games with a board ([`game_help::streets_help`] names them): each player's equity
    /// after each street of the board given and, for an incomplete board, the next street's
    /// equity over every card (or flop) that can come.
    #[arg(long, help = game_help::streets_help())]
    pub streets: bool,
    /// With --streets: also a row per card (or flop) that can come next, and player.
    #[arg(long, requires = "streets")]
    pub next_cards: bool,
    /// Double board: 2 boards dealt from one deck, half the pot each (hold'em, short deck,
    /// hold'em hi/lo, Omaha, Courchevel; hands, ranges or random): each player's equity and the
    /// joint outcomes of the two boards. The first board is --board, the second --board2.
    #[arg(long, value_name = "N")]
    pub boards: Option<usize>,
    /// With --boards 2: the second board's known cards (as many as --board may have).
    #[arg(long, value_name = "CARDS")]
    pub board2: Option<String>,
    /// Run it N times (2 to 4): the rest of the board dealt N times from one deck, 1/N of the
    /// pot each (the games of --boards): each player's equity and the share of the pot taken
    /// home. With --boards 2, each board runs twice (four boards, a quarter of the pot each).
    #[arg(long, value_name = "N")]
    pub runs: Option<usize>,
    /// Every game with ranges: the hands of a player's range whose equity reaches the breakeven
    /// of a call (--pot P --call C: C / (P + C); or --min-equity E), as compact range text with
    /// their share of combos and mean equities, read off the breakdown (exact where it is).
    #[arg(
        long,
        conflicts_with_all = ["breakdown", "distribution", "streets", "boards", "runs"]
    )]
    pub calling_range: bool,
    /// With --calling-range: the player whose range is split, from 1 (default: the first
    /// player whose hand is a range).
    #[arg(long, value_name = "N", requires = "calling_range")]
    pub seat: Option<usize>,
    /// With --calling-range: the pot before the call, bets included (any unit).
    #[arg(
        long,
        value_name = "P",
        requires = "calling_range",
        allow_negative_numbers = true
    )]
    pub pot: Option<f64>,
    /// With --calling-range: the amount to call, in the pot's unit.
    #[arg(
        long,
        value_name = "C",
        requires = "calling_range",
        allow_negative_numbers = true
    )]
    pub call: Option<f64>,
    /// With --calling-range: the least equity worth a call, instead of --pot and --call.
    #[arg(
        long,
        value_name = "E",
        requires = "calling_range",
        allow_negative_numbers = true
    )]
    pub min_equity: Option<f64>,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `sim equity --help`'s examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "Aces against kings: every board counted exactly",
        lines: &["sim equity AsAh KsKh"],
    },
    Example {
        what: "A hand against a range and a random hand on a flop, by Monte Carlo",
        lines: &["sim equity AhKh QQ+,AKs random --board Qh7h2c --rounds 1M --seed 1"],
    },
    Example {
        what: "A hand against three random hands",
        lines: &["sim equity JsTs --opponents 3 --rounds 1M --seed 1"],
    },
    Example {
        what: "Every hand of two ranges on a flop, one row each",
        lines: &["sim equity AKs,QQ+ JJ-99 --board Kd7c2s --breakdown"],
    },
    Example {
        what: "The hands of a range that can call 45 to win a pot of 90 on a flop",
        lines: &["sim equity QQ+,AK,99 AhKh --board Kd7c2s --calling-range --pot 90 --call 45"],
    },
    Example {
        what: "Each range's equity distribution over its hands on a flop",
        lines: &["sim equity AKs,QQ+ JJ-99 --board Kd7c2s --distribution"],
    },
    Example {
        what: "The equity after each street, then over every turn card",
        lines: &["sim equity AsAh KsKh --board Qh7h2c --streets"],
    },
    Example {
        what: "Double board, both flops known: every runout counted",
        lines: &["sim equity AsAh KsKh --boards 2 --board Qh7h2c --board2 Jd9s3c"],
    },
    Example {
        what: "Run it twice on the flop: the share of the pot taken home",
        lines: &["sim equity AsAh KsKh --board Qh7h2c --runs 2"],
    },
    Example {
        what: "A double board on the turn, each board run twice",
        lines: &["sim equity AsAh KsKh --boards 2 --board Qh7h2c5d --board2 Jd9s3c8h --runs 2"],
    },
    Example {
        what: "Omaha hi/lo: the high, low and scoop shares",
        lines: &["sim equity --game omaha-hilo As2s3dKd AhKhQcJc --rounds 1M --seed 1"],
    },
    Example {
        what: "Seven-card stud with two folded cards out: exact",
        lines: &["sim equity --game stud AsAdKc 8h9hTh --dead 2c7d"],
    },
    Example {
        what: "2-7 single draw: the cards each player keeps, the rest drawn",
        lines: &["sim equity --game lowball-27 7c5d4h3s 9c8d6h4s2c"],
    },
];
