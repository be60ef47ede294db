//! Stud equity of a spot: exact by counting when that is cheap or asked for, seeded Monte
//! Carlo otherwise.

use deck::Card;
use engine::{ChunkPlan, ExactCost, ExactLimits, ExactRefusal, Method, RangeError};
use engine::{Parts, Watch};

use crate::error::StudError;
use crate::exact::{INDEX_MAX, count_deal, steps};
use crate::monte_carlo::{CHUNK_ROUNDS, Sampler};
use crate::ranking::{Ranking, with_ranking};
use crate::spot::Spot;
use crate::tally::Tally;

/// Stud's limits on exact counting, in counting steps ([`exact_steps`]). A step is one bucket
/// look-up or index entry: about 30 ns of one core in stud and razz, 120 ns in hi/lo (measured
/// heads-up on third street, 5.2·10^6 steps). [`Method::Auto`] counts exactly up to about a
/// second of one core (a few in hi/lo); [`Method::Exact`] refuses more than about 10 minutes
/// of one core in stud and razz, 40 in hi/lo. Three-handed spots count triples another way:
/// three-way third street is about 5.3·10^8 steps in stud and razz (6 s of one core) and
/// 5.6·10^8 in hi/lo (14 s), both counted by [`Method::Exact`], neither by default.
pub const EXACT_LIMITS: ExactLimits = ExactLimits {
    auto: 30_000_000,
    max: 20_000_000_000,
    unit: "counting steps",
};

/// The method a run of `spot` uses: [`Method::Auto`] resolved against [`EXACT_LIMITS`], limits
/// checked. Never returns `Auto`.
///
/// # Errors
/// [`StudError::Method`] for an exact run above the limit, a target outside (0, 1) or zero
/// rounds.
pub fn resolve(method: &Method, spot: &Spot) -> Result<Method, StudError> {
    let cost = match exact_steps(spot) {
        Some(steps) => ExactCost::Work(steps),
        None => ExactCost::Refused(ExactRefusal::TooManyCompletions {
            index_bits: INDEX_MAX.trailing_zeros(),
        }),
    };
    Ok(method.resolve(&cost, &EXACT_LIMITS)?)
}

/// The counting steps of an exact run of `spot`, at most: per combination of range hands (and
/// per shared last card, when the deck runs short), the tuples of the other players'
/// completions times the buckets each looks up, plus the index of the last player's
/// completions. A step is about one bucket look-up. `None` when the spot cannot be counted at
/// all: no player's completions fit an index (and it is not three-handed).
pub fn exact_steps(spot: &Spot) -> Option<u128> {
    let held: usize = spot.players.iter().map(|p| p.held()).sum();
    let left = Card::COUNT - held - spot.dead.len();
    let need: Vec<usize> = (0..spot.players.len())
        .map(|s| spot.private_cards(s))
        .collect();
    let (per_deal, deals) = if spot.community() {
        (steps(&need, left - 1, spot.game.is_hilo())?, left as u128)
    } else {
        (steps(&need, left, spot.game.is_hilo())?, 1)
    };
    Some(
        per_deal
            .saturating_mul(deals)
            .saturating_mul(spot.assignment_bound()),
    )
}

/// The result of a stud equity computation: the method, the counts and each player's equity
/// (with [`engine::HiLoShares`] in stud hi/lo).
pub type EquityResult = engine::EquityResult<Tally>;

/// The equity of a validated spot, on the current rayon pool.
///
/// # Errors
/// A [`StudError`] when the method refuses the spot or the ranges cannot be dealt together.
pub fn equity(spot: &Spot, method: &Method) -> Result<EquityResult, StudError> {
    equity_until_stopped(spot, method, &|| false)
        .map(|r| r.unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`equity()`], asking `stop` between pieces of work (Monte Carlo: before each chunk of
/// [`CHUNK_ROUNDS`] rounds; exact: every 64 completions of the first player counted, and before
/// each combination of range hands): `Ok(None)` when it said to stop.
///
/// # Errors
/// As [`equity()`].
pub fn equity_until_stopped(
    spot: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<EquityResult>, StudError> {
    let method = resolve(method, spot)?;
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
        _ => with_ranking!(spot.game, R => exact_tally::<R>(spot, stop)?),
    };
    Ok(tally.map(|tally| EquityResult {
        players: tally.equities(method == Method::Exact, spot.game.is_hilo()),
        method,
        tally,
    }))
}

/// Counts every outcome of `spot`: each combination of range hands that fits, weighted by the
/// product of its weights (1 without weights), and each shared last card when the deck runs
/// short.
fn exact_tally<R: Ranking>(spot: &Spot, stop: &dyn Watch) -> Result<Option<Tally>, StudError> {
    let players = spot.players.len();
    let weighted = spot.is_weighted();
    let dead = spot.dead.iter().fold(0u64, |m, c| m | 1 << c.index());
    let need: Vec<usize> = (0..players).map(|s| spot.private_cards(s)).collect();
    let mut total = Tally::new(players);
    let mut stopped = false;
    // Progress: each count of one deal is an equal part of the run; with a shared last card,
    // each assignment is counted once per card left (as many for every assignment).
    let bound = u64::try_from(spot.assignment_bound()).unwrap_or(u64::MAX);
    let assignments = spot.for_each_assignment(|combos, weight| {
        if stopped || stop.should_stop() {
            stopped = true;
            return;
        }
        let weight = if weighted { weight } else { 1 };
        let seats = spot.seats_with(combos);
        let used = seats.iter().flatten().fold(dead, |m, c| m | 1 << c.index());
        if !spot.community() {
            match count_deal::<R>(&seats, &need, used, &Parts::new(stop, bound)) {
                Some(local) => total.add_local(&local, weight),
                None => stopped = true,
            }
            return;
        }
        let part = Parts::new(
            stop,
            bound.saturating_mul(u64::from(52 - used.count_ones())),
        );
        for shared in Card::all().filter(|c| used >> c.index() & 1 == 0) {
            let with_shared: Vec<Vec<Card>> = seats
                .iter()
                .map(|s| s.iter().copied().chain([shared]).collect())
                .collect();
            match count_deal::<R>(&with_shared, &need, used | 1 << shared.index(), &part) {
                Some(local) => total.add_local(&local, weight),
                None => {
                    stopped = true;
                    return;
                }
            }
        }
    });
    if assignments == 0 {
        return Err(RangeError::NoDealFits.into());
    }
    Ok((!stopped).then_some(total))
}
