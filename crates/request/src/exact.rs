//! Exact table requests (`sim exact`, Python's `exact`): every completion of a hand's known
//! cards counted, combinatorially or by visiting each hand.

use deck::Card;
use engine::Watch;
use engine::exact_counts::{combinatorial_counts, enumerate_counts_of};
use engine::{CategoryCounts, Command, Game};

use crate::error::RequestError;
use crate::game_options::OptionValues;
use crate::odds::{OddsHand, odds_hand};

/// How exact counts are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExactMethod {
    /// Combinatorially when that is possible (hold'em without known or dead cards), otherwise by
    /// visiting every hand.
    Auto,
    /// From rank multisets and suit patterns, without visiting hands: hold'em, no known or dead
    /// cards.
    Combinatorial,
    /// Visiting every completion.
    Enumerate,
}

impl ExactMethod {
    /// The method named `auto`, `combinatorial` or `enumerate`.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for any other name.
    pub fn named(name: &str) -> Result<Self, RequestError> {
        match name {
            "auto" => Ok(Self::Auto),
            "combinatorial" => Ok(Self::Combinatorial),
            "enumerate" => Ok(Self::Enumerate),
            other => Err(RequestError::invalid(format!(
                "--method '{other}': want auto, combinatorial or enumerate"
            ))),
        }
    }
}

/// A validated exact run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExactRequest {
    /// The hand: a board game's ([`OddsHand::Board`]) or a chart family's table ([`OddsHand::Chart`]: stud's, the draw games').
    pub hand: OddsHand,
    /// How to count: never [`ExactMethod::Auto`] (resolved here).
    pub method: ExactMethod,
}

impl ExactRequest {
    /// Validates an exact run of `cards` cards with `known` fixed and `dead` out of play in
    /// `game`, given the game's own `options` ([`crate::game_options`]).
    ///
    /// # Errors
    /// [`RequestError`] for a game without exact tables, an option it does not take, a bad hand or dead cards, or a
    /// combinatorial count of known or dead cards or of short deck.
    pub fn new(
        game: Game,
        cards: usize,
        known: &[Card],
        dead: &[Card],
        options: &OptionValues,
        method: ExactMethod,
    ) -> Result<Self, RequestError> {
        if !game.plays(Command::Exact) {
            return Err(RequestError::not_played(game, Command::Exact));
        }
        crate::game_options::check(game, Command::Exact, options)?;
        let hand = match odds_hand(game, cards, known, dead)?.with_options(options)? {
            OddsHand::Board(hand) => hand,
            chart @ OddsHand::Chart { .. } => {
                let method = chart_exact_method(game, method)?;
                if let OddsHand::Chart {
                    chart, known, dead, ..
                } = &chart
                {
                    chart.family_chart().check_exact(game, known, dead)?;
                }
                return Ok(Self {
                    hand: chart,
                    method,
                });
            }
            OddsHand::Omaha { .. } => return Err(RequestError::not_played(game, Command::Exact)),
        };
        let holdem = hand.game() == Game::HOLDEM;
        let plain = hand.known().is_empty() && hand.dead().is_empty();
        let method = match method {
            ExactMethod::Auto if plain && holdem => ExactMethod::Combinatorial,
            ExactMethod::Auto => ExactMethod::Enumerate,
            ExactMethod::Combinatorial if !hand.known().is_empty() => {
                return Err(RequestError::invalid(
                    "--method combinatorial counts hands without known cards; use --method enumerate",
                ));
            }
            ExactMethod::Combinatorial if !hand.dead().is_empty() => {
                return Err(RequestError::invalid(
                    "--method combinatorial counts hands without dead cards; use --method enumerate",
                ));
            }
            ExactMethod::Combinatorial if !holdem => {
                return Err(RequestError::invalid(
                    "--method combinatorial counts hold'em hands; short deck is counted with --method enumerate",
                ));
            }
            method => method,
        };
        Ok(Self {
            hand: OddsHand::Board(hand),
            method,
        })
    }

    /// The counts of every completion, on the current rayon pool.
    pub fn counts(&self) -> CategoryCounts {
        self.counts_until_stopped(&|| false)
            .unwrap_or_else(|| unreachable!("never asked to stop"))
    }

    /// [`ExactRequest::counts`], asking `stop` between the jobs of a stud table (a board
    /// game's counts take at most seconds, in one piece): `None` when it said to stop.
    pub fn counts_until_stopped(&self, stop: &dyn Watch) -> Option<CategoryCounts> {
        match &self.hand {
            OddsHand::Board(hand) => Some(match self.method {
                ExactMethod::Combinatorial => combinatorial_counts(hand.cards()),
                _ => enumerate_counts_of(hand),
            }),
            OddsHand::Chart {
                game,
                chart,
                known,
                dead,
            } => chart
                .family_chart()
                .exact_until_stopped(*game, known, dead, true, stop)
                .map(|counts| {
                    counts.unwrap_or_else(|| unreachable!("checked by ExactRequest::new"))
                }),
            OddsHand::Omaha { .. } => unreachable!("Omaha plays no exact tables"),
        }
    }

    /// The names of the table's rows, in the order of the counts' slots.
    pub fn rows(&self) -> &'static [&'static str] {
        self.hand.rows()
    }

    /// The method's name: `combinatorial` or `enumerate`.
    pub fn method_name(&self) -> &'static str {
        match self.method {
            ExactMethod::Combinatorial => "combinatorial",
            _ => "enumerate",
        }
    }

    /// The line `sim exact` ends with, of `total` completions counted in `seconds` on
    /// `threads` (the threads as words).
    pub fn summary_line(&self, total: u64, seconds: f64, threads: &str) -> String {
        match &self.hand {
            OddsHand::Chart { game, chart, .. } => format!(
                "sim exact: {game} {chart}, {total} completions in {seconds:.3} s on {threads}"
            ),
            _ => format!(
                "sim exact ({}): {total} hands, {threads}, {seconds:.3} s",
                self.method_name()
            ),
        }
    }
}

/// The counting of a chart family's exact table (stud's, the draw games'): every completion visited (`auto` and `enumerate`).
///
/// # Errors
/// [`RequestError::Invalid`] for `combinatorial`, which counts hold'em hands.
fn chart_exact_method(game: Game, method: ExactMethod) -> Result<ExactMethod, RequestError> {
    if method == ExactMethod::Combinatorial {
        return Err(RequestError::invalid(format!(
            "--method combinatorial counts hold'em hands; {} is counted with --method enumerate",
            game.name()
        )));
    }
    Ok(ExactMethod::Enumerate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn auto_picks_the_fastest_method_and_refusals_name_the_flag() {
        let request = ExactRequest::new(Game::HOLDEM, 5, &[], &[], &[], ExactMethod::Auto).unwrap();
        assert_eq!(request.method, ExactMethod::Combinatorial);
        assert_eq!(request.counts().total(), 2_598_960);
        let short = Game::plain(GameId::ShortDeck);
        let request = ExactRequest::new(short, 5, &[], &[], &[], ExactMethod::Auto).unwrap();
        assert_eq!(request.method, ExactMethod::Enumerate);
        assert_eq!(request.counts().total(), 376_992);
        let ah = deck::parse_cards("Ah").unwrap();
        for (game, known, message) in [
            (
                Game::HOLDEM,
                &ah[..],
                "--method combinatorial counts hands without known cards; use --method enumerate",
            ),
            (
                short,
                &[][..],
                "--method combinatorial counts hold'em hands; short deck is counted with --method enumerate",
            ),
            (
                Game::plain(GameId::Omaha),
                &[][..],
                "--game omaha: this command plays hold'em, short deck, seven-card stud, stud hi/lo, razz, five-card draw, five-card draw hi/lo, 2-7 lowball, A-5 lowball, 2-7 triple draw, A-5 triple draw and badugi; Omaha is played by sim equity, sim odds and sim rank",
            ),
        ] {
            assert_eq!(
                ExactRequest::new(game, 7, known, &[], &[], ExactMethod::Combinatorial)
                    .unwrap_err()
                    .to_string(),
                message
            );
        }
        assert_eq!(
            ExactMethod::named("x").unwrap_err().to_string(),
            "--method 'x': want auto, combinatorial or enumerate"
        );
    }

    #[test]
    fn dead_cards_are_enumerated_and_refused_by_the_combinatorial_count() {
        let dead = deck::parse_cards("2c7h").unwrap();
        let request =
            ExactRequest::new(Game::HOLDEM, 5, &[], &dead, &[], ExactMethod::Auto).unwrap();
        assert_eq!(request.method, ExactMethod::Enumerate);
        assert_eq!(request.counts().total(), 2_118_760); // C(50, 5)
        assert_eq!(
            ExactRequest::new(Game::HOLDEM, 5, &[], &dead, &[], ExactMethod::Combinatorial)
                .unwrap_err()
                .to_string(),
            "--method combinatorial counts hands without dead cards; use --method enumerate"
        );
        let short = Game::plain(GameId::ShortDeck);
        assert_eq!(
            ExactRequest::new(short, 5, &[], &dead, &[], ExactMethod::Auto)
                .unwrap_err()
                .to_string(),
            "card 2c is not in the 36-card deck of short deck (sixes to aces only)"
        );
    }
}
