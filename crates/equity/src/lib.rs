//! Hold'em and short-deck equity: how often each of 2 to 10 hands or ranges wins, ties and what share of the
//! pot it takes on average, exactly when that is cheap and by seeded Monte Carlo otherwise; and
//! the preflop starting-hand tables built on it.
//!
//! ```text
//!  "QQ+,AKs" ──Range::parse──▶ Range ─┐
//!  board, dead cards ─────────────────┴─▶ Game (conflicts removed) ──┬─ exact: every combo combination × board
//!                                                                     └─ Monte Carlo: chunk c seeded by (seed, c)
//!                                   ──▶ Tally (integer shares per player and split size) ──▶ PlayerEquity
//! ```
//!
//! Exact runs ([`enumeration`]) count the boards of each combination by suit isomorphism
//! ([`isomorphic`]: rank multisets plus a flush correction); Monte Carlo ([`sampler`]) deals
//! spots without ranges from a deck ([`dealt`]) and draws range combos otherwise, chunk by chunk
//! through [`engine::sum_chunks`], so results depend on the seed and never on the threads.
//! [`preflop`] holds the 169 starting-hand classes against random hands and the heads-up matrix.
//!
//! Short deck ([`Variant::ShortDeck`], 36 cards, 2 to 8 players) runs the same code with its own
//! [`eval::Ranking`] (every counting loop is generic over it and picks it once per piece of work); [`Game::with_variant`] takes the cards below a six out of play and refuses ranges
//! that name them.
//!
//! Everything runs on the current rayon pool; wrap a call in [`engine::on_pool`] to choose the
//! threads. The library neither prints nor parses command lines.
//!
//! ```
//! use equity::{Method, Range, equity};
//!
//! let players = [Range::parse("AcAs").unwrap(), Range::parse("KhKd").unwrap()];
//! let result = equity(&players, &[], &[], &Method::Exact).unwrap();
//! // The published counts: 1,712,304 boards, 1,388,072 won by the aces.
//! assert_eq!(result.players[0].outcomes, 1_712_304);
//! assert_eq!(result.players[0].wins, 1_388_072);
//!
//! let sampled = Method::MonteCarlo { rounds: 200_000, seed: 7, target_stderr: None };
//! let estimate = equity(&players, &[], &[], &sampled).unwrap();
//! let (exact, mc) = (result.players[0].equity, estimate.players[0].equity);
//! assert!((mc - exact).abs() < 5.0 * estimate.players[0].std_error);
//! ```
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod dealt;
pub mod enumeration;
mod error;
pub mod game;
pub mod isomorphic;
pub mod preflop;
pub mod range;
pub mod sampler;
pub mod stratified;
pub mod suit_classes;
pub mod tally;

use deck::Card;

pub use engine::{RangeError, Variant};
pub use error::EquityError;
pub use game::Game;
pub use range::{HandClass, Range, Suitedness};
pub use tally::{MAX_PLAYERS, PlayerEquity, Tally};

use sampler::Sampler;

/// [`Method::Auto`] enumerates when there are at most this many outcomes (set when every board
/// was visited, about a second of one core; counted by suit isomorphism it is now milliseconds,
/// but the limit is kept so that the method chosen for a spot does not change).
pub const EXACT_AUTO_LIMIT: u128 = 50_000_000;

/// [`Method::Exact`] refuses more outcomes than this.
pub const EXACT_MAX: u128 = 100_000_000_000;

/// Combinations of range combos an exact run may list.
pub const EXACT_MAX_ASSIGNMENTS: u128 = 1 << 22;

/// Monte Carlo rounds of [`Method::Auto`] when it samples, and the usual default.
pub const DEFAULT_ROUNDS: u64 = 10_000_000;

/// Monte Carlo rounds at most, with a standard-error target and no round count given.
pub const TARGET_MAX_ROUNDS: u64 = 1 << 32;

/// How an equity computation counts.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// Exact when at most [`EXACT_AUTO_LIMIT`] outcomes ([`outcome_bound`]), otherwise Monte
    /// Carlo with [`DEFAULT_ROUNDS`] rounds and this seed.
    Auto {
        /// The seed, should Monte Carlo be chosen.
        seed: u64,
    },
    /// Every outcome (at most [`EXACT_MAX`]).
    Exact,
    /// Seeded sampling in chunks ([`Sampler::plan`]).
    MonteCarlo {
        /// Rounds; with a target, at most this many.
        rounds: u64,
        /// The run's seed: the same seed gives the same result on any number of threads.
        seed: u64,
        /// Stop at the first check (every [`sampler::CHECK_ROUNDS`] rounds) where every
        /// player's standard error is below this, which must lie in (0, 1).
        target_stderr: Option<f64>,
    },
}

impl Method {
    /// Monte Carlo rounds when none are given: [`TARGET_MAX_ROUNDS`] with a target,
    /// [`DEFAULT_ROUNDS`] without.
    pub fn default_rounds(target_stderr: Option<f64>) -> u64 {
        match target_stderr {
            Some(_) => TARGET_MAX_ROUNDS,
            None => DEFAULT_ROUNDS,
        }
    }

    /// The method a run of `game` uses: [`Method::Auto`] resolved to exact or Monte Carlo, and
    /// the limits checked. Never returns `Auto`.
    ///
    /// # Errors
    /// [`EquityError::TooManyOutcomes`] for an exact run above [`EXACT_MAX`],
    /// [`EquityError::BadTarget`] for a target outside (0, 1), [`EquityError::NoRounds`] for
    /// zero rounds.
    pub fn resolve(&self, game: &Game) -> Result<Method, EquityError> {
        let bound = outcome_bound(game);
        match *self {
            Method::Auto { seed } if bound > EXACT_AUTO_LIMIT => Method::MonteCarlo {
                rounds: DEFAULT_ROUNDS,
                seed,
                target_stderr: None,
            }
            .resolve(game),
            Method::Auto { .. } | Method::Exact => {
                if bound > EXACT_MAX {
                    return Err(EquityError::TooManyOutcomes { bound });
                }
                Ok(Method::Exact)
            }
            Method::MonteCarlo {
                rounds,
                seed,
                target_stderr,
            } => {
                if let Some(target) = target_stderr
                    && !(target > 0.0 && target < 1.0)
                {
                    return Err(EquityError::BadTarget { target });
                }
                if rounds == 0 {
                    return Err(EquityError::NoRounds);
                }
                Ok(Method::MonteCarlo {
                    rounds,
                    seed,
                    target_stderr,
                })
            }
        }
    }
}

/// The result of an equity computation.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityResult {
    /// The method used: [`Method::Exact`] or [`Method::MonteCarlo`], never `Auto`.
    pub method: Method,
    /// The counts behind the equities.
    pub tally: Tally,
    /// Each player's equity, in seat order.
    pub players: Vec<PlayerEquity>,
}

impl EquityResult {
    /// Whether every outcome was counted.
    pub fn is_exact(&self) -> bool {
        self.method == Method::Exact
    }
}

/// Outcomes an exact run of `game` would visit, at most (conflicts between ranges ignored).
pub fn outcome_bound(game: &Game) -> u128 {
    game.players
        .iter()
        .map(|r| r.combos.len() as u128)
        .product::<u128>()
        .saturating_mul(enumeration::boards_per_assignment(game))
}

/// The equity of `players` (one range each, 2 to [`MAX_PLAYERS`]) with `board` (0, 3, 4 or 5
/// cards) and `dead` cards out of play, on the current rayon pool.
///
/// # Errors
/// An [`EquityError`] when the spot cannot be dealt or the method refuses it.
pub fn equity(
    players: &[Range],
    board: &[Card],
    dead: &[Card],
    method: &Method,
) -> Result<EquityResult, EquityError> {
    let game = Game::new(players.to_vec(), board.to_vec(), dead.to_vec())?;
    compute(&game, method)
}

/// [`equity`] in any [`Variant`] (short deck: 36 cards, 2 to 8 players, ranges of sixes to
/// aces only).
///
/// # Errors
/// As [`equity`], and [`EquityError::NotInDeck`] for a card or range outside the variant's deck.
pub fn equity_of(
    variant: Variant,
    players: &[Range],
    board: &[Card],
    dead: &[Card],
    method: &Method,
) -> Result<EquityResult, EquityError> {
    let game = Game::with_variant(variant, players.to_vec(), board.to_vec(), dead.to_vec())?;
    compute(&game, method)
}

/// The equity of a validated spot, on the current rayon pool.
///
/// # Errors
/// An [`EquityError`] when the ranges cannot be dealt together or the method refuses the spot.
pub fn compute(game: &Game, method: &Method) -> Result<EquityResult, EquityError> {
    let method = method.resolve(game)?;
    let tally = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(game, seed)?;
            sampler.simulate(seed, &sampler.plan(rounds), target_stderr)
        }
        _ => {
            let assignments = game
                .assignments(EXACT_MAX_ASSIGNMENTS)
                .ok_or(EquityError::TooManyAssignments)?;
            if assignments.is_empty() {
                return Err(RangeError::NoDealFits.into());
            }
            enumeration::enumerate(game, &assignments)
        }
    };
    let players = tally.equities(method == Method::Exact);
    Ok(EquityResult {
        method,
        tally,
        players,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(hands: &[&str]) -> Game {
        Game::parse(hands, "", "")
    }

    #[test]
    fn auto_enumerates_small_spots_and_samples_large_ones() {
        let small = game(&["AcAs", "KhKd"]);
        assert_eq!(
            Method::Auto { seed: 1 }.resolve(&small).unwrap(),
            Method::Exact
        );
        let large = game(&["QQ+,AKs", "random"]);
        assert!(outcome_bound(&large) > EXACT_AUTO_LIMIT);
        assert_eq!(
            Method::Auto { seed: 1 }.resolve(&large).unwrap(),
            Method::MonteCarlo {
                rounds: DEFAULT_ROUNDS,
                seed: 1,
                target_stderr: None
            }
        );
    }

    #[test]
    fn methods_refuse_what_they_cannot_do() {
        let huge = game(&["random", "random", "random"]);
        assert!(matches!(
            Method::Exact.resolve(&huge),
            Err(EquityError::TooManyOutcomes { .. })
        ));
        let g = game(&["AcAs", "KhKd"]);
        let mc = |rounds, target_stderr| Method::MonteCarlo {
            rounds,
            seed: 1,
            target_stderr,
        };
        assert_eq!(mc(0, None).resolve(&g), Err(EquityError::NoRounds));
        assert_eq!(
            mc(10, Some(1.0)).resolve(&g),
            Err(EquityError::BadTarget { target: 1.0 })
        );
        let overlapping = game(&["AA", "AA", "AA"]);
        assert_eq!(
            compute(&overlapping, &Method::Exact),
            Err(EquityError::Range(RangeError::NoDealFits))
        );
    }

    #[test]
    fn monte_carlo_does_not_depend_on_the_threads() {
        let players = [Range::parse("AhKh").unwrap(), Range::parse("QQ+").unwrap()];
        let method = Method::MonteCarlo {
            rounds: 300_000,
            seed: 3,
            target_stderr: None,
        };
        let run = |threads| {
            engine::on_pool(threads, || equity(&players, &[], &[], &method))
                .unwrap()
                .unwrap()
        };
        assert_eq!(run(1), run(3));
    }
}
