//! The distribution of each player's equity on the next street over the cards that can come:
//! the probability-weighted mean, quartiles, extremes and the share of next cards that make the
//! player the favourite, in any board game (generic over the game's tally, [`StreetTally`]).

use std::ops::Add;

use deck::Card;

use crate::player_equity::{EquityResult, PlayerEquity};
use crate::pot_tally::PotTally;
use crate::split_tally::SplitTally;
use crate::street::Street;

/// The counts of a board game's run, as the next street adds them up: exact runs' tallies are
/// summed for the exact mean of the next street.
pub trait StreetTally: Copy + Add<Output = Self> + Send + Sync {
    /// No outcomes yet for `players` players.
    fn empty(players: usize) -> Self;
    /// Players counted.
    fn players(&self) -> usize;
    /// Outcomes counted (weighted by the range weights where the game weighs them): an exact
    /// run's weight as a next card.
    fn weight(&self) -> u128;
    /// Each player's equity of an exact count, with the split-pot shares when `hilo`.
    fn exact_equities(&self, hilo: bool) -> Vec<PlayerEquity>;
}

impl StreetTally for SplitTally {
    fn empty(players: usize) -> Self {
        SplitTally::new(players)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn weight(&self) -> u128 {
        self.outcomes
    }

    fn exact_equities(&self, _hilo: bool) -> Vec<PlayerEquity> {
        self.equities(true)
    }
}

impl StreetTally for PotTally {
    fn empty(players: usize) -> Self {
        PotTally::new(players)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn weight(&self) -> u128 {
        u128::from(self.outcomes)
    }

    fn exact_equities(&self, hilo: bool) -> Vec<PlayerEquity> {
        self.equities(true, hilo)
    }
}

/// One card (or flop) that can come next, and the run of the board it makes.
#[derive(Debug, Clone, PartialEq)]
pub struct NextCard<T> {
    /// The card, or the three cards of a flop.
    pub cards: Vec<Card>,
    /// Its probability up to the factor common to every next card (see [`mod@crate::streets`]).
    pub weight: u128,
    /// The plain run of the current board and these cards.
    pub result: EquityResult<T>,
}

/// The next street of a board: every card (or flop) that can come with its run, and each
/// player's spread of equity over them.
#[derive(Debug, Clone, PartialEq)]
pub struct NextStreet<T> {
    /// The street the next cards make.
    pub street: Street,
    /// The current board.
    pub board: Vec<Card>,
    /// Every next card of positive probability, in card-index order.
    pub cards: Vec<NextCard<T>>,
    /// The sum of the cards' weights.
    pub total_weight: u128,
    /// Each player's spread, in seat order.
    pub players: Vec<PlayerSpread>,
}

/// One player's equity on the next street, over the cards that can come (each weighted by its
/// probability).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerSpread {
    /// Weighted mean of the next street's equity: the current equity (exactly, when every
    /// next card was counted exactly).
    pub mean: f64,
    /// Weighted mean of the next street's outright wins.
    pub win: f64,
    /// Weighted mean of the next street's ties.
    pub tie: f64,
    /// Exact runs: 0. Monte Carlo: the weighted mean of the cards' standard errors, a bound on
    /// the standard error of `mean` whatever the correlation of the cards' runs (they share the
    /// seed).
    pub std_error: f64,
    /// Lowest equity over the next cards.
    pub min: f64,
    /// First quartile: the lowest equity `x` such that next cards with equity at most `x` have
    /// at least a quarter of the probability.
    pub q1: f64,
    /// Median, defined likewise with a half.
    pub median: f64,
    /// Third quartile, likewise with three quarters.
    pub q3: f64,
    /// Highest equity over the next cards.
    pub max: f64,
    /// Probability that the next card makes this player the favourite: equity strictly
    /// higher than every other player's (a card on which two or more share the highest equity
    /// makes nobody the favourite).
    pub favourite: f64,
    /// Outcomes visited or drawn over every next card's run, unweighted.
    pub samples: u64,
    /// Hi/lo games: the weighted means of the next street's split-pot shares (exactly the
    /// current shares when every next card was counted exactly).
    pub hilo: Option<HiLoMeans>,
}

/// The probability-weighted means of a hi/lo player's split-pot shares over the next cards.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HiLoMeans {
    /// Share of the pot won from the high half (the whole pot when no low qualifies).
    pub high: f64,
    /// Share of the pot won from the low half.
    pub low: f64,
    /// Share of outcomes where the player takes the whole pot alone.
    pub scoop: f64,
}

impl<T: StreetTally> NextStreet<T> {
    /// The distribution of the runs `cards` (weights set, at least one card) of `street` after
    /// `board`.
    pub fn new(street: Street, board: Vec<Card>, cards: Vec<NextCard<T>>) -> Self {
        let total_weight: u128 = cards.iter().map(|c| c.weight).sum();
        let players = cards.first().map_or(0, |c| c.result.players.len());
        let hilo = cards
            .first()
            .is_some_and(|c| c.result.players.iter().any(|p| p.hilo.is_some()));
        let exact = summed_tally(&cards).map(|t| t.exact_equities(hilo));
        let favourites = favourite_weights(&cards, players);
        let total = total_weight.max(1) as f64;
        let spreads = (0..players)
            .map(|p| {
                let share = |f: &dyn Fn(&NextCard<T>) -> f64| {
                    cards.iter().map(|c| c.weight as f64 * f(c)).sum::<f64>() / total
                };
                let (mean, win, tie) = match &exact {
                    Some(sum) => (sum[p].equity, sum[p].win, sum[p].tie),
                    None => (
                        share(&|c| c.result.players[p].equity),
                        share(&|c| c.result.players[p].win),
                        share(&|c| c.result.players[p].tie),
                    ),
                };
                let [min, q1, median, q3, max] = quantiles(&cards, p, total_weight);
                let shares = |c: &NextCard<T>| c.result.players[p].hilo.unwrap_or_default();
                let hilo = hilo.then(|| match &exact {
                    Some(sum) => {
                        let h = sum[p].hilo.unwrap_or_default();
                        HiLoMeans {
                            high: h.high,
                            low: h.low,
                            scoop: h.scoop,
                        }
                    }
                    None => HiLoMeans {
                        high: share(&|c| shares(c).high),
                        low: share(&|c| shares(c).low),
                        scoop: share(&|c| shares(c).scoop),
                    },
                });
                PlayerSpread {
                    mean,
                    win,
                    tie,
                    std_error: share(&|c| c.result.players[p].std_error),
                    min,
                    q1,
                    median,
                    q3,
                    max,
                    favourite: favourites[p] as f64 / total,
                    samples: cards.iter().map(|c| c.result.players[p].samples).sum(),
                    hilo,
                }
            })
            .collect();
        Self {
            street,
            board,
            cards,
            total_weight,
            players: spreads,
        }
    }
}

impl<T> NextStreet<T> {
    /// The probability of next card `i` (its weight over the total).
    pub fn probability(&self, i: usize) -> f64 {
        self.cards[i].weight as f64 / self.total_weight.max(1) as f64
    }

    /// The same next street without the runs' tallies.
    pub fn without_tallies(self) -> NextStreet<()> {
        NextStreet {
            street: self.street,
            board: self.board,
            cards: self
                .cards
                .into_iter()
                .map(|c| NextCard {
                    cards: c.cards,
                    weight: c.weight,
                    result: c.result.without_tally(),
                })
                .collect(),
            total_weight: self.total_weight,
            players: self.players,
        }
    }
}

/// Player `p`'s minimum, quartiles and maximum over `cards` weighted by their weights (summing
/// to `total`): each quartile the lowest equity whose cumulative weight reaches its fraction,
/// compared in integers.
fn quantiles<T>(cards: &[NextCard<T>], p: usize, total: u128) -> [f64; 5] {
    let mut order: Vec<(f64, u128)> = cards
        .iter()
        .map(|c| (c.result.players[p].equity, c.weight))
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (Some(first), Some(last)) = (order.first(), order.last()) else {
        return [0.0; 5];
    };
    let mut out = [first.0, 0.0, 0.0, 0.0, last.0];
    let mut cumulative = 0u128;
    let mut next = 1;
    for &(equity, weight) in &order {
        cumulative += weight;
        while next <= 3 && cumulative * 4 >= next as u128 * total {
            out[next] = equity;
            next += 1;
        }
    }
    out
}

/// Per player, the weight of the next cards on which that player alone has the highest equity.
fn favourite_weights<T>(cards: &[NextCard<T>], players: usize) -> Vec<u128> {
    let mut out = vec![0u128; players];
    for card in cards {
        let equities = card.result.players.iter().map(|e| e.equity);
        let best = equities.clone().fold(f64::NEG_INFINITY, f64::max);
        let mut leaders = equities.enumerate().filter(|(_, e)| *e == best);
        if let (Some((p, _)), None) = (leaders.next(), leaders.next()) {
            out[p] += card.weight;
        }
    }
    out
}

/// The sum of the tallies of `cards`' runs when every one was exact (used for the exact mean).
pub fn summed_tally<T: StreetTally>(cards: &[NextCard<T>]) -> Option<T> {
    let first = cards.first()?;
    let mut sum = T::empty(first.result.tally.players());
    for card in cards {
        if !card.result.is_exact() {
            return None;
        }
        sum = sum + card.result.tally;
    }
    Some(sum)
}
