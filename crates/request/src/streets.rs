//! Street-by-street requests (`sim equity --streets`, Python's `streets`): an equity request in
//! hold'em or short deck, checked as the plain equity run is, whose method is resolved again
//! for each street's board (and each next card's) as a plain run of that board resolves it.

use deck::Card;
use engine::{Family, Game, Method};
use holdem::{Range, Spot, Streets};

use crate::cards::cards;
use crate::equity::{EquityArgs, EquityRequest, asked_method};
use crate::error::RequestError;
use crate::seed::Seed;

/// Outcomes at most that `--streets` from preflop counts exactly over every flop without being
/// asked for `--exact`: under a minute of two cores.
pub const FLOPS_AUTO_OUTCOMES: u128 = 1_000_000_000;

/// A validated street-by-street run.
#[derive(Debug, Clone)]
pub struct StreetsRequest {
    /// Hold'em or short deck.
    pub game: Game,
    /// Each player's range as parsed (random opponents added), before card removal: each
    /// street removes the cards of its own board.
    pub players: Vec<Range>,
    /// The board: 0, 3, 4 or 5 cards.
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
    /// The method as asked (`Auto` unless `--exact`, `--rounds` or `--target-stderr`), resolved
    /// for each board as the plain run resolves it.
    pub method: Method,
    /// The seed of the Monte Carlo runs.
    pub seed: Seed,
}

impl StreetsRequest {
    /// Validates a street-by-street run of `args`' spot.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for a game without streets or a flop distribution too large
    /// to count exactly unasked, and whatever the plain equity request refuses.
    pub fn new(args: &EquityArgs<'_>) -> Result<Self, RequestError> {
        if args.game.family() != Family::Holdem {
            return Err(RequestError::invalid(format!(
                "--streets is built for hold'em and short deck, not {}",
                args.game.spec().title
            )));
        }
        // The plain run's checks, of the whole spot, once.
        let plain = EquityRequest::new(args)?;
        let mut players = args
            .players
            .iter()
            .map(|text| Range::parse(text))
            .collect::<Result<Vec<_>, _>>()?;
        for _ in 0..args.opponents.unwrap_or(0) {
            players.push(Range::parse("random")?);
        }
        let request = Self {
            game: args.game,
            players,
            board: cards("board", args.board)?,
            dead: cards("dead", args.dead)?,
            method: asked_method(args, plain.seed.value),
            seed: plain.seed,
        };
        request.check_flops()?;
        Ok(request)
    }

    /// Each player's hand or range as given (`random` for the opponents added).
    pub fn hands(&self) -> Vec<String> {
        self.players.iter().map(|r| r.text.clone()).collect()
    }

    /// Runs every street, and the next street's cards, on the current rayon pool.
    ///
    /// # Errors
    /// [`RequestError`] when a street's board cannot be dealt or its method refuses it.
    pub fn run(&self) -> Result<Streets, RequestError> {
        Ok(holdem::streets(
            self.game,
            &self.players,
            &self.board,
            &self.dead,
            &self.method,
        )?)
    }

    /// From preflop the next street is every flop, each a run of its own: unless asked for
    /// `--exact` or `--rounds`, refuses spots whose flops would each need Monte Carlo, or
    /// together more than [`FLOPS_AUTO_OUTCOMES`] outcomes.
    fn check_flops(&self) -> Result<(), RequestError> {
        if !self.board.is_empty() || !matches!(self.method, Method::Auto { .. }) {
            return Ok(());
        }
        let spot = Spot::of_game(
            self.game,
            self.players.clone(),
            Vec::new(),
            self.dead.clone(),
        )?;
        let deals: u128 = spot
            .players
            .iter()
            .map(|r| r.combos.len() as u128)
            .product();
        let unseen = spot.free_after_hands() as u128;
        let fixed = spot.players.iter().filter(|r| r.single().is_some()).count();
        // The known mask holds the cards a short deck lacks.
        let free = (52 - spot.known_mask().count_ones() as usize - 2 * fixed) as u128;
        let flops = free * (free - 1) * (free - 2) / 6;
        let per_flop =
            deals.saturating_mul(unseen.saturating_sub(3) * unseen.saturating_sub(4) / 2);
        let total = per_flop.saturating_mul(flops);
        if per_flop > holdem::EXACT_LIMITS.auto || total > FLOPS_AUTO_OUTCOMES {
            return Err(RequestError::invalid(format!(
                "--streets from preflop runs every flop ({flops} of them): these ranges would \
                 count up to {total} outcomes (limit {FLOPS_AUTO_OUTCOMES}); give a flop with \
                 --board, narrow the ranges, or ask for --rounds N per flop or --exact"
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn args<'a>(game: Game, players: &'a [String], board: &'a str) -> EquityArgs<'a> {
        EquityArgs {
            game,
            players,
            board,
            dead: "",
            exact: None,
            rounds: None,
            target_stderr: None,
            opponents: None,
            seed: Some(1),
        }
    }

    #[test]
    fn streets_are_for_board_games_with_two_hole_cards() {
        let players = ["AsKs".to_string(), "QQ".to_string()];
        let request = StreetsRequest::new(&args(Game::HOLDEM, &players, "Qh7s2dKc3s")).unwrap();
        assert_eq!(request.method, Method::Auto { seed: 1 });
        let streets = request.run().unwrap();
        assert_eq!(streets.streets.len(), 4);
        // The flop's equity is the plain run's on that flop.
        let flop = EquityRequest::new(&args(Game::HOLDEM, &players, "Qh7s2d"))
            .unwrap()
            .run()
            .unwrap();
        assert_eq!(streets.streets[1].result.players, flop.players);
        assert_eq!(
            StreetsRequest::new(&args(Game::plain(GameId::Omaha), &players, ""))
                .unwrap_err()
                .to_string(),
            "--streets is built for hold'em and short deck, not Omaha"
        );
    }

    #[test]
    fn flops_too_many_to_count_are_refused_unless_asked_for() {
        let players = ["AK".to_string(), "random".to_string()];
        let mut a = args(Game::HOLDEM, &players, "");
        let refused = StreetsRequest::new(&a).unwrap_err().to_string();
        assert!(refused.starts_with("--streets from preflop runs every flop (22100 of them)"));
        a.rounds = Some(100);
        assert!(StreetsRequest::new(&a).is_ok());
        a.board = "2c7d9h";
        a.rounds = None;
        assert!(StreetsRequest::new(&a).is_ok());
    }
}
