//! The slow, obvious Omaha evaluator the fast one is checked against: every two hole cards with
//! every three board cards, each five evaluated by `eval`, the best kept; lows by sorting.

use deck::Card;

/// Best high value over all C(n, 2) · 10 five-card hands.
pub(crate) fn high(hole: &[Card], board: &[Card; 5]) -> u16 {
    let mut best = 0;
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            for a in 0..5 {
                for b in a + 1..5 {
                    for c in b + 1..5 {
                        let five = [hole[i], hole[j], board[a], board[b], board[c]];
                        best = best.max(eval::evaluate(&five).value());
                    }
                }
            }
        }
    }
    best
}

/// Best 8-or-better low: five distinct ranks of eight or below (ace = 1), highest first,
/// compared from the highest down; `None` without one.
pub(crate) fn low(hole: &[Card], board: &[Card; 5]) -> Option<[u8; 5]> {
    let low_rank = |c: Card| match c.rank() {
        12 => Some(1),
        r if r <= 6 => Some(r + 2),
        _ => None,
    };
    let mut best: Option<[u8; 5]> = None;
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            for a in 0..5 {
                for b in a + 1..5 {
                    for c in b + 1..5 {
                        let five = [hole[i], hole[j], board[a], board[b], board[c]];
                        let Some(mut ranks) = five
                            .iter()
                            .map(|&c| low_rank(c))
                            .collect::<Option<Vec<u8>>>()
                        else {
                            continue;
                        };
                        ranks.sort_unstable_by(|x, y| y.cmp(x));
                        if ranks.windows(2).any(|w| w[0] == w[1]) {
                            continue;
                        }
                        let hand = [ranks[0], ranks[1], ranks[2], ranks[3], ranks[4]];
                        if best.is_none_or(|b| hand < b) {
                            best = Some(hand);
                        }
                    }
                }
            }
        }
    }
    best
}
