//! Omaha equity of a spot: exact when every player holds one hand, seeded Monte Carlo otherwise.

use engine::{ChunkPlan, RangeError};

use crate::error::OmahaError;
use crate::exact::{board_count, enumerate, hand_combinations};
use crate::game::OmahaGame;
use crate::monte_carlo::{CHUNK_ROUNDS, FIT_SEARCH_BUDGET, Sampler};
use crate::tally::{PlayerEquity, Tally};

/// [`Method::Auto`] counts exactly when hand combinations × boards are at most this many.
pub const EXACT_AUTO_LIMIT: u128 = 5_000_000;

/// [`Method::Exact`] refuses more hand combinations × boards than this.
pub const EXACT_MAX: u128 = 10_000_000_000;

/// Monte Carlo rounds when none are given.
pub const DEFAULT_ROUNDS: u64 = 10_000_000;

/// Monte Carlo rounds at most, with a standard-error target and no round count given.
pub const TARGET_MAX_ROUNDS: u64 = 1 << 32;

/// How an Omaha equity computation counts.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// Exact when no player is `random` or weighted and hand combinations × boards are at most
    /// [`EXACT_AUTO_LIMIT`] (one hand each heads-up preflop: C(44, 5) = 1,086,008 boards),
    /// otherwise Monte Carlo with [`DEFAULT_ROUNDS`] rounds and this seed.
    Auto {
        /// The seed, should Monte Carlo be chosen.
        seed: u64,
    },
    /// Every board for every compatible combination of hands (at most [`EXACT_MAX`]); no
    /// player may be `random` or weighted.
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
    /// The method a run of `game` uses: `Auto` resolved, limits checked. Never returns `Auto`.
    ///
    /// # Errors
    /// [`OmahaError::ExactNeedsHands`] for an exact run with a range, [`RangeError::NoDealFits`]
    /// for one whose ranges cannot be dealt together, [`OmahaError::BadTarget`] and
    /// [`OmahaError::NoRounds`] for bad Monte Carlo settings.
    pub fn resolve(&self, game: &OmahaGame) -> Result<Method, OmahaError> {
        match *self {
            Method::Auto { seed } => {
                if exact_refusal(game).is_none() && exact_cost(game) <= EXACT_AUTO_LIMIT {
                    refuse_if_nothing_fits(game)?;
                    Ok(Method::Exact)
                } else {
                    Method::MonteCarlo {
                        rounds: DEFAULT_ROUNDS,
                        seed,
                        target_stderr: None,
                    }
                    .resolve(game)
                }
            }
            Method::Exact => {
                if let Some(error) = exact_refusal(game) {
                    return Err(error);
                }
                let cost = exact_cost(game);
                if cost > EXACT_MAX {
                    return Err(OmahaError::TooManyBoards {
                        boards: cost,
                        limit: EXACT_MAX,
                    });
                }
                refuse_if_nothing_fits(game)?;
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
                    return Err(OmahaError::BadTarget { target });
                }
                if rounds == 0 {
                    return Err(OmahaError::NoRounds);
                }
                Ok(self.clone())
            }
        }
    }
}

/// Refuses an exact run of ranges that cannot be dealt together, which would count nothing
/// (a search that runs out of tries lets the count go ahead: it finds nothing either way).
fn refuse_if_nothing_fits(game: &OmahaGame) -> Result<(), OmahaError> {
    match game.deal_fits(FIT_SEARCH_BUDGET) {
        Some(false) => Err(RangeError::NoDealFits.into()),
        _ => Ok(()),
    }
}

/// Hand combinations × boards an exact run would visit, at most.
fn exact_cost(game: &OmahaGame) -> u128 {
    hand_combinations(game).saturating_mul(board_count(game))
}

/// Why `game` cannot be counted exactly, if it cannot: a `random` or weighted player.
fn exact_refusal(game: &OmahaGame) -> Option<OmahaError> {
    game.players
        .iter()
        .find(|r| r.random || r.is_weighted())
        .map(|r| OmahaError::ExactNeedsHands {
            range: r.text.clone(),
        })
}

/// The result of an Omaha equity computation.
#[derive(Debug, Clone, PartialEq)]
pub struct OmahaEquity {
    /// The method used, never `Auto`.
    pub method: Method,
    /// Boards per hand combination of an exact run, or 0.
    pub boards: u128,
    /// The counts.
    pub tally: Tally,
    /// Each player's equity, in seat order.
    pub players: Vec<PlayerEquity>,
}

impl OmahaEquity {
    /// Whether every outcome was counted.
    pub fn is_exact(&self) -> bool {
        self.method == Method::Exact
    }
}

/// The equity of a validated spot, on the current rayon pool.
///
/// # Errors
/// An [`OmahaError`] when the method refuses the spot or the ranges cannot be dealt together.
pub fn equity(game: &OmahaGame, method: &Method) -> Result<OmahaEquity, OmahaError> {
    let method = method.resolve(game)?;
    // Built here, on the caller's pool, before any worker needs them.
    let _ = crate::tables::Tables::get();
    let (tally, boards) = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let sampler = Sampler::new(game, seed)?;
            let plan = ChunkPlan::with_chunk_rounds(rounds, CHUNK_ROUNDS);
            (sampler.simulate(seed, &plan, target_stderr), 0)
        }
        _ => (enumerate(game), board_count(game)),
    };
    let players = tally.equities(method == Method::Exact);
    Ok(OmahaEquity {
        method,
        boards,
        tally,
        players,
    })
}
