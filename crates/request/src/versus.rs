//! `--versus` at a table of three or more: a player's equity against each hand of another
//! player's range, the remaining players keeping their whole ranges.
//!
//! Heads-up every outcome's shares add up to 1, so the breakdown's own rows give the view
//! (`Distribution::versus_heads_up`). With more players, P's equity when Q holds `h` is a
//! conditional expectation the per-hand rows do not hold; it is the plain equity of the spot in
//! which Q holds `h`, which is what this module runs, once per hand of each ranged player Q:
//!
//! ```text
//!  for Q in the breakdown's players, for h in Q's hands:
//!      spot with Q's range replaced by h ──run──▶ every seat's equity given Q = h
//!  P against Q's hands: points (weight = h's frequency in Q's hands, equity = P's given h)
//! ```
//!
//! Each spot given `h` holds the assignments of the whole spot in which Q holds `h`, so the runs
//! for one Q together count what the breakdown counts: the work is at most the breakdown's
//! times the number of ranged players. Exact breakdowns run each spot exactly; Monte Carlo ones
//! give each run the rounds its hand had in the breakdown, seeded by [`engine::seed::job_seed`] with
//! the run's index, so the result does not depend on the threads.

use engine::Watch;
use rayon::prelude::*;

use engine::seed::job_seed;
use engine::{BreakdownRows, HandPoint, Method, PlayerEquity};

use crate::equity::EquityRequest;
use crate::error::RequestError;

/// The most runs (hands of the ranges, summed) `--versus` makes at a table of three or more.
pub const MAX_VERSUS_RUNS: usize = 20_000;

/// Every seat's equity, per breakdown player Q and per hand of Q's, when Q holds that hand.
#[derive(Debug, Clone, PartialEq)]
pub struct GivenHands {
    /// `runs[q][i]`: seat by seat, the equities when breakdown player `q` holds its hand `i`;
    /// empty for a hand never dealt in the spot (frequency 0), which weighs nothing.
    pub runs: Vec<Vec<Vec<PlayerEquity>>>,
}

impl GivenHands {
    /// Runs the spot of `request` once per hand of every player of `rows`, on the current rayon
    /// pool, each run asking `stop` before it starts and between its pieces of work
    /// ([`EquityRequest::run_until_stopped`]): `None` when it said to stop.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] past [`MAX_VERSUS_RUNS`]; whatever a run given a hand refuses.
    pub fn run(
        request: &EquityRequest,
        rows: &BreakdownRows,
        stop: &dyn Watch,
    ) -> Result<Option<Self>, RequestError> {
        let jobs: Vec<(usize, usize)> = rows
            .players
            .iter()
            .enumerate()
            .flat_map(|(q, player)| (0..player.hands.len()).map(move |i| (q, i)))
            .collect();
        if jobs.len() > MAX_VERSUS_RUNS {
            return Err(RequestError::invalid(format!(
                "--versus with {} players runs the spot once per hand of each range: {} hands, \
                 more than the limit of {MAX_VERSUS_RUNS}; narrow the ranges",
                request.spot.players(),
                jobs.len()
            )));
        }
        let equities: Vec<Option<Vec<PlayerEquity>>> = jobs
            .par_iter()
            .enumerate()
            .map(|(job, &(q, i))| {
                let player = &rows.players[q];
                let hand = &player.hands[i];
                if stop.should_stop() {
                    return Ok(None);
                }
                if hand.frequency == 0.0 {
                    return Ok(Some(Vec::new()));
                }
                let spot = request
                    .spot
                    .family_spot()
                    .with_hand(player.seat - 1, &hand.hand)?;
                let asked = match &rows.method {
                    Method::MonteCarlo { seed, .. } => Method::MonteCarlo {
                        rounds: hand.equity.samples.max(1),
                        seed: job_seed(*seed, job as u64),
                        target_stderr: None,
                    },
                    _ => Method::Exact,
                };
                let method = spot.family_spot().resolve(&asked)?.method;
                let given = EquityRequest {
                    spot,
                    method,
                    seed: request.seed,
                    choice: None,
                    ranking: request.ranking,
                };
                Ok(given
                    .run_until_stopped(stop)?
                    .map(|outcome| outcome.players))
            })
            .collect::<Result<_, RequestError>>()?;
        let Some(equities) = equities.into_iter().collect::<Option<Vec<_>>>() else {
            return Ok(None);
        };
        let mut runs: Vec<Vec<Vec<PlayerEquity>>> = rows
            .players
            .iter()
            .map(|p| Vec::with_capacity(p.hands.len()))
            .collect();
        for (&(q, _), e) in jobs.iter().zip(equities) {
            runs[q].push(e);
        }
        Ok(Some(Self { runs }))
    }

    /// Breakdown player `p`'s equity against each hand of breakdown player `q`'s (`q`'s hands,
    /// weighted by how often each is dealt), with the standard errors.
    pub fn against(&self, rows: &BreakdownRows, p: usize, q: usize) -> Against {
        let seat = rows.players[p].seat - 1;
        let mut out = Against {
            points: Vec::new(),
            std_errors: Vec::new(),
            mean_error: 0.0,
        };
        let mut square = 0.0;
        for (hand, given) in rows.players[q].hands.iter().zip(&self.runs[q]) {
            // A hand never dealt (no run) weighs nothing.
            let (equity, std_error) = given
                .get(seat)
                .map_or((0.0, 0.0), |e| (e.equity, e.std_error));
            square += (hand.frequency * std_error).powi(2);
            out.points.push(HandPoint {
                weight: hand.frequency,
                equity,
            });
            out.std_errors.push(std_error);
        }
        out.mean_error = square.sqrt();
        out
    }
}

/// One player's equity against each hand of another's range.
#[derive(Debug, Clone, PartialEq)]
pub struct Against {
    /// Per hand of the other player's: its frequency and the player's equity against it.
    pub points: Vec<HandPoint>,
    /// Per hand of the other player's: the standard error of that equity (0 when exact).
    pub std_errors: Vec<f64>,
    /// The standard error of the points' weighted mean.
    pub mean_error: f64,
}
