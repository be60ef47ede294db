//! The table of `sim equity --distribution`, defined once: per player, the hands sorted by
//! equity (the curve), the histogram and the summary, then (heads-up, `--versus`) the same three
//! over the other player's hands. One line type for every level; a column a level has no value
//! for is none.
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

use engine::{Distribution, PlayerRows};

use crate::cards::cards_text;
use crate::distribution::{DistributionRequest, DistributionResult, mean_error};
use crate::table::{Cell, Column, Kind};

/// One line of an equity distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct DistributionLine {
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
    /// Versus lines: the opponent's seat, whose hands the lines are.
    pub against: Option<usize>,
    /// Curve lines: the hand (versus lines: the opponent's hand).
    pub hand: String,
    /// Hands in the line: 1 on the curve, the bin's, or the range's in the summary.
    pub hands: usize,
    /// Bin lines: the lower edge of the bin's equities.
    pub low: Option<f64>,
    /// Bin lines: the upper edge.
    pub high: Option<f64>,
    /// The line's share of the range.
    pub share: f64,
    /// Curve lines: the shares of this hand and every hand above it.
    pub cumulative: Option<f64>,
    /// Curve lines: the equity; summary lines: the share-weighted mean.
    pub equity: Option<f64>,
    /// Curve and summary lines: the standard error of `equity`.
    pub std_error: Option<f64>,
    /// Summary lines: the lower quartile, the median, the upper quartile and the share of the
    /// range with equity at least 50 %.
    pub summary: Option<[f64; 4]>,
}

/// Who a block of lines is about: game, board, seat and range, and the opponent's seat on
/// versus lines.
#[derive(Debug, Clone, Copy)]
struct Seat<'a> {
    game: &'static str,
    board: &'a str,
    player: usize,
    range: &'a str,
    against: Option<usize>,
}

/// The lines of a distribution run: for each player the curve, bins and summary of the range,
/// then those over each opponent's hands (`--versus`).
pub fn lines(request: &DistributionRequest, result: &DistributionResult) -> Vec<DistributionLine> {
    let equity = &request.breakdown.equity;
    let board = cards_text(equity.board());
    let breakdown = &result.breakdown;
    let mut lines = Vec::new();
    for (player, d) in breakdown.players.iter().zip(&result.players) {
        let seat = Seat {
            game: request.breakdown.game().name(),
            board: &board,
            player: player.seat,
            range: &player.range,
            against: None,
        };
        let own = |i: usize| {
            (
                player.hands[i].hand.clone(),
                player.hands[i].equity.std_error,
            )
        };
        block(&mut lines, seat, &d.own, own, mean_error(player));
        for versus in &d.versus {
            let opponent: &PlayerRows = &breakdown.players[versus.against];
            let seat = Seat {
                against: Some(opponent.seat),
                ..seat
            };
            let hand = |i: usize| (opponent.hands[i].hand.clone(), versus.std_errors[i]);
            block(
                &mut lines,
                seat,
                &versus.distribution,
                hand,
                versus.std_error,
            );
        }
    }
    lines
}

/// Adds the lines of `distribution`: curve, bins, summary (levels prefixed `versus_` when
/// `seat.against` is set). `hand(i)` names input hand `i` and gives its equity's standard error;
/// `total_std_error` is the summary's.
fn block(
    lines: &mut Vec<DistributionLine>,
    seat: Seat<'_>,
    distribution: &Distribution,
    hand: impl Fn(usize) -> (String, f64),
    total_std_error: f64,
) {
    let versus = seat.against.is_some();
    let level = |plain: &'static str, other: &'static str| if versus { other } else { plain };
    let line = |level: &'static str, hand: String, hands: usize, share: f64| DistributionLine {
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
        share,
        cumulative: None,
        equity: None,
        std_error: None,
        summary: None,
    };
    for point in &distribution.curve {
        let (name, std_error) = hand(point.index);
        lines.push(DistributionLine {
            cumulative: Some(point.cumulative),
            equity: Some(point.equity),
            std_error: Some(std_error),
            ..line(level("curve", "versus_curve"), name, 1, point.share)
        });
    }
    for bin in &distribution.bins {
        lines.push(DistributionLine {
            low: Some(bin.low),
            high: Some(bin.high),
            ..line(
                level("bin", "versus_bin"),
                String::new(),
                bin.hands,
                bin.share,
            )
        });
    }
    let s = &distribution.summary;
    lines.push(DistributionLine {
        equity: Some(s.mean),
        std_error: Some(total_std_error),
        summary: Some([s.q1, s.median, s.q3, s.at_least_half]),
        ..line(
            level("summary", "versus_summary"),
            String::new(),
            s.hands,
            1.0,
        )
    });
}

/// A column of the summary's numbers, `i` in q1, median, q3, at least half.
const fn summary(name: &'static str, doc: &'static str, i: usize) -> Column<DistributionLine> {
    Column {
        name,
        kind: Kind::ShareOrNone,
        doc,
        value: match i {
            0 => |l| Cell::float_or_none(l.summary.map(|s| s[0])),
            1 => |l| Cell::float_or_none(l.summary.map(|s| s[1])),
            2 => |l| Cell::float_or_none(l.summary.map(|s| s[2])),
            _ => |l| Cell::float_or_none(l.summary.map(|s| s[3])),
        },
    }
}

/// The columns of a distribution table.
pub const COLUMNS: [Column<DistributionLine>; 18] = [
    Column {
        name: "game",
        kind: Kind::Text,
        doc: "The game of every line.",
        value: |l| Cell::Text(l.game.to_string()),
    },
    Column {
        name: "board",
        kind: Kind::Text,
        doc: "The board the equities are on (empty before the flop).",
        value: |l| Cell::Text(l.board.clone()),
    },
    Column {
        name: "player",
        kind: Kind::Count,
        doc: "Seat, from 1.",
        value: |l| Cell::Int(l.player as u128),
    },
    Column {
        name: "range",
        kind: Kind::Text,
        doc: "The player's range as given.",
        value: |l| Cell::Text(l.range.clone()),
    },
    Column {
        name: "level",
        kind: Kind::Text,
        doc: "curve, bin, summary, versus_curve, versus_bin or versus_summary.",
        value: |l| Cell::Text(l.level.to_string()),
    },
    Column {
        name: "against",
        kind: Kind::CountOrNone,
        doc: "versus lines: the other player's seat, whose hands they are; none elsewhere.",
        value: |l| l.against.map_or(Cell::None, |s| Cell::Int(s as u128)),
    },
    Column {
        name: "hand",
        kind: Kind::Text,
        doc: "curve lines: the hand (versus lines: the other player's hand).",
        value: |l| Cell::Text(l.hand.clone()),
    },
    Column {
        name: "hands",
        kind: Kind::Count,
        doc: "Hands in the line: 1 on the curve, the bin's, the range's in the summary.",
        value: |l| Cell::Int(l.hands as u128),
    },
    Column {
        name: "low",
        kind: Kind::ShareOrNone,
        doc: "bin lines: the lower edge of the bin's equities.",
        value: |l| Cell::float_or_none(l.low),
    },
    Column {
        name: "high",
        kind: Kind::ShareOrNone,
        doc: "bin lines: the upper edge (excluded, except 1 in the last bin).",
        value: |l| Cell::float_or_none(l.high),
    },
    Column {
        name: "share",
        kind: Kind::Share,
        doc: "The line's share of the range: range weight times card removal.",
        value: |l| Cell::Float(l.share),
    },
    Column {
        name: "cumulative",
        kind: Kind::ShareOrNone,
        doc: "curve lines: the shares of this hand and every hand above it.",
        value: |l| Cell::float_or_none(l.cumulative),
    },
    Column {
        name: "equity",
        kind: Kind::ShareOrNone,
        doc: "curve lines: the hand's equity; summary lines: the mean, the player's equity.",
        value: |l| Cell::float_or_none(l.equity),
    },
    Column {
        name: "std_error",
        kind: Kind::ShareOrNone,
        doc: "The standard error of equity (0 when exact).",
        value: |l| Cell::float_or_none(l.std_error),
    },
    summary(
        "q1",
        "summary lines: the lower quartile of the equities.",
        0,
    ),
    summary("median", "summary lines: the median equity.", 1),
    summary("q3", "summary lines: the upper quartile.", 2),
    summary(
        "at_least_half",
        "summary lines: the share of the range with equity at least 50 %.",
        3,
    ),
];

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
        let mut lines = Vec::new();
        block(&mut lines, seat, &d, |i| (format!("h{i}"), 0.0), 0.0);
        let levels: Vec<&str> = lines.iter().map(|r| r.level).collect();
        assert_eq!(levels, ["curve", "curve", "bin", "bin", "summary"]);
        assert_eq!(lines[0].hand, "h1");
        assert_eq!(lines[0].cumulative, Some(0.75));
        assert_eq!(lines[3].share, 0.75);
        assert_eq!(lines[4].equity, Some(0.625));
        assert_eq!((COLUMNS[14].value)(&lines[0]), Cell::None);
        assert_ne!((COLUMNS[14].value)(&lines[4]), Cell::None);
        let mut versus = Vec::new();
        let seat = Seat {
            against: Some(2),
            ..seat
        };
        block(&mut versus, seat, &d, |i| (format!("h{i}"), 0.0), 0.0);
        assert_eq!(versus[0].level, "versus_curve");
        assert_eq!(versus[4].level, "versus_summary");
        assert_eq!((COLUMNS[5].value)(&versus[0]), Cell::Int(2));
        assert_eq!((COLUMNS[5].value)(&lines[0]), Cell::None);
    }
}
