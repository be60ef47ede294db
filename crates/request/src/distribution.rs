//! Distribution requests (`sim equity --distribution`, Python's `distribution`): a breakdown
//! request ([`crate::breakdown`]) and the histogram's bins, checked once for both front ends; the
//! run turns each player's per-hand results into an [`engine::Distribution`], and heads-up, with
//! `--versus`, each player's equity against every hand of the other's range.
//!
//! ```text
//!  EquityArgs ──▶ BreakdownRequest ──run──▶ BreakdownRows (per hand: frequency, equity)
//!                                              │ hand_points: weight = how often dealt
//!                                              ▼
//!                       Distribution::of (own hands) · Distribution::versus_heads_up (other's)
//! ```

use engine::{BreakdownRows, Distribution, HandPoint, PlayerRows};

use crate::breakdown::BreakdownRequest;
use crate::equity::EquityArgs;
use crate::error::RequestError;

/// Bins of the histogram when none are asked for: 20 bins of 0.05.
pub const DEFAULT_BINS: usize = 20;

/// The most bins a histogram may have.
pub const MAX_BINS: usize = 1000;

/// A validated distribution run.
#[derive(Debug, Clone)]
pub struct DistributionRequest {
    /// The breakdown whose per-hand results the distributions are drawn from.
    pub breakdown: BreakdownRequest,
    /// Bins of the histogram over [0, 1].
    pub bins: usize,
    /// Whether to add, heads-up, each player's equity against every hand of the other's range.
    pub versus: bool,
}

/// One player's distributions.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerDistribution {
    /// The player's own hands: curve, histogram and summary.
    pub own: Distribution,
    /// With `--versus`: the player's equity against each hand of the other player's range (the
    /// curve's indices are that player's hands).
    pub versus: Option<Distribution>,
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
    /// [`RequestError::Invalid`] for bins outside 1 to [`MAX_BINS`], `versus` with other than two
    /// players, and whatever the breakdown request refuses (its refusal of a game names
    /// `--distribution`).
    pub fn new(
        args: &EquityArgs<'_>,
        bins: Option<usize>,
        versus: bool,
    ) -> Result<Self, RequestError> {
        let bins = bins.unwrap_or(DEFAULT_BINS);
        if bins == 0 {
            return Err(RequestError::invalid("--bins must be at least 1"));
        }
        if bins > MAX_BINS {
            return Err(RequestError::invalid(format!(
                "--bins {bins} is above the most, {MAX_BINS}"
            )));
        }
        let breakdown = BreakdownRequest::new(args).map_err(named_distribution)?;
        let players = breakdown.equity.spot.players();
        if versus && players != 2 {
            return Err(RequestError::invalid(format!(
                "--versus is heads-up only, not {players} players: with more, a player's equity \
                 against one opponent's hand is not in the per-hand results"
            )));
        }
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
        let breakdown = self.breakdown.run().map_err(named_distribution)?;
        if self.versus && breakdown.players.len() != 2 {
            return Err(RequestError::invalid(
                "--versus needs both players' hands as ranges: give the other player's down \
                 cards in parentheses",
            ));
        }
        let points: Vec<Vec<HandPoint>> = breakdown.players.iter().map(hand_points).collect();
        let invalid = |e: engine::DistributionError| RequestError::invalid(e.to_string());
        let players = points
            .iter()
            .enumerate()
            .map(|(p, own)| {
                let versus = if self.versus {
                    let other = &points[1 - p];
                    Some(
                        Distribution::versus_heads_up(other, points.len(), self.bins)
                            .map_err(invalid)?,
                    )
                } else {
                    None
                };
                Ok(PlayerDistribution {
                    own: Distribution::of(own, self.bins).map_err(invalid)?,
                    versus,
                })
            })
            .collect::<Result<Vec<_>, RequestError>>()?;
        Ok(DistributionResult { breakdown, players })
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
            game: Game::HOLDEM,
            players,
            board,
            dead: "",
            exact: Some(true),
            rounds: None,
            target_stderr: None,
            opponents: None,
            seed: Some(1),
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
        let versus = result.players[0].versus.as_ref().unwrap();
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
        let three = texts(&["AK", "QQ", "JJ"]);
        assert!(
            message(DistributionRequest::new(&args(&three, ""), None, true))
                .starts_with("--versus is heads-up only, not 3 players")
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
