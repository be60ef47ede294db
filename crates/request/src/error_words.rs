//! The libraries' refusals in the command line's words. The engine and the family crates word
//! their errors without naming a flag or a `sim` command (`the board takes 0, 3, 4 or 5 cards`);
//! `sim` and Python print them naming the flag the user gave (`--board takes 0, 3, 4 or 5
//! cards`), and this file is the one place that says which flag. A refusal that concerns no
//! flag is printed in the library's own words.
//!
//! ```text
//!  HoldemError::BoardSize { cards: 2 } ──Display──▶ the board takes 0, 3, 4 or 5 cards, got 2
//!                                      ──Worded───▶ --board takes 0, 3, 4 or 5 cards, got 2
//! ```

use std::fmt;

use engine::game::TripsRuleOutsideShortDeck;
use engine::streets::TooManyDeals;
use engine::{BreakdownError, ExactRefusal, Game, MIN_PLAYERS, MethodError, PlayerCountError};
use holdem::HoldemError;
use omaha::OmahaError;
use stud::StudError;

/// A library error shown in the command line's words.
pub(crate) struct Worded<'a, E>(pub(crate) &'a E);

impl fmt::Display for Worded<'_, MethodError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            MethodError::TooMuchWork { cost, limit, unit } => write!(
                f,
                "--exact would visit up to {cost} {unit} (limit {limit}); use --rounds"
            ),
            MethodError::ExactRefused(ExactRefusal::TooManyCompletions { index_bits }) => write!(
                f,
                "--exact cannot count this spot: every player has too many completions to index \
                 (more than 2^{index_bits} entries each); use --rounds"
            ),
            MethodError::ExactRefused(refusal) => refusal.fmt(f),
            MethodError::NoRounds => f.write_str("--rounds must be at least 1"),
            MethodError::BadTarget { target } => write!(
                f,
                "--target-stderr {target} must lie strictly between 0 and 1"
            ),
        }
    }
}

impl fmt::Display for Worded<'_, PlayerCountError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)?;
        if self.0.players < MIN_PLAYERS {
            f.write_str(", or --opponents N")?;
        }
        Ok(())
    }
}

impl fmt::Display for Worded<'_, BreakdownError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            BreakdownError::TooManyHands { hands, limit } => write!(
                f,
                "--breakdown writes one row per hand: the ranges hold {hands} hands, more than the limit of {limit}; narrow them"
            ),
            BreakdownError::TooWide {
                combinations,
                limit,
            } => write!(
                f,
                "--breakdown counts each combination of hands on its own: the ranges make {combinations} combinations, more than the limit of {limit}; narrow them"
            ),
            BreakdownError::NoRange => {
                f.write_str("--breakdown needs a player's down cards as a range, as in (QQ+,AKs)Kd")
            }
        }
    }
}

impl fmt::Display for Worded<'_, TooManyDeals> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--streets by Monte Carlo weighs each next card by the ranges' deals: \
             these ranges have more than {} deals × cards; narrow a range or use --exact",
            self.0.limit
        )
    }
}

impl fmt::Display for Worded<'_, TripsRuleOutsideShortDeck> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("--trips-beat-straight is a short-deck rule; use it with --game shortdeck")
    }
}

impl fmt::Display for Worded<'_, HoldemError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            HoldemError::PlayerCount(e) => Worded(e).fmt(f),
            HoldemError::Method(e) => Worded(e).fmt(f),
            HoldemError::BoardSize { cards } => {
                write!(f, "--board takes 0, 3, 4 or 5 cards, got {cards}")
            }
            HoldemError::DuplicateCard { card } => {
                write!(f, "card {card} appears twice in --board and --dead")
            }
            HoldemError::TooManyAssignments => write!(f, "{}; use --rounds", self.0),
            HoldemError::BreakdownTooWide {
                combinations,
                limit,
            } => write!(
                f,
                "--breakdown by Monte Carlo lists every combination of the players' hands: \
                 these ranges have {combinations} (limit {limit}); narrow a range or use --exact"
            ),
            HoldemError::BreakdownWeights => f.write_str(
                "--breakdown by Monte Carlo cannot share rounds out by these weights; \
                 use fewer weighted ranges or --exact",
            ),
            HoldemError::NextCardWeights { limit } => {
                Worded(&TooManyDeals { limit: *limit }).fmt(f)
            }
            other => other.fmt(f),
        }
    }
}

impl fmt::Display for Worded<'_, OmahaError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            OmahaError::PlayerCount(e) => Worded(e).fmt(f),
            OmahaError::Method(e) => Worded(e).fmt(f),
            OmahaError::Breakdown(e) => Worded(e).fmt(f),
            OmahaError::NextCardWeights(e) => Worded(e).fmt(f),
            OmahaError::BoardSize { game, cards } => write!(
                f,
                "--board takes {} cards in {game}, got {cards}",
                game.board_sizes_words()
            ),
            other => other.fmt(f),
        }
    }
}

impl fmt::Display for Worded<'_, StudError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            StudError::PlayerCount(e) => Worded(e).fmt(f),
            StudError::Method(e) => Worded(e).fmt(f),
            StudError::Breakdown(e) => Worded(e).fmt(f),
            other => other.fmt(f),
        }
    }
}

/// The `sim` commands that play `game`, in a sentence: `sim equity and sim odds`.
pub(crate) fn commands_sentence(game: Game) -> String {
    let commands: Vec<String> = game
        .commands()
        .map(|c| format!("sim {}", c.name()))
        .collect();
    let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
    engine::game::sentence_list(&commands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn worded<'a, E>(error: &'a E) -> String
    where
        Worded<'a, E>: fmt::Display,
    {
        Worded(error).to_string()
    }

    #[test]
    fn method_refusals_name_the_flags() {
        let error = MethodError::TooMuchWork {
            cost: 7,
            limit: holdem::EXACT_LIMITS.max,
            unit: holdem::EXACT_LIMITS.unit,
        };
        assert_eq!(
            worded(&error),
            "--exact would visit up to 7 outcomes (limit 100000000000); use --rounds"
        );
        assert_eq!(
            worded(&HoldemError::Method(error)),
            "--exact would visit up to 7 outcomes (limit 100000000000); use --rounds"
        );
        assert_eq!(
            worded(&MethodError::NoRounds),
            "--rounds must be at least 1"
        );
        assert_eq!(
            worded(&HoldemError::from(MethodError::BadTarget { target: 0.0 })),
            "--target-stderr 0 must lie strictly between 0 and 1"
        );
        assert_eq!(
            worded(&StudError::Method(MethodError::ExactRefused(
                ExactRefusal::TooManyCompletions { index_bits: 25 }
            ))),
            "--exact cannot count this spot: every player has too many completions to index \
             (more than 2^25 entries each); use --rounds"
        );
        let omaha = ExactRefusal::RandomOrWeighted {
            game: Game::plain(GameId::Omaha),
            range: "random".into(),
        };
        assert_eq!(
            worded(&OmahaError::Method(MethodError::ExactRefused(
                omaha.clone()
            ))),
            omaha.to_string()
        );
    }

    #[test]
    fn too_few_players_are_told_of_opponents() {
        let error = |game, players| PlayerCountError { game, players };
        assert_eq!(
            worded(&error(GameId::Holdem, 1)),
            "holdem takes 2 to 10 players, got 1; add a hand, a range or `random` for each \
             opponent, or --opponents N"
        );
        assert_eq!(
            worded(&StudError::PlayerCount(error(GameId::Razz, 9))),
            "razz takes 2 to 8 players, got 9"
        );
        assert_eq!(
            worded(&OmahaError::PlayerCount(error(GameId::Omaha, 0))),
            "omaha takes 2 to 10 players, got 0; add a hand, a range or `random` for each \
             opponent, or --opponents N"
        );
    }

    #[test]
    fn breakdown_and_streets_refusals_name_their_flags() {
        assert_eq!(
            worded(&OmahaError::Breakdown(BreakdownError::TooManyHands {
                hands: 194_581,
                limit: engine::MAX_HAND_ROWS
            })),
            "--breakdown writes one row per hand: the ranges hold 194581 hands, more than the limit of 100000; narrow them"
        );
        assert_eq!(
            worded(&StudError::Breakdown(BreakdownError::NoRange)),
            "--breakdown needs a player's down cards as a range, as in (QQ+,AKs)Kd"
        );
        assert_eq!(
            worded(&BreakdownError::TooWide {
                combinations: 5_000_000,
                limit: engine::MAX_COMBINATIONS
            }),
            "--breakdown counts each combination of hands on its own: the ranges make 5000000 combinations, more than the limit of 4194304; narrow them"
        );
        assert_eq!(
            worded(&HoldemError::BreakdownTooWide {
                combinations: 9,
                limit: 8
            }),
            "--breakdown by Monte Carlo lists every combination of the players' hands: these \
             ranges have 9 (limit 8); narrow a range or use --exact"
        );
        assert_eq!(
            worded(&HoldemError::BreakdownWeights),
            "--breakdown by Monte Carlo cannot share rounds out by these weights; use fewer \
             weighted ranges or --exact"
        );
        let deals = TooManyDeals {
            limit: engine::streets::WEIGHT_WORK_LIMIT,
        };
        let message = "--streets by Monte Carlo weighs each next card by the ranges' deals: these \
                       ranges have more than 4294967296 deals × cards; narrow a range or use --exact";
        assert_eq!(worded(&OmahaError::NextCardWeights(deals)), message);
        assert_eq!(
            worded(&HoldemError::NextCardWeights { limit: deals.limit }),
            message
        );
    }

    #[test]
    fn board_and_game_refusals_name_their_flags() {
        assert_eq!(
            worded(&HoldemError::BoardSize { cards: 2 }),
            "--board takes 0, 3, 4 or 5 cards, got 2"
        );
        let card = "Ah".parse().unwrap();
        assert_eq!(
            worded(&HoldemError::DuplicateCard { card }),
            "card Ah appears twice in --board and --dead"
        );
        assert_eq!(
            worded(&HoldemError::TooManyAssignments),
            "too many combinations of range hands to enumerate; use --rounds"
        );
        assert_eq!(
            worded(&TripsRuleOutsideShortDeck),
            "--trips-beat-straight is a short-deck rule; use it with --game shortdeck"
        );
        assert_eq!(
            commands_sentence(Game::plain(GameId::Omaha6Hilo)),
            "sim equity, sim odds and sim rank"
        );
        assert_eq!(
            commands_sentence(Game::HOLDEM),
            "sim equity, sim odds, sim exact, sim preflop, sim bench, sim hits and sim rank"
        );
    }
}
