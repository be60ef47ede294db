//! The stud games' tables in `sim odds` and `sim exact` (Python's `odds` and `exact`): how one
//! stud hand's seven cards end up given its known cards and the dead cards. Stud counts the high
//! hand's category; razz the A-5 low's top card; stud hi/lo the eight-or-better low's top card
//! ([`stud::Chart`]). They run as every game's odds and exact tables do
//! ([`crate::odds::OddsRequest`], [`crate::exact::ExactRequest`]), a chart's rows in the first
//! slots of the counts; this file has the stud checks those tables make of a hand and the
//! stud family's side of the chart contract ([`ChartFamily`]).

use deck::Card;
use engine::{CategoryCounts, Chunk, Command, Game, Watch};
use stud::odds_chunks::OddsChunks;
use stud::{Chart, StudError};

use crate::error::RequestError;
use crate::table_chart::{ChartChunks, ChartFamily, TableChunks};

impl ChartFamily for Chart {
    fn rows(&self) -> &'static [&'static str] {
        Chart::rows(*self)
    }

    fn name(&self) -> &'static str {
        Chart::name(*self)
    }

    fn chunks(&self, _game: Game, known: &[Card], dead: &[Card]) -> TableChunks {
        TableChunks::new(
            OddsChunks::new(*self, known, dead)
                .unwrap_or_else(|_| unreachable!("checked when validated")),
        )
    }

    fn exact_until_stopped(
        &self,
        _game: Game,
        known: &[Card],
        dead: &[Card],
        _asked: bool,
        stop: &dyn Watch,
    ) -> Option<Option<CategoryCounts>> {
        stud::exact_table_until_stopped(*self, known, dead, stop)
            .unwrap_or_else(|_| unreachable!("checked when validated"))
            .map(|table| Some(CategoryCounts::from_slots(&table.slots)))
    }
}

impl ChartChunks for OddsChunks {
    fn count(&self, chunk: Chunk) -> CategoryCounts {
        CategoryCounts::from_slots(&self.run(chunk).slots)
    }
}

/// The chart of a stud table in `game`, its hand checked: `cards` must be left at 7, `known`
/// fixed, `dead` out of play.
///
/// # Errors
/// [`RequestError`] for `--cards` other than 7, or known and dead cards that repeat or leave
/// too few cards.
pub(crate) fn chart_hand(
    game: Game,
    cards: usize,
    known: &[Card],
    dead: &[Card],
) -> Result<Chart, RequestError> {
    let stud = stud_game(game)?;
    seven_cards(stud, cards)?;
    check_table_cards(known, dead)?;
    Ok(chart_of(stud))
}

/// The table of a stud game's `odds` and `exact`: stud's high-hand categories, razz's A-5 lows,
/// stud hi/lo's eight-or-better lows (its high hand's table is stud's).
pub fn chart_of(game: stud::Game) -> Chart {
    match game {
        stud::Game::Stud => Chart::Categories,
        stud::Game::StudHiLo => Chart::EightLows,
        stud::Game::Razz => Chart::RazzLows,
    }
}

/// The stud game of `game` (a game of the stud family).
pub(crate) fn stud_game(game: Game) -> Result<stud::Game, RequestError> {
    stud::Game::of(game.id()).ok_or_else(|| RequestError::not_played(game, Command::Odds))
}

/// Refuses `--cards` other than 7 in `game`.
pub(crate) fn seven_cards(game: stud::Game, cards: usize) -> Result<(), RequestError> {
    if cards != 7 {
        return Err(RequestError::invalid(format!(
            "--cards is not supported with --game {game}"
        )));
    }
    Ok(())
}

/// Checks a stud table's `--known` and `--dead` cards, with messages in the words of those flags
/// and of the board games' tables (the stud family's own speak of players).
pub(crate) fn check_table_cards(known: &[Card], dead: &[Card]) -> Result<(), RequestError> {
    match stud::odds::check(known, dead) {
        Ok(_) => Ok(()),
        Err(StudError::TooManyCards { cards, .. }) => Err(RequestError::invalid(format!(
            "--known has {cards} cards but a stud hand holds 7"
        ))),
        Err(StudError::DuplicateCard { card }) => {
            Err(RequestError::invalid(format!("card {card} is given twice")))
        }
        Err(StudError::CannotDeal { needed, left }) => Err(RequestError::invalid(format!(
            "the hand needs {needed} more cards but only {left} are left after the known and dead cards"
        ))),
        Err(other) => Err(other.into()),
    }
}
