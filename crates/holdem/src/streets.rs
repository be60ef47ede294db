//! Street-by-street equity: each player's equity after each street of a given runout (preflop,
//! flop, turn, river), and for an incomplete board the equity on the next street for every card
//! (or flop) that can come, weighted by its probability.
//!
//! ```text
//!  board AhKd2c7s9h ─▶ runs on [] · [AhKd2c] · [AhKd2c7s] · [AhKd2c7s9h]   (one plain run each)
//!  board AhKd2c     ─▶ runs on [AhKd2c] and on [AhKd2c + c] for every turn card c ──▶ weights,
//!                      mean, quartiles, min, max, favourite share per player ([`NextStreet`])
//! ```
//!
//! Every run is the plain equity run of its board ([`crate::compute`]): the method is resolved
//! for that board as [`crate::resolve`] resolves it (exact when cheap, Monte Carlo with the same
//! rounds, target and seed otherwise), so a street's numbers are those of `sim equity` on that
//! board. Next cards that no deal of the ranges allows (a range emptied, no deal fits) have
//! probability 0 and are left out.
//!
//! The weight of a next card is its probability up to a common factor. When every next card
//! was counted exactly it is the card's weighted outcome count: each joint deal of the ranges
//! leaves the same number of boards after the card, so the counts are proportional to the
//! probabilities, and the counts of all next cards add up to `(cards to come) ×` the current
//! board's counts, which makes the weighted mean equal the current equity exactly. Otherwise it
//! is counted from card removal: 1 per card when every player holds one hand or a uniform
//! `random` range (every unseen card is then as likely), else the weight of the joint deals of
//! the ranges that leave the card in the deck.

use deck::Card;
use engine::{Game, Method};
use rayon::prelude::*;

use crate::error::HoldemError;
use crate::range::{Range, combo_mask};
use crate::spot::{Spot, cards_mask};
use crate::{EXACT_MAX_ASSIGNMENTS, EquityResult, RangeError, compute};

pub use crate::next_street::{NextCard, NextStreet, PlayerSpread};
pub use crate::street::Street;

/// Joint deals × next cards that a card-removal weighting may visit.
pub const WEIGHT_WORK_LIMIT: u128 = 1 << 32;

/// One street's equity: the plain run of the board shown on it.
#[derive(Debug, Clone, PartialEq)]
pub struct StreetEquity {
    /// The street.
    pub street: Street,
    /// Its board.
    pub board: Vec<Card>,
    /// The run.
    pub result: EquityResult,
}

/// Street-by-street equity: the streets of the board given so far, and the next street's
/// distribution when the board is incomplete.
#[derive(Debug, Clone, PartialEq)]
pub struct Streets {
    /// Preflop up to the street of the board given, in order.
    pub streets: Vec<StreetEquity>,
    /// The next street, when the board has fewer than 5 cards.
    pub next: Option<NextStreet>,
}

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
    let last =
        Street::of_board(board.len()).ok_or(HoldemError::BoardSize { cards: board.len() })?;
    let mut streets = Vec::new();
    for street in Street::ALL.into_iter().filter(|s| *s <= last) {
        let shown = &board[..street.board_cards()];
        let spot = Spot::of_game(game, players.to_vec(), shown.to_vec(), dead.to_vec())?;
        streets.push(StreetEquity {
            street,
            board: shown.to_vec(),
            result: compute(&spot, method)?,
        });
    }
    let next = match last.next() {
        Some(street) => {
            let spot = Spot::of_game(game, players.to_vec(), board.to_vec(), dead.to_vec())?;
            Some(next_street(&spot, street, method)?)
        }
        None => None,
    };
    Ok(Streets { streets, next })
}

/// The next street of `spot` (whose board shows the street before `street`): a run for every
/// card or flop that can come, with its weight.
fn next_street(spot: &Spot, street: Street, method: &Method) -> Result<NextStreet, HoldemError> {
    let candidates = candidates(spot, street.board_cards() - spot.board.len());
    let runs: Vec<Option<NextCard>> = candidates
        .par_iter()
        .map(|cards| run_next(spot, cards, method))
        .collect::<Result<_, _>>()?;
    let mut cards: Vec<NextCard> = runs.into_iter().flatten().collect();
    if cards.is_empty() {
        return Err(RangeError::NoDealFits.into());
    }
    if !cards.iter().all(|c| c.result.is_exact()) {
        let weights = removal_weights(spot, &cards)?;
        for (card, weight) in cards.iter_mut().zip(weights) {
            card.weight = weight;
        }
        cards.retain(|c| c.weight > 0);
    }
    Ok(NextStreet::new(street, spot.board.clone(), cards))
}

/// The plain run of `spot`'s board with `cards` added; `None` when no deal of the ranges
/// allows them.
fn run_next(spot: &Spot, cards: &[Card], method: &Method) -> Result<Option<NextCard>, HoldemError> {
    let mut board = spot.board.clone();
    board.extend_from_slice(cards);
    let next = match Spot::of_game(spot.game, spot.players.clone(), board, spot.dead.clone()) {
        Ok(next) => next,
        Err(HoldemError::Range(RangeError::RangeEmptied { .. })) => return Ok(None),
        Err(e) => return Err(e),
    };
    match compute(&next, method) {
        Ok(result) => Ok(Some(NextCard {
            cards: cards.to_vec(),
            weight: result.tally.outcomes,
            result,
        })),
        Err(HoldemError::Range(RangeError::NoDealFits)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Every set of `count` cards (1, or 3 for a flop) that can come next in `spot`: cards in the
/// deck, not on the board, dead or in a player's one fixed hand, in card-index order.
fn candidates(spot: &Spot, count: usize) -> Vec<Vec<Card>> {
    let fixed = spot
        .players
        .iter()
        .filter_map(Range::single)
        .fold(0u64, |m, c| m | combo_mask(c));
    let blocked = spot.known_mask() | fixed;
    let free: Vec<Card> = Card::all()
        .filter(|c| blocked >> c.index() & 1 == 0)
        .collect();
    if count == 1 {
        return free.into_iter().map(|c| vec![c]).collect();
    }
    let mut out = Vec::new();
    for i in 0..free.len() {
        for j in i + 1..free.len() {
            for k in j + 1..free.len() {
                out.push(vec![free[i], free[j], free[k]]);
            }
        }
    }
    out
}

/// Each next card's probability up to a common factor, by card removal: 1 each when every
/// player holds one hand or a uniform `random` range, else the weight of the joint deals of
/// `spot`'s ranges that leave the card's cards in the deck.
fn removal_weights(spot: &Spot, cards: &[NextCard]) -> Result<Vec<u128>, HoldemError> {
    let uniform = spot
        .players
        .iter()
        .all(|r| r.single().is_some() || (r.random && !r.is_weighted()));
    if uniform {
        return Ok(vec![1; cards.len()]);
    }
    let limit = WEIGHT_WORK_LIMIT / cards.len().max(1) as u128;
    let refused = HoldemError::NextCardWeights {
        limit: WEIGHT_WORK_LIMIT,
    };
    let deals = spot
        .assignments(limit.min(EXACT_MAX_ASSIGNMENTS))
        .ok_or(refused)?;
    let masks: Vec<u64> = (0..deals.len())
        .map(|a| {
            deals.holes(spot, a)[..deals.players]
                .iter()
                .fold(0, |m, &c| m | combo_mask(c))
        })
        .collect();
    Ok(cards
        .par_iter()
        .map(|card| {
            let mask = cards_mask(&card.cards);
            masks
                .iter()
                .zip(&deals.weights)
                .filter(|(m, _)| *m & mask == 0)
                .map(|(_, w)| w)
                .sum()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::next_street::summed_tally;
    use engine::{GameId, SplitTally};

    fn ranges(texts: &[&str]) -> Vec<Range> {
        texts.iter().map(|t| Range::parse(t).unwrap()).collect()
    }

    fn cards(text: &str) -> Vec<Card> {
        deck::parse_cards(text).unwrap()
    }

    fn plain(game: Game, players: &[Range], board: &[Card], method: &Method) -> EquityResult {
        let spot = Spot::of_game(game, players.to_vec(), board.to_vec(), Vec::new()).unwrap();
        compute(&spot, method).unwrap()
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
