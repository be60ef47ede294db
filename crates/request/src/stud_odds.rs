//! Stud tables (`sim odds` and `sim exact` with `--game stud`, `stud-hilo` or `razz`, Python's
//! `odds` and `exact`): how one stud hand's seven cards end up given its known cards and the
//! dead cards. Stud counts the high hand's category; razz the A-5 low's top card; stud hi/lo the
//! eight-or-better low's top card ([`stud::Chart`]). Their rows are not the hold'em categories,
//! so they do not run through [`crate::odds::OddsRequest`]'s category counts.

use deck::Card;
use engine::estimate::Estimate;
use engine::{ChunkPlan, Command, Game};
pub use stud::Table;
use stud::{Chart, StudError};

use crate::cards::cards_text;
use crate::error::RequestError;
use crate::exact::ExactMethod;
use crate::odds::{OddsArgs, odds_rounds};
use crate::seed::Seed;

/// A validated stud table run: Monte Carlo odds beside the exact table, or the exact table alone.
#[derive(Debug, Clone, PartialEq)]
pub struct StudTableRequest {
    /// The game.
    pub game: stud::Game,
    /// The table: categories (stud), razz lows or eight-or-better lows (stud hi/lo).
    pub chart: Chart,
    /// The hand's known cards.
    pub known: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
    /// Rounds and chunks (odds).
    pub plan: ChunkPlan,
    /// The seed (odds).
    pub seed: Seed,
    /// Stop once every row's standard error is below this (odds).
    pub target_stderr: Option<f64>,
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

/// The stud game of `game`, for `command`.
fn stud_game(game: Game, command: Command) -> Result<stud::Game, RequestError> {
    if !game.plays(command) {
        return Err(RequestError::not_played(game, command));
    }
    stud::Game::of(game.id()).ok_or_else(|| RequestError::not_played(game, command))
}

/// Refuses `--cards` other than 7 in `game`.
fn seven_cards(game: stud::Game, cards: usize) -> Result<(), RequestError> {
    if cards != 7 {
        return Err(RequestError::invalid(format!(
            "--cards is not supported with --game {game}"
        )));
    }
    Ok(())
}

/// Checks a stud table's `--known` and `--dead` cards, with messages in the words of those flags
/// and of the board games' tables (the stud family's own speak of players).
fn check_table_cards(known: &[Card], dead: &[Card]) -> Result<(), RequestError> {
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

/// Whether `game`'s odds and exact tables are stud tables ([`StudTableRequest`]: one row per
/// final hand and street) rather than category counts: the games the stud crate plays.
pub fn is_stud_table_game(game: Game) -> bool {
    stud::Game::of(game.id()).is_some()
}

impl StudTableRequest {
    /// Validates a stud odds run with `args.dead` out of play.
    ///
    /// # Errors
    /// [`RequestError`] for a game outside the stud family, `--cards` other than 7, bad counts,
    /// or known and dead cards that repeat or leave too few cards.
    pub fn odds(args: &OddsArgs<'_>) -> Result<Self, RequestError> {
        let dead = args.dead;
        let game = stud_game(args.game, Command::Odds)?;
        seven_cards(game, args.cards)?;
        let rounds = odds_rounds(args.rounds, args.target_stderr, args.max_rounds)?;
        check_table_cards(args.known, dead)?;
        Ok(Self {
            game,
            chart: chart_of(game),
            known: args.known.to_vec(),
            dead: dead.to_vec(),
            plan: ChunkPlan::new(rounds),
            seed: Seed::resolve(args.seed),
            target_stderr: args.target_stderr,
        })
    }

    /// Validates a stud exact run of the hand holding `known`, with `dead` out of play.
    ///
    /// # Errors
    /// [`RequestError`] for a game outside the stud family, `--cards` other than 7, a
    /// combinatorial count, or known and dead cards that repeat or leave too few cards.
    pub fn exact(
        game: Game,
        cards: usize,
        known: &[Card],
        dead: &[Card],
        method: ExactMethod,
    ) -> Result<Self, RequestError> {
        let game = stud_game(game, Command::Exact)?;
        seven_cards(game, cards)?;
        if method == ExactMethod::Combinatorial {
            return Err(RequestError::invalid(format!(
                "--method combinatorial counts hold'em hands; {game} is counted with --method enumerate"
            )));
        }
        check_table_cards(known, dead)?;
        Ok(Self {
            game,
            chart: chart_of(game),
            known: known.to_vec(),
            dead: dead.to_vec(),
            plan: ChunkPlan::new(1),
            seed: Seed::resolve(Some(0)),
            target_stderr: None,
        })
    }

    /// The known cards as text.
    pub fn known_text(&self) -> String {
        cards_text(&self.known)
    }

    /// The dead cards as text.
    pub fn dead_text(&self) -> String {
        cards_text(&self.dead)
    }

    /// The Monte Carlo table on the current rayon pool, asking `stop` before each chunk;
    /// `None` when it said to stop. The same seed gives the same table on any thread count.
    ///
    /// # Errors
    /// [`RequestError::Stud`] when the cards cannot be dealt (checked when validated).
    pub fn sampled_until_stopped(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Table>, RequestError> {
        Ok(stud::odds::odds_until_stopped(
            self.chart,
            &self.known,
            &self.dead,
            self.seed.value,
            &self.plan,
            self.target_stderr,
            stop,
        )?)
    }

    /// The Monte Carlo table on the current rayon pool.
    ///
    /// # Errors
    /// As [`StudTableRequest::sampled_until_stopped`].
    pub fn sampled(&self) -> Result<Table, RequestError> {
        Ok(stud::odds(
            self.chart,
            &self.known,
            &self.dead,
            self.seed.value,
            &self.plan,
            self.target_stderr,
        )?)
    }

    /// The exact table, every completion visited, on the current rayon pool.
    ///
    /// # Errors
    /// As [`StudTableRequest::sampled_until_stopped`].
    pub fn exact_table(&self) -> Result<Table, RequestError> {
        Ok(stud::exact_table(self.chart, &self.known, &self.dead)?)
    }

    /// [`StudTableRequest::exact_table`], asking `stop` between its jobs: `None` when it said
    /// to stop. Never stopped, the very counts of [`StudTableRequest::exact_table`].
    ///
    /// # Errors
    /// As [`StudTableRequest::sampled_until_stopped`].
    pub fn exact_table_until_stopped(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Table>, RequestError> {
        Ok(stud::exact_table_until_stopped(
            self.chart,
            &self.known,
            &self.dead,
            stop,
        )?)
    }
}

/// One row of a stud table's Monte Carlo estimate beside its exact probability; the row is
/// named as the table names it (a category, or a low: `7_low`, `no_low`).
pub type RowEstimate = Estimate<&'static str>;

/// The rows of `sampled` beside the exact table `exact` (of the same chart).
pub fn estimates(sampled: &Table, exact: &Table) -> Vec<RowEstimate> {
    let (n, exact_total) = (sampled.total(), exact.total());
    sampled
        .rows()
        .into_iter()
        .zip(exact.counts())
        .map(|((row, count, _), &exact_count)| {
            Estimate::of(row, count, n, exact_count, exact_total)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn args<'a>(game: Game, known: &'a [Card]) -> OddsArgs<'a> {
        OddsArgs {
            game,
            cards: 7,
            known,
            dead: &[],
            rounds: Some(20_000),
            target_stderr: None,
            max_rounds: None,
            seed: Some(3),
        }
    }

    #[test]
    fn odds_sit_beside_the_exact_table_on_any_threads() {
        let known = deck::parse_cards("As2d").unwrap();
        let dead = deck::parse_cards("3c").unwrap();
        let mut razz = args(Game::plain(GameId::Razz), &known);
        razz.dead = &dead;
        let request = StudTableRequest::odds(&razz).unwrap();
        assert_eq!(request.chart, Chart::RazzLows);
        let run = |threads| engine::on_pool(threads, || request.sampled().unwrap()).unwrap();
        let one = run(1);
        assert_eq!(one, run(3));
        assert_eq!(request.sampled_until_stopped(&|| false).unwrap(), Some(one));
        let rows = estimates(&one, &request.exact_table().unwrap());
        assert_eq!(rows.len(), Chart::RazzLows.rows().len());
        assert!(rows.iter().all(|r| r.z_score.abs() < 5.0), "{rows:?}");
    }

    #[test]
    fn refusals_name_the_flag() {
        let razz = Game::plain(GameId::Razz);
        let mut six = args(razz, &[]);
        six.cards = 6;
        assert_eq!(
            StudTableRequest::odds(&six).unwrap_err().to_string(),
            "--cards is not supported with --game razz"
        );
        assert_eq!(
            StudTableRequest::exact(razz, 7, &[], &[], ExactMethod::Combinatorial)
                .unwrap_err()
                .to_string(),
            "--method combinatorial counts hold'em hands; razz is counted with --method enumerate"
        );
        let ah = deck::parse_cards("Ah").unwrap();
        // Issue 51, defect 8: the known and dead cards are named as the flags, not as a player.
        let refused = |known: &str, dead: &str| {
            let (known, dead) = (
                deck::parse_cards(known).unwrap(),
                deck::parse_cards(dead).unwrap(),
            );
            let exact = StudTableRequest::exact(razz, 7, &known, &dead, ExactMethod::Auto);
            let mut odds_args = args(razz, &known);
            odds_args.dead = &dead;
            let odds = StudTableRequest::odds(&odds_args);
            let message = exact.unwrap_err().to_string();
            assert_eq!(odds.unwrap_err().to_string(), message);
            message
        };
        assert_eq!(
            refused("AsAh7dKcQcJc2d3d", ""),
            "--known has 8 cards but a stud hand holds 7"
        );
        assert_eq!(refused("Ah", "Ah"), "card Ah is given twice");
        let dead = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJdJhJsQcQdQhQsKcKdKhKs";
        assert_eq!(
            refused("AsAh", dead),
            "the hand needs 5 more cards but only 2 are left after the known and dead cards"
        );
        assert!(StudTableRequest::exact(razz, 7, &ah, &ah, ExactMethod::Auto).is_err());
    }
}
