//! The rows of a hand-by-hand breakdown in any game (`sim equity --breakdown`, Python's
//! `breakdown`): per player, one entry per hand of the range and one per class of hands, each
//! with how often it is dealt in the spot and its equity against the other players' ranges; and
//! the limits every game's breakdown shares.
//!
//! ```text
//!  hand h of player p:  frequency(h) = outcomes(h) / Σ_h' outcomes(h')
//!                       Σ_h frequency(h) · equity(h) = the plain run's equity of p
//!  class c:             the hands of c, counts added (a frequency-weighted mean)
//! ```

use std::fmt;

use crate::method::Method;
use crate::player_equity::PlayerEquity;

/// Most hand rows a breakdown writes, all players together: a pot-limit Omaha range of every
/// hand alone has 270,725.
pub const MAX_HAND_ROWS: usize = 100_000;

/// Most combinations of hands (one per ranged player) a breakdown lists: each is counted or
/// sampled on its own and credited to its hands.
pub const MAX_COMBINATIONS: usize = 1 << 22;

/// One row: a hand of a player's range, or a class of its hands.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakdownEntry {
    /// The hand (`AsAhKdKc`) or the class (`AAxx:ds`, `AKs`).
    pub hand: String,
    /// The hand's class (for a class row, the class itself).
    pub class: String,
    /// Hands in the row: 1 for a hand, the class's hands in the range for a class.
    pub combos: usize,
    /// Range weight, 0 to 1 (a class: the mean over its hands).
    pub weight: f64,
    /// How often the row's hands are dealt in the spot among the player's hands (range weights
    /// and card removal): the weight of the row in the player's mean equity.
    pub frequency: f64,
    /// Win, tie and equity of the row's hands against the other players' whole ranges (with the
    /// hi/lo shares in split-pot games).
    pub equity: PlayerEquity,
}

/// One player's rows.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRows {
    /// Seat, from 1.
    pub seat: usize,
    /// The player's range as given.
    pub range: String,
    /// One entry per hand of the range that fits the known cards, in the range's order.
    pub hands: Vec<BreakdownEntry>,
    /// One entry per class of the range.
    pub classes: Vec<BreakdownEntry>,
}

/// A breakdown: the method used and the rows of every player that has them.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakdownRows {
    /// [`Method::Exact`] or [`Method::MonteCarlo`], never `Auto`.
    pub method: Method,
    /// The players with rows, in seat order.
    pub players: Vec<PlayerRows>,
}

impl BreakdownRows {
    /// Whether every outcome was counted.
    pub fn is_exact(&self) -> bool {
        self.method.is_exact()
    }
}

/// A breakdown the limits refuse (worded without the command line's `--breakdown`, which the
/// request layer names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BreakdownError {
    /// More hand rows than [`MAX_HAND_ROWS`].
    TooManyHands {
        /// Hands in the ranges, all players together.
        hands: usize,
        /// The limit.
        limit: usize,
    },
    /// More combinations of hands than [`MAX_COMBINATIONS`].
    TooWide {
        /// Combinations of the ranges' hands (before card removal).
        combinations: u128,
        /// The limit.
        limit: usize,
    },
    /// No player's hand is given as a range (stud: down cards in parentheses).
    NoRange,
}

impl fmt::Display for BreakdownError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyHands { hands, limit } => write!(
                f,
                "a breakdown writes one row per hand: the ranges hold {hands} hands, more than the limit of {limit}; narrow them"
            ),
            Self::TooWide {
                combinations,
                limit,
            } => write!(
                f,
                "a breakdown counts each combination of hands on its own: the ranges make {combinations} combinations, more than the limit of {limit}; narrow them"
            ),
            Self::NoRange => write!(
                f,
                "a breakdown needs a player's down cards as a range, as in (QQ+,AKs)Kd"
            ),
        }
    }
}

impl std::error::Error for BreakdownError {}

/// Refuses ranges of more than [`MAX_HAND_ROWS`] hands in all.
///
/// # Errors
/// [`BreakdownError::TooManyHands`].
pub fn check_hand_rows(hands: usize) -> Result<(), BreakdownError> {
    if hands > MAX_HAND_ROWS {
        return Err(BreakdownError::TooManyHands {
            hands,
            limit: MAX_HAND_ROWS,
        });
    }
    Ok(())
}

/// Every combination of one hand per range whose card masks do not meet (nor meet `used`),
/// in order (the first range's hand varying slowest): the hand indices, `ranges.len()` per
/// combination, and each combination's weight (the product of its hands' weights).
///
/// # Errors
/// [`BreakdownError::TooWide`] past [`MAX_COMBINATIONS`].
pub fn list_combinations(
    ranges: &[(&[u64], &[u32])],
    used: u64,
) -> Result<(Vec<u32>, Vec<u128>), BreakdownError> {
    let too_wide = || BreakdownError::TooWide {
        combinations: ranges
            .iter()
            .map(|(m, _)| m.len() as u128)
            .fold(1u128, |p, n| p.saturating_mul(n)),
        limit: MAX_COMBINATIONS,
    };
    struct Walk<'a> {
        ranges: &'a [(&'a [u64], &'a [u32])],
        picks: Vec<u32>,
        out: Vec<u32>,
        weights: Vec<u128>,
    }
    impl Walk<'_> {
        fn go(&mut self, seat: usize, used: u64, weight: u128) -> Option<()> {
            let Some(&(masks, weights)) = self.ranges.get(seat) else {
                if self.weights.len() == MAX_COMBINATIONS {
                    return None;
                }
                self.out.extend_from_slice(&self.picks);
                self.weights.push(weight);
                return Some(());
            };
            for (i, (&mask, &w)) in masks.iter().zip(weights).enumerate() {
                if mask & used == 0 {
                    self.picks.push(i as u32);
                    self.go(seat + 1, used | mask, weight * u128::from(w))?;
                    self.picks.pop();
                }
            }
            Some(())
        }
    }
    let mut walk = Walk {
        ranges,
        picks: Vec::with_capacity(ranges.len()),
        out: Vec::new(),
        weights: Vec::new(),
    };
    walk.go(0, used, 1).ok_or_else(too_wide)?;
    Ok((walk.out, walk.weights))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_skip_shared_cards_and_multiply_weights() {
        let a: [u64; 2] = [0b011, 0b100];
        let b: [u64; 2] = [0b001, 0b1000];
        let (picks, weights) =
            list_combinations(&[(&a, &[1000, 500]), (&b, &[1000, 250])], 0).unwrap();
        // (0, 1), (1, 0), (1, 1): hand 0 of a shares a card with hand 0 of b.
        assert_eq!(picks, [0, 1, 1, 0, 1, 1]);
        assert_eq!(weights, [250_000, 500_000, 125_000]);
        let (picks, _) = list_combinations(&[(&a, &[1000, 1000])], 0b100).unwrap();
        assert_eq!(picks, [0]);
    }

    #[test]
    fn limits_name_the_counts() {
        assert!(check_hand_rows(MAX_HAND_ROWS).is_ok());
        assert_eq!(
            check_hand_rows(270_725).unwrap_err().to_string(),
            "a breakdown writes one row per hand: the ranges hold 270725 hands, more than the limit of 100000; narrow them"
        );
    }
}
