//! Running a prepared query: exact when the count is cheap enough (the limits of `sim
//! equity`'s method rule, [`engine::Method::resolve`]), otherwise seeded Monte Carlo with a
//! standard error and a 95 % interval on every number.

use engine::{ChunkPlan, ExactCost, ExactLimits, Method, MethodError};

use crate::answer::{Answer, lines};
use crate::spot::Prepared;
use crate::tally::Tally;
use crate::{exact, monte_carlo};

/// Limits on exact counting, in hand evaluations ([`exact::cost`]): `Auto` counts exactly up
/// to 30 million (about a second of one core), `--exact` up to 10^11.
pub const EXACT_LIMITS: ExactLimits = ExactLimits {
    auto: 30_000_000,
    max: 100_000_000_000,
    unit: "hand evaluations",
};

/// Rounds of one Monte Carlo chunk.
pub const CHUNK_ROUNDS: u64 = 1 << 16;

/// Chunks between two checks of a standard-error target.
pub const TARGET_PIECE_CHUNKS: u64 = 4;

/// Why a run gave no answer.
#[derive(Debug, Clone, PartialEq)]
pub enum RunError {
    /// The method cannot run the spot.
    Method(MethodError),
    /// The players' ranges leave no deal without shared cards.
    NoDeal,
    /// The `where` condition held on no trial.
    NeverAdmitted,
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Method(e) => e.fmt(f),
            RunError::NoDeal => {
                f.write_str("the players' ranges leave no deal without a shared card")
            }
            RunError::NeverAdmitted => f.write_str("the where condition held on no trial"),
        }
    }
}

impl std::error::Error for RunError {}

/// The method `asked` resolves to for `prepared`.
///
/// # Errors
/// [`RunError::Method`] for an exact count above [`EXACT_LIMITS`]'s maximum or a bad Monte Carlo
/// request.
pub fn resolve(prepared: &Prepared, asked: &Method) -> Result<Method, RunError> {
    asked
        .resolve(&ExactCost::Work(exact::cost(prepared)), &EXACT_LIMITS)
        .map_err(RunError::Method)
}

/// Runs `prepared` by `method` (resolved) on the current rayon pool.
///
/// # Errors
/// [`RunError`] when no deal is possible or no trial met the condition.
pub fn run(prepared: &Prepared, method: &Method) -> Result<Answer, RunError> {
    let (tally, exact) = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => (
            monte_carlo_tally(prepared, *rounds, *seed, *target_stderr)?,
            false,
        ),
        _ => (exact::run(prepared), true),
    };
    if tally.trials == 0 {
        return Err(RunError::NoDeal);
    }
    if tally.weight == 0 {
        return Err(RunError::NeverAdmitted);
    }
    Ok(Answer {
        lines: lines(&prepared.program, &tally, exact),
        exact,
        trials: tally.trials,
        admitted: tally.admitted,
    })
}

/// The Monte Carlo sums: all rounds, or with a target the pieces up to the first whose every
/// standard error is below it.
fn monte_carlo_tally(
    prepared: &Prepared,
    rounds: u64,
    seed: u64,
    target: Option<f64>,
) -> Result<Tally, RunError> {
    let plan = ChunkPlan::with_chunk_rounds(rounds, CHUNK_ROUNDS);
    let draws = monte_carlo::draws(prepared);
    let Some(target) = target else {
        return monte_carlo::run(prepared, &draws, seed, &plan, 0..plan.chunks())
            .ok_or(RunError::NoDeal);
    };
    let mut tally = Tally::new(&prepared.program);
    let mut start = 0;
    while start < plan.chunks() {
        let end = (start + TARGET_PIECE_CHUNKS).min(plan.chunks());
        let piece =
            monte_carlo::run(prepared, &draws, seed, &plan, start..end).ok_or(RunError::NoDeal)?;
        tally = tally.merge(piece);
        start = end;
        if tally.weight > 0
            && lines(&prepared.program, &tally, false)
                .iter()
                .all(|l| l.std_error.is_none_or(|e| e < target))
        {
            break;
        }
    }
    Ok(tally)
}
