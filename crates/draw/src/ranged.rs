//! Equity of a spot where players are ranges of kept hands ([`crate::range`]): every
//! combination of one hand per ranged player that shares no card (an *assignment*), weighed by
//! the product of its hands' weights, each played as the spot of fixed hands it makes, by the
//! very counts and samplers of such spots.
//!
//! ```text
//!  assignments a (engine::breakdown_rows::list_combinations), weight W(a)
//!  exact:        crate::exact::count on the spot of a's hands: O(a) outcomes, each equally
//!                likely; credited × W(a)·M/O(a), M the least common multiple of every O(a),
//!                so that each assignment weighs W(a)·M whatever number of cards its hands keep
//!  Monte Carlo:  engine::Strata spreads the rounds over the assignments by weight; each one's
//!                rounds are crate::monte_carlo::run_chunk's on the spot of its hands
//!  credits:      the whole table's tally, and each ranged player's hand in a (its breakdown row)
//! ```
//!
//! Counts are integers added up, so the threads cannot change them. The cost of an exact run is
//! the sum of the fixed spots' counting steps ([`crate::exact_steps`]), which depend only on
//! how many cards each hand keeps.

use std::collections::HashMap;

use deck::Card;
use engine::breakdown_rows::list_combinations;
use engine::choose::CHOOSE;
use engine::pot_tally::{PlayerCounts, lcm_up_to};
use engine::{Chunk, ExactCost, Method, RangeError, Strata, Watch};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::error::DrawError;
use crate::exact::{EXACT_LIMITS, count, exact_steps};
use crate::monte_carlo::run_chunk;
use crate::range::KeptRange;
use crate::spot::{Hand, Spot};
use crate::tally::{LocalTally, Tally};

/// One hand's counts from its player's seat, over the assignments that hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct HandCounts {
    /// Outcomes, weighted.
    pub outcomes: u128,
    /// Outcomes counted or rounds played, unweighted.
    pub samples: u128,
    /// The seat's counts, weighted.
    pub counts: PlayerCounts<u128>,
}

/// A ranged run's counts: the table's, and per ranged player each hand's.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Counts {
    /// The whole table, as a plain run counts it.
    pub total: Tally,
    /// Per ranged player (seat order), per hand of its range.
    pub hands: Vec<Vec<HandCounts>>,
}

impl Counts {
    fn zero(spot: &Spot, assignments: &Assignments) -> Counts {
        Counts {
            total: Tally::new(spot.players.len()),
            hands: assignments
                .seats
                .iter()
                .map(|&s| vec![HandCounts::default(); range_of(spot, s).hands.len()])
                .collect(),
        }
    }

    fn add(mut self, other: Counts) -> Counts {
        self.total = self.total + other.total;
        for (a, b) in self.hands.iter_mut().zip(other.hands) {
            for (a, b) in a.iter_mut().zip(b) {
                a.outcomes += b.outcomes;
                a.samples += b.samples;
                a.counts = a.counts + b.counts;
            }
        }
        self
    }

    /// Credits `local`, each outcome standing for `scale`, to the table and to assignment
    /// `a`'s hands.
    fn credit(&mut self, assignments: &Assignments, a: usize, local: &LocalTally, scale: u128) {
        self.total.add_local(local, scale);
        for ((hands, &pick), &seat) in self
            .hands
            .iter_mut()
            .zip(assignments.picks(a))
            .zip(&assignments.seats)
        {
            let l = &local.counts[seat];
            let hand = &mut hands[pick as usize];
            hand.outcomes += u128::from(local.outcomes) * scale;
            hand.samples += u128::from(local.outcomes);
            let c = &mut hand.counts;
            c.wins += u128::from(l.wins) * scale;
            c.ties += u128::from(l.ties) * scale;
            c.scoops += u128::from(l.scoops) * scale;
            c.high_units += u128::from(l.high_units) * scale;
            c.low_units += u128::from(l.low_units) * scale;
            c.square_units += u128::from(l.square_units) * scale;
        }
    }
}

/// The range of the player at `seat`, which is ranged.
pub(crate) fn range_of(spot: &Spot, seat: usize) -> &KeptRange {
    spot.players[seat]
        .range
        .as_ref()
        .unwrap_or_else(|| unreachable!("a ranged seat"))
}

/// Every assignment of a spot's ranges that shares no card.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Assignments {
    /// The ranged players' seats.
    pub seats: Vec<usize>,
    /// Hand indices, one per ranged player per assignment.
    picks: Vec<u32>,
    /// Each assignment's weight: the product of its hands' weights in thousandths, or 1 each
    /// when no range is weighted.
    pub weights: Vec<u128>,
}

impl Assignments {
    /// The assignments of `spot`'s ranges.
    ///
    /// # Errors
    /// [`engine::BreakdownError::TooWide`] past the limit on combinations,
    /// [`RangeError::NoDealFits`] when none shares no card.
    pub(crate) fn of(spot: &Spot) -> Result<Assignments, DrawError> {
        let seats: Vec<usize> = (0..spot.players.len())
            .filter(|&s| spot.players[s].range.is_some())
            .collect();
        let ranges: Vec<&KeptRange> = seats.iter().map(|&s| range_of(spot, s)).collect();
        let masks: Vec<Vec<u64>> = ranges.iter().map(|r| r.masks()).collect();
        let lists: Vec<(&[u64], &[u32])> = masks
            .iter()
            .zip(&ranges)
            .map(|(m, r)| (&m[..], &r.weights[..]))
            .collect();
        let (picks, mut weights) = list_combinations(&lists, spot.known_mask())?;
        if weights.is_empty() {
            return Err(RangeError::NoDealFits.into());
        }
        if !ranges.iter().any(|r| r.is_weighted()) {
            weights.iter_mut().for_each(|w| *w = 1);
        }
        Ok(Assignments {
            seats,
            picks,
            weights,
        })
    }

    /// How many.
    pub(crate) fn len(&self) -> usize {
        self.weights.len()
    }

    /// The hand indices of assignment `a`, one per ranged player.
    fn picks(&self, a: usize) -> &[u32] {
        let k = self.seats.len();
        &self.picks[a * k..(a + 1) * k]
    }

    /// The spot of fixed hands that assignment `a` makes (the players' texts left empty: only
    /// counts are read from it).
    fn fixed(&self, spot: &Spot, a: usize) -> Spot {
        let mut picks = self.picks(a).iter();
        let players = spot
            .players
            .iter()
            .map(|h| Hand {
                text: String::new(),
                kept: match &h.range {
                    Some(range) => picks
                        .next()
                        .map_or_else(Vec::new, |&i| range.hands[i as usize].clone()),
                    None => h.kept.clone(),
                },
                range: None,
            })
            .collect();
        Spot {
            game: spot.game,
            players,
            dead: spot.dead.clone(),
            draws: spot.draws,
            pat: spot.pat.clone(),
        }
    }

    /// Cards each seat keeps in assignment `a`.
    fn shape(&self, spot: &Spot, a: usize) -> Vec<usize> {
        let mut picks = self.picks(a).iter();
        spot.players
            .iter()
            .map(|h| match &h.range {
                Some(range) => picks.next().map_or(0, |&i| range.hands[i as usize].len()),
                None => h.kept.len(),
            })
            .collect()
    }
}

/// Ways to fill every hand of a spot whose seats keep `shape` cards: the multinomial count of
/// the draw from the stub.
fn fills(spot: &Spot, shape: &[usize]) -> u128 {
    let kept: usize = shape.iter().sum();
    let mut left = Card::COUNT - spot.dead.len() - kept;
    let mut ways = 1u128;
    for &k in shape {
        let d = spot.game.hand_size() - k;
        ways = ways.saturating_mul(u128::from(CHOOSE[left][d]));
        left -= d;
    }
    ways
}

/// What an exact ranged run costs and weighs: counting steps, and the common multiple `M` of
/// every assignment's outcomes; `None` when `M` or the weighted counts would pass 128 bits.
fn exact_plan(spot: &Spot, assignments: &Assignments) -> Option<(u128, u128)> {
    let mut shapes: HashMap<Vec<usize>, (u128, u128)> = HashMap::new();
    let mut steps = 0u128;
    let mut multiple = 1u128;
    let mut weight = 0u128;
    for a in 0..assignments.len() {
        let shape = assignments.shape(spot, a);
        let (cost, outcomes) = match shapes.get(&shape) {
            Some(&known) => known,
            None => {
                let known = (
                    exact_steps(&assignments.fixed(spot, a)),
                    fills(spot, &shape),
                );
                multiple = lcm(multiple, known.1)?;
                shapes.insert(shape, known);
                known
            }
        };
        steps = steps.saturating_add(cost);
        weight = weight.checked_add(assignments.weights[a])?;
        debug_assert!(outcomes > 0);
    }
    // The largest count a tally holds: squared pot units of every weighted outcome.
    let pot = u128::from(2 * lcm_up_to(spot.players.len()));
    multiple.checked_mul(weight)?.checked_mul(pot * pot)?;
    Some((steps, multiple))
}

/// The least common multiple, `None` past 128 bits.
fn lcm(a: u128, b: u128) -> Option<u128> {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x).checked_mul(b)
}

/// The method a ranged run of `spot` uses: [`Method::Auto`] resolved against
/// [`EXACT_LIMITS`] by the sum of the assignments' counting steps; more than one draw is
/// always sampled.
///
/// # Errors
/// As [`crate::resolve()`]; [`DrawError::RangesTooMixed`] for an exact run that cannot be
/// weighed in 128 bits; the assignments' refusals.
pub(crate) fn resolve(method: &Method, spot: &Spot) -> Result<Method, DrawError> {
    if spot.draws > 1 {
        if *method == Method::Exact {
            return Err(DrawError::ExactDrawsWithRanges { draws: spot.draws });
        }
        return Ok(method.resolve(&ExactCost::Work(u128::MAX), &EXACT_LIMITS)?);
    }
    let assignments = Assignments::of(spot)?;
    let cost = match exact_plan(spot, &assignments) {
        Some((steps, _)) => steps,
        None if *method == Method::Exact => return Err(DrawError::RangesTooMixed),
        None => u128::MAX,
    };
    Ok(method.resolve(&ExactCost::Work(cost), &EXACT_LIMITS)?)
}

/// When a Monte Carlo run with a target may stop: the table's or every hand's standard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Goal {
    /// Every player's equity at the table (a plain run).
    Table,
    /// Every hand of every range (a breakdown).
    Hands,
}

/// Runs `spot`'s assignments by the resolved `method`, on the current rayon pool; `None` when
/// `stop` said to stop.
///
/// # Errors
/// The assignments' refusals; [`DrawError::RangesTooMixed`].
pub(crate) fn run(
    spot: &Spot,
    method: &Method,
    goal: Goal,
    stop: &dyn Watch,
) -> Result<Option<(Assignments, Counts)>, DrawError> {
    let assignments = Assignments::of(spot)?;
    let zero = || Counts::zero(spot, &assignments);
    let counts = match *method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => {
            let strata = Strata::new(&assignments.weights).ok_or(RangeError::NoDealFits)?;
            let play = |t: &mut Counts, a: usize, rounds: u64, rng: &mut Xoshiro256PlusPlus| {
                let fixed = assignments.fixed(spot, a);
                // This assignment's own stream: the generator as it stands, which then jumps
                // 2^128 ahead.
                let chunk = Chunk {
                    index: 0,
                    rounds,
                    rng: rng.clone(),
                };
                rng.jump();
                t.credit(&assignments, a, &run_chunk(&fixed, &fixed.stub(), chunk), 1);
            };
            let players = spot.players.len();
            let done = |t: &Counts| {
                target_stderr.is_some_and(|target| match goal {
                    Goal::Table => t.total.every_std_error_below(target),
                    Goal::Hands => t.hands.iter().flatten().all(|h| {
                        h.samples > 0 && hand_equity(h, players, false, false).std_error < target
                    }),
                })
            };
            strata.run_until_stopped(seed, rounds, (zero, play, Counts::add), done, stop)
        }
        _ => {
            let (_, multiple) = exact_plan(spot, &assignments).ok_or(DrawError::RangesTooMixed)?;
            (0..assignments.len())
                .into_par_iter()
                .fold(
                    || Some(zero()),
                    |t, a| {
                        let mut t = t?;
                        if stop.should_stop() {
                            return None;
                        }
                        let local = count(&assignments.fixed(spot, a), stop)?;
                        debug_assert_eq!(multiple % u128::from(local.outcomes), 0);
                        let scale = multiple / u128::from(local.outcomes.max(1));
                        t.credit(&assignments, a, &local, assignments.weights[a] * scale);
                        Some(t)
                    },
                )
                .reduce(|| Some(zero()), |a, b| Some(a?.add(b?)))
        }
    };
    Ok(counts.map(|c| (assignments, c)))
}

/// The equity of a hand's counts at a table of `players`.
pub(crate) fn hand_equity(
    c: &HandCounts,
    players: usize,
    exact: bool,
    hilo: bool,
) -> engine::PlayerEquity {
    // A tally of the table (its pot units) holding this hand's seat only.
    let mut t = Tally::new(players);
    t.players = 1;
    t.outcomes = c.outcomes;
    t.samples = c.samples;
    t.counts[0] = c.counts;
    t.equities(exact, hilo)[0]
}

/// The equity of a spot with ranges, by `method` (resolved here), on the current rayon pool;
/// `None` when `stop` said to stop.
///
/// # Errors
/// As [`resolve`] and [`run`].
pub(crate) fn equity_until_stopped(
    spot: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<engine::EquityResult<Tally>>, DrawError> {
    let method = resolve(method, spot)?;
    let Some((_, counts)) = run(spot, &method, Goal::Table, stop)? else {
        return Ok(None);
    };
    Ok(Some(engine::EquityResult {
        players: counts
            .total
            .equities(method == Method::Exact, spot.game.is_hilo()),
        method,
        tally: counts.total,
    }))
}
