//! Distribution requests (`sim equity --distribution`, Python's `distribution`): a breakdown
//! request ([`crate::breakdown`]) and the histogram's bins, checked once for both front ends; the
//! run turns each player's per-hand results into an [`engine::Distribution`], and heads-up, with
//! `--versus`, each player's equity against every hand of each other player's range.
//!
//! ```text
//!  EquityArgs ──▶ BreakdownRequest ──run──▶ BreakdownRows (per hand: frequency, equity)
//!                                              │ hand_points: weight = how often dealt
//!                                              ▼
//!                       Distribution::of (own hands) · --versus: heads-up
//!                       Distribution::versus_heads_up (the other's rows, mirrored); three or
//!                       more players: crate::versus (one run per hand of each range)
//! ```

use engine::Watch;
use engine::{BreakdownRows, Distribution, HandPoint, PlayerRows};

use crate::breakdown::BreakdownRequest;
use crate::equity::EquityArgs;
use crate::error::RequestError;
use crate::versus::GivenHands;

/// Bins of the histogram when none are asked for: 20 bins of 0.05.
pub const DEFAULT_BINS: usize = 20;

/// The fewest bins a histogram may have.
pub const MIN_BINS: usize = 1;

/// The most bins a histogram may have.
pub const MAX_BINS: usize = 1000;

/// A validated distribution run.
#[derive(Debug, Clone)]
pub struct DistributionRequest {
    /// The breakdown whose per-hand results the distributions are drawn from.
    pub breakdown: BreakdownRequest,
    /// Bins of the histogram over [0, 1].
    pub bins: usize,
    /// Whether to add each player's equity against every hand of each other player's range.
    pub versus: bool,
}

/// One `--versus` view: a player's equity against each hand of another player's range.
#[derive(Debug, Clone, PartialEq)]
pub struct Versus {
    /// The other player, as an index into the breakdown's players.
    pub against: usize,
    /// Curve (its indices are the other player's hands), histogram and summary.
    pub distribution: Distribution,
    /// The standard error of the distribution's mean (0 when exact).
    pub std_error: f64,
    /// Per hand of the other player's (indexed as its rows), the standard error of the
    /// player's equity against it (0 when exact).
    pub std_errors: Vec<f64>,
}

/// One player's distributions.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerDistribution {
    /// The player's own hands: curve, histogram and summary.
    pub own: Distribution,
    /// With `--versus`: the player's equity against each hand of each other player's range, in
    /// seat order (heads-up, one).
    pub versus: Vec<Versus>,
}

/// A run's breakdown and, per player in seat order, its distributions.
#[derive(Debug, Clone, PartialEq)]
pub struct DistributionResult {
    /// The per-hand results the distributions are drawn from.
    pub breakdown: BreakdownRows,
    /// One per player, in seat order.
    pub players: Vec<PlayerDistribution>,
}

impl DistributionRequest {
    /// Validates a distribution of `args`' spot with `bins` bins ([`DEFAULT_BINS`] if `None`).
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for bins outside [`MIN_BINS`] to [`MAX_BINS`], and whatever the
    /// breakdown request refuses (its refusal of a game names `--distribution`).
    pub fn new(
        args: &EquityArgs<'_>,
        bins: Option<usize>,
        versus: bool,
    ) -> Result<Self, RequestError> {
        let bins = bins.unwrap_or(DEFAULT_BINS);
        if bins < MIN_BINS {
            return Err(RequestError::invalid(format!(
                "--bins must be at least {MIN_BINS}"
            )));
        }
        if bins > MAX_BINS {
            return Err(RequestError::invalid(format!(
                "--bins {bins} is above the most, {MAX_BINS}"
            )));
        }
        let breakdown = BreakdownRequest::new(args).map_err(named_distribution)?;
        Ok(Self {
            breakdown,
            bins,
            versus,
        })
    }

    /// Runs the breakdown on the current rayon pool and draws every player's distributions.
    ///
    /// # Errors
    /// As [`BreakdownRequest::run`].
    pub fn run(&self) -> Result<DistributionResult, RequestError> {
        Ok(self
            .run_until_stopped(&|| false)?
            .unwrap_or_else(|| unreachable!("never asked to stop")))
    }

    /// [`DistributionRequest::run`], the breakdown and the `--versus` runs asking `stop`
    /// between their pieces of work ([`BreakdownRequest::run_until_stopped`]): `None` when it
    /// said to stop. Never stopped, the very numbers of [`DistributionRequest::run`].
    ///
    /// # Errors
    /// As [`DistributionRequest::run`].
    pub fn run_until_stopped(
        &self,
        stop: &dyn Watch,
    ) -> Result<Option<DistributionResult>, RequestError> {
        let Some(breakdown) = self
            .breakdown
            .run_until_stopped(stop)
            .map_err(named_distribution)?
        else {
            return Ok(None);
        };
        let heads_up = self.breakdown.equity.spot.players() == 2;
        if self.versus && breakdown.players.len() < 2 {
            let game = self.breakdown.equity.spot.family_spot().game();
            let fix = game.spec().ranges.versus_fix(heads_up);
            let who = if heads_up {
                "both players'"
            } else {
                "at least two players'"
            };
            return Err(RequestError::invalid(format!(
                "--versus needs {who} hands as ranges: {fix}"
            )));
        }
        let points: Vec<Vec<HandPoint>> = breakdown.players.iter().map(hand_points).collect();
        let invalid = |e: engine::DistributionError| RequestError::invalid(e.to_string());
        let given = if self.versus && !heads_up {
            match GivenHands::run(&self.breakdown.equity, &breakdown, stop)? {
                Some(given) => Some(given),
                None => return Ok(None),
            }
        } else {
            None
        };
        let players = points
            .iter()
            .enumerate()
            .map(|(p, own)| {
                let mut versus = Vec::new();
                for q in (0..points.len()).filter(|&q| self.versus && q != p) {
                    let other = &breakdown.players[q];
                    versus.push(match &given {
                        // Heads-up: the other's own rows, mirrored.
                        None => Versus {
                            against: q,
                            distribution: Distribution::versus_heads_up(&points[q], 2, self.bins)
                                .map_err(invalid)?,
                            std_error: mean_error(other),
                            std_errors: other.hands.iter().map(|h| h.equity.std_error).collect(),
                        },
                        Some(given) => {
                            let against = given.against(&breakdown, p, q);
                            Versus {
                                against: q,
                                distribution: Distribution::of(&against.points, self.bins)
                                    .map_err(invalid)?,
                                std_error: against.mean_error,
                                std_errors: against.std_errors,
                            }
                        }
                    });
                }
                Ok(PlayerDistribution {
                    own: Distribution::of(own, self.bins).map_err(invalid)?,
                    versus,
                })
            })
            .collect::<Result<Vec<_>, RequestError>>()?;
        Ok(Some(DistributionResult { breakdown, players }))
    }
}

/// A breakdown's refusal (its own, or a game's limit on its rows), worded for the flag the user
/// gave.
fn named_distribution(e: RequestError) -> RequestError {
    let message = e.to_string();
    if message.starts_with("--breakdown ") {
        RequestError::Invalid(message.replacen("--breakdown", "--distribution", 1))
    } else {
        e
    }
}

/// A player's hands as distribution points: each weighted by how often it is dealt in the spot
/// (range weights and card removal), so that the points' mean is the player's equity.
pub fn hand_points(player: &PlayerRows) -> Vec<HandPoint> {
    player
        .hands
        .iter()
        .map(|h| HandPoint {
            weight: h.frequency,
            equity: h.equity.equity,
        })
        .collect()
}

/// The standard error of `player`'s mean equity over its hands: each hand's error weighted by
/// how often it is dealt (0 when exact).
pub fn mean_error(player: &PlayerRows) -> f64 {
    player
        .hands
        .iter()
        .map(|h| (h.frequency * h.equity.std_error).powi(2))
        .sum::<f64>()
        .sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Game, GameId, Method};

    fn args<'a>(players: &'a [String], board: &'a str) -> EquityArgs<'a> {
        EquityArgs {
            board,
            exact: Some(true),
            seed: Some(1),
            ..EquityArgs::new(Game::HOLDEM, players)
        }
    }

    fn texts(players: &[&str]) -> Vec<String> {
        players.iter().map(|p| p.to_string()).collect()
    }

    /// The frequency-weighted mean of each curve is the plain exact equity.
    #[test]
    fn the_curves_mean_is_the_plain_equity() {
        for (players, board) in [
            (&["AK,QQ", "JJ-99:0.5"][..], "Kd7c2s"),
            (&["AhKh", "QQ+,AKs", "random"][..], "Qh7h2c9d"),
            (&["22+,A2s+,K9s+", "TT+,AQs+,AKo"][..], "Kd7c2s"),
        ] {
            let players = texts(players);
            let a = args(&players, board);
            let plain = crate::equity::EquityRequest::new(&a)
                .unwrap()
                .run()
                .unwrap();
            let result = DistributionRequest::new(&a, None, false)
                .unwrap()
                .run()
                .unwrap();
            for (p, d) in result.players.iter().enumerate() {
                let mean = d.own.summary.mean;
                let equity = plain.players[p].equity;
                assert!(
                    (mean - equity).abs() < 1e-12,
                    "{players:?} {p}: {mean} vs {equity}"
                );
                assert_eq!(d.own.bins.len(), DEFAULT_BINS);
                let total: f64 = d.own.bins.iter().map(|b| b.share).sum();
                assert!((total - 1.0).abs() < 1e-12);
            }
        }
    }

    /// Heads-up, a player's equity against each of the opponent's hands is the plain run of the
    /// player's range against that one hand.
    #[test]
    fn the_versus_view_is_the_plain_run_against_each_hand() {
        let players = texts(&["AK,QQ", "JJ,T9s"]);
        let a = args(&players, "Kd7c2s");
        let result = DistributionRequest::new(&a, Some(10), true)
            .unwrap()
            .run()
            .unwrap();
        assert_eq!(result.players[0].versus.len(), 1);
        let versus = &result.players[0].versus[0].distribution;
        let opponent = &result.breakdown.players[1];
        assert_eq!(versus.curve.len(), opponent.hands.len());
        for point in &versus.curve {
            let hand = opponent.hands[point.index].hand.clone();
            let single = texts(&["AK,QQ", &hand]);
            let plain = crate::equity::EquityRequest::new(&args(&single, "Kd7c2s"))
                .unwrap()
                .run()
                .unwrap();
            assert!(
                (point.equity - plain.players[0].equity).abs() < 1e-12,
                "{hand}"
            );
        }
    }

    /// At a table of three, a player's equity against each hand of another's range is the plain
    /// run with that player holding the hand, and the curve's mean is the player's equity.
    #[test]
    fn three_handed_versus_views_are_plain_runs_given_each_hand() {
        let ranges = ["AhKh,QQ", "JJ,T9s", "22+:0.5,A2s+"];
        let players = texts(&ranges);
        let a = args(&players, "Kd7c2s");
        let plain = crate::equity::EquityRequest::new(&a)
            .unwrap()
            .run()
            .unwrap();
        let result = DistributionRequest::new(&a, Some(10), true)
            .unwrap()
            .run()
            .unwrap();
        for (p, d) in result.players.iter().enumerate() {
            let against: Vec<usize> = d.versus.iter().map(|v| v.against).collect();
            assert_eq!(against, (0..3).filter(|&q| q != p).collect::<Vec<_>>());
            for v in &d.versus {
                // Against every hand of Q's, P's equity averages to P's equity.
                let mean = v.distribution.summary.mean;
                assert!((mean - plain.players[p].equity).abs() < 1e-12, "{p} {mean}");
                assert_eq!(v.std_error, 0.0);
                let q = &result.breakdown.players[v.against];
                assert_eq!(v.distribution.curve.len(), q.hands.len());
                for point in v.distribution.curve.iter().step_by(7) {
                    let mut given = players.clone();
                    given[v.against] = q.hands[point.index].hand.clone();
                    let run = crate::equity::EquityRequest::new(&args(&given, "Kd7c2s"))
                        .unwrap()
                        .run()
                        .unwrap();
                    assert!((point.equity - run.players[p].equity).abs() < 1e-12);
                }
            }
        }
        // Monte Carlo: seeded per hand, the same for any pool, within the errors of the mean.
        let mut mc = args(&players, "Kd7c2s");
        mc.exact = None;
        mc.rounds = Some(200_000);
        let on = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                DistributionRequest::new(&mc, None, true)
                    .unwrap()
                    .run()
                    .unwrap()
            })
        };
        let (one, three) = (on(1), on(3));
        assert_eq!(one, three);
        for (p, d) in one.players.iter().enumerate() {
            for v in &d.versus {
                let off = (v.distribution.summary.mean - plain.players[p].equity).abs();
                assert!(v.std_error > 0.0 && off < 4.0 * v.std_error, "{p}: {off}");
            }
        }
    }

    /// Own and versus views, heads-up and three-handed, in a board game and in stud: never
    /// stopped, the plain run's numbers; always stopped, nothing.
    #[test]
    fn distributions_run_in_pieces_and_stop_when_asked() {
        let three = texts(&["AhKh,QQ", "JJ,T9s", "22+:0.5,A2s+"]);
        let stud = texts(&["(QQ+,AKs)Kd5c", "(AA,KK)9c2s"]);
        let mut stud_args = args(&stud, "");
        stud_args.game = Game::plain(GameId::StudHilo);
        stud_args.exact = None;
        for a in [args(&three, "Kd7c2s9h"), stud_args] {
            let request = DistributionRequest::new(&a, Some(10), true).unwrap();
            let whole = request.run().unwrap();
            let never = engine::on_pool(2, || request.run_until_stopped(&|| false)).unwrap();
            assert_eq!(never.unwrap(), Some(whole), "{}", a.game);
            assert_eq!(request.run_until_stopped(&|| true).unwrap(), None);
        }
    }

    #[test]
    fn bad_requests_are_refused_with_the_flags_name() {
        let two = texts(&["AK", "QQ"]);
        let message = |r: Result<DistributionRequest, RequestError>| r.unwrap_err().to_string();
        assert_eq!(
            message(DistributionRequest::new(&args(&two, ""), Some(0), false)),
            "--bins must be at least 1"
        );
        assert_eq!(
            message(DistributionRequest::new(&args(&two, ""), Some(1001), false)),
            "--bins 1001 is above the most, 1000"
        );
        // Every game with breakdowns has distributions (the row limit's wording is tested end to
        // end in sim).
        let hands = texts(&["AsAhQdJd", "KsKdQsQc"]);
        let mut omaha = args(&hands, "5c6h8s");
        omaha.game = Game::plain(GameId::Omaha);
        assert!(DistributionRequest::new(&omaha, None, true).is_ok());
        let request = DistributionRequest::new(&args(&two, ""), None, false).unwrap();
        assert_eq!(*request.breakdown.method(), Method::Exact);
    }
}
