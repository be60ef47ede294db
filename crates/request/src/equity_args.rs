//! What an equity request asks for, as given: the arguments every equity-shaped request
//! (equity, breakdown, distribution, streets) validates.

use engine::Game;

use crate::game_options::OptionValues;

/// What an equity request asks for, as given.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityArgs<'a> {
    /// The game (from [`crate::game`]).
    pub game: Game,
    /// One hand or range per player, in the game's syntax.
    pub players: &'a [String],
    /// Community cards, as text.
    pub board: &'a str,
    /// Cards out of play, as text.
    pub dead: &'a str,
    /// `Some(true)`: count every outcome; `Some(false)`: Monte Carlo; `None`: as cheap.
    pub exact: Option<bool>,
    /// Monte Carlo rounds (with a target, at most this many).
    pub rounds: Option<u64>,
    /// Monte Carlo until every player's standard error is below this.
    pub target_stderr: Option<f64>,
    /// Players holding random hands, added after `players`.
    pub opponents: Option<usize>,
    /// The seed, if given.
    pub seed: Option<u64>,
    /// The game's own options ([`engine::GameOption`]: the draw games' `--draws` and
    /// `--pat`) as `(name, text)` pairs, checked against the game list and parsed by the
    /// game's family.
    pub options: &'a OptionValues,
    /// The ranking that reads percentage ranges (`15%`) in hold'em and short deck
    /// (`--ranking`: `vs1` … `vs9`); the game's default when `None`.
    pub ranking: Option<&'a str>,
}

impl<'a> EquityArgs<'a> {
    /// `players` in `game` with nothing else asked: no board or dead cards, the method chosen
    /// for the spot, no opponents, a random seed and each family's defaults. Callers that set
    /// a few arguments write `EquityArgs { board, ..EquityArgs::new(game, players) }`, so that
    /// an argument added for one family changes no other caller.
    pub fn new(game: Game, players: &'a [String]) -> Self {
        Self {
            game,
            players,
            board: "",
            dead: "",
            exact: None,
            rounds: None,
            target_stderr: None,
            opponents: None,
            seed: None,
            options: &[],
            ranking: None,
        }
    }
}
