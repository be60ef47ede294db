//! Equity distributions: how a player's equity spreads over the hands of the player's range,
//! from per-hand results of any game (a hand's weight in the range and its equity), as players
//! read it: the sorted curve, a histogram and a summary.
//!
//! ```text
//!  equity                        hands sorted by equity, strongest first; hand i covers
//!  1 ┤███                        x ∈ [cumulative_i − share_i, cumulative_i]
//!    │   ████                    share_i = weight_i / Σ weight
//!  ½ ┤·······████·········       mean     = Σ share_i · equity_i   (the player's equity)
//!    │           ██████          quantile q = the least equity e with share(equity ≤ e) ≥ q
//!  0 ┼─────────────────██──▶ x   at_least_half = share(equity ≥ ½)
//!    0        share of range  1  bins: [k/n, (k+1)/n), the last one closed
//! ```
//!
//! The hand-against-a-range view — player P's equity against each hand of opponent Q's range —
//! is the same picture over Q's hands. Heads-up every outcome's shares add up to 1, so P's
//! equity against Q's hand `h` is `1 − equity_Q(h)`, with `h`'s weight in Q's range
//! ([`Distribution::versus_heads_up`]); with more players it is a different conditional
//! expectation, which per-hand results do not hold (the request layer runs the spot once per
//! opponent hand for it).
//!
//! Everything here is a function of its input slice alone: ties in equity keep the input's
//! order, so the same hands give the same bytes.

use std::fmt;

/// One hand of a range: its weight (any non-negative scale: range weight times how often it is
/// dealt, or a count of outcomes) and its equity, 0 to 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HandPoint {
    /// Weight in the range; shares are weights over their sum.
    pub weight: f64,
    /// Share of the pot the hand takes, 0 to 1.
    pub equity: f64,
}

/// One hand on the sorted curve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CurvePoint {
    /// Where the hand is in the input slice.
    pub index: usize,
    /// Its share of the range (weight over the total).
    pub share: f64,
    /// The shares of this hand and every hand before it on the curve: the curve's x at the
    /// hand's right edge.
    pub cumulative: f64,
    /// Its equity: the curve's y.
    pub equity: f64,
}

/// One bin of the histogram: the hands with equity in `[low, high)` (the last bin: `[low, 1]`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bin {
    /// Lower edge.
    pub low: f64,
    /// Upper edge.
    pub high: f64,
    /// Hands in the bin.
    pub hands: usize,
    /// Their share of the range.
    pub share: f64,
}

/// The numbers players quote about a distribution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Hands with weight.
    pub hands: usize,
    /// Share-weighted mean equity: the player's equity.
    pub mean: f64,
    /// Lower quartile (share-weighted).
    pub q1: f64,
    /// Median (share-weighted).
    pub median: f64,
    /// Upper quartile (share-weighted).
    pub q3: f64,
    /// Share of the range with equity at least ½.
    pub at_least_half: f64,
}

/// A range's equity distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    /// The hands with weight, highest equity first (ties in input order).
    pub curve: Vec<CurvePoint>,
    /// The histogram, lowest bin first.
    pub bins: Vec<Bin>,
    /// Mean, quartiles and the share at ½ or more.
    pub summary: Summary,
}

/// What a distribution cannot be drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DistributionError {
    /// No bins asked for.
    NoBins,
    /// No hand has weight (or a weight or equity is not a finite number in range).
    NoWeight,
    /// The view against an opponent's hands, asked for with more than two players.
    NotHeadsUp {
        /// Players in the spot.
        players: usize,
    },
}

impl fmt::Display for DistributionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoBins => write!(f, "a histogram needs at least one bin"),
            Self::NoWeight => write!(
                f,
                "no hand of the range has weight (or a weight or equity is not a number in range)"
            ),
            Self::NotHeadsUp { players } => write!(
                f,
                "a player's equity against each hand of an opponent's range is heads-up only, \
                 not {players} players"
            ),
        }
    }
}

impl std::error::Error for DistributionError {}

/// Tolerance on cumulative shares, which are sums of floats: a quantile level reached to within
/// it counts as reached, so that four equal hands put the median at the second one.
const REACHED: f64 = 1e-12;

impl Distribution {
    /// The distribution of `hands` with `bins` equal bins over [0, 1]. Hands of zero weight are
    /// left out (a range's hands that the board or dead cards block).
    ///
    /// # Errors
    /// [`DistributionError::NoBins`] for `bins == 0`; [`DistributionError::NoWeight`] when no
    /// hand has weight or a weight is negative or not finite, or an equity is outside [0, 1].
    pub fn of(hands: &[HandPoint], bins: usize) -> Result<Self, DistributionError> {
        if bins == 0 {
            return Err(DistributionError::NoBins);
        }
        let bad = |h: &HandPoint| {
            !(h.weight.is_finite() && h.weight >= 0.0 && (0.0..=1.0).contains(&h.equity))
        };
        if hands.iter().any(bad) {
            return Err(DistributionError::NoWeight);
        }
        // Folded from +0.0: `f64`'s `Sum` starts at -0.0, which an empty sum would print.
        let total = add(hands.iter().map(|h| h.weight));
        if total <= 0.0 {
            return Err(DistributionError::NoWeight);
        }
        let mut order: Vec<usize> = (0..hands.len())
            .filter(|&i| hands[i].weight > 0.0)
            .collect();
        // Stable: equal equities keep the input's order.
        order.sort_by(|&a, &b| hands[b].equity.total_cmp(&hands[a].equity));
        let mut cumulative = 0.0;
        let curve: Vec<CurvePoint> = order
            .iter()
            .map(|&index| {
                let share = hands[index].weight / total;
                cumulative += share;
                CurvePoint {
                    index,
                    share,
                    cumulative,
                    equity: hands[index].equity,
                }
            })
            .collect();
        let mut histogram: Vec<Bin> = (0..bins)
            .map(|k| Bin {
                low: k as f64 / bins as f64,
                high: (k + 1) as f64 / bins as f64,
                hands: 0,
                share: 0.0,
            })
            .collect();
        for point in &curve {
            let k = ((point.equity * bins as f64).floor() as usize).min(bins - 1);
            histogram[k].hands += 1;
            histogram[k].share += point.share;
        }
        let summary = Summary {
            hands: curve.len(),
            mean: add(curve.iter().map(|p| p.share * p.equity)),
            q1: quantile(&curve, 0.25),
            median: quantile(&curve, 0.5),
            q3: quantile(&curve, 0.75),
            at_least_half: add(curve.iter().filter(|p| p.equity >= 0.5).map(|p| p.share)),
        };
        Ok(Self {
            curve,
            bins: histogram,
            summary,
        })
    }

    /// Heads-up, the distribution of a player's equity against each hand of the opponent's
    /// range, from the opponent's hands (`opponent`, the opponent's own equities): each outcome's
    /// shares add up to 1, so the player's equity against hand `h` is `1 − equity(h)`, weighted
    /// by `h`'s weight in the opponent's range. The curve's `index` is the opponent's hand.
    ///
    /// # Errors
    /// [`DistributionError::NotHeadsUp`] unless `players` is 2; otherwise as [`Distribution::of`].
    pub fn versus_heads_up(
        opponent: &[HandPoint],
        players: usize,
        bins: usize,
    ) -> Result<Self, DistributionError> {
        if players != 2 {
            return Err(DistributionError::NotHeadsUp { players });
        }
        let mirrored: Vec<HandPoint> = opponent
            .iter()
            .map(|h| HandPoint {
                weight: h.weight,
                equity: (1.0 - h.equity).clamp(0.0, 1.0),
            })
            .collect();
        Self::of(&mirrored, bins)
    }
}

/// The sum of `values`, from +0.0.
fn add(values: impl Iterator<Item = f64>) -> f64 {
    values.fold(0.0, |sum, v| sum + v)
}

/// The least equity `e` on `curve` (sorted by equity, highest first) such that the hands with
/// equity at most `e` make up at least `q` of the range.
fn quantile(curve: &[CurvePoint], q: f64) -> f64 {
    // Walk from the weakest hand up, adding shares, until q is reached.
    let mut below = 0.0;
    for point in curve.iter().rev() {
        below += point.share;
        if below >= q - REACHED {
            return point.equity;
        }
    }
    curve.first().map_or(0.0, |p| p.equity)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hands(pairs: &[(f64, f64)]) -> Vec<HandPoint> {
        pairs
            .iter()
            .map(|&(weight, equity)| HandPoint { weight, equity })
            .collect()
    }

    /// Worked by hand: four hands with weights 1, 1, 2, 4 (shares ⅛, ⅛, ¼, ½) and equities
    /// 0.9, 0.1, 0.5, 0.3. Sorted: 0.9 (⅛), 0.5 (¼), 0.3 (½), 0.1 (⅛). From the bottom the shares
    /// add up to ⅛ at 0.1, ⅝ at 0.3, ⅞ at 0.5, 1 at 0.9: q1 = 0.3 (⅛ < ¼ ≤ ⅝), median 0.3
    /// (½ ≤ ⅝), q3 = 0.5 (¾ ≤ ⅞). Mean ⅛·0.9 + ⅛·0.1 + ¼·0.5 + ½·0.3 = 0.4; at least ½: ⅛ + ¼.
    #[test]
    fn a_small_range_checked_by_hand() {
        let d =
            Distribution::of(&hands(&[(1.0, 0.9), (1.0, 0.1), (2.0, 0.5), (4.0, 0.3)]), 4).unwrap();
        let order: Vec<usize> = d.curve.iter().map(|p| p.index).collect();
        assert_eq!(order, [0, 2, 3, 1]);
        let cumulative: Vec<f64> = d.curve.iter().map(|p| p.cumulative).collect();
        assert_eq!(cumulative, [0.125, 0.375, 0.875, 1.0]);
        let s = d.summary;
        assert_eq!((s.q1, s.median, s.q3), (0.3, 0.3, 0.5));
        assert!((s.mean - 0.4).abs() < 1e-15);
        assert_eq!(s.at_least_half, 0.375);
        assert_eq!(s.hands, 4);
        // Bins of ¼: 0.1 → [0, ¼), 0.3 → [¼, ½), 0.5 → [½, ¾), 0.9 → [¾, 1].
        let shares: Vec<f64> = d.bins.iter().map(|b| b.share).collect();
        assert_eq!(shares, [0.125, 0.5, 0.25, 0.125]);
        assert_eq!((d.bins[3].low, d.bins[3].high), (0.75, 1.0));
    }

    /// Equal shares: a quantile level reached exactly lands on the hand that reaches it, even
    /// when the shares' sum is a float a hair below it.
    #[test]
    fn quantiles_of_equal_hands() {
        let d = Distribution::of(
            &hands(&[(1.0, 0.2), (1.0, 0.4), (1.0, 0.6), (1.0, 0.8)]),
            20,
        )
        .unwrap();
        assert_eq!(
            (d.summary.q1, d.summary.median, d.summary.q3),
            (0.2, 0.4, 0.6)
        );
        // Ten hands of weight 0.1 (their sum is 0.9999999999999999) and equities 0, 0.1, …
        let tenths: Vec<(f64, f64)> = (0..10).map(|i| (0.1, f64::from(i) / 10.0)).collect();
        let d = Distribution::of(&hands(&tenths), 20).unwrap();
        assert_eq!(
            (d.summary.q1, d.summary.median, d.summary.q3),
            (0.2, 0.4, 0.7)
        );
    }

    #[test]
    fn bins_cover_zero_to_one_and_their_shares_add_up() {
        let pairs: Vec<(f64, f64)> = (0..=40)
            .map(|i| (1.0 + f64::from(i % 3), f64::from(i) / 40.0))
            .collect();
        for bins in [1, 3, 20, 100] {
            let d = Distribution::of(&hands(&pairs), bins).unwrap();
            assert_eq!(d.bins.len(), bins);
            assert_eq!(d.bins[0].low, 0.0);
            assert_eq!(d.bins[bins - 1].high, 1.0);
            let total: f64 = d.bins.iter().map(|b| b.share).sum();
            assert!((total - 1.0).abs() < 1e-12, "{bins}: {total}");
            assert_eq!(d.bins.iter().map(|b| b.hands).sum::<usize>(), 41);
            // Equity 1 falls in the last bin, 0 in the first.
            assert!(d.bins[bins - 1].hands >= 1 && d.bins[0].hands >= 1);
        }
    }

    #[test]
    fn ties_keep_the_input_order_and_weightless_hands_are_left_out() {
        let d =
            Distribution::of(&hands(&[(1.0, 0.5), (0.0, 0.9), (1.0, 0.5), (2.0, 0.7)]), 2).unwrap();
        let order: Vec<usize> = d.curve.iter().map(|p| p.index).collect();
        assert_eq!(order, [3, 0, 2]);
        assert_eq!(d.summary.hands, 3);
        // No hand at ½ or more: a share of +0, never -0.
        let low = Distribution::of(&hands(&[(1.0, 0.25)]), 2).unwrap();
        assert!(low.summary.at_least_half.is_sign_positive());
    }

    #[test]
    fn the_heads_up_view_mirrors_the_opponents_hands() {
        let opponent = hands(&[(1.0, 0.25), (3.0, 0.75)]);
        let d = Distribution::versus_heads_up(&opponent, 2, 4).unwrap();
        assert_eq!(d.curve[0].index, 0);
        assert_eq!(d.curve[0].equity, 0.75);
        assert_eq!(d.curve[1].equity, 0.25);
        assert!((d.summary.mean - (0.25 * 0.75 + 0.75 * 0.25)).abs() < 1e-15);
        assert_eq!(
            Distribution::versus_heads_up(&opponent, 3, 4),
            Err(DistributionError::NotHeadsUp { players: 3 })
        );
    }

    #[test]
    fn bad_input_is_refused() {
        let ok = hands(&[(1.0, 0.5)]);
        assert_eq!(Distribution::of(&ok, 0), Err(DistributionError::NoBins));
        assert_eq!(Distribution::of(&[], 4), Err(DistributionError::NoWeight));
        for bad in [
            (0.0, 0.5),
            (-1.0, 0.5),
            (f64::NAN, 0.5),
            (1.0, 1.5),
            (1.0, f64::NAN),
        ] {
            assert_eq!(
                Distribution::of(&hands(&[bad]), 4),
                Err(DistributionError::NoWeight),
                "{bad:?}"
            );
        }
    }
}
