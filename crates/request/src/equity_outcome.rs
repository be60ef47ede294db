//! The outcome of an equity run, whatever the family: each player's equity, the method used
//! and the outcomes counted.

use engine::{EquityResult, Method, PlayerEquity};

/// The outcome of an equity run.
#[derive(Debug, Clone, PartialEq)]
pub struct EquityOutcome {
    /// The method used.
    pub method: Method,
    /// Each player's equity, in seat order.
    pub players: Vec<PlayerEquity>,
    /// Outcomes counted without weights: boards visited (exact) or showdowns drawn.
    pub samples: u64,
}

impl EquityOutcome {
    /// Whether a Monte Carlo run with a standard-error target met it: every player's standard
    /// error below the target, the rule that ends such a run early. `Some(false)` when the run
    /// stopped at its round cap first; `None` without a target.
    pub fn target_met(&self) -> Option<bool> {
        match self.method {
            Method::MonteCarlo {
                target_stderr: Some(target),
                ..
            } => Some(self.players.iter().all(|p| p.std_error < target)),
            _ => None,
        }
    }

    /// The largest standard error of any player's equity.
    pub fn largest_std_error(&self) -> f64 {
        self.players.iter().map(|p| p.std_error).fold(0.0, f64::max)
    }
}

impl<T> From<EquityResult<T>> for EquityOutcome {
    fn from(result: EquityResult<T>) -> Self {
        let samples = result.players.first().map_or(0, |p| p.samples);
        Self {
            method: result.method,
            players: result.players,
            samples,
        }
    }
}
