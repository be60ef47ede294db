//! The odds and exact tables of the families that count one hand by a chart of their own rows
//! (stud's categories and lows, the draw games' lows and badugis) instead of the board games'
//! categories: the one place such a table's family is chosen (`chart_hand`) and read
//! ([`TableChart`], [`TableChunks`]). A new family of this kind adds one variant to each and
//! one arm to each match here.

use engine::Watch;
use std::fmt;

use deck::Card;
use engine::{CategoryCounts, Chunk, Command, Family, Game};

use crate::draw_tables::{DrawChart, DrawChunks, check_exact, draw_chart};
use crate::error::RequestError;
use crate::game_options::{self, OptionValues};
use crate::params::RunParams;
use crate::stud_odds;

/// A chart family's table: what one hand's final cards are sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableChart {
    /// A stud table (`categories`, `razz_lows`, `eight_lows`).
    Stud(stud::Chart),
    /// A draw game's table (`categories`, `eight_lows`, `deuce_seven_lows`, `ace_five_lows`,
    /// `badugis`) after one draw or more.
    Draw(DrawChart),
}

impl TableChart {
    /// The stable snake_case names of the rows, in the order of the counts' slots.
    pub fn rows(self) -> &'static [&'static str] {
        match self {
            Self::Stud(chart) => chart.rows(),
            Self::Draw(draw) => draw.chart.rows(),
        }
    }

    /// The chart's name, as the tables' `table` parameter says it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Stud(chart) => chart.name(),
            Self::Draw(draw) => draw.chart.name(),
        }
    }

    /// Writes the rule a table was played by into its document (the draw games' `draws` and
    /// `pat` after more than one draw; nothing else).
    pub fn rule_params(self, params: &mut RunParams) {
        if let Self::Draw(draw) = self {
            draw.rule_params(params);
        }
    }

    /// The Monte Carlo chunks of a `game` hand holding `known`, with `dead` out of play (checked
    /// when the request was validated).
    pub fn chunks(self, game: Game, known: &[Card], dead: &[Card]) -> TableChunks {
        match self {
            Self::Stud(chart) => TableChunks::Stud(
                stud::odds_chunks::OddsChunks::new(chart, known, dead)
                    .unwrap_or_else(|_| unreachable!("checked when validated")),
            ),
            Self::Draw(chart) => TableChunks::Draw(chart.chunks(draw_game(game), known, dead)),
        }
    }

    /// The chart with the game's own options read (checked against the game list before):
    /// the draw games' `--draws` and `--pat` make a table after more than one draw; stud
    /// takes none.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for a count of draws that is not a whole number, or a rule
    /// the draw game refuses.
    pub fn with_options(
        self,
        game: Game,
        known: &[Card],
        dead: &[Card],
        options: &OptionValues,
    ) -> Result<TableChart, RequestError> {
        match self {
            Self::Stud(_) => Ok(self),
            Self::Draw(_) => {
                let draws = game_options::value(options, "draws")
                    .map(crate::family::draw_spot::draws)
                    .transpose()?;
                let pat = game_options::value(options, "pat");
                if draws.is_none() && pat.is_none() {
                    return Ok(self);
                }
                let chart = draw_chart(draw_game(game), known, dead, draws, pat)?;
                Ok(Self::Draw(chart))
            }
        }
    }

    /// Checks that `sim exact` can count the table: a draw table after more than one draw
    /// within its family's hard limit ([`draw::EXACT_LIMITS`]) and where the stub cannot run
    /// out; every other table can.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] saying why the table is not counted exactly.
    pub fn check_exact(
        self,
        game: Game,
        known: &[Card],
        dead: &[Card],
    ) -> Result<(), RequestError> {
        match self {
            Self::Stud(_) => Ok(()),
            Self::Draw(chart) => {
                check_exact(chart, draw_game(game), known, dead, draw::EXACT_LIMITS.max)
            }
        }
    }

    /// Every completion of the hand counted once, on the current rayon pool, asking `stop`
    /// between pieces of work: `None` when it said to stop, `Some(None)` when a draw table of
    /// more than one draw would list more paths than its family's limit (the hard one when
    /// `asked`, as by `sim exact`; the automatic one when an odds run chooses to count) or
    /// could run the stub out (not made).
    pub fn exact_until_stopped(
        self,
        game: Game,
        known: &[Card],
        dead: &[Card],
        asked: bool,
        stop: &dyn Watch,
    ) -> Option<Option<CategoryCounts>> {
        match self {
            Self::Stud(chart) => stud::exact_table_until_stopped(chart, known, dead, stop)
                .unwrap_or_else(|_| unreachable!("checked when validated"))
                .map(|table| Some(CategoryCounts::from_slots(&table.slots))),
            Self::Draw(chart) => {
                let limits = draw::EXACT_LIMITS;
                let limit = if asked { limits.max } else { limits.auto };
                chart
                    .exact_until_stopped(draw_game(game), known, dead, limit, stop)
                    .map(|counts| counts.map(CategoryCounts))
            }
        }
    }
}

impl fmt::Display for TableChart {
    /// The chart's name (a draw table after more than one draw also names its rule).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Draw(draw) => draw.fmt(f),
            Self::Stud(_) => f.write_str(self.name()),
        }
    }
}

/// The chunks of a chart family's odds run: its rows in the first slots of the counts.
#[derive(Debug, Clone)]
pub enum TableChunks {
    /// A stud table's hot loop.
    Stud(stud::odds_chunks::OddsChunks),
    /// A draw game's.
    Draw(DrawChunks),
}

impl TableChunks {
    /// Deals and counts one chunk.
    pub fn run(&self, chunk: Chunk) -> CategoryCounts {
        match self {
            Self::Stud(chunks) => CategoryCounts::from_slots(&chunks.run(chunk).slots),
            Self::Draw(table) => CategoryCounts(table.run(chunk)),
        }
    }
}

/// The draw game of a validated draw hand.
fn draw_game(game: Game) -> draw::Game {
    draw::Game::of(game.id()).unwrap_or_else(|| unreachable!("a draw game"))
}

/// The chart of a chart family's table in `game`, its hand checked: `cards` must be left at 7
/// (the final hand is the game's), `known` fixed, `dead` out of play.
///
/// # Errors
/// [`RequestError`] for `--cards` other than 7, or known and dead cards that repeat or leave
/// too few cards.
pub(crate) fn chart_hand(
    game: Game,
    cards: usize,
    known: &[Card],
    dead: &[Card],
) -> Result<TableChart, RequestError> {
    Ok(match game.family() {
        Family::Draw => {
            let draw_game = draw::Game::of(game.id())
                .ok_or_else(|| RequestError::not_played(game, Command::Odds))?;
            if cards != 7 {
                return Err(RequestError::invalid(format!(
                    "--cards is not supported with --game {game}"
                )));
            }
            draw::HandTable::new(draw_game, known, dead).map_err(|e| match e {
                draw::DrawError::TooManyCards { cards, .. } => RequestError::invalid(format!(
                    "--known has {cards} cards but a {} hand holds {}",
                    draw_game.title(),
                    draw_game.hand_size()
                )),
                draw::DrawError::DuplicateCard { card } => {
                    RequestError::invalid(format!("card {card} is given twice"))
                }
                other => RequestError::invalid(other.to_string()),
            })?;
            TableChart::Draw(DrawChart::one_draw(draw_game))
        }
        Family::Stud => {
            let stud = stud_odds::stud_game(game)?;
            stud_odds::seven_cards(stud, cards)?;
            stud_odds::check_table_cards(known, dead)?;
            TableChart::Stud(stud_odds::chart_of(stud))
        }
        // The board games' tables are not charts; a family without a chart plays no odds.
        _ => return Err(RequestError::not_played(game, Command::Odds)),
    })
}
