//! The distribution of each player's equity on the next street over the cards that can come:
//! the probability-weighted mean, quartiles, extremes and the share of next cards that make the
//! player the favourite.

use deck::Card;
use engine::SplitTally;

use crate::EquityResult;
use crate::street::Street;

/// One card (or flop) that can come next, and the run of the board it makes.
#[derive(Debug, Clone, PartialEq)]
pub struct NextCard {
    /// The card, or the three cards of a flop.
    pub cards: Vec<Card>,
    /// Its probability up to the factor common to every next card (see [`mod@crate::streets`]).
    pub weight: u128,
    /// The plain run of the current board and these cards.
    pub result: EquityResult,
}

/// The next street of a board: every card (or flop) that can come with its run, and each
/// player's spread of equity over them.
#[derive(Debug, Clone, PartialEq)]
pub struct NextStreet {
    /// The street the next cards make.
    pub street: Street,
    /// The current board.
    pub board: Vec<Card>,
    /// Every next card of positive probability, in card-index order.
    pub cards: Vec<NextCard>,
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
}

impl NextStreet {
    /// The distribution of the runs `cards` (weights set, at least one card) of `street` after
    /// `board`.
    pub fn new(street: Street, board: Vec<Card>, cards: Vec<NextCard>) -> Self {
        let total_weight: u128 = cards.iter().map(|c| c.weight).sum();
        let players = cards.first().map_or(0, |c| c.result.players.len());
        let exact = summed_tally(&cards).map(|t| t.equities(true));
        let favourites = favourite_weights(&cards, players);
        let total = total_weight.max(1) as f64;
        let spreads = (0..players)
            .map(|p| {
                let share = |f: &dyn Fn(&NextCard) -> f64| {
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

    /// The probability of next card `i` (its weight over the total).
    pub fn probability(&self, i: usize) -> f64 {
        self.cards[i].weight as f64 / self.total_weight.max(1) as f64
    }
}

/// Player `p`'s minimum, quartiles and maximum over `cards` weighted by their weights (summing
/// to `total`): each quartile the lowest equity whose cumulative weight reaches its fraction,
/// compared in integers.
fn quantiles(cards: &[NextCard], p: usize, total: u128) -> [f64; 5] {
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
fn favourite_weights(cards: &[NextCard], players: usize) -> Vec<u128> {
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

/// The sum of the tallies of exact runs (used for the exact mean).
pub(crate) fn summed_tally(cards: &[NextCard]) -> Option<SplitTally> {
    let first = cards.first()?;
    let mut sum = SplitTally::new(first.result.tally.players);
    for card in cards {
        if !card.result.is_exact() {
            return None;
        }
        sum = sum + card.result.tally;
    }
    Some(sum)
}
