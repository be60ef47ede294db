//! Street-by-street equity in hold'em and short deck: [`engine::streets`] (the per-street loop,
//! the next cards and their weights, the next street's spread) on hold'em's [`Spot`], each run
//! the plain run of its board ([`crate::equity`], in the stoppable pieces of
//! [`crate::equity_until_stopped`]).
//!
//! ```text
//!  board AhKd2c7s9h ─▶ runs on [] · [AhKd2c] · [AhKd2c7s] · [AhKd2c7s9h]   (one plain run each)
//!  board AhKd2c     ─▶ runs on [AhKd2c] and on [AhKd2c + c] for every turn card c
//! ```
//!
//! Card-removal weights list the joint deals of the ranges (random ranges included, as their
//! combos) up to [`EXACT_MAX_ASSIGNMENTS`] and [`engine::streets::WEIGHT_WORK_LIMIT`] deals ×
//! next cards.

use deck::Card;
use engine::Watch;
use engine::streets::{StreetSpot, WEIGHT_WORK_LIMIT};
use engine::{Game, Method, SplitTally, Street};

use crate::error::HoldemError;
use crate::range::{Range, combo_mask};
use crate::spot::Spot;
use crate::{EXACT_MAX_ASSIGNMENTS, EquityResult, RangeError, equity_until_stopped};

/// Street-by-street equity of a hold'em or short-deck spot.
pub type Streets = engine::Streets<SplitTally>;

/// Street-by-street equity of `players` (ranges as parsed, before any card removal) in `game`
/// with `board` (0, 3, 4 or 5 cards) and `dead` cards out of play: one plain run of `method`
/// (usually [`Method::Auto`], resolved per board) for each street up to the board's, and the
/// next street's run for every card that can come, on the current rayon pool.
///
/// # Errors
/// A [`HoldemError`] when a street's spot is invalid or its method refuses it, and
/// [`HoldemError::NextCardWeights`] when the next cards' probabilities would take too long to
/// count.
pub fn streets(
    game: Game,
    players: &[Range],
    board: &[Card],
    dead: &[Card],
    method: &Method,
) -> Result<Streets, HoldemError> {
    Ok(
        streets_until_stopped(game, players, board, dead, method, &|| false)?
            .unwrap_or_else(|| unreachable!("never asked to stop")),
    )
}

/// [`streets`], each run asking `stop` between its pieces of work as
/// [`crate::equity_until_stopped`] does: `None` when it said to stop. Never stopped, the very
/// numbers of [`streets`].
///
/// # Errors
/// As [`streets`].
pub fn streets_until_stopped(
    game: Game,
    players: &[Range],
    board: &[Card],
    dead: &[Card],
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<Streets>, HoldemError> {
    Street::of_board(board.len()).ok_or(HoldemError::BoardSize { cards: board.len() })?;
    engine::streets::streets_until_stopped(
        |shown| Spot::of_game(game, players.to_vec(), shown.to_vec(), dead.to_vec()),
        board,
        method,
        stop,
    )
}

impl StreetSpot for Spot {
    type Tally = SplitTally;
    type Error = HoldemError;

    fn board(&self) -> &[Card] {
        &self.board
    }

    fn with_cards(&self, cards: &[Card]) -> Result<Self, HoldemError> {
        let mut board = self.board.clone();
        board.extend_from_slice(cards);
        Spot::of_game(self.game, self.players.clone(), board, self.dead.clone())
    }

    fn run(&self, method: &Method, stop: &dyn Watch) -> Result<Option<EquityResult>, HoldemError> {
        equity_until_stopped(self, method, stop)
    }

    fn exact_run(&self, method: &Method) -> bool {
        crate::resolve(method, self).is_ok_and(|m| m.is_exact())
    }

    fn range_error(error: &HoldemError) -> Option<&RangeError> {
        match error {
            HoldemError::Range(e) => Some(e),
            _ => None,
        }
    }

    /// The known mask holds the cards a short deck lacks.
    fn blocked(&self) -> u64 {
        self.players
            .iter()
            .filter_map(Range::single)
            .fold(self.known_mask(), |m, c| m | combo_mask(c))
    }

    fn uniform(&self) -> bool {
        self.players
            .iter()
            .all(|r| r.single().is_some() || (r.random && !r.is_weighted()))
    }

    fn joint_deals(&self, limit: u128) -> Result<Vec<(u64, u128)>, HoldemError> {
        let deals = self.assignments(limit.min(EXACT_MAX_ASSIGNMENTS)).ok_or(
            HoldemError::NextCardWeights {
                limit: WEIGHT_WORK_LIMIT,
            },
        )?;
        Ok((0..deals.len())
            .map(|a| {
                let mask = deals.holes(self, a)[..deals.players]
                    .iter()
                    .fold(0, |m, &c| m | combo_mask(c));
                (mask, deals.weights[a])
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;
    use engine::next_street::summed_tally;
    use engine::streets::removal_weights;

    use crate::equity;

    fn ranges(texts: &[&str]) -> Vec<Range> {
        texts.iter().map(|t| Range::parse(t).unwrap()).collect()
    }

    fn cards(text: &str) -> Vec<Card> {
        deck::parse_cards(text).unwrap()
    }

    fn plain(game: Game, players: &[Range], board: &[Card], method: &Method) -> EquityResult {
        let spot = Spot::of_game(game, players.to_vec(), board.to_vec(), Vec::new()).unwrap();
        equity(&spot, method).unwrap()
    }

    fn scaled(tally: SplitTally, k: u128) -> SplitTally {
        let mut out = SplitTally::new(tally.players);
        for _ in 0..k {
            out = out + tally;
        }
        out.samples = 0;
        out
    }

    #[test]
    fn a_runout_is_the_plain_run_of_each_street() {
        let players = ranges(&["AsKs", "QQ"]);
        let board = cards("Qh7s2dKc3s");
        let auto = Method::Auto { seed: 1 };
        let s = streets(Game::HOLDEM, &players, &board, &[], &auto).unwrap();
        assert!(s.next.is_none());
        assert_eq!(s.streets.len(), 4);
        for (street, n) in s.streets.iter().zip([0, 3, 4, 5]) {
            assert_eq!(street.street, Street::of_board(n).unwrap());
            assert_eq!(street.board, board[..n]);
            assert_eq!(
                street.result,
                plain(Game::HOLDEM, &players, &board[..n], &auto)
            );
        }
    }

    #[test]
    fn the_exact_mean_of_the_next_street_is_the_current_equity() {
        let auto = Method::Auto { seed: 1 };
        for (game, texts, board, to_come) in [
            (Game::HOLDEM, ["QQ+,AKs", "JJ,AQs:0.5"], "Jh7s2d", 2),
            (Game::HOLDEM, ["AsKs", "random"], "Jh7s2d4s", 1),
            (Game::plain(GameId::ShortDeck), ["AK", "99"], "", 10),
        ] {
            let players = ranges(&texts);
            let board = cards(board);
            let s = streets(game, &players, &board, &[], &auto).unwrap();
            let now = &s.streets.last().unwrap().result;
            assert!(now.is_exact());
            let next = s.next.unwrap();
            let sum = summed_tally(&next.cards).unwrap();
            // Every board to come is counted once per card of it that can come next.
            assert_eq!(scaled(sum, 1), scaled(now.tally, to_come), "{texts:?}");
            for (p, spread) in next.players.iter().enumerate() {
                assert!((spread.mean - now.players[p].equity).abs() < 1e-14);
                assert!(spread.min <= spread.q1 && spread.q1 <= spread.median);
                assert!(spread.median <= spread.q3 && spread.q3 <= spread.max);
            }
            let favourites: f64 = next.players.iter().map(|p| p.favourite).sum();
            assert!(favourites <= 1.0 + 1e-12);
            // Card removal gives the same probabilities as the exact counts.
            let removal = removal_weights(
                &Spot::of_game(game, players.clone(), board.clone(), vec![]).unwrap(),
                &next.cards,
            )
            .unwrap();
            let total_removal: u128 = removal.iter().sum();
            for (card, w) in next.cards.iter().zip(&removal) {
                assert_eq!(card.weight * total_removal, w * next.total_weight);
            }
        }
    }

    #[test]
    fn monte_carlo_next_cards_are_plain_runs_weighted_by_card_removal() {
        let players = ranges(&["AhKh", "random", "random"]);
        let board = cards("Qh7h2d8c");
        let mc = Method::MonteCarlo {
            rounds: 2_000,
            seed: 5,
            target_stderr: None,
        };
        let s = streets(Game::HOLDEM, &players, &board, &[], &mc).unwrap();
        let next = s.next.unwrap();
        // 52 - 4 on the board - 2 in the fixed hand.
        assert_eq!(next.cards.len(), 46);
        assert!(next.cards.iter().all(|c| c.weight == 1));
        let card = &next.cards[7];
        let mut river = board.clone();
        river.extend(&card.cards);
        assert_eq!(card.result, plain(Game::HOLDEM, &players, &river, &mc));
        let run = |threads| {
            engine::on_pool(threads, || {
                streets(Game::HOLDEM, &players, &board, &[], &mc)
            })
            .unwrap()
            .unwrap()
        };
        assert_eq!(run(1), run(2));
    }

    #[test]
    fn next_cards_that_no_deal_allows_are_left_out() {
        // With the board, the first range holds only hands with the K♠.
        let players = ranges(&["KsQs,KsJs", "random"]);
        let s = streets(
            Game::HOLDEM,
            &players,
            &cards("2c7d9h"),
            &[],
            &Method::Exact,
        )
        .unwrap();
        let next = s.next.unwrap();
        assert_eq!(next.cards.len(), 48);
        assert!(next.cards.iter().all(|c| c.cards != cards("Ks")));
    }
}
