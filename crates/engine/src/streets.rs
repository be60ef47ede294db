//! Street-by-street equity in any board game (hold'em, short deck, Omaha): each player's equity
//! after each street of a given runout (preflop, flop, turn, river), and for an incomplete board
//! the equity on the next street for every card (or flop) that can come, weighted by its
//! probability. A game plugs in through [`StreetSpot`]: its validated spot on a board, the
//! plain equity run of that spot and the joint deals of its ranges.
//!
//! ```text
//!  board AhKd2c7s9h ─▶ runs on [] · [AhKd2c] · [AhKd2c7s] · [AhKd2c7s9h]   (one plain run each)
//!  board AhKd2c     ─▶ runs on [AhKd2c] and on [AhKd2c + c] for every turn card c ──▶ weights,
//!                      mean, quartiles, min, max, favourite share per player ([`NextStreet`])
//! ```
//!
//! Every run is the plain equity run of its board ([`StreetSpot::run`]): the method is resolved
//! for that board as the game's plain run resolves it (exact when cheap, Monte Carlo with the
//! same rounds, target and seed otherwise), so a street's numbers are those of `sim equity` on
//! that board. Next cards that no deal of the ranges allows (a range emptied, no deal fits) have
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

use crate::watch::{StopOnly, Watch};
use std::fmt;

use deck::Card;
use rayon::prelude::*;

use crate::method::Method;
use crate::next_street::{NextCard, NextStreet, StreetTally};
use crate::player_equity::EquityResult;
use crate::range_text::RangeError;
use crate::street::Street;

/// Joint deals × next cards that a card-removal weighting may visit.
pub const WEIGHT_WORK_LIMIT: u128 = 1 << 32;

/// Card-removal weights refused: the ranges have more joint deals × next cards than
/// [`WEIGHT_WORK_LIMIT`] (or than the game lists), the wording every game shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyDeals {
    /// Joint deals × next cards a weighting visits at most.
    pub limit: u128,
}

impl fmt::Display for TooManyDeals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "street-by-street equity by Monte Carlo weighs each next card by the ranges' deals: \
             these ranges have more than {} deals × cards; narrow a range or count exactly",
            self.limit
        )
    }
}

impl std::error::Error for TooManyDeals {}

/// A game's validated spot on one board, as street-by-street equity uses it.
pub trait StreetSpot: Sized + Sync {
    /// The game's counts.
    type Tally: StreetTally;
    /// The game's error.
    type Error: From<RangeError> + Send;

    /// The board shown.
    fn board(&self) -> &[Card];

    /// The same players and dead cards with `cards` added to the board, the ranges stripped of
    /// the hands they block.
    ///
    /// # Errors
    /// The game's refusal of that spot (a range emptied, no deal fits, ...).
    fn with_cards(&self, cards: &[Card]) -> Result<Self, Self::Error>;

    /// The plain equity run of this spot: `method` resolved for it as the game's plain run
    /// resolves it, asking `stop` between pieces of work as the game's stop-aware run does;
    /// `None` when it said to stop. Never stopped, the numbers of the plain run.
    ///
    /// # Errors
    /// The game's refusal of the run.
    fn run(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<EquityResult<Self::Tally>>, Self::Error>;

    /// Whether the plain run of this spot with `method` would count every outcome (false when
    /// the method refuses the spot: [`StreetSpot::run`] then says why).
    fn exact_run(&self, method: &Method) -> bool;

    /// The range refusal behind `error`, if that is what it is.
    fn range_error(error: &Self::Error) -> Option<&RangeError>;

    /// Cards that cannot come next, one bit per card index: the board, the dead cards, the
    /// cards the game's deck lacks and the cards of every player's one fixed hand.
    fn blocked(&self) -> u64;

    /// Whether every unseen card is as likely to come next: every player holds one hand or a
    /// uniform `random` range.
    fn uniform(&self) -> bool;

    /// Every joint deal of the ranges (the players whose hands are not dealt uniformly from the
    /// deck), as its cards' mask and its weight (a probability up to a common factor).
    ///
    /// # Errors
    /// The game's refusal when more than `limit` deals would be listed.
    fn joint_deals(&self, limit: u128) -> Result<Vec<(u64, u128)>, Self::Error>;
}

/// One street's equity: the plain run of the board shown on it.
#[derive(Debug, Clone, PartialEq)]
pub struct StreetEquity<T> {
    /// The street.
    pub street: Street,
    /// Its board.
    pub board: Vec<Card>,
    /// The run.
    pub result: EquityResult<T>,
}

/// Street-by-street equity: the streets of the board given so far, and the next street's
/// distribution when the board is incomplete.
#[derive(Debug, Clone, PartialEq)]
pub struct Streets<T> {
    /// Preflop up to the street of the board given, in order.
    pub streets: Vec<StreetEquity<T>>,
    /// The next street, when the board has fewer than 5 cards.
    pub next: Option<NextStreet<T>>,
}

impl<T> Streets<T> {
    /// Outcomes visited or drawn by every run, the streets' and the next cards', unweighted.
    pub fn samples(&self) -> u64 {
        let runs = self.streets.iter().map(|s| &s.result).chain(
            self.next
                .iter()
                .flat_map(|n| n.cards.iter().map(|c| &c.result)),
        );
        runs.map(|r| r.players.first().map_or(0, |p| p.samples))
            .sum()
    }

    /// The same streets without the runs' tallies: what a table of any game's rows needs.
    pub fn without_tallies(self) -> Streets<()> {
        Streets {
            streets: self
                .streets
                .into_iter()
                .map(|s| StreetEquity {
                    street: s.street,
                    board: s.board,
                    result: s.result.without_tally(),
                })
                .collect(),
            next: self.next.map(NextStreet::without_tallies),
        }
    }
}

/// Street-by-street equity of the spot `spot_on(board)` builds for a board: one plain run of
/// `method` (usually [`Method::Auto`], resolved per board) for each street up to `board`'s (0,
/// 3, 4 or 5 cards), and the next street's run for every card that can come, on the current
/// rayon pool.
///
/// # Errors
/// The game's error when a street's spot is invalid or its method refuses it, when no next card
/// can come, and when the next cards' probabilities would take too long to count.
pub fn streets<S: StreetSpot>(
    spot_on: impl Fn(&[Card]) -> Result<S, S::Error>,
    board: &[Card],
    method: &Method,
) -> Result<Streets<S::Tally>, S::Error> {
    Ok(streets_until_stopped(spot_on, board, method, &|| false)?
        .unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`streets`], every run asking `stop` between its pieces of work ([`StreetSpot::run`]) and
/// the next street's runs asked before each starts: `None` when it said to stop. Never
/// stopped, the very numbers of [`streets`].
///
/// # Errors
/// As [`streets`].
pub fn streets_until_stopped<S: StreetSpot>(
    spot_on: impl Fn(&[Card]) -> Result<S, S::Error>,
    board: &[Card],
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<Streets<S::Tally>>, S::Error> {
    // Callers check the board's size. A board short of a flop (Courchevel's one exposed
    // card) is shown preflop; what is past the flop and no street's shows the river.
    let exposed = if board.len() < Street::Flop.board_cards() {
        board.len()
    } else {
        0
    };
    let last = Street::of_board(board.len()).unwrap_or(if exposed > 0 {
        Street::Preflop
    } else {
        Street::River
    });
    let shown_streets: Vec<Street> = Street::ALL.into_iter().filter(|s| *s <= last).collect();
    let coming = match last.next() {
        Some(street) => {
            let spot = spot_on(board)?;
            let cards = candidates(spot.blocked(), street.board_cards() - spot.board().len());
            Some((street, spot, cards))
        }
        None => None,
    };
    // Progress: one step per run, each street's and each next card's, whatever their methods;
    // the runs' own progress, of other totals, is not passed on.
    let steps = Steps {
        stop,
        total: (shown_streets.len() + coming.as_ref().map_or(0, |(_, _, c)| c.len())) as u64,
    };
    let mut streets = Vec::new();
    for street in shown_streets {
        let shown = &board[..street.board_cards().max(exposed).min(board.len())];
        let Some(result) = spot_on(shown)?.run(method, &StopOnly(stop))? else {
            return Ok(None);
        };
        steps.one_done();
        streets.push(StreetEquity {
            street,
            board: shown.to_vec(),
            result,
        });
    }
    let next = match coming {
        Some((street, spot, cards)) => match next_street(&spot, street, &cards, method, &steps)? {
            Some(next) => Some(next),
            None => return Ok(None),
        },
        None => None,
    };
    Ok(Some(Streets { streets, next }))
}

/// The runs of a streets computation, as its progress: `total` steps, told to `stop` one by
/// one as each run ends.
struct Steps<'a> {
    stop: &'a dyn Watch,
    total: u64,
}

impl Steps<'_> {
    /// One more run done.
    fn one_done(&self) {
        self.stop.advance(1, self.total);
    }
}

/// The next street of `spot` (whose board shows the street before `street`): a run for every
/// card or flop of `candidates` (those that can come), with its weight; `None` when `stop`
/// said to stop. Each run is a step of `steps` once done.
fn next_street<S: StreetSpot>(
    spot: &S,
    street: Street,
    candidates: &[Vec<Card>],
    method: &Method,
    steps: &Steps<'_>,
) -> Result<Option<NextStreet<S::Tally>>, S::Error> {
    let stop = steps.stop;
    // Ranges too broad to weigh are refused before the next cards' Monte Carlo runs.
    if !spot.uniform() {
        let (dealt, sampled) = candidates
            .par_iter()
            .map(|cards| {
                // Each card's spot is built and its method resolved: asked before each.
                if stop.should_stop() {
                    return (0, 0);
                }
                match spot.with_cards(cards) {
                    Ok(next) => (1, usize::from(!next.exact_run(method))),
                    Err(_) => (0, 0),
                }
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        if stop.should_stop() {
            return Ok(None);
        }
        if sampled > 0 {
            spot.joint_deals(deals_limit(dealt))?;
        }
    }
    let runs: Vec<Next<S::Tally>> = candidates
        .par_iter()
        .map(|cards| {
            let run = run_next(spot, cards, method, &StopOnly(stop));
            steps.one_done();
            run
        })
        .collect::<Result<_, _>>()?;
    if stop.should_stop() || runs.iter().any(|run| matches!(run, Next::Stopped)) {
        return Ok(None);
    }
    let mut cards: Vec<NextCard<S::Tally>> = runs
        .into_iter()
        .filter_map(|run| match run {
            Next::Card(card) => Some(card),
            Next::NoDeal | Next::Stopped => None,
        })
        .collect();
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
    Ok(Some(NextStreet::new(street, spot.board().to_vec(), cards)))
}

/// What the run of one next card gave.
enum Next<T> {
    /// The card's run.
    Card(NextCard<T>),
    /// No deal of the ranges allows the card.
    NoDeal,
    /// The run was told to stop.
    Stopped,
}

/// The plain run of `spot`'s board with `cards` added ([`Next::NoDeal`] when no deal of the
/// ranges allows them), asking `stop` before it starts and between its pieces.
fn run_next<S: StreetSpot>(
    spot: &S,
    cards: &[Card],
    method: &Method,
    stop: &dyn Watch,
) -> Result<Next<S::Tally>, S::Error> {
    if stop.should_stop() {
        return Ok(Next::Stopped);
    }
    let no_deal = |e: &S::Error| {
        matches!(
            S::range_error(e),
            Some(RangeError::RangeEmptied { .. } | RangeError::NoDealFits)
        )
    };
    let next = match spot.with_cards(cards) {
        Ok(next) => next,
        Err(e) if no_deal(&e) => return Ok(Next::NoDeal),
        Err(e) => return Err(e),
    };
    match next.run(method, stop) {
        Ok(Some(result)) => Ok(Next::Card(NextCard {
            cards: cards.to_vec(),
            weight: result.tally.weight(),
            result,
        })),
        Ok(None) => Ok(Next::Stopped),
        Err(e) if no_deal(&e) => Ok(Next::NoDeal),
        Err(e) => Err(e),
    }
}

/// Every set of `count` cards (1; 3 for a flop; 2 for the rest of Courchevel's flop) of the 52
/// that are not `blocked`, in card-index order.
pub fn candidates(blocked: u64, count: usize) -> Vec<Vec<Card>> {
    let free: Vec<Card> = Card::all()
        .filter(|c| blocked >> c.index() & 1 == 0)
        .collect();
    let mut out = Vec::new();
    let mut picked = Vec::with_capacity(count);
    subsets(&free, count, &mut picked, &mut out);
    out
}

/// Every `count`-subset of `free`, in card order, appended to `out` after `picked`.
fn subsets(free: &[Card], count: usize, picked: &mut Vec<Card>, out: &mut Vec<Vec<Card>>) {
    if count == 0 {
        out.push(picked.clone());
        return;
    }
    for i in 0..free.len() {
        if free.len() - i < count {
            break;
        }
        picked.push(free[i]);
        subsets(&free[i + 1..], count - 1, picked, out);
        picked.pop();
    }
}

/// Joint deals that a weighting of `cards` next cards may visit.
fn deals_limit(cards: usize) -> u128 {
    WEIGHT_WORK_LIMIT / cards.max(1) as u128
}

/// The mask of `cards`, one bit per card index.
fn cards_mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1 << c.index())
}

/// Each next card's probability up to a common factor, by card removal: 1 each when
/// [`StreetSpot::uniform`], else the weight of the joint deals of `spot`'s ranges that leave
/// the card's cards in the deck (at most [`WEIGHT_WORK_LIMIT`] deals × cards).
///
/// # Errors
/// The game's refusal when the ranges have too many joint deals.
pub fn removal_weights<S: StreetSpot, T: Sync>(
    spot: &S,
    cards: &[NextCard<T>],
) -> Result<Vec<u128>, S::Error> {
    if spot.uniform() {
        return Ok(vec![1; cards.len()]);
    }
    let deals = spot.joint_deals(deals_limit(cards.len()))?;
    Ok(cards
        .par_iter()
        .map(|card| {
            let mask = cards_mask(&card.cards);
            deals
                .iter()
                .filter(|(m, _)| *m & mask == 0)
                .map(|(_, w)| w)
                .sum()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_are_the_free_cards_or_their_flops_in_card_order() {
        let blocked = !0u64 << 6 & ((1 << 52) - 1);
        let singles = candidates(blocked, 1);
        assert_eq!(singles.len(), 6);
        assert!(
            singles
                .windows(2)
                .all(|w| w[0][0].index() < w[1][0].index())
        );
        let flops = candidates(blocked, 3);
        assert_eq!(flops.len(), 20);
        // The rest of Courchevel's flop after its exposed card: two cards.
        let pairs = candidates(blocked, 2);
        assert_eq!(pairs.len(), 15);
        assert!(pairs.iter().all(|f| f[0].index() < f[1].index()));
        assert!(flops.iter().all(|f| f[0].index() < f[1].index()));
        assert_eq!(candidates(0, 3).len(), 22_100);
    }
}
