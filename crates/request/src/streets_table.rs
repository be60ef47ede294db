//! The table of a street-by-street run, one line per player of each row kind, in the order
//! both front ends write it: the streets of the board given (`level` `street`), then the next
//! street's spread (`next`), then, when asked, each next card (`card`).

use deck::Card;
use engine::next_street::{HiLoMeans, PlayerSpread};
use engine::{PlayerEquity, Streets};

use crate::cards::cards_text;
use crate::table::{Cell, Column, Kind, inserted};

/// What a line describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// A street of the board given: its plain run.
    Street,
    /// The next street over every card that can come: mean, quartiles, favourite share.
    Next,
    /// One card (or flop) that can come next: the plain run of the board it makes.
    Card,
}

impl Level {
    /// The stable name: `street`, `next`, `card`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Street => "street",
            Level::Next => "next",
            Level::Card => "card",
        }
    }
}

/// One player's line of a street-by-street table. A `street` or `card` line is one board's
/// run, so its minimum, quartiles and maximum are its equity and its favourite share is 1 or
/// 0. In hi/lo games the equity is the pot share and the line carries the split-pot shares.
#[derive(Debug, Clone, PartialEq)]
pub struct StreetLine {
    /// The kind of line.
    pub level: Level,
    /// The street of the line's board (`next`: the street the next cards make).
    pub street: &'static str,
    /// The board before the next cards (`street`: the street's board).
    pub board: Vec<Card>,
    /// `card`: the next card, or the three of a flop; empty otherwise.
    pub cards: Vec<Card>,
    /// `card`: the card's probability; 1 otherwise.
    pub probability: f64,
    /// Seat, from 1.
    pub player: usize,
    /// The hand or range as given.
    pub hand: String,
    /// Whether every run behind the line was exact.
    pub exact: bool,
    /// Equity (`next`: the probability-weighted mean over the next cards).
    pub equity: f64,
    /// Share of outcomes won outright (`next`: weighted mean).
    pub win: f64,
    /// Share of outcomes split (`next`: weighted mean).
    pub tie: f64,
    /// Standard error of `equity` (0 when exact; `next`: a bound, see
    /// [`PlayerSpread::std_error`]).
    pub std_error: f64,
    /// Lowest equity over the next cards.
    pub min: f64,
    /// First weighted quartile.
    pub q1: f64,
    /// Weighted median.
    pub median: f64,
    /// Third weighted quartile.
    pub q3: f64,
    /// Highest equity over the next cards.
    pub max: f64,
    /// Probability of being the favourite: equity strictly above every other player's.
    pub favourite: f64,
    /// Next cards behind the line (1 for `street` and `card`).
    pub next_cards: usize,
    /// Outcomes visited or drawn, unweighted (`next`: over every next card's run).
    pub samples: u64,
    /// Hi/lo games: the shares of the pot won from the high half and the low half and the
    /// scoop rate (`next`: their probability-weighted means); `None` in other games.
    pub hilo: Option<HiLoMeans>,
}

/// The lines of `streets` for players labelled `hands`, with a line per next card and player
/// when `per_card`.
pub fn lines<T>(streets: &Streets<T>, hands: &[String], per_card: bool) -> Vec<StreetLine> {
    let mut out = Vec::new();
    for s in &streets.streets {
        let run = Run {
            level: Level::Street,
            street: s.street.name(),
            board: &s.board,
            cards: &[],
            probability: 1.0,
            exact: s.result.is_exact(),
        };
        out.extend(run.lines(&s.result.players, hands));
    }
    let Some(next) = &streets.next else {
        return out;
    };
    let exact = next.cards.iter().all(|c| c.result.is_exact());
    for (p, (spread, hand)) in next.players.iter().zip(hands).enumerate() {
        out.push(next_line(
            next.street.name(),
            &next.board,
            (p + 1, hand),
            spread,
            exact,
            next.cards.len(),
        ));
    }
    if per_card {
        for (i, card) in next.cards.iter().enumerate() {
            let run = Run {
                level: Level::Card,
                street: next.street.name(),
                board: &next.board,
                cards: &card.cards,
                probability: next.probability(i),
                exact: card.result.is_exact(),
            };
            out.extend(run.lines(&card.result.players, hands));
        }
    }
    out
}

/// The line of seat `player` (from 1) holding `hand` for the next street's `spread`.
fn next_line(
    street: &'static str,
    board: &[Card],
    (player, hand): (usize, &String),
    spread: &PlayerSpread,
    exact: bool,
    next_cards: usize,
) -> StreetLine {
    StreetLine {
        level: Level::Next,
        street,
        board: board.to_vec(),
        cards: Vec::new(),
        probability: 1.0,
        player,
        hand: hand.clone(),
        exact,
        equity: spread.mean,
        win: spread.win,
        tie: spread.tie,
        std_error: spread.std_error,
        min: spread.min,
        q1: spread.q1,
        median: spread.median,
        q3: spread.q3,
        max: spread.max,
        favourite: spread.favourite,
        next_cards,
        samples: spread.samples,
        hilo: spread.hilo,
    }
}

/// One board's run: what its lines share.
struct Run<'a> {
    level: Level,
    street: &'static str,
    board: &'a [Card],
    cards: &'a [Card],
    probability: f64,
    exact: bool,
}

impl Run<'_> {
    /// The run's lines, a player each.
    fn lines(&self, players: &[PlayerEquity], hands: &[String]) -> Vec<StreetLine> {
        let best = players
            .iter()
            .map(|e| e.equity)
            .fold(f64::NEG_INFINITY, f64::max);
        let leaders = players.iter().filter(|e| e.equity == best).count();
        players
            .iter()
            .zip(hands)
            .enumerate()
            .map(|(p, (e, hand))| StreetLine {
                level: self.level,
                street: self.street,
                board: self.board.to_vec(),
                cards: self.cards.to_vec(),
                probability: self.probability,
                player: p + 1,
                hand: hand.clone(),
                exact: self.exact,
                equity: e.equity,
                win: e.win,
                tie: e.tie,
                std_error: e.std_error,
                min: e.equity,
                q1: e.equity,
                median: e.equity,
                q3: e.equity,
                max: e.equity,
                favourite: if e.equity == best && leaders == 1 {
                    1.0
                } else {
                    0.0
                },
                next_cards: 1,
                samples: e.samples,
                hilo: e.hilo.map(|h| HiLoMeans {
                    high: h.high,
                    low: h.low,
                    scoop: h.scoop,
                }),
            })
            .collect()
    }
}

const LEVEL: Column<StreetLine> = Column {
    name: "level",
    kind: Kind::Text,
    doc: "street, next or card.",
    value: |l| Cell::Text(l.level.name().to_string()),
};
const STREET: Column<StreetLine> = Column {
    name: "street",
    kind: Kind::Text,
    doc: "preflop, flop, turn or river: the street of the line's board (next and card: the street the next cards make).",
    value: |l| Cell::Text(l.street.to_string()),
};
const BOARD: Column<StreetLine> = Column {
    name: "board",
    kind: Kind::Text,
    doc: "The board before the next cards (street: the street's board).",
    value: |l| Cell::Text(cards_text(&l.board)),
};
const NEXT: Column<StreetLine> = Column {
    name: "next",
    kind: Kind::Text,
    doc: "card: the card that comes next (three for a flop); empty otherwise.",
    value: |l| Cell::Text(cards_text(&l.cards)),
};
const PROBABILITY: Column<StreetLine> = Column {
    name: "probability",
    kind: Kind::Share,
    doc: "card: its probability; 1 otherwise.",
    value: |l| Cell::Float(l.probability),
};
const PLAYER: Column<StreetLine> = Column {
    name: "player",
    kind: Kind::Count,
    doc: "Seat, from 1.",
    value: |l| Cell::Int(l.player as u128),
};
const HAND: Column<StreetLine> = Column {
    name: "hand",
    kind: Kind::Text,
    doc: "The hand or range as given.",
    value: |l| Cell::Text(l.hand.clone()),
};
const METHOD: Column<StreetLine> = Column {
    name: "method",
    kind: Kind::Text,
    doc: "exact or monte_carlo (next: exact only when every card's run was).",
    value: |l| Cell::Text(if l.exact { "exact" } else { "monte_carlo" }.to_string()),
};
const EQUITY: Column<StreetLine> = Column {
    name: "equity",
    kind: Kind::Share,
    doc: "Equity (next: the probability-weighted mean over the next cards, the current equity).",
    value: |l| Cell::Float(l.equity),
};
const WIN: Column<StreetLine> = Column {
    name: "win",
    kind: Kind::Share,
    doc: "Share of outcomes won outright (next: weighted mean).",
    value: |l| Cell::Float(l.win),
};
const TIE: Column<StreetLine> = Column {
    name: "tie",
    kind: Kind::Share,
    doc: "Share of outcomes split (next: weighted mean).",
    value: |l| Cell::Float(l.tie),
};
const STD_ERROR: Column<StreetLine> = Column {
    name: "std_error",
    kind: Kind::Share,
    doc: "Standard error of equity: 0 when exact; next: the weighted mean of the cards' standard errors, a bound on that of the mean.",
    value: |l| Cell::Float(l.std_error),
};
const HIGH: Column<StreetLine> = Column {
    name: "high",
    kind: Kind::Share,
    doc: "Hi/lo games: the share of the pot won from the high half (next: weighted mean).",
    value: |l| Cell::Float(l.hilo.map_or(0.0, |h| h.high)),
};
const LOW: Column<StreetLine> = Column {
    name: "low",
    kind: Kind::Share,
    doc: "Hi/lo games: the share of the pot won from the low half (next: weighted mean).",
    value: |l| Cell::Float(l.hilo.map_or(0.0, |h| h.low)),
};
const SCOOP: Column<StreetLine> = Column {
    name: "scoop",
    kind: Kind::Share,
    doc: "Hi/lo games: the share of outcomes where the player takes the whole pot alone (next: weighted mean).",
    value: |l| Cell::Float(l.hilo.map_or(0.0, |h| h.scoop)),
};
const MIN: Column<StreetLine> = Column {
    name: "min",
    kind: Kind::Share,
    doc: "Lowest equity over the next cards (street, card: the equity).",
    value: |l| Cell::Float(l.min),
};
const Q1: Column<StreetLine> = Column {
    name: "q1",
    kind: Kind::Share,
    doc: "First weighted quartile of the next street's equity.",
    value: |l| Cell::Float(l.q1),
};
const MEDIAN: Column<StreetLine> = Column {
    name: "median",
    kind: Kind::Share,
    doc: "Weighted median.",
    value: |l| Cell::Float(l.median),
};
const Q3: Column<StreetLine> = Column {
    name: "q3",
    kind: Kind::Share,
    doc: "Third weighted quartile.",
    value: |l| Cell::Float(l.q3),
};
const MAX: Column<StreetLine> = Column {
    name: "max",
    kind: Kind::Share,
    doc: "Highest equity over the next cards.",
    value: |l| Cell::Float(l.max),
};
const FAVOURITE: Column<StreetLine> = Column {
    name: "favourite",
    kind: Kind::Share,
    doc: "Probability of equity strictly above every other player's (street, card: 1 or 0).",
    value: |l| Cell::Float(l.favourite),
};
const NEXT_CARDS: Column<StreetLine> = Column {
    name: "next_cards",
    kind: Kind::Count,
    doc: "Next cards (or flops) behind the line: 1 for street and card.",
    value: |l| Cell::Int(l.next_cards as u128),
};
const SAMPLES: Column<StreetLine> = Column {
    name: "samples",
    kind: Kind::Count,
    doc: "Outcomes visited or drawn, unweighted (next: over every next card's run).",
    value: |l| Cell::Int(u128::from(l.samples)),
};

/// The columns of a street-by-street table in the games with one winner per pot.
pub const COLUMNS: [Column<StreetLine>; 20] = [
    LEVEL,
    STREET,
    BOARD,
    NEXT,
    PROBABILITY,
    PLAYER,
    HAND,
    METHOD,
    EQUITY,
    WIN,
    TIE,
    STD_ERROR,
    MIN,
    Q1,
    MEDIAN,
    Q3,
    MAX,
    FAVOURITE,
    NEXT_CARDS,
    SAMPLES,
];

/// The columns in the hi/lo games: the split-pot shares after `std_error`.
pub const HILO_COLUMNS: [Column<StreetLine>; 23] = inserted(COLUMNS, 12, [HIGH, LOW, SCOOP]);

/// The columns of `lines`: [`HILO_COLUMNS`] when they carry the split-pot shares.
pub fn columns(lines: &[StreetLine]) -> &'static [Column<StreetLine>] {
    if lines.iter().any(|line| line.hilo.is_some()) {
        &HILO_COLUMNS
    } else {
        &COLUMNS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Game, Method};
    use holdem::Range;

    #[test]
    fn lines_come_street_by_street_then_the_next_street_then_its_cards() {
        let players: Vec<Range> = ["AsKs", "QhQd"]
            .iter()
            .map(|t| Range::parse(t).unwrap())
            .collect();
        let hands: Vec<String> = players.iter().map(|r| r.text.clone()).collect();
        let board = deck::parse_cards("Qs7s2d").unwrap();
        let streets = holdem::streets(
            Game::HOLDEM,
            &players,
            &board,
            &[],
            &Method::Auto { seed: 1 },
        )
        .unwrap();
        let all = lines(&streets, &hands, true);
        // 2 streets, the turn's spread, 45 turn cards; 2 players each.
        assert_eq!(all.len(), 2 * (2 + 1 + 45));
        assert_eq!(all[0].street, "preflop");
        assert_eq!((all[2].street, all[2].level), ("flop", Level::Street));
        let next = &all[4];
        assert_eq!(
            (next.level, next.street, next.next_cards),
            (Level::Next, "turn", 45)
        );
        assert!((next.equity - all[2].equity).abs() < 1e-14);
        assert!(all.iter().all(|l| l.exact));
        let cards = &all[6..];
        let probability: f64 = cards.iter().step_by(2).map(|l| l.probability).sum();
        assert!((probability - 1.0).abs() < 1e-12);
        let favourite: f64 = cards
            .iter()
            .filter(|l| l.player == 1)
            .map(|l| l.probability * l.favourite)
            .sum();
        assert!((favourite - next.favourite).abs() < 1e-12);
        assert_eq!(lines(&streets, &hands, false).len(), 6);
    }
}
