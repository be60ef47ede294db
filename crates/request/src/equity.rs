//! Equity requests (`sim equity`, Python's `equity`): players' hands or ranges in the game's
//! syntax, board, dead cards, random opponents and the method, validated once and run by the
//! game's library.

use deck::Card;
use engine::Watch;
use engine::{Command, Game, Method};

use crate::auto_choice::auto_choice_words;
pub use crate::equity_args::EquityArgs;
pub use crate::equity_outcome::EquityOutcome;
use crate::error::RequestError;
pub use crate::family::{EquitySpot, RunWords};
use crate::seed::Seed;

/// Exact spots with at most this many outcomes are so small (microseconds) that handing them
/// to a worker pool costs more than counting them on the calling thread.
pub const TINY_EXACT_OUTCOMES: u128 = 20_000;

/// A validated equity run.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityRequest {
    /// The spot.
    pub spot: EquitySpot,
    /// Exact or Monte Carlo, resolved (never `Auto`).
    pub method: Method,
    /// The seed (used by a Monte Carlo run).
    pub seed: Seed,
    /// Why the automatic method chose [`EquityRequest::method`], in words for the summary
    /// line; `None` when the method was asked for.
    pub choice: Option<String>,
    /// The ranking named by `--ranking` (read by percentage ranges), when one was.
    pub ranking: Option<engine::named_ranking::RankingName>,
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
        let spot = EquitySpot::parse(args, opponents)?;
        if args.exact == Some(true) && (args.rounds.is_some() || args.target_stderr.is_some()) {
            return Err(RequestError::invalid(
                "--exact cannot be used with --rounds or --target-stderr",
            ));
        }
        let seed = Seed::resolve(args.seed);
        let asked = asked_method(args, seed.value);
        let resolution = spot.family_spot().resolve(&asked)?;
        let choice = matches!(asked, Method::Auto { .. }).then(|| auto_choice_words(&resolution));
        let method = resolution.method;
        // Checked by the spot's parse: a name given is a ranking of the game.
        let ranking = args.ranking.and_then(|name| name.trim().parse().ok());
        Ok(Self {
            spot,
            method,
            seed,
            choice,
            ranking,
        })
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.spot.family_spot().game()
    }

    /// Each player's hand or range as given (`random` for the opponents added).
    pub fn hands(&self) -> Vec<String> {
        self.spot.family_spot().hands()
    }

    /// The board.
    pub fn board(&self) -> &[Card] {
        self.spot.family_spot().board()
    }

    /// The dead cards.
    pub fn dead(&self) -> &[Card] {
        self.spot.family_spot().dead()
    }

    /// Whether this is an exact run of at most [`TINY_EXACT_OUTCOMES`] outcomes, best counted
    /// on the calling thread.
    pub fn is_tiny(&self) -> bool {
        self.method.is_exact()
            && self
                .spot
                .family_spot()
                .exact_outcome_bound()
                .is_some_and(|bound| bound <= TINY_EXACT_OUTCOMES)
    }

    /// Stud: whether the last card is one community card shared by every player (the deck
    /// cannot give every player seven); `None` in the board games.
    pub fn shared_last_card(&self) -> Option<bool> {
        self.spot.family_spot().shared_last_card()
    }

    /// Adds the family's own rules of the run to `params`
    /// ([`crate::family::FamilySpot::rule_params`]).
    pub fn rule_params(&self, params: &mut crate::params::RunParams) {
        self.spot.family_spot().rule_params(params);
    }

    /// The summary line of a run of this request (`sim equity: ...`), from what the front end
    /// measured.
    pub fn summary_line(&self, run: &RunWords<'_>) -> String {
        let summary = self.spot.family_spot().summary(run);
        format!("sim equity: {summary}{}", self.choice_suffix())
    }

    /// `; ` and why the automatic method chose this run's method, for the end of a summary
    /// line; empty when the method was asked for.
    pub fn choice_suffix(&self) -> String {
        self.choice
            .as_ref()
            .map_or_else(String::new, |why| format!("; {why}"))
    }

    /// Runs the request on the current rayon pool.
    ///
    /// # Errors
    /// [`RequestError`] when the ranges cannot be dealt together.
    pub fn run(&self) -> Result<EquityOutcome, RequestError> {
        self.spot.family_spot().equity(&self.method)
    }

    /// [`EquityRequest::run`] in pieces, asking `stop` between them; `None` when it said to
    /// stop. The pieces give the very numbers of one run.
    ///
    /// # Errors
    /// As [`EquityRequest::run`].
    pub fn run_until_stopped(
        &self,
        stop: &dyn Watch,
    ) -> Result<Option<EquityOutcome>, RequestError> {
        self.spot
            .family_spot()
            .equity_until_stopped(&self.method, stop)
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

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn args<'a>(game: Game, players: &'a [String]) -> EquityArgs<'a> {
        EquityArgs {
            seed: Some(1),
            ..EquityArgs::new(game, players)
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
