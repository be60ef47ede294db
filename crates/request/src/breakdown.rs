//! Breakdown requests (`sim equity --breakdown`, Python's `breakdown`): an equity request in a
//! game that has hand-by-hand breakdowns (hold'em and short deck), checked as the plain equity
//! run is.

use engine::{Family, Method};
use holdem::breakdown::Breakdown;

use crate::equity::{EquityArgs, EquityRequest, EquitySpot};
use crate::error::RequestError;
use crate::seed::Seed;

/// A validated breakdown run.
#[derive(Debug, Clone)]
pub struct BreakdownRequest {
    /// The hold'em or short-deck spot.
    pub spot: holdem::Spot,
    /// Exact or Monte Carlo, resolved as the plain run resolves it (never `Auto`).
    pub method: Method,
    /// The seed of a Monte Carlo run.
    pub seed: Seed,
}

impl BreakdownRequest {
    /// Validates a breakdown of `args`' spot.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for a game without breakdowns, and whatever the equity request
    /// refuses.
    pub fn new(args: &EquityArgs<'_>) -> Result<Self, RequestError> {
        let refused = || {
            RequestError::invalid(format!(
                "--breakdown is built for hold'em and short deck, not {}",
                args.game.spec().title
            ))
        };
        if args.game.family() != Family::Holdem {
            return Err(refused());
        }
        let request = EquityRequest::new(args)?;
        match request.spot {
            EquitySpot::Holdem(spot) => Ok(Self {
                spot,
                method: request.method,
                seed: request.seed,
            }),
            _ => Err(refused()),
        }
    }

    /// Runs the breakdown on the current rayon pool.
    ///
    /// # Errors
    /// [`RequestError`] when the ranges cannot be dealt together or the spot has too many hand
    /// combinations for a breakdown.
    pub fn run(&self) -> Result<Breakdown, RequestError> {
        Ok(holdem::breakdown(&self.spot, &self.method)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Game, GameId};

    #[test]
    fn breakdowns_are_for_board_games_with_two_hole_cards() {
        let players = ["AK".to_string(), "QQ".to_string()];
        let mut args = EquityArgs {
            game: Game::HOLDEM,
            players: &players,
            board: "",
            dead: "",
            exact: Some(true),
            rounds: None,
            target_stderr: None,
            opponents: None,
            seed: Some(1),
        };
        let request = BreakdownRequest::new(&args).unwrap();
        assert_eq!(request.method, Method::Exact);
        let breakdown = request.run().unwrap();
        // AK against QQ: 16 hands, about 43 % all together.
        assert_eq!(breakdown.players[0].hands.len(), 16);
        let equity = breakdown.players[0].total().equity(true).equity;
        assert!(equity > 0.42 && equity < 0.44, "{equity}");
        args.game = Game::plain(GameId::Omaha);
        assert_eq!(
            BreakdownRequest::new(&args).unwrap_err().to_string(),
            "--breakdown is built for hold'em and short deck, not Omaha"
        );
    }
}
