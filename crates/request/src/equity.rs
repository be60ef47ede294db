//! Equity requests (`sim equity`, Python's `equity`): players' hands or ranges in the game's
//! syntax, board, dead cards, random opponents and the method, validated once and run by the
//! game's library.

use deck::Card;
use engine::{Command, EquityResult, Family, Game, Method, PlayerEquity};

use crate::cards::cards;
use crate::error::RequestError;
use crate::seed::Seed;

/// Exact spots with at most this many outcomes are so small (microseconds) that handing them
/// to a worker pool costs more than counting them on the calling thread.
pub const TINY_EXACT_OUTCOMES: u128 = 20_000;

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
}

/// A validated spot of any game.
#[derive(Debug, Clone, PartialEq)]
pub enum EquitySpot {
    /// Hold'em or short deck.
    Holdem(holdem::Spot),
    /// Omaha.
    Omaha(omaha::Spot),
    /// Seven-card stud, stud hi/lo or razz.
    Stud(stud::StudSpot),
}

impl EquitySpot {
    /// Players at the table.
    pub fn players(&self) -> usize {
        match self {
            Self::Holdem(spot) => spot.players.len(),
            Self::Omaha(spot) => spot.players.len(),
            Self::Stud(spot) => spot.players.len(),
        }
    }
}

/// A validated equity run.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityRequest {
    /// The spot.
    pub spot: EquitySpot,
    /// Exact or Monte Carlo, resolved (never `Auto`).
    pub method: Method,
    /// The seed (used by a Monte Carlo run).
    pub seed: Seed,
}

/// The outcome of an equity run.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityOutcome {
    /// The method used.
    pub method: Method,
    /// Each player's equity, in seat order.
    pub players: Vec<PlayerEquity>,
    /// Outcomes counted without weights: boards visited (exact) or showdowns drawn.
    pub samples: u64,
}

impl EquityOutcome {
    /// Whether a Monte Carlo run with a standard-error target met it: every player's standard
    /// error below the target, the rule that ends such a run early. `Some(false)` when the run
    /// stopped at its round cap first; `None` without a target.
    pub fn target_met(&self) -> Option<bool> {
        match self.method {
            Method::MonteCarlo {
                target_stderr: Some(target),
                ..
            } => Some(self.players.iter().all(|p| p.std_error < target)),
            _ => None,
        }
    }

    /// The largest standard error of any player's equity.
    pub fn largest_std_error(&self) -> f64 {
        self.players.iter().map(|p| p.std_error).fold(0.0, f64::max)
    }
}

impl<T> From<EquityResult<T>> for EquityOutcome {
    fn from(result: EquityResult<T>) -> Self {
        let samples = result.players.first().map_or(0, |p| p.samples);
        Self {
            method: result.method,
            players: result.players,
            samples,
        }
    }
}

impl EquityRequest {
    /// Validates an equity request.
    ///
    /// # Errors
    /// [`RequestError`] naming the bad range, card list, player count or method setting.
    pub fn new(args: &EquityArgs<'_>) -> Result<Self, RequestError> {
        if !args.game.plays(Command::Equity) {
            return Err(RequestError::not_played(args.game, Command::Equity));
        }
        if args.opponents == Some(0) {
            return Err(RequestError::invalid("--opponents must be at least 1"));
        }
        let opponents = args.opponents.unwrap_or(0);
        // Counted before any opponent is made, so that the message gives the true count.
        engine::check_player_count(args.game.id(), args.players.len().saturating_add(opponents))?;
        let spot = match args.game.family() {
            Family::Holdem => {
                let mut ranges = args
                    .players
                    .iter()
                    .map(|text| holdem::Range::parse(text))
                    .collect::<Result<Vec<_>, _>>()?;
                for _ in 0..opponents {
                    ranges.push(holdem::Range::parse("random")?);
                }
                let (board, dead) = board_and_dead(args)?;
                EquitySpot::Holdem(holdem::Spot::of_game(args.game, ranges, board, dead)?)
            }
            Family::Omaha => {
                let hole_cards = args.game.hole_cards();
                let mut ranges = args
                    .players
                    .iter()
                    .map(|text| omaha::OmahaRange::parse(text, hole_cards))
                    .collect::<Result<Vec<_>, _>>()?;
                for _ in 0..opponents {
                    ranges.push(omaha::OmahaRange::parse("random", hole_cards)?);
                }
                let (board, dead) = board_and_dead(args)?;
                EquitySpot::Omaha(omaha::Spot::new(args.game, ranges, board, dead)?)
            }
            Family::Stud => EquitySpot::Stud(stud_spot(args, opponents)?),
        };
        if args.exact == Some(true) && (args.rounds.is_some() || args.target_stderr.is_some()) {
            return Err(RequestError::invalid(
                "--exact cannot be used with --rounds or --target-stderr",
            ));
        }
        let seed = Seed::resolve(args.seed);
        let asked = asked_method(args, seed.value);
        let method = match &spot {
            EquitySpot::Holdem(spot) => holdem::resolve(&asked, spot)?,
            EquitySpot::Omaha(spot) => omaha::resolve(&asked, spot)?,
            EquitySpot::Stud(spot) => stud::resolve(&asked, spot)?,
        };
        Ok(Self { spot, method, seed })
    }

    /// The game.
    pub fn game(&self) -> Game {
        match &self.spot {
            EquitySpot::Holdem(spot) => spot.game,
            EquitySpot::Omaha(spot) => spot.game,
            EquitySpot::Stud(spot) => Game::plain(spot.game.id()),
        }
    }

    /// Each player's hand or range as given (`random` for the opponents added).
    pub fn hands(&self) -> Vec<String> {
        match &self.spot {
            EquitySpot::Holdem(spot) => spot.players.iter().map(|r| r.text.clone()).collect(),
            EquitySpot::Omaha(spot) => spot.players.iter().map(|r| r.text.clone()).collect(),
            EquitySpot::Stud(spot) => spot.players.iter().map(|p| p.text.clone()).collect(),
        }
    }

    /// The board.
    pub fn board(&self) -> &[Card] {
        match &self.spot {
            EquitySpot::Holdem(spot) => &spot.board,
            EquitySpot::Omaha(spot) => &spot.board,
            EquitySpot::Stud(_) => &[],
        }
    }

    /// The dead cards.
    pub fn dead(&self) -> &[Card] {
        match &self.spot {
            EquitySpot::Holdem(spot) => &spot.dead,
            EquitySpot::Omaha(spot) => &spot.dead,
            EquitySpot::Stud(spot) => &spot.dead,
        }
    }

    /// Whether this is an exact run of at most [`TINY_EXACT_OUTCOMES`] outcomes, best counted
    /// on the calling thread.
    pub fn is_tiny(&self) -> bool {
        match &self.spot {
            EquitySpot::Holdem(spot) => {
                self.method.is_exact() && holdem::outcome_bound(spot) <= TINY_EXACT_OUTCOMES
            }
            EquitySpot::Omaha(_) | EquitySpot::Stud(_) => false,
        }
    }

    /// Stud: whether the last card is one community card shared by every player (the deck
    /// cannot give every player seven); `None` in the board games.
    pub fn shared_last_card(&self) -> Option<bool> {
        match &self.spot {
            EquitySpot::Stud(spot) => Some(spot.community()),
            EquitySpot::Holdem(_) | EquitySpot::Omaha(_) => None,
        }
    }

    /// Runs the request on the current rayon pool.
    ///
    /// # Errors
    /// [`RequestError`] when the ranges cannot be dealt together.
    pub fn run(&self) -> Result<EquityOutcome, RequestError> {
        Ok(match &self.spot {
            EquitySpot::Holdem(spot) => holdem::compute(spot, &self.method)?.into(),
            EquitySpot::Omaha(spot) => omaha::equity(spot, &self.method)?.into(),
            EquitySpot::Stud(spot) => stud::equity(spot, &self.method)?.into(),
        })
    }

    /// [`EquityRequest::run`] in pieces, asking `stop` between them; `None` when it said to
    /// stop. The pieces give the very numbers of one run.
    ///
    /// # Errors
    /// As [`EquityRequest::run`].
    pub fn run_until_stopped(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<EquityOutcome>, RequestError> {
        Ok(match &self.spot {
            EquitySpot::Holdem(spot) => {
                holdem::compute_until_stopped(spot, &self.method, stop)?.map(Into::into)
            }
            EquitySpot::Omaha(spot) => {
                omaha::equity_until_stopped(spot, &self.method, stop)?.map(Into::into)
            }
            EquitySpot::Stud(spot) => {
                stud::equity_until_stopped(spot, &self.method, stop)?.map(Into::into)
            }
        })
    }
}

/// The method `args` ask for, before it is resolved for a spot: exact, Monte Carlo with the
/// rounds (or their default) and `seed`, or `Auto`.
pub(crate) fn asked_method(args: &EquityArgs<'_>, seed: u64) -> Method {
    if args.exact == Some(true) {
        Method::Exact
    } else if args.exact == Some(false) || args.rounds.is_some() || args.target_stderr.is_some() {
        Method::MonteCarlo {
            rounds: args
                .rounds
                .unwrap_or_else(|| Method::default_rounds(args.target_stderr)),
            seed,
            target_stderr: args.target_stderr,
        }
    } else {
        Method::Auto { seed }
    }
}

/// The stud spot of `args` with `opponents` players whose cards are all unknown: no board
/// (up cards are given with each player; the deck decides whether the last card is shared).
fn stud_spot(args: &EquityArgs<'_>, opponents: usize) -> Result<stud::StudSpot, RequestError> {
    let game = stud::Game::of(args.game.id())
        .ok_or_else(|| RequestError::not_played(args.game, Command::Equity))?;
    if !args.board.trim().is_empty() {
        return Err(RequestError::invalid(format!(
            "--board is not used in {game}: give each player's up cards with the player; when the deck runs short the last card is shared by rule"
        )));
    }
    let mut players = args
        .players
        .iter()
        .map(|text| stud::StudHand::parse(text))
        .collect::<Result<Vec<_>, _>>()?;
    for _ in 0..opponents {
        players.push(stud::StudHand::parse("random")?);
    }
    Ok(stud::StudSpot::new(
        game,
        players,
        cards("dead", args.dead)?,
    )?)
}

/// The board and dead cards of `args`.
fn board_and_dead(args: &EquityArgs<'_>) -> Result<(Vec<Card>, Vec<Card>), RequestError> {
    Ok((cards("board", args.board)?, cards("dead", args.dead)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn args<'a>(game: Game, players: &'a [String]) -> EquityArgs<'a> {
        EquityArgs {
            game,
            players,
            board: "",
            dead: "",
            exact: None,
            rounds: None,
            target_stderr: None,
            opponents: None,
            seed: Some(1),
        }
    }

    fn texts(hands: &[&str]) -> Vec<String> {
        hands.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn every_family_runs_and_stops_when_asked() {
        for (game, hands) in [
            (Game::HOLDEM, texts(&["AsAh", "KsKh"])),
            (Game::plain(GameId::ShortDeck), texts(&["AsAh", "KK"])),
            (
                Game::plain(GameId::OmahaHilo),
                texts(&["AsAh2c3d", "KsKhQdJd"]),
            ),
        ] {
            let mut a = args(game, &hands);
            a.board = "7c8d9h";
            let request = EquityRequest::new(&a).unwrap();
            assert!(request.method.is_exact(), "{game}");
            let whole = request.run().unwrap();
            assert_eq!(
                request.run_until_stopped(&|| false).unwrap(),
                Some(whole.clone())
            );
            assert_eq!(request.run_until_stopped(&|| true).unwrap(), None);
            let sum: f64 = whole.players.iter().map(|p| p.equity).sum();
            assert!((sum - 1.0).abs() < 1e-9, "{game}: {sum}");
            assert_eq!(whole.players[0].hilo.is_some(), game.is_hilo());
            assert_eq!(request.hands(), hands);
        }
    }

    #[test]
    fn methods_follow_the_arguments() {
        let hands = texts(&["AsAh", "random"]);
        let mut a = args(Game::HOLDEM, &hands);
        a.rounds = Some(1000);
        let request = EquityRequest::new(&a).unwrap();
        assert_eq!(
            request.method,
            Method::MonteCarlo {
                rounds: 1000,
                seed: 1,
                target_stderr: None
            }
        );
        a.exact = Some(true);
        assert_eq!(
            EquityRequest::new(&a).unwrap_err().to_string(),
            "--exact cannot be used with --rounds or --target-stderr"
        );
        a.rounds = None;
        a.opponents = Some(9);
        assert_eq!(
            EquityRequest::new(&a).unwrap_err().to_string(),
            "holdem takes 2 to 10 players, got 11"
        );
        a.opponents = Some(0);
        assert_eq!(
            EquityRequest::new(&a).unwrap_err().to_string(),
            "--opponents must be at least 1"
        );
        a.opponents = None;
        a.board = "Xx";
        assert!(
            EquityRequest::new(&a)
                .unwrap_err()
                .to_string()
                .starts_with("--board 'Xx': malformed card")
        );
    }
}
