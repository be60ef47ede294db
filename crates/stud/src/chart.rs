//! The stud tables' charts, what a hand's seven cards are sorted by (stud's categories, razz's
//! A-5 lows, stud hi/lo's eight-or-better lows), their counts ([`Table`]), and the check of a
//! hand's known and dead cards that every table makes.

use std::fmt;
use std::ops::AddAssign;

use deck::Card;
use eval::{
    Category, HandKey, LowMasks, SuitMasks, ace_five_low_parts, eight_low_of_ranks, evaluate_parts,
};

use crate::Game;
use crate::error::StudError;
use crate::spot::HAND_CARDS;

/// Rows of the razz-low table.
const RAZZ_ROWS: [&str; 10] = [
    "5_low", "6_low", "7_low", "8_low", "9_low", "t_low", "j_low", "q_low", "k_low", "no_low",
];

/// Rows of the eight-or-better table.
const EIGHT_ROWS: [&str; 5] = ["5_low", "6_low", "7_low", "8_low", "no_low"];

/// Rows of the category table.
const CATEGORY_ROWS: [&str; 10] = Category::NAMES;

/// Which odds table: what the seven cards are sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chart {
    /// The category of the best high hand.
    Categories,
    /// The top card of the best ace-to-five low, or `no_low` when it is paired.
    RazzLows,
    /// The top card of the eight-or-better low, or `no_low` when none qualifies.
    EightLows,
}

impl Chart {
    /// The tables of a game: stud the categories, razz the razz lows, stud hi/lo the categories
    /// of its high hand and the eight lows.
    pub fn of_game(game: Game) -> &'static [Chart] {
        match game {
            Game::Stud => &[Chart::Categories],
            Game::Razz => &[Chart::RazzLows],
            Game::StudHiLo => &[Chart::Categories, Chart::EightLows],
        }
    }

    /// The stable snake_case names of the rows, in order (see the module docs).
    pub fn rows(self) -> &'static [&'static str] {
        match self {
            Chart::Categories => &CATEGORY_ROWS,
            Chart::RazzLows => &RAZZ_ROWS,
            Chart::EightLows => &EIGHT_ROWS,
        }
    }

    /// The chart's name: `categories`, `razz_lows`, `eight_lows`.
    pub fn name(self) -> &'static str {
        match self {
            Chart::Categories => "categories",
            Chart::RazzLows => "razz_lows",
            Chart::EightLows => "eight_lows",
        }
    }

    /// The row of seven cards summarised by `key`, `suits` and `low`.
    #[inline(always)]
    pub(crate) fn row(self, key: HandKey, suits: SuitMasks, low: LowMasks) -> usize {
        match self {
            Chart::Categories => evaluate_parts(key, suits).category_index(),
            Chart::RazzLows => ace_five_low_parts(low)
                .top_card()
                .map_or(9, |top| usize::from(top) - 5),
            Chart::EightLows => eight_low_of_ranks(low.ranks())
                .top_card()
                .map_or(4, |top| usize::from(top) - 5),
        }
    }
}

impl fmt::Display for Chart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Counts per row of one chart; they merge by addition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// The chart.
    pub chart: Chart,
    /// Counts in row order; slots past the chart's rows stay 0.
    pub slots: [u64; 16],
}

impl Table {
    /// No outcomes yet.
    pub fn new(chart: Chart) -> Table {
        Table {
            chart,
            slots: [0; 16],
        }
    }

    /// The counts of the chart's rows, in order.
    pub fn counts(&self) -> &[u64] {
        &self.slots[..self.chart.rows().len()]
    }

    /// Outcomes counted.
    pub fn total(&self) -> u64 {
        self.slots.iter().sum()
    }

    /// `(row name, count, probability)` for every row.
    pub fn rows(&self) -> Vec<(&'static str, u64, f64)> {
        let n = self.total() as f64;
        self.chart
            .rows()
            .iter()
            .zip(self.counts())
            .map(|(&name, &count)| (name, count, count as f64 / n))
            .collect()
    }

    /// Whether every row's standard error, `sqrt(p (1 − p) / n)`, is below `target`.
    pub fn every_std_error_below(&self, target: f64) -> bool {
        let n = self.total();
        n > 0
            && self.counts().iter().all(|&c| {
                let p = c as f64 / n as f64;
                (p * (1.0 - p) / n as f64).sqrt() < target
            })
    }

    /// The table as CSV, `category,count,probability` (the layout of `data/*_exact.csv`).
    pub fn to_csv(&self) -> String {
        let mut out = String::from("category,count,probability\n");
        for (name, count, p) in self.rows() {
            out.push_str(&format!("{name},{count},{p:.15}\n"));
        }
        out
    }
}

impl AddAssign for Table {
    fn add_assign(&mut self, other: Table) {
        self.slots
            .iter_mut()
            .zip(other.slots)
            .for_each(|(a, b)| *a += b);
    }
}

/// Checks a hand's known and dead cards: at most seven known, none given twice, and enough left
/// to complete the hand. Returns the mask of the cards given.
///
/// # Errors
/// [`StudError::TooManyCards`], [`StudError::DuplicateCard`] or [`StudError::CannotDeal`].
pub fn check(known: &[Card], dead: &[Card]) -> Result<u64, StudError> {
    if known.len() > HAND_CARDS {
        return Err(StudError::TooManyCards {
            player: known.iter().map(Card::to_string).collect(),
            cards: known.len(),
        });
    }
    let mut used = 0u64;
    for &card in known.iter().chain(dead) {
        if used >> card.index() & 1 == 1 {
            return Err(StudError::DuplicateCard { card });
        }
        used |= 1 << card.index();
    }
    let left = Card::COUNT - known.len() - dead.len();
    let need = HAND_CARDS - known.len();
    if need > left {
        return Err(StudError::CannotDeal { needed: need, left });
    }
    Ok(used)
}

/// The evaluators' summaries of `cards`.
pub(crate) fn parts_of(cards: &[Card]) -> (HandKey, SuitMasks, LowMasks) {
    (
        HandKey::of(cards),
        cards.iter().fold(SuitMasks::EMPTY, |s, &c| s.with(c)),
        LowMasks::of(cards),
    )
}
