//! Running a prepared query: exact when the count is cheap enough (the limits of `sim
//! equity`'s method rule, [`engine::Method::resolve`]), otherwise seeded Monte Carlo with a
//! standard error and a 95 % interval on every number.
//!
//! A run may be watched ([`run_until_stopped`]): asked whether to stop before each exact job
//! (a first player's hand with the board's first card) and each Monte Carlo chunk, and told
//! each one done, for a progress bar; never inside the trials.

use std::sync::Arc;

use engine::driver::Job;
use engine::{
    ChunkPlan, ExactCost, ExactLimits, ExactRefusal, Method, MethodError, STOP_PIECE_CHUNKS,
    TargetCheck, Watch, sum_pieces_until_stopped,
};

use crate::answer::{Answer, lines};
use crate::spot::Prepared;
use crate::tally::Tally;
use crate::{exact, monte_carlo, street_table_build};

/// Limits on exact counting, in hand evaluations ([`exact::cost`]): `Auto` counts exactly up
/// to 30 million (about a second of one core), `--exact` up to 10^11.
pub const EXACT_LIMITS: ExactLimits = ExactLimits {
    auto: 30_000_000,
    max: 100_000_000_000,
    unit: "hand evaluations",
};

/// Rounds of one Monte Carlo chunk.
pub const CHUNK_ROUNDS: u64 = 1 << 16;

/// Chunks between two checks of a standard-error target (a stop request is asked before every
/// chunk).
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
    let cost = match &prepared.later {
        Some(later) => ExactCost::Refused(ExactRefusal::LaterDraws { draws: later.draws }),
        None => ExactCost::Work(exact::cost(prepared)),
    };
    asked
        .resolve(&cost, &EXACT_LIMITS)
        .map_err(RunError::Method)
}

/// Runs `prepared` by `method` (resolved) on the current rayon pool.
///
/// # Errors
/// [`RunError`] when no deal is possible or no trial met the condition.
pub fn run(prepared: &Prepared, method: &Method) -> Result<Answer, RunError> {
    run_until_stopped(prepared, method, &|| false)
        .map(|answer| answer.unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`run`], asking `watch` whether to stop before each exact job or Monte Carlo chunk and
/// telling it each one done (jobs of all the jobs, or rounds of all the rounds): `None` when
/// it said to stop. The answer is the very one of [`run`].
///
/// # Errors
/// [`RunError`] when no deal is possible or no trial met the condition.
pub fn run_until_stopped(
    prepared: &Prepared,
    method: &Method,
    watch: &dyn Watch,
) -> Result<Option<Answer>, RunError> {
    // `hvhEquity` on every street board at once, where that is cheaper than one at a time.
    let trials = match method {
        Method::MonteCarlo { rounds, .. } => Some(*rounds),
        _ => None,
    };
    let with_table;
    let prepared = match street_table_build::for_run(prepared, trials) {
        Some(table) => {
            let mut copy = prepared.clone();
            copy.program.street_table = Some(Arc::new(table));
            with_table = copy;
            &with_table
        }
        None => prepared,
    };
    let (tally, exact) = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let Some(tally) = monte_carlo_tally(prepared, *rounds, *seed, *target_stderr, watch)?
            else {
                return Ok(None);
            };
            (tally, false)
        }
        _ => {
            let Some(tally) = exact::run_until_stopped(prepared, watch) else {
                return Ok(None);
            };
            (tally, true)
        }
    };
    if tally.trials == 0 {
        return Err(RunError::NoDeal);
    }
    if tally.weight == 0 {
        return Err(RunError::NeverAdmitted);
    }
    Ok(Some(Answer {
        lines: lines(&prepared.program, &tally, exact),
        exact,
        trials: tally.trials,
        admitted: tally.admitted,
    }))
}

/// The Monte Carlo sums: all rounds, or with a target the pieces of [`TARGET_PIECE_CHUNKS`]
/// up to the first whose every standard error is below it; `Ok(None)` when `watch` said to
/// stop.
fn monte_carlo_tally(
    prepared: &Prepared,
    rounds: u64,
    seed: u64,
    target: Option<f64>,
    watch: &dyn Watch,
) -> Result<Option<Tally>, RunError> {
    let plan = ChunkPlan::with_chunk_rounds(rounds, CHUNK_ROUNDS);
    let draws = monte_carlo::draws(prepared);
    let deal = crate::deal::Deal::of(prepared);
    let program = &prepared.program;
    // `None` inside: the ranges left no deal, and the run ends there.
    let met = |tally: &Option<Tally>| match tally {
        None => true,
        Some(t) => target.is_some_and(|target| {
            t.weight > 0
                && lines(program, t, false)
                    .iter()
                    .all(|l| l.std_error.is_none_or(|e| e < target))
        }),
    };
    let summed = sum_pieces_until_stopped(
        &Job::whole(seed, &plan),
        watch,
        || Some(Tally::new(program)),
        |chunk| monte_carlo::run_chunk(prepared, &draws, &deal, chunk),
        |a, b| Some(a?.merge(b?)),
        Some(TargetCheck {
            every: if target.is_some() {
                TARGET_PIECE_CHUNKS
            } else {
                STOP_PIECE_CHUNKS
            },
            met,
        }),
    );
    match summed {
        None => Ok(None),
        Some(None) => Err(RunError::NoDeal),
        Some(Some(tally)) => Ok(Some(tally)),
    }
}
