//! The table of a runout run (`--boards 2`, `--runs N`), one line per player and row kind, in
//! the order both front ends write it: each player's equity over the whole pot (`board`
//! `all`), their equity on each board or run alone, then the joint outcomes — the share of the
//! pot taken home with its probability (double board of a high-only game: by the pair of
//! outcomes, scoop both, win one and split one …).

use engine::runouts::{BOARD_UNITS, RunoutCounts};

use crate::runouts::{RunoutKind, RunoutRequest};
use crate::table::{Cell, Column, Kind};

/// One line of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct RunoutLine {
    /// Seat, from 1.
    pub player: usize,
    /// The hand, as given.
    pub hand: String,
    /// `all` (the whole pot), `1`/`2` (a board of two), `run1` … (a run alone), `1-run1`,
    /// `2-run1` … (a board of two run N times: one board and run), `both` (the joint outcome of
    /// two boards).
    pub board: String,
    /// The share of the pot taken home, as a fraction (`1/2`); empty on equity lines.
    pub share: String,
    /// `equity`, or the outcome's word (`scoop`, `win_split`, `half` …).
    pub outcome: &'static str,
    /// The probability of the outcome, or the equity on an equity line.
    pub probability: f64,
    /// Its standard error (0 when exact).
    pub std_error: f64,
    /// Equity lines: the variance of the share of the pot taken home (a run alone: of one
    /// run's whole pot, the variance without runs); `None` on outcome lines.
    pub variance: Option<f64>,
}

/// The columns, in order.
pub const COLUMNS: [Column<RunoutLine>; 8] = [
    Column {
        name: "player",
        kind: Kind::Count,
        doc: "Seat, from 1.",
        value: |l| Cell::Int(l.player as u128),
    },
    Column {
        name: "hand",
        kind: Kind::Text,
        doc: "The player's hand, as given.",
        value: |l| Cell::Text(l.hand.clone()),
    },
    Column {
        name: "board",
        kind: Kind::Text,
        doc: "all: the whole pot; 1 or 2: one board of a double board; run1 …: one run alone; 1-run1, 2-run1, 1-run2 …: one board and run of a double board run N times; both: the joint outcome of the two boards.",
        value: |l| Cell::Text(l.board.clone()),
    },
    Column {
        name: "share",
        kind: Kind::Text,
        doc: "The share of the pot taken home, as a fraction; empty on equity rows.",
        value: |l| Cell::Text(l.share.clone()),
    },
    Column {
        name: "outcome",
        kind: Kind::Text,
        doc: "equity, or the outcome: scoop, three_quarters, half, quarter, nothing, share (another split), and for a double board of a high-only game scoop_both, win_split, win_lose, split_split, split_lose, lose_lose.",
        value: |l| Cell::Text(l.outcome.to_string()),
    },
    Column {
        name: "probability",
        kind: Kind::Share,
        doc: "The outcome's probability, or the equity on equity rows.",
        value: |l| Cell::Float(l.probability),
    },
    Column {
        name: "std_error",
        kind: Kind::Share,
        doc: "Standard error of probability (0 when exact).",
        value: |l| Cell::Float(l.std_error),
    },
    Column {
        name: "variance",
        kind: Kind::ShareOrNone,
        doc: "Equity rows: the variance of the share of the pot taken home (a run alone: the variance of a single run).",
        value: |l| Cell::float_or_none(l.variance),
    },
];

/// The lines of `counts`, the run of `request`.
pub fn lines(request: &RunoutRequest, counts: &RunoutCounts) -> Vec<RunoutLine> {
    let n = counts.deals.max(1) as f64;
    let sampled = !request.exact;
    let spread = |p: f64| {
        if sampled {
            (p * (1.0 - p) / n).sqrt()
        } else {
            0.0
        }
    };
    let hilo = request.game.is_hilo();
    let mut out = Vec::new();
    for (p, hand) in request.hands.iter().enumerate() {
        let line =
            |board: String, share: String, outcome, probability, std_error, variance| RunoutLine {
                player: p + 1,
                hand: hand.clone(),
                board,
                share,
                outcome,
                probability,
                std_error,
                variance,
            };
        let variance = counts.variance(p);
        out.push(line(
            "all".into(),
            String::new(),
            "equity",
            counts.equity(p),
            if sampled { (variance / n).sqrt() } else { 0.0 },
            Some(variance),
        ));
        for b in 0..counts.boards {
            let name = request.kind.board_name(b);
            let v = counts.board_variance(p, b);
            out.push(line(
                name,
                String::new(),
                "equity",
                counts.board_equity(p, b),
                if sampled { (v / n).sqrt() } else { 0.0 },
                Some(v),
            ));
        }
        let pot = counts.pot_units();
        if request.kind == RunoutKind::DoubleBoard && !hilo {
            for (a, b, deals) in counts.pair_distribution(p) {
                let q = deals as f64 / n;
                let word = pair_word(a, b);
                out.push(line(
                    "both".into(),
                    fraction(a + b, pot),
                    word,
                    q,
                    spread(q),
                    None,
                ));
            }
        } else {
            let board = if request.kind == RunoutKind::DoubleBoard {
                "both"
            } else {
                "all"
            };
            for (t, deals) in counts.total_distribution(p).into_iter().rev() {
                let q = deals as f64 / n;
                let word = share_word(t, pot);
                out.push(line(
                    board.into(),
                    fraction(t, pot),
                    word,
                    q,
                    spread(q),
                    None,
                ));
            }
        }
    }
    out
}

/// The outcome of two boards' shares `a ≥ b` (of [`BOARD_UNITS`] each).
fn pair_word(a: u32, b: u32) -> &'static str {
    let kind = |s: u32| match s {
        0 => 0,
        BOARD_UNITS => 2,
        _ => 1,
    };
    match (kind(a), kind(b)) {
        (2, 2) => "scoop_both",
        (2, 1) => "win_split",
        (2, 0) => "win_lose",
        (1, 1) => "split_split",
        (1, 0) => "split_lose",
        _ => "lose_lose",
    }
}

/// The word of a share `t` of a pot of `pot` units.
fn share_word(t: u32, pot: u32) -> &'static str {
    match (4 * t)
        .checked_div(pot)
        .filter(|_| (4 * t).is_multiple_of(pot))
    {
        Some(4) => "scoop",
        Some(3) => "three_quarters",
        Some(2) => "half",
        Some(1) => "quarter",
        Some(0) => "nothing",
        _ => "share",
    }
}

/// `t/pot` in lowest terms: `0`, `1`, `3/4`.
fn fraction(t: u32, pot: u32) -> String {
    let (mut a, mut b) = (t, pot);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    match (t / g, pot / g) {
        (0, _) => "0".into(),
        (x, 1) => x.to_string(),
        (x, y) => format!("{x}/{y}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_fractions() {
        assert_eq!(fraction(7560, 10080), "3/4");
        assert_eq!(fraction(10080, 10080), "1");
        assert_eq!(fraction(0, 10080), "0");
        assert_eq!(share_word(7560, 10080), "three_quarters");
        assert_eq!(share_word(3360, 10080), "share");
        assert_eq!(pair_word(BOARD_UNITS, 2520), "win_split");
    }
}
