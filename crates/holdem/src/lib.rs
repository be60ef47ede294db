//! Hold'em and short-deck equity: how often each of 2 to 10 hands or ranges wins, ties and what share of the
//! pot it takes on average, exactly when that is cheap and by seeded Monte Carlo otherwise; and
//! the preflop starting-hand tables built on it.
//!
//! ```text
//!  "QQ+,AKs" ──Range::parse──▶ Range ─┐
//!  board, dead cards ─────────────────┴─▶ Spot (conflicts removed) ──┬─ exact: every combo combination × board
//!                                                                     └─ Monte Carlo: chunk c seeded by (seed, c)
//!                                   ──▶ SplitTally (integer shares per player and split size) ──▶ PlayerEquity
//! ```
//!
//! Exact runs ([`enumeration`]) count the boards of each combination by suit isomorphism
//! ([`isomorphic`]: rank multisets plus a flush correction); Monte Carlo ([`sampler`]) deals
//! spots without ranges from a deck ([`dealt`]) and draws range combos otherwise, chunk by chunk
//! through [`engine::sum_chunks`], so results depend on the seed and never on the threads.
//! [`preflop`] holds the 169 starting-hand classes against random hands and the heads-up matrix.
//!
//! Short deck ([`engine::GameId::ShortDeck`], 36 cards, 2 to 8 players) runs the same code with its
//! own [`eval::Ranking`] (every counting loop is generic over it and picks it once per piece of
//! work); [`Spot::of_game`] takes the cards below a six out of play and refuses ranges
//! that name them.
//!
//! Everything runs on the current rayon pool; wrap a call in [`engine::on_pool`] to choose the
//! threads. The library neither prints nor parses command lines.
//!
//! ```
//! use engine::Method;
//! use holdem::{Range, Spot, equity};
//!
//! let players = vec![Range::parse("AcAs").unwrap(), Range::parse("KhKd").unwrap()];
//! let spot = Spot::new(players, vec![], vec![]).unwrap();
//! let result = equity(&spot, &Method::Exact).unwrap();
//! // The published counts: 1,712,304 boards, 1,388,072 won by the aces.
//! assert_eq!(result.players[0].outcomes, 1_712_304);
//! assert_eq!(result.players[0].wins, 1_388_072);
//!
//! let sampled = Method::MonteCarlo { rounds: 200_000, seed: 7, target_stderr: None };
//! let estimate = equity(&spot, &sampled).unwrap();
//! let (exact, mc) = (result.players[0].equity, estimate.players[0].equity);
//! assert!((mc - exact).abs() < 5.0 * estimate.players[0].std_error);
//! ```
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod breakdown;
pub mod class_pairs;
pub mod dealt;
pub mod enumeration;
mod error;
pub mod exact_cost;
pub mod isomorphic;
pub mod preflop;
pub mod range;
pub mod ranking;
pub mod runouts;
pub mod sampler;
pub mod spot;
pub mod stratified;
pub mod streets;
pub mod suit_classes;

use engine::Watch;
use engine::{ExactCost, ExactLimits, Method, SplitTally};

pub use engine::RangeError;

pub use breakdown::{Breakdown, breakdown, breakdown_until_stopped};
pub use error::HoldemError;
pub use exact_cost::exact_nanos;
pub use range::{HandClass, Range, Suitedness};
pub use spot::Spot;
pub use streets::{Streets, streets, streets_until_stopped};

use sampler::Sampler;

/// The limits of exact counting in hold'em and short deck, in outcomes (board × combination of
/// range hands): [`Method::Auto`] enumerates up to 50 million (set when every board was
/// visited, about a second of one core; kept so that no spot it counted exactly turns to Monte
/// Carlo), and beyond it whenever [`exact_nanos`] is within [`engine::AUTO_EXACT_NANOS`];
/// [`Method::Exact`] refuses more than 10^11.
pub const EXACT_LIMITS: ExactLimits = ExactLimits {
    auto: 50_000_000,
    max: 100_000_000_000,
    unit: "outcomes",
};

/// Combinations of range combos an exact run may list.
pub const EXACT_MAX_ASSIGNMENTS: u128 = 1 << 22;

/// The result of a hold'em or short-deck equity computation.
pub type EquityResult = engine::EquityResult<SplitTally>;

/// The method a run of `spot` uses: [`Method::Auto`] is exact when the count is estimated at
/// no more than [`engine::AUTO_EXACT_NANOS`] of one core ([`exact_nanos`]) or the spot's
/// [`outcome_bound`] is within [`EXACT_LIMITS`]'s automatic limit, else Monte Carlo. Never
/// returns `Auto`.
///
/// # Errors
/// [`HoldemError::Method`] for an exact run above the limit, a target outside (0, 1) or zero
/// rounds.
pub fn resolve(method: &Method, spot: &Spot) -> Result<Method, HoldemError> {
    resolve_estimated(method, spot).map(|(method, _)| method)
}

/// [`resolve`], with the estimate of an exact count ([`exact_nanos`]) that chose the method when
/// it was [`Method::Auto`] (`None` for any other method, which needs none): computed once, for
/// the run's words on why it was chosen.
///
/// # Errors
/// As [`resolve`].
pub fn resolve_estimated(
    method: &Method,
    spot: &Spot,
) -> Result<(Method, Option<u128>), HoldemError> {
    let estimate = matches!(method, Method::Auto { .. }).then(|| exact_nanos(spot));
    if estimate.is_some_and(|nanos| nanos <= engine::AUTO_EXACT_NANOS) {
        return Ok((Method::Exact, estimate));
    }
    let method = method.resolve(&ExactCost::Work(outcome_bound(spot)), &EXACT_LIMITS)?;
    Ok((method, estimate))
}

/// Outcomes an exact run of `game` would visit, at most (conflicts between ranges ignored).
pub fn outcome_bound(game: &Spot) -> u128 {
    game.players
        .iter()
        .map(|r| r.combos.len() as u128)
        .product::<u128>()
        .saturating_mul(enumeration::boards_per_assignment(game))
}

/// Exact work items run between two looks at the stop flag, per worker thread.
const ITEMS_PER_THREAD: usize = 64;

/// The equity of a validated spot (2 to [`engine::MAX_PLAYERS`] ranges, a board of 0, 3, 4 or 5
/// cards, dead cards; [`Spot::new`] for hold'em, [`Spot::of_game`] for any hold'em-family
/// [`Game`](engine::Game)), on the current rayon pool.
///
/// # Errors
/// An [`HoldemError`] when the ranges cannot be dealt together or the method refuses the spot.
pub fn equity(game: &Spot, method: &Method) -> Result<EquityResult, HoldemError> {
    let method = resolve(method, game)?;
    let tally = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(game, seed)?;
            sampler.simulate(seed, &sampler.plan(rounds), target_stderr)
        }
        _ => enumeration::enumerate(game, &exact_assignments(game)?),
    };
    Ok(result(method, tally))
}

/// [`equity`], asking `stop` between pieces of work: Monte Carlo before each chunk (in pieces
/// of the target's check interval with a target, of [`engine::STOP_PIECE_CHUNKS`] without), exact
/// counts between batches of work items. `None` when `stop`
/// said to stop. The counts are integers added up, so the pieces give the very numbers of
/// [`equity`].
///
/// # Errors
/// As [`equity`].
pub fn equity_until_stopped(
    game: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<EquityResult>, HoldemError> {
    let method = resolve(method, game)?;
    let tally = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(game, seed)?;
            let plan = sampler.plan(rounds);
            sampler.simulate_until_stopped(seed, &plan, target_stderr, stop)
        }
        _ => {
            let assignments = exact_assignments(game)?;
            let batch = ITEMS_PER_THREAD * rayon::current_num_threads();
            enumeration::enumerate_in_batches(game, &assignments, batch, stop)
        }
    };
    Ok(tally.map(|tally| result(method, tally)))
}

/// The assignments an exact run of `game` visits.
fn exact_assignments(game: &Spot) -> Result<spot::Assignments, HoldemError> {
    let assignments = game
        .assignments(EXACT_MAX_ASSIGNMENTS)
        .ok_or(HoldemError::TooManyAssignments)?;
    if assignments.is_empty() {
        return Err(RangeError::NoDealFits.into());
    }
    Ok(assignments)
}

/// The result of a run of `method` that counted `tally`.
fn result(method: Method, tally: SplitTally) -> EquityResult {
    let players = tally.equities(method.is_exact());
    EquityResult {
        method,
        tally,
        players,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::MethodError;

    fn game(hands: &[&str]) -> Spot {
        Spot::parse(hands, "", "")
    }

    #[test]
    fn auto_enumerates_small_spots_and_samples_large_ones() {
        let small = game(&["AcAs", "KhKd"]);
        assert_eq!(
            resolve(&Method::Auto { seed: 1 }, &small).unwrap(),
            Method::Exact
        );
        // 72 assignments in 4 suit classes: milliseconds, though 1.2·10^8 outcomes.
        let preflop = game(&["AKo", "QQ"]);
        assert!(outcome_bound(&preflop) > EXACT_LIMITS.auto);
        assert_eq!(
            resolve(&Method::Auto { seed: 1 }, &preflop).unwrap(),
            Method::Exact
        );
        let large = game(&["QQ+,AKs", "random"]);
        assert!(outcome_bound(&large) > EXACT_LIMITS.auto);
        assert!(exact_nanos(&large) > engine::AUTO_EXACT_NANOS);
        assert_eq!(
            resolve(&Method::Auto { seed: 1 }, &large).unwrap(),
            Method::MonteCarlo {
                rounds: engine::DEFAULT_ROUNDS,
                seed: 1,
                target_stderr: None
            }
        );
    }

    #[test]
    fn methods_refuse_what_they_cannot_do() {
        let huge = game(&["random", "random", "random"]);
        assert!(matches!(
            resolve(&Method::Exact, &huge),
            Err(HoldemError::Method(MethodError::TooMuchWork { .. }))
        ));
        let g = game(&["AcAs", "KhKd"]);
        let mc = |rounds, target_stderr| Method::MonteCarlo {
            rounds,
            seed: 1,
            target_stderr,
        };
        assert_eq!(
            resolve(&mc(0, None), &g),
            Err(HoldemError::Method(MethodError::NoRounds))
        );
        assert_eq!(
            resolve(&mc(10, Some(1.0)), &g),
            Err(HoldemError::Method(MethodError::BadTarget { target: 1.0 }))
        );
        let overlapping = game(&["AA", "AA", "AA"]);
        assert_eq!(
            equity(&overlapping, &Method::Exact),
            Err(HoldemError::Range(RangeError::NoDealFits))
        );
    }

    #[test]
    fn monte_carlo_does_not_depend_on_the_threads() {
        let spot = Spot::new(
            vec![Range::parse("AhKh").unwrap(), Range::parse("QQ+").unwrap()],
            vec![],
            vec![],
        )
        .unwrap();
        let method = Method::MonteCarlo {
            rounds: 300_000,
            seed: 3,
            target_stderr: None,
        };
        let run = |threads| {
            engine::on_pool(threads, || equity(&spot, &method))
                .unwrap()
                .unwrap()
        };
        assert_eq!(run(1), run(3));
    }
}
