//! Breakdown requests (`sim equity --breakdown`, Python's `breakdown`): an equity request whose
//! run lists every hand of the players' ranges, checked as the plain equity run is. Hold'em and
//! short deck (`holdem::breakdown`), the six Omaha games (`omaha::breakdown`: classes are the
//! range's items) and the stud games where a player's down cards are a range
//! (`stud::breakdown`), all written as the same rows ([`BreakdownRows`]).

use engine::Watch;
use engine::{BreakdownRows, Game, Method};

use crate::equity::{EquityArgs, EquityRequest};
use crate::error::RequestError;
use crate::seed::Seed;

/// A validated breakdown run.
#[derive(Debug, Clone)]
pub struct BreakdownRequest {
    /// The spot, its method (resolved as the plain run resolves it, never `Auto`) and seed.
    pub equity: EquityRequest,
}

impl BreakdownRequest {
    /// Validates a breakdown of `args`' spot.
    ///
    /// # Errors
    /// Whatever the equity request refuses.
    pub fn new(args: &EquityArgs<'_>) -> Result<Self, RequestError> {
        Ok(Self {
            equity: EquityRequest::new(args)?,
        })
    }

    /// The method: exact or Monte Carlo.
    pub fn method(&self) -> &Method {
        &self.equity.method
    }

    /// The seed of a Monte Carlo run.
    pub fn seed(&self) -> Seed {
        self.equity.seed
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.equity.game()
    }

    /// Runs the breakdown on the current rayon pool.
    ///
    /// # Errors
    /// [`RequestError`] when the ranges cannot be dealt together or the breakdown's limits
    /// (hand rows, combinations of hands) refuse the spot.
    pub fn run(&self) -> Result<BreakdownRows, RequestError> {
        let method = &self.equity.method;
        self.equity.spot.family_spot().breakdown(method)
    }

    /// [`BreakdownRequest::run`] in pieces, asking `stop` between them as
    /// [`EquityRequest::run_until_stopped`] does; `None` when it said to stop. The pieces give
    /// the very numbers of one run.
    ///
    /// # Errors
    /// As [`BreakdownRequest::run`].
    pub fn run_until_stopped(
        &self,
        stop: &dyn Watch,
    ) -> Result<Option<BreakdownRows>, RequestError> {
        let method = &self.equity.method;
        self.equity
            .spot
            .family_spot()
            .breakdown_until_stopped(method, stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn args<'a>(game: Game, players: &'a [String]) -> EquityArgs<'a> {
        EquityArgs {
            exact: Some(true),
            seed: Some(1),
            ..EquityArgs::new(game, players)
        }
    }

    #[test]
    fn every_game_family_has_breakdowns() {
        let players = ["AK".to_string(), "QQ".to_string()];
        let request = BreakdownRequest::new(&args(Game::HOLDEM, &players)).unwrap();
        assert_eq!(request.method(), &Method::Exact);
        let breakdown = request.run().unwrap();
        // AK against QQ: 16 hands, about 43 % all together.
        assert_eq!(breakdown.players[0].hands.len(), 16);
        let equity: f64 = breakdown.players[0]
            .hands
            .iter()
            .map(|h| h.frequency * h.equity.equity)
            .sum();
        assert!(equity > 0.42 && equity < 0.44, "{equity}");
        let omaha = ["AsAhKsKh".to_string(), "JJxx:ds".to_string()];
        let mut a = args(Game::plain(GameId::Omaha), &omaha);
        a.board = "2c7d9h";
        let rows = BreakdownRequest::new(&a).unwrap().run().unwrap();
        assert_eq!(rows.players[1].classes[0].hand, "JJxx:ds");
        let stud = ["(AA,KK)9c".to_string(), "QsQd2c".to_string()];
        let mut a = args(Game::plain(GameId::Razz), &stud);
        a.exact = None;
        let rows = BreakdownRequest::new(&a).unwrap().run().unwrap();
        assert_eq!(rows.players.len(), 1);
        assert_eq!(rows.players[0].hands.len(), 12);
    }

    /// In every family, as resolved (exact or Monte Carlo) and Monte Carlo: never stopped, the
    /// plain run's rows; always stopped, nothing.
    #[test]
    fn every_family_runs_in_pieces_and_stops_when_asked() {
        let texts = |hands: &[&str]| hands.iter().map(ToString::to_string).collect::<Vec<_>>();
        for (game, players, board) in [
            (Game::HOLDEM, texts(&["AK,QQ", "JJ-99"]), "Kd7c2s"),
            (Game::HOLDEM, texts(&["AK,QQ", "JJ-99"]), "Kd7c2s9h5d"),
            (
                Game::plain(GameId::Omaha),
                texts(&["AsAhKsKh", "JJxx:ds"]),
                "2c7d9h",
            ),
            (
                Game::plain(GameId::Stud),
                texts(&["(QQ+,AKs)Kd5c", "AhAd9c2s"]),
                "",
            ),
            (
                Game::plain(GameId::Razz),
                texts(&["(A2,A3)9c", "QsQd2c"]),
                "",
            ),
        ] {
            for exact in [None, Some(false)] {
                let mut a = args(game, &players);
                a.board = board;
                a.exact = exact;
                a.rounds = (exact == Some(false)).then_some(300_000);
                let request = BreakdownRequest::new(&a).unwrap();
                let whole = request.run().unwrap();
                let never = engine::on_pool(2, || request.run_until_stopped(&|| false)).unwrap();
                assert_eq!(never.unwrap(), Some(whole), "{game} {exact:?}");
                let stopped = request.run_until_stopped(&|| true).unwrap();
                assert_eq!(stopped, None, "{game} {exact:?}");
            }
        }
    }

    #[test]
    fn omaha_ranges_of_every_hand_are_refused_with_the_count() {
        let players = ["random".to_string(), "AsKsQsJs".to_string()];
        let mut a = args(Game::plain(GameId::Omaha), &players);
        a.exact = None;
        let err = BreakdownRequest::new(&a).unwrap().run().unwrap_err();
        assert_eq!(
            err.to_string(),
            "--breakdown writes one row per hand: the ranges hold 194581 hands, more than the limit of 100000; narrow them"
        );
    }
}
