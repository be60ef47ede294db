//! Street-by-street equity in Omaha (every hole-card count, high and hi/lo):
//! [`engine::streets`] (the per-street loop, the next cards and their weights, the next
//! street's spread) on Omaha's [`Spot`], each run the plain run of its board
//! ([`crate::equity`], in the stoppable pieces of [`crate::equity_until_stopped`]). In hi/lo games a player's equity is the pot share, and every run carries
//! the split-pot shares (high, low, scoop) that the plain run reports.
//!
//! ```text
//!  board AhKd2c7s9h ─▶ runs on [] · [AhKd2c] · [AhKd2c7s] · [AhKd2c7s9h]   (one plain run each)
//!  board AhKd2c     ─▶ runs on [AhKd2c] and on [AhKd2c + c] for every turn card c
//! ```
//!
//! Card-removal weights (Monte Carlo next cards) list the joint deals of the listed ranges:
//! `random` players are left out, since their hands come from the deck as the board does, so
//! they make every unseen card as likely. The listing is refused past [`MAX_WEIGHT_DEALS`]
//! (the product of the listed ranges' sizes, compatible or not) or
//! [`engine::streets::WEIGHT_WORK_LIMIT`] deals × next cards.

use deck::Card;
use engine::Watch;
use engine::streets::{StreetSpot, TooManyDeals, WEIGHT_WORK_LIMIT};
use engine::{Game, Method, PotTally, RangeError, Street};

use crate::equity::{EquityResult, equity_until_stopped};
use crate::error::OmahaError;
use crate::range::{Range, hand_mask};
use crate::spot::Spot;

/// Most joint deals of the listed ranges (the product of their sizes) that card-removal
/// weights list: `AAxx` against a 600-hand range is past it, two ranges of 2,000 hands are not.
pub const MAX_WEIGHT_DEALS: u128 = 1 << 22;

/// Street-by-street equity of an Omaha spot.
pub type Streets = engine::Streets<PotTally>;

/// Street-by-street equity of `players` (ranges as parsed, before any card removal) in `game`
/// with `board` (0, 3, 4 or 5 cards; in Courchevel also 1, its first flop card shown preflop)
/// and `dead` cards out of play: one plain run of `method`
/// (usually [`Method::Auto`], resolved per board) for each street up to the board's, and the
/// next street's run for every card that can come, on the current rayon pool.
///
/// # Errors
/// An [`OmahaError`] when a street's spot is invalid or its method refuses it, and
/// [`OmahaError::NextCardWeights`] when the next cards' probabilities would take too long to
/// count.
pub fn streets(
    game: Game,
    players: &[Range],
    board: &[Card],
    dead: &[Card],
    method: &Method,
) -> Result<Streets, OmahaError> {
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
) -> Result<Option<Streets>, OmahaError> {
    // Courchevel's one-card board is its preflop: the first flop card, shown.
    if Street::of_board(board.len()).is_none() && !game.spec().board_sizes.contains(&board.len()) {
        return Err(OmahaError::BoardSize {
            game,
            cards: board.len(),
        });
    }
    engine::streets::streets_until_stopped(
        |shown| Spot::new(game, players.to_vec(), shown.to_vec(), dead.to_vec()),
        board,
        method,
        stop,
    )
}

impl StreetSpot for Spot {
    type Tally = PotTally;
    type Error = OmahaError;

    fn board(&self) -> &[Card] {
        &self.board
    }

    fn with_cards(&self, cards: &[Card]) -> Result<Self, OmahaError> {
        let mut board = self.board.clone();
        board.extend_from_slice(cards);
        Spot::new(self.game, self.players.clone(), board, self.dead.clone())
    }

    fn run(&self, method: &Method, stop: &dyn Watch) -> Result<Option<EquityResult>, OmahaError> {
        equity_until_stopped(self, method, stop)
    }

    fn exact_run(&self, method: &Method) -> bool {
        crate::resolve(method, self).is_ok_and(|m| m.is_exact())
    }

    fn range_error(error: &OmahaError) -> Option<&RangeError> {
        match error {
            OmahaError::Range(e) => Some(e),
            _ => None,
        }
    }

    fn blocked(&self) -> u64 {
        let n = self.game.hole_cards();
        self.players
            .iter()
            .filter_map(Range::single)
            .fold(self.known_mask(), |m, hand| m | hand_mask(&hand, n))
    }

    fn uniform(&self) -> bool {
        self.players
            .iter()
            .all(|r| r.single().is_some() || r.random)
    }

    fn joint_deals(&self, limit: u128) -> Result<Vec<(u64, u128)>, OmahaError> {
        let listed: Vec<&Range> = self.players.iter().filter(|r| !r.random).collect();
        let product = listed
            .iter()
            .try_fold(1u128, |p, r| p.checked_mul(r.hands.len() as u128));
        if product.is_none_or(|p| p > limit.min(MAX_WEIGHT_DEALS)) {
            return Err(OmahaError::NextCardWeights(TooManyDeals {
                limit: WEIGHT_WORK_LIMIT,
            }));
        }
        let mut deals = Vec::new();
        extend(
            &listed,
            self.game.hole_cards(),
            self.known_mask(),
            1,
            &mut deals,
        );
        Ok(deals)
    }
}

/// Adds to `out` every way to give each of `ranges` one hand that shares no card with `used`
/// or the others, as its cards' mask and its weight times `weight`.
fn extend(ranges: &[&Range], n: usize, used: u64, weight: u128, out: &mut Vec<(u64, u128)>) {
    let Some((range, rest)) = ranges.split_first() else {
        out.push((used, weight));
        return;
    };
    for (hand, &w) in range.hands.iter().zip(&range.weights) {
        let mask = hand_mask(hand, n);
        if used & mask == 0 {
            extend(rest, n, used | mask, weight * u128::from(w), out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;
    use engine::next_street::summed_tally;
    use engine::streets::removal_weights;

    use crate::equity::equity;

    fn ranges(game: Game, texts: &[&str]) -> Vec<Range> {
        texts
            .iter()
            .map(|t| Range::parse(t, game.hole_cards()).unwrap())
            .collect()
    }

    fn cards(text: &str) -> Vec<Card> {
        deck::parse_cards(text).unwrap()
    }

    fn plain(game: Game, players: &[Range], board: &[Card], method: &Method) -> EquityResult {
        let spot = Spot::new(game, players.to_vec(), board.to_vec(), Vec::new()).unwrap();
        equity(&spot, method).unwrap()
    }

    #[test]
    fn a_runout_is_the_plain_run_of_each_street_high_and_hilo() {
        let auto = Method::Auto { seed: 1 };
        for (id, texts) in [
            (GameId::Omaha, ["AsAhKsKh", "JdTd9c8c"]),
            (GameId::OmahaHilo, ["As2sKdQd", "Ah3h4c5c"]),
        ] {
            let game = Game::plain(id);
            let players = ranges(game, &texts);
            let board = cards("Qh7s2dKc3s");
            let s = streets(game, &players, &board, &[], &auto).unwrap();
            assert!(s.next.is_none());
            assert_eq!(s.streets.len(), 4);
            for (street, n) in s.streets.iter().zip([0, 3, 4, 5]) {
                assert_eq!(street.street, Street::of_board(n).unwrap());
                assert_eq!(street.result, plain(game, &players, &board[..n], &auto));
                assert_eq!(
                    street.result.players[0].hilo.is_some(),
                    game.is_hilo(),
                    "{id:?}"
                );
            }
        }
    }

    #[test]
    fn the_exact_mean_of_the_next_street_is_the_current_equity() {
        let auto = Method::Auto { seed: 1 };
        for (id, texts, board, to_come) in [
            (GameId::Omaha, ["AsAhKsKh", "JdTd9c8c"], "Jh7s2d", 2),
            (GameId::OmahaHilo, ["As2sKdQd", "AAxx:ds"], "Jh7s2d4s", 1),
            (
                GameId::Omaha5Hilo,
                ["As2s3dQdJc", "Kh8h7c6c5d"],
                "Th9s4d",
                2,
            ),
        ] {
            let game = Game::plain(id);
            let players = ranges(game, &texts);
            let board = cards(board);
            let s = streets(game, &players, &board, &[], &auto).unwrap();
            let now = &s.streets.last().unwrap().result;
            assert!(now.is_exact(), "{id:?}");
            let next = s.next.unwrap();
            let sum = summed_tally(&next.cards).unwrap();
            // Every board to come is counted once per card of it that can come next.
            let mut scaled = PotTally::new(now.tally.players);
            for _ in 0..to_come {
                scaled = scaled + now.tally;
            }
            assert_eq!(sum, scaled, "{id:?}");
            for (p, spread) in next.players.iter().enumerate() {
                assert_eq!(spread.mean, now.players[p].equity);
                let h = now.players[p].hilo;
                assert_eq!(spread.hilo.map(|m| m.low), h.map(|h| h.low));
                assert_eq!(spread.hilo.map(|m| m.scoop), h.map(|h| h.scoop));
            }
            // Card removal gives the same probabilities as the exact counts.
            let spot = Spot::new(game, players.clone(), board.clone(), vec![]).unwrap();
            let removal = removal_weights(&spot, &next.cards).unwrap();
            let total_removal: u128 = removal.iter().sum();
            for (card, w) in next.cards.iter().zip(&removal) {
                assert_eq!(card.weight * total_removal, w * next.total_weight);
            }
        }
    }

    #[test]
    fn monte_carlo_next_cards_are_plain_runs_weighted_by_card_removal() {
        let game = Game::plain(GameId::OmahaHilo);
        let players = ranges(game, &["AsKs2h3h", "AAxx,KKxx:0.5", "random"]);
        let board = cards("Qh7h2d8c");
        let mc = Method::MonteCarlo {
            rounds: 2_000,
            seed: 5,
            target_stderr: None,
        };
        let s = streets(game, &players, &board, &[], &mc).unwrap();
        let next = s.next.unwrap();
        // 52 - 4 on the board - 4 in the fixed hand.
        assert_eq!(next.cards.len(), 44);
        assert!(next.cards.iter().all(|c| !c.result.is_exact()));
        // An ace leaves fewer deals of the aces than a deuce does.
        let weight = |text: &str| {
            next.cards
                .iter()
                .find(|c| c.cards == cards(text))
                .unwrap()
                .weight
        };
        assert!(weight("Ad") < weight("3c"));
        let card = &next.cards[7];
        let mut river = board.clone();
        river.extend(&card.cards);
        assert_eq!(card.result, plain(game, &players, &river, &mc));
        let run = |threads| {
            engine::on_pool(threads, || streets(game, &players, &board, &[], &mc))
                .unwrap()
                .unwrap()
        };
        assert_eq!(run(1), run(2));
        assert!(next.players.iter().all(|p| p.hilo.is_some()));
    }

    #[test]
    fn too_many_joint_deals_are_refused() {
        let game = Game::plain(GameId::Omaha);
        let players = ranges(game, &["AAxx", "KKxx", "random"]);
        let err = streets(
            game,
            &players,
            &cards("Qh7h2d"),
            &[],
            &Method::MonteCarlo {
                rounds: 1_000,
                seed: 1,
                target_stderr: None,
            },
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "street-by-street equity by Monte Carlo weighs each next card by the ranges' deals: \
             these ranges have more than 4294967296 deals × cards; narrow a range or count exactly"
        );
    }
}
