//! The rows of `sim equity --distribution`: per player, the hands sorted by equity, the
//! histogram and the summary, then (heads-up, `--versus`) the same three over the other player's
//! hands. One row type for every level; a column a level has no value for is left empty.
//!
//! ```text
//!  level           hand            hands  low/high  share                cumulative  equity          q1…at_least_half
//!  curve           the hand        1      -         its share of range   x right     its equity      -
//!  bin             -               in bin edges     bin's share          -           -               -
//!  summary         -               all    -         1                    -           mean            the summary
//!  versus_curve    opponent's hand 1      -         its share of theirs  x right     player's equity -
//!  versus_bin / versus_summary: as bin / summary over the versus_curve rows; `against` is the
//!  opponent's seat on versus rows
//! ```

use engine::Distribution;
use serde::Serialize;

use crate::report::Share;

/// One row of an equity distribution.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DistributionRow {
    /// The game (`holdem`, `shortdeck`, …).
    pub game: &'static str,
    /// The board the equities are on (empty before the flop).
    pub board: String,
    /// Seat, from 1.
    pub player: usize,
    /// The player's range as given.
    pub range: String,
    /// `curve`, `bin`, `summary`, `versus_curve`, `versus_bin` or `versus_summary`.
    pub level: &'static str,
    /// Versus rows: the opponent's seat, whose hands the rows are.
    pub against: Option<usize>,
    /// Curve rows: the hand (`AhKh`; versus rows: the opponent's hand).
    pub hand: String,
    /// Hands in the row: 1 on the curve, the bin's, or the range's in the summary.
    pub hands: usize,
    /// Bin rows: the lower edge of the bin's equities.
    pub low: Option<Share>,
    /// Bin rows: the upper edge (excluded, except 1 in the last bin).
    pub high: Option<Share>,
    /// The row's share of the range: dealt frequency (range weight × card removal).
    pub share: Share,
    /// Curve rows: the shares of this hand and every hand above it, the curve's x at the hand's
    /// right edge.
    pub cumulative: Option<Share>,
    /// Curve rows: the equity (versus rows: the player's equity against the opponent's hand);
    /// summary rows: the share-weighted mean, the player's equity.
    pub equity: Option<Share>,
    /// Curve and summary rows: the standard error of `equity` (0 when exact).
    pub std_error: Option<Share>,
    /// Summary rows: the lower quartile of the equities (share-weighted).
    pub q1: Option<Share>,
    /// Summary rows: the median.
    pub median: Option<Share>,
    /// Summary rows: the upper quartile.
    pub q3: Option<Share>,
    /// Summary rows: the share of the range with equity at least 50 %.
    pub at_least_half: Option<Share>,
}

/// Who a block of rows is about: game, board, seat and range, and the opponent's seat on versus
/// rows.
#[derive(Debug, Clone, Copy)]
pub struct Seat<'a> {
    /// The game's name.
    pub game: &'static str,
    /// The board as text.
    pub board: &'a str,
    /// Seat, from 1.
    pub player: usize,
    /// The player's range as given.
    pub range: &'a str,
    /// The opponent's seat for versus rows, else `None`.
    pub against: Option<usize>,
}

/// The rows of `distribution`: curve, bins, summary (levels prefixed `versus_` when
/// `seat.against` is set). `hand(i)` names input hand `i` and gives its equity's standard error;
/// `total_std_error` is the summary's.
pub fn distribution_rows(
    seat: Seat<'_>,
    distribution: &Distribution,
    hand: impl Fn(usize) -> (String, f64),
    total_std_error: f64,
) -> Vec<DistributionRow> {
    let versus = seat.against.is_some();
    let level = |plain: &'static str, other: &'static str| if versus { other } else { plain };
    let row = |level: &'static str, hand: String, hands: usize, share: f64| DistributionRow {
        game: seat.game,
        board: seat.board.to_string(),
        player: seat.player,
        range: seat.range.to_string(),
        level,
        against: seat.against,
        hand,
        hands,
        low: None,
        high: None,
        share: Share::from(share),
        cumulative: None,
        equity: None,
        std_error: None,
        q1: None,
        median: None,
        q3: None,
        at_least_half: None,
    };
    let some = |x: f64| Some(Share::from(x));
    let mut rows = Vec::with_capacity(distribution.curve.len() + distribution.bins.len() + 1);
    for point in &distribution.curve {
        let (name, std_error) = hand(point.index);
        rows.push(DistributionRow {
            cumulative: some(point.cumulative),
            equity: some(point.equity),
            std_error: some(std_error),
            ..row(level("curve", "versus_curve"), name, 1, point.share)
        });
    }
    for bin in &distribution.bins {
        rows.push(DistributionRow {
            low: some(bin.low),
            high: some(bin.high),
            ..row(
                level("bin", "versus_bin"),
                String::new(),
                bin.hands,
                bin.share,
            )
        });
    }
    let s = &distribution.summary;
    rows.push(DistributionRow {
        equity: some(s.mean),
        std_error: some(total_std_error),
        q1: some(s.q1),
        median: some(s.median),
        q3: some(s.q3),
        at_least_half: some(s.at_least_half),
        ..row(
            level("summary", "versus_summary"),
            String::new(),
            s.hands,
            1.0,
        )
    });
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::HandPoint;

    #[test]
    fn every_level_fills_its_columns() {
        let points = [
            HandPoint {
                weight: 1.0,
                equity: 0.25,
            },
            HandPoint {
                weight: 3.0,
                equity: 0.75,
            },
        ];
        let d = Distribution::of(&points, 2).unwrap();
        let seat = Seat {
            game: "holdem",
            board: "",
            player: 1,
            range: "AK",
            against: None,
        };
        let rows = distribution_rows(seat, &d, |i| (format!("h{i}"), 0.0), 0.0);
        let levels: Vec<&str> = rows.iter().map(|r| r.level).collect();
        assert_eq!(levels, ["curve", "curve", "bin", "bin", "summary"]);
        assert_eq!(rows[0].hand, "h1");
        assert_eq!(rows[0].cumulative, Some(Share::from(0.75)));
        assert_eq!(rows[3].share, Share::from(0.75));
        assert_eq!(rows[4].equity, Some(Share::from(0.625)));
        let versus = distribution_rows(
            Seat {
                against: Some(2),
                ..seat
            },
            &d,
            |i| (format!("h{i}"), 0.0),
            0.0,
        );
        assert_eq!(versus[0].level, "versus_curve");
        assert_eq!(versus[4].level, "versus_summary");
        assert!(versus.iter().all(|r| r.against == Some(2)));
    }
}
