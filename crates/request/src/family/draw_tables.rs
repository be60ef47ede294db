//! The draw games' odds and exact tables over one draw or more (`draws`, `pat`): the rule a
//! table is played by, checked once here, and the work it runs, chosen once per table
//! ([`crate::table_chart`] carries it). With one draw the final hand is the kept cards filled
//! once ([`draw::HandTable`]); with more, the later draws follow the pat rule with one pat rank
//! ([`draw::DrawsTable`]), exact where [`draw::DrawsTable::exact_cost`] allows. The draw
//! family's side of the chart contract ([`ChartFamily`]) is here.

use std::fmt;

use deck::{Card, RANK_CHARS};
use draw::{DrawError, DrawsCost, DrawsTable, HandTable};
use engine::{CategoryCounts, Chunk, Command, Game, Watch};

use crate::error::RequestError;
use crate::family::draw_spot::{draws, pat_ranks};
use crate::game_options::{self, OptionValues};
use crate::params::RunParams;
use crate::table_chart::{ChartChunks, ChartFamily, TableChunks};

/// A draw game's table: its chart, the draws to come and the pat rank of the later draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DrawChart {
    /// What final hands are sorted by.
    pub chart: draw::Chart,
    /// Draws to come: 1, or up to 3 in the triple-draw games and badugi.
    pub draws: u32,
    /// The pat rank of the later draws (deck ranks), `None` for the rule's default.
    pub pat: Option<u8>,
}

impl DrawChart {
    /// The table of `game` with one draw to come.
    pub fn one_draw(game: draw::Game) -> DrawChart {
        DrawChart {
            chart: draw::Chart::of_game(game),
            draws: 1,
            pat: None,
        }
    }

    /// Writes `draws` and, with more than one, `pat` into a table's document.
    pub fn rule_params(self, params: &mut RunParams) {
        if self.draws > 1 {
            params.count("draws", u64::from(self.draws));
            let pat = self.pat.unwrap_or(draw::rule::DEFAULT_PAT);
            params.text("pat", RANK_CHARS[pat as usize].to_string());
        }
    }

    /// The work of a `game` hand keeping `known` with `dead` out of play (checked when
    /// validated).
    pub fn chunks(self, game: draw::Game, known: &[Card], dead: &[Card]) -> DrawChunks {
        if self.draws == 1 {
            return DrawChunks::One(
                HandTable::new(game, known, dead)
                    .unwrap_or_else(|_| unreachable!("checked when validated")),
            );
        }
        DrawChunks::Draws(
            DrawsTable::new(game, known, dead, self.draws, self.pat)
                .unwrap_or_else(|_| unreachable!("checked when validated")),
        )
    }

    /// The exact counts, on the current rayon pool: `Some(None)` when more than one draw would
    /// take more than `limit` paths or could run the stub out (not made), `None` when `stop`
    /// said to stop.
    pub fn exact_until_stopped(
        self,
        game: draw::Game,
        known: &[Card],
        dead: &[Card],
        limit: u128,
        stop: &dyn Watch,
    ) -> Option<Option<[u64; draw::chart::SLOTS]>> {
        match self.chunks(game, known, dead) {
            DrawChunks::One(table) => table.exact_until_stopped(stop).map(Some),
            DrawChunks::Draws(table) => match table.exact_cost() {
                DrawsCost::Work(paths) if paths <= limit => {
                    table.exact_until_stopped(stop).map(Some)
                }
                _ => Some(None),
            },
        }
    }
}

impl ChartFamily for DrawChart {
    fn rows(&self) -> &'static [&'static str] {
        self.chart.rows()
    }

    fn name(&self) -> &'static str {
        self.chart.name()
    }

    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }

    fn rule_params(&self, params: &mut RunParams) {
        DrawChart::rule_params(*self, params);
    }

    fn chunks(&self, game: Game, known: &[Card], dead: &[Card]) -> TableChunks {
        TableChunks::new(DrawChart::chunks(*self, draw_game(game), known, dead))
    }

    /// `--draws` and `--pat` make a table after more than one draw.
    fn with_options(
        &self,
        game: Game,
        known: &[Card],
        dead: &[Card],
        options: &OptionValues,
    ) -> Result<DrawChart, RequestError> {
        let draws = game_options::value(options, "draws")
            .map(draws)
            .transpose()?;
        let pat = game_options::value(options, "pat");
        if draws.is_none() && pat.is_none() {
            return Ok(*self);
        }
        draw_chart(draw_game(game), known, dead, draws, pat)
    }

    /// A table after more than one draw within the family's hard limit
    /// ([`draw::EXACT_LIMITS`]) and where the stub cannot run out.
    fn check_exact(&self, game: Game, known: &[Card], dead: &[Card]) -> Result<(), RequestError> {
        check_exact(*self, draw_game(game), known, dead, draw::EXACT_LIMITS.max)
    }

    fn exact_until_stopped(
        &self,
        game: Game,
        known: &[Card],
        dead: &[Card],
        asked: bool,
        stop: &dyn Watch,
    ) -> Option<Option<CategoryCounts>> {
        let limits = draw::EXACT_LIMITS;
        let limit = if asked { limits.max } else { limits.auto };
        DrawChart::exact_until_stopped(*self, draw_game(game), known, dead, limit, stop)
            .map(|counts| counts.map(CategoryCounts))
    }
}

impl fmt::Display for DrawChart {
    /// The chart's name, and after more than one draw the rule: `deuce_seven_lows after 3
    /// draws, pat 9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.chart.name())?;
        if self.draws > 1 {
            let pat = self.pat.unwrap_or(draw::rule::DEFAULT_PAT);
            write!(
                f,
                " after {} draws, pat {}",
                self.draws, RANK_CHARS[pat as usize]
            )?;
        }
        Ok(())
    }
}

/// A draw table's Monte Carlo work.
#[derive(Debug, Clone)]
pub enum DrawChunks {
    /// One draw.
    One(HandTable),
    /// More draws, by the pat rule.
    Draws(DrawsTable),
}

impl DrawChunks {
    /// Deals and counts one chunk.
    pub fn run(&self, chunk: Chunk) -> [u64; draw::chart::SLOTS] {
        match self {
            Self::One(table) => table.run(chunk),
            Self::Draws(table) => table.run(chunk),
        }
    }
}

impl ChartChunks for DrawChunks {
    fn count(&self, chunk: Chunk) -> CategoryCounts {
        CategoryCounts(self.run(chunk))
    }
}

/// The draw game of a validated draw hand.
fn draw_game(game: Game) -> draw::Game {
    draw::Game::of(game.id()).unwrap_or_else(|| unreachable!("a draw game"))
}

/// The chart of a draw table in `game`, its hand checked: `cards` must be left at 7 (the
/// final hand is the game's), `known` the kept cards, `dead` out of play.
///
/// # Errors
/// [`RequestError`] for `--cards` other than 7, or known and dead cards that repeat or leave
/// too few cards.
pub(crate) fn chart_hand(
    game: Game,
    cards: usize,
    known: &[Card],
    dead: &[Card],
) -> Result<DrawChart, RequestError> {
    let draw_game =
        draw::Game::of(game.id()).ok_or_else(|| RequestError::not_played(game, Command::Odds))?;
    if cards != 7 {
        return Err(RequestError::invalid(format!(
            "--cards is not supported with --game {game}"
        )));
    }
    HandTable::new(draw_game, known, dead).map_err(|e| match e {
        DrawError::TooManyCards { cards, .. } => RequestError::invalid(format!(
            "--known has {cards} cards but a {} hand holds {}",
            draw_game.title(),
            draw_game.hand_size()
        )),
        DrawError::DuplicateCard { card } => {
            RequestError::invalid(format!("card {card} is given twice"))
        }
        other => RequestError::invalid(other.to_string()),
    })?;
    Ok(DrawChart::one_draw(draw_game))
}

/// The table rule of a `game` hand keeping `known` with `dead` out of play: `draws` (1 when
/// not given) and `pat` (one rank: a table is one hand's), checked.
///
/// # Errors
/// [`RequestError::Invalid`] naming `--draws` or `--pat` for draws the game does not have, a
/// pat rank that no rule reads or more than one rank.
pub(crate) fn draw_chart(
    game: draw::Game,
    known: &[Card],
    dead: &[Card],
    draws: Option<u32>,
    pat: Option<&str>,
) -> Result<DrawChart, RequestError> {
    let ranks = pat.map(pat_ranks).transpose()?;
    let rank = match ranks.as_deref() {
        None => None,
        Some([one]) => Some(*one),
        Some(_) => {
            return Err(RequestError::invalid(format!(
                "--pat '{}': a table is of one hand: give one rank",
                pat.unwrap_or_default()
            )));
        }
    };
    let draws_asked = draws.unwrap_or(1);
    DrawsTable::new(game, known, dead, draws_asked, rank).map_err(|e| match e {
        DrawError::Draws { .. } => RequestError::invalid(format!("--draws {draws_asked}: {e}")),
        DrawError::PatInHighGame { .. } | DrawError::PatWithOneDraw => {
            RequestError::invalid(format!("--pat '{}': {e}", pat.unwrap_or_default()))
        }
        other => RequestError::invalid(other.to_string()),
    })?;
    Ok(DrawChart {
        chart: draw::Chart::of_game(game),
        draws: draws_asked,
        pat: rank,
    })
}

/// Refuses an exact table of more than one draw that would take more than `limit` paths or
/// could run the stub out, in the flags' words.
///
/// # Errors
/// [`RequestError::Invalid`] naming `--draws` and saying why.
pub(crate) fn check_exact(
    chart: DrawChart,
    game: draw::Game,
    known: &[Card],
    dead: &[Card],
    limit: u128,
) -> Result<(), RequestError> {
    let DrawChunks::Draws(table) = chart.chunks(game, known, dead) else {
        return Ok(());
    };
    let draws = chart.draws;
    let why = match table.exact_cost() {
        DrawsCost::Work(paths) if paths <= limit => return Ok(()),
        DrawsCost::Work(paths) => {
            format!("an exact table would list up to {paths} paths of the draws (limit {limit})")
        }
        DrawsCost::StubRunsOut { cards, unseen } => format!(
            "the draws could take up to {cards} cards of the {unseen} unseen, and a table is exact only where the stub cannot run out"
        ),
        DrawsCost::TooLarge => "the exact counts could pass 64 bits".to_string(),
    };
    Err(RequestError::invalid(format!(
        "--draws {draws}: {why}; sample it with sim odds"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_is_checked_and_named() {
        let known = deck::parse_cards("7c5d4h").unwrap();
        let triple = draw::Game::TripleDraw27;
        let chart = draw_chart(triple, &known, &[], Some(3), Some("8")).unwrap();
        assert_eq!(chart.to_string(), "deuce_seven_lows after 3 draws, pat 8");
        let mut params = RunParams::default();
        chart.rule_params(&mut params);
        assert_eq!(
            params.0,
            [
                ("draws", crate::params::Param::Count(3)),
                ("pat", crate::params::Param::Text("8".into()))
            ]
        );
        let one = draw_chart(triple, &known, &[], None, None).unwrap();
        assert_eq!(one, DrawChart::one_draw(triple));
        assert_eq!(one.to_string(), "deuce_seven_lows");
        for (game, draws, pat, message) in [
            (
                triple,
                Some(4),
                None,
                "--draws 4: 2-7 triple draw has 1 to 3 draws, not 4",
            ),
            (
                draw::Game::Lowball27,
                Some(2),
                None,
                "--draws 2: 2-7 lowball has one draw, not 2",
            ),
            (
                triple,
                Some(3),
                Some("8,9"),
                "--pat '8,9': a table is of one hand: give one rank",
            ),
            (
                triple,
                None,
                Some("8"),
                "--pat '8': a pat rule decides the draws after the first: it needs two or three draws",
            ),
        ] {
            assert_eq!(
                draw_chart(game, &known, &[], draws, pat)
                    .unwrap_err()
                    .to_string(),
                message
            );
        }
        // Keeping two with three draws: up to nine cards, fine for the stub, too many paths;
        // random with three draws: up to fifteen cards, too many deals to count in 64 bits.
        let refused = |known: &[Card]| {
            let chart = draw_chart(triple, known, &[], Some(3), None).unwrap();
            check_exact(chart, triple, known, &[], draw::EXACT_LIMITS.max)
                .unwrap_err()
                .to_string()
        };
        let two = refused(&known[..2]);
        assert!(
            two.starts_with("--draws 3: an exact table would list up to "),
            "{two}"
        );
        assert!(two.ends_with("; sample it with sim odds"), "{two}");
        assert_eq!(
            refused(&[]),
            "--draws 3: the exact counts could pass 64 bits; sample it with sim odds"
        );
        // Keeping three with three draws: 6.5 billion paths by the bound, within the hard limit.
        assert_eq!(
            check_exact(chart, triple, &known, &[], draw::EXACT_LIMITS.max),
            Ok(())
        );
    }
}
