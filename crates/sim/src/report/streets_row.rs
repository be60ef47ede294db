//! The table of `sim equity --streets`: one row per player for each street of the board given
//! (`level` `street`), for the next street's spread over the cards that can come (`next`) and,
//! with `--next-cards`, for each of those cards (`card`).

use request::cards::cards_text;
use request::streets_table::StreetLine;
use serde::Serialize;

use crate::report::Share;

/// One player's row of a street-by-street table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StreetsRow {
    /// `street`, `next` or `card`.
    pub level: &'static str,
    /// `preflop`, `flop`, `turn` or `river`: the street of the row's board (`next` and `card`:
    /// the street the next cards make).
    pub street: &'static str,
    /// The board before the next cards (`street`: the street's board).
    pub board: String,
    /// `card`: the card that comes next (three for a flop); empty otherwise.
    pub next: String,
    /// `card`: its probability; 1 otherwise.
    pub probability: Share,
    /// Seat, from 1.
    pub player: usize,
    /// The hand or range as given.
    pub hand: String,
    /// `exact` or `monte_carlo` (`next`: `exact` only when every card's run was).
    pub method: &'static str,
    /// Equity (`next`: the probability-weighted mean over the next cards, which is the current
    /// equity).
    pub equity: Share,
    /// Share of outcomes won outright (`next`: weighted mean).
    pub win: Share,
    /// Share of outcomes split (`next`: weighted mean).
    pub tie: Share,
    /// Standard error of `equity`: 0 when exact; `next`: the weighted mean of the cards'
    /// standard errors, a bound on that of the mean.
    pub std_error: Share,
    /// Hi/lo games only: the share of the pot won from the high half (the whole pot when no
    /// low qualifies; `next`: weighted mean).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub high: Option<Share>,
    /// Hi/lo games only: the share of the pot won from the low half (`next`: weighted mean).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low: Option<Share>,
    /// Hi/lo games only: the share of outcomes where the player takes the whole pot alone
    /// (`next`: weighted mean).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scoop: Option<Share>,
    /// Lowest equity over the next cards (`street`, `card`: the equity).
    pub min: Share,
    /// First weighted quartile of the next street's equity (`street`, `card`: the equity).
    pub q1: Share,
    /// Weighted median.
    pub median: Share,
    /// Third weighted quartile.
    pub q3: Share,
    /// Highest equity over the next cards.
    pub max: Share,
    /// Probability that the player is the favourite, with equity strictly above every other
    /// player's (`street`, `card`: 1 or 0; ties for the highest count for nobody).
    pub favourite: Share,
    /// Next cards (or flops) behind the row: 1 for `street` and `card`.
    pub next_cards: usize,
    /// Outcomes visited or drawn, unweighted (`next`: over every next card's run).
    pub samples: u64,
}

impl From<&StreetLine> for StreetsRow {
    fn from(line: &StreetLine) -> Self {
        Self {
            level: line.level.name(),
            street: line.street,
            board: cards_text(&line.board),
            next: cards_text(&line.cards),
            probability: Share::from(line.probability),
            player: line.player,
            hand: line.hand.clone(),
            method: if line.exact { "exact" } else { "monte_carlo" },
            equity: Share::from(line.equity),
            win: Share::from(line.win),
            tie: Share::from(line.tie),
            std_error: Share::from(line.std_error),
            high: line.hilo.map(|h| Share::from(h.high)),
            low: line.hilo.map(|h| Share::from(h.low)),
            scoop: line.hilo.map(|h| Share::from(h.scoop)),
            min: Share::from(line.min),
            q1: Share::from(line.q1),
            median: Share::from(line.median),
            q3: Share::from(line.q3),
            max: Share::from(line.max),
            favourite: Share::from(line.favourite),
            next_cards: line.next_cards,
            samples: line.samples,
        }
    }
}
