//! Stud equity of a spot: exact by counting when that is cheap or asked for, seeded Monte
//! Carlo otherwise.

use deck::Card;
use engine::ChunkPlan;

use crate::error::StudError;
use crate::exact::{count_deal, steps};
use crate::monte_carlo::{CHUNK_ROUNDS, Sampler};
use crate::ranking::{Ranking, with_ranking};
use crate::spot::StudSpot;
use crate::tally::{PlayerEquity, Tally};

/// [`Method::Auto`] counts exactly when the count takes at most this many steps (see
/// [`exact_steps`]). A step is one bucket look-up or index entry: about 30 ns of one core in
/// stud and razz, 120 ns in hi/lo (measured heads-up on third street, 5.2·10^6 steps), so the
/// limit is about a second of one core (a few in hi/lo).
pub const EXACT_AUTO_STEPS: u128 = 30_000_000;

/// [`Method::Exact`] refuses counts of more steps than this: about 10 minutes of one core in
/// stud and razz, 40 in hi/lo. Three-way third street, 1.7·10^12 steps, is refused.
pub const EXACT_MAX_STEPS: u128 = 20_000_000_000;

/// Monte Carlo rounds when none are given.
pub const DEFAULT_ROUNDS: u64 = 10_000_000;

/// Monte Carlo rounds at most, with a standard-error target and no round count given.
pub const TARGET_MAX_ROUNDS: u64 = 1 << 32;

/// How a stud equity computation counts.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// Exact when the count takes at most [`EXACT_AUTO_STEPS`] steps, otherwise Monte Carlo
    /// with [`DEFAULT_ROUNDS`] rounds and this seed.
    Auto {
        /// The seed, should Monte Carlo be chosen.
        seed: u64,
    },
    /// Every outcome counted (at most [`EXACT_MAX_STEPS`] steps); weighted down-card ranges
    /// count each combination of hands with the product of its weights.
    Exact,
    /// Seeded sampling in chunks of [`CHUNK_ROUNDS`] rounds.
    MonteCarlo {
        /// Rounds; with a target, at most this many.
        rounds: u64,
        /// The run's seed: the same seed gives the same result on any number of threads.
        seed: u64,
        /// Stop at the first check where every player's standard error is below this, in (0, 1).
        target_stderr: Option<f64>,
    },
}

impl Method {
    /// The method a run of `spot` uses: `Auto` resolved, limits checked. Never returns `Auto`.
    ///
    /// # Errors
    /// [`StudError::ExactTooCostly`] for an exact run above the limit, [`StudError::BadTarget`]
    /// and [`StudError::NoRounds`] for bad Monte Carlo settings.
    pub fn resolve(&self, spot: &StudSpot) -> Result<Method, StudError> {
        match *self {
            Method::Auto { seed } => {
                if exact_steps(spot) <= EXACT_AUTO_STEPS {
                    Ok(Method::Exact)
                } else {
                    Method::MonteCarlo {
                        rounds: DEFAULT_ROUNDS,
                        seed,
                        target_stderr: None,
                    }
                    .resolve(spot)
                }
            }
            Method::Exact => {
                let steps = exact_steps(spot);
                if steps > EXACT_MAX_STEPS {
                    return Err(StudError::ExactTooCostly {
                        steps,
                        limit: EXACT_MAX_STEPS,
                    });
                }
                Ok(Method::Exact)
            }
            Method::MonteCarlo {
                rounds,
                target_stderr,
                ..
            } => {
                if let Some(target) = target_stderr
                    && !(target > 0.0 && target < 1.0)
                {
                    return Err(StudError::BadTarget { target });
                }
                if rounds == 0 {
                    return Err(StudError::NoRounds);
                }
                Ok(self.clone())
            }
        }
    }
}

/// The counting steps of an exact run of `spot`, at most: per combination of range hands (and
/// per shared last card, when the deck runs short), the tuples of the other players'
/// completions times the buckets each looks up, plus the index of the last player's
/// completions. A step is about one bucket look-up.
pub fn exact_steps(spot: &StudSpot) -> u128 {
    let held: usize = spot.players.iter().map(|p| p.held()).sum();
    let left = Card::COUNT - held - spot.dead.len();
    let need: Vec<usize> = (0..spot.players.len())
        .map(|s| spot.private_cards(s))
        .collect();
    let (per_deal, deals) = if spot.community() {
        (steps(&need, left - 1), left as u128)
    } else {
        (steps(&need, left), 1)
    };
    per_deal
        .saturating_mul(deals)
        .saturating_mul(spot.assignment_bound())
}

/// The result of a stud equity computation.
#[derive(Debug, Clone, PartialEq)]
pub struct StudEquity {
    /// The method used, never `Auto`.
    pub method: Method,
    /// The counts.
    pub tally: Tally,
    /// Each player's equity, in seat order.
    pub players: Vec<PlayerEquity>,
}

impl StudEquity {
    /// Whether every outcome was counted.
    pub fn is_exact(&self) -> bool {
        self.method == Method::Exact
    }
}

/// The equity of a validated spot, on the current rayon pool.
///
/// # Errors
/// A [`StudError`] when the method refuses the spot or the ranges cannot be dealt together.
pub fn equity(spot: &StudSpot, method: &Method) -> Result<StudEquity, StudError> {
    equity_until_stopped(spot, method, &|| false)
        .map(|r| r.unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`equity()`], asking `stop` between pieces of work (Monte Carlo: every [`CHUNK_ROUNDS`] · 16
/// rounds or target check; exact: every 64 completions of the first player counted, and before
/// each combination of range hands): `Ok(None)` when it said to stop.
///
/// # Errors
/// As [`equity()`].
pub fn equity_until_stopped(
    spot: &StudSpot,
    method: &Method,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<StudEquity>, StudError> {
    let method = method.resolve(spot)?;
    let tally = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(spot, seed)?;
            let plan = ChunkPlan::with_chunk_rounds(rounds, CHUNK_ROUNDS);
            sampler.simulate_until_stopped(seed, &plan, target_stderr, 16, stop)
        }
        _ => with_ranking!(spot.game, R => exact_tally::<R>(spot, stop)?),
    };
    Ok(tally.map(|tally| StudEquity {
        players: tally.equities(method == Method::Exact),
        method,
        tally,
    }))
}

/// Counts every outcome of `spot`: each combination of range hands that fits, weighted by the
/// product of its weights (1 without weights), and each shared last card when the deck runs
/// short.
fn exact_tally<R: Ranking>(
    spot: &StudSpot,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<Tally>, StudError> {
    let players = spot.players.len();
    let weighted = spot.is_weighted();
    let dead = spot.dead.iter().fold(0u64, |m, c| m | 1 << c.index());
    let need: Vec<usize> = (0..players).map(|s| spot.private_cards(s)).collect();
    let mut total = Tally::new(players);
    let mut stopped = false;
    let assignments = spot.for_each_assignment(|combos, weight| {
        if stopped || stop() {
            stopped = true;
            return;
        }
        let weight = if weighted { weight } else { 1 };
        let seats = spot.seats_with(combos);
        let used = seats.iter().flatten().fold(dead, |m, c| m | 1 << c.index());
        if !spot.community() {
            match count_deal::<R>(&seats, &need, used, stop) {
                Some(local) => total.add_local(&local, weight),
                None => stopped = true,
            }
            return;
        }
        for shared in Card::all().filter(|c| used >> c.index() & 1 == 0) {
            let with_shared: Vec<Vec<Card>> = seats
                .iter()
                .map(|s| s.iter().copied().chain([shared]).collect())
                .collect();
            match count_deal::<R>(&with_shared, &need, used | 1 << shared.index(), stop) {
                Some(local) => total.add_local(&local, weight),
                None => {
                    stopped = true;
                    return;
                }
            }
        }
    });
    if assignments == 0 {
        return Err(StudError::NoDealFits);
    }
    Ok((!stopped).then_some(total))
}
