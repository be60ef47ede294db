//! Omaha equity of a spot: exact when every player holds one hand, seeded Monte Carlo otherwise.

use engine::Watch;
use engine::{ChunkPlan, ExactCost, ExactLimits, ExactRefusal, Method, PotTally, RangeError};

use crate::error::OmahaError;
use crate::exact::{board_count, enumerate, enumerate_until_stopped, hand_combinations};
use crate::monte_carlo::{CHUNK_ROUNDS, FIT_SEARCH_BUDGET, Sampler};
use crate::spot::Spot;

/// The limits of exact counting in Omaha, in hand combinations × boards: [`Method::Auto`]
/// counts exactly up to 5 million (one hand each heads-up preflop: C(44, 5) = 1,086,008
/// boards), [`Method::Exact`] refuses more than 10^10.
pub const EXACT_LIMITS: ExactLimits = ExactLimits {
    auto: 5_000_000,
    max: 10_000_000_000,
    unit: "hand combinations × boards",
};

/// The method a run of `spot` uses: [`Method::Auto`] resolved against [`EXACT_LIMITS`] (exact
/// only when no player is `random` or weighted), limits checked. Never returns `Auto`.
///
/// # Errors
/// [`OmahaError::Method`] for an exact run with a random or weighted range or above the limit,
/// a target outside (0, 1) or zero rounds; [`RangeError::NoDealFits`] for an exact run whose
/// ranges cannot be dealt together.
pub fn resolve(method: &Method, spot: &Spot) -> Result<Method, OmahaError> {
    let cost = match exact_refusal(spot) {
        Some(reason) => ExactCost::Refused(reason),
        None => ExactCost::Work(exact_cost(spot)),
    };
    let resolved = method.resolve(&cost, &EXACT_LIMITS)?;
    if matches!(resolved, Method::Exact) {
        refuse_if_nothing_fits(spot)?;
    }
    Ok(resolved)
}

/// Refuses an exact run of ranges that cannot be dealt together, which would count nothing
/// (a search that runs out of tries lets the count go ahead: it finds nothing either way).
fn refuse_if_nothing_fits(spot: &Spot) -> Result<(), OmahaError> {
    match spot.deal_fits(FIT_SEARCH_BUDGET) {
        Some(false) => Err(RangeError::NoDealFits.into()),
        _ => Ok(()),
    }
}

/// Hand combinations × boards an exact run would visit, at most.
fn exact_cost(spot: &Spot) -> u128 {
    hand_combinations(spot).saturating_mul(board_count(spot))
}

/// Why `spot` cannot be counted exactly, if it cannot: a `random` or weighted player.
fn exact_refusal(spot: &Spot) -> Option<ExactRefusal> {
    spot.players
        .iter()
        .find(|r| r.random || r.is_weighted())
        .map(|r| ExactRefusal::RandomOrWeighted {
            game: spot.game,
            range: r.text.clone(),
        })
}

/// The result of an Omaha equity computation.
pub type EquityResult = engine::EquityResult<PotTally>;

/// The equity of a validated spot, on the current rayon pool.
///
/// # Errors
/// An [`OmahaError`] when the method refuses the spot or the ranges cannot be dealt together.
pub fn equity(spot: &Spot, method: &Method) -> Result<EquityResult, OmahaError> {
    let method = resolve(method, spot)?;
    // Built here, on the caller's pool, before any worker needs them.
    let _ = crate::tables::Tables::get();
    let tally = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(spot, seed)?;
            let plan = ChunkPlan::with_chunk_rounds(rounds, CHUNK_ROUNDS);
            sampler.simulate(seed, &plan, target_stderr)
        }
        _ => enumerate(spot),
    };
    Ok(result(spot, method, tally))
}

/// [`equity`], asking `stop` between pieces of work: Monte Carlo before each chunk (in pieces of
/// [`crate::monte_carlo::CHECK_CHUNKS`] chunks with a target, of [`engine::STOP_PIECE_CHUNKS`]
/// without), exact counts between combinations of hands.
/// `None` when `stop` said to stop; otherwise the very numbers of [`equity`].
///
/// # Errors
/// As [`equity`].
pub fn equity_until_stopped(
    spot: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<EquityResult>, OmahaError> {
    let method = resolve(method, spot)?;
    let _ = crate::tables::Tables::get();
    let tally = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(spot, seed)?;
            let plan = ChunkPlan::with_chunk_rounds(rounds, CHUNK_ROUNDS);
            sampler.simulate_until_stopped(seed, &plan, target_stderr, stop)
        }
        _ => enumerate_until_stopped(spot, stop),
    };
    Ok(tally.map(|tally| result(spot, method, tally)))
}

/// The result of a run of `method` on `spot` that counted `tally`.
fn result(spot: &Spot, method: Method, tally: PotTally) -> EquityResult {
    let players = tally.equities(method.is_exact(), spot.game.is_hilo());
    EquityResult {
        method,
        tally,
        players,
    }
}
