//! Draw equity of a spot: exact by counting when that is cheap or asked for (one draw to
//! come, or more where the stub cannot run out), seeded Monte Carlo otherwise; a spot with
//! ranges of kept hands through [`crate::ranged`].

use engine::Watch;
use engine::{ChunkPlan, Method};

use crate::draws_exact::count_draws;
use crate::error::DrawError;
use crate::exact::{count, resolve};
use crate::monte_carlo::{CHUNK_ROUNDS, simulate_until_stopped};
use crate::spot::Spot;
use crate::tally::Tally;

/// The result of a draw equity computation: the method, the counts and each player's equity
/// (with [`engine::HiLoShares`] in five-card draw hi/lo).
pub type EquityResult = engine::EquityResult<Tally>;

/// The equity of a validated spot, on the current rayon pool.
///
/// # Errors
/// A [`DrawError`] when the method refuses the spot.
pub fn equity(spot: &Spot, method: &Method) -> Result<EquityResult, DrawError> {
    equity_until_stopped(spot, method, &|| false)
        .map(|r| r.unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`equity()`], asking `stop` between pieces of work: `Ok(None)` when it said to stop.
///
/// # Errors
/// As [`equity()`].
pub fn equity_until_stopped(
    spot: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<EquityResult>, DrawError> {
    if spot.has_ranges() {
        return crate::ranged::equity_until_stopped(spot, method, stop);
    }
    let method = resolve(method, spot)?;
    let tally = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let plan = ChunkPlan::with_chunk_rounds(rounds, CHUNK_ROUNDS);
            simulate_until_stopped(spot, seed, &plan, target_stderr, stop)
        }
        _ if spot.draws > 1 => count_draws(spot, stop),
        _ => count(spot, stop).map(|local| {
            let mut tally = Tally::new(spot.players.len());
            tally.add_local(&local, 1);
            tally
        }),
    };
    Ok(tally.map(|tally| EquityResult {
        players: tally.equities(method == Method::Exact, spot.game.is_hilo()),
        method,
        tally,
    }))
}
