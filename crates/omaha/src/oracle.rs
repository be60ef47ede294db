//! The slow, obvious evaluator the fast one is checked against: every five-card hand the rule
//! allows (Omaha: every two hole cards with every three board cards; the best-five rule: every
//! five of the seven cards, 21 hands), each evaluated by `eval`, the best kept; lows by sorting.

use deck::Card;
use engine::HandRule;

/// Every five-card hand `rule` makes of `hole` and `board`.
fn fives(rule: HandRule, hole: &[Card], board: &[Card; 5]) -> Vec<[Card; 5]> {
    match rule {
        HandRule::TwoPlusThree => {
            let mut out = Vec::new();
            for i in 0..hole.len() {
                for j in i + 1..hole.len() {
                    for a in 0..5 {
                        for b in a + 1..5 {
                            for c in b + 1..5 {
                                out.push([hole[i], hole[j], board[a], board[b], board[c]]);
                            }
                        }
                    }
                }
            }
            out
        }
        HandRule::BestFive => {
            let seven: Vec<Card> = hole.iter().chain(board).copied().collect();
            let mut out = Vec::new();
            // Leave out two of the seven cards: C(7, 2) = 21 hands.
            for skip_a in 0..seven.len() {
                for skip_b in skip_a + 1..seven.len() {
                    let five: Vec<Card> = (0..seven.len())
                        .filter(|&k| k != skip_a && k != skip_b)
                        .map(|k| seven[k])
                        .collect();
                    out.push(five.try_into().expect("five cards"));
                }
            }
            out
        }
    }
}

/// Best Omaha high value over all C(n, 2) · 10 five-card hands.
pub(crate) fn high(hole: &[Card], board: &[Card; 5]) -> u16 {
    high_of(HandRule::TwoPlusThree, hole, board)
}

/// Best Omaha 8-or-better low ([`low_of`]).
pub(crate) fn low(hole: &[Card], board: &[Card; 5]) -> Option<[u8; 5]> {
    low_of(HandRule::TwoPlusThree, hole, board)
}

/// Best high value over the five-card hands of `rule`.
pub(crate) fn high_of(rule: HandRule, hole: &[Card], board: &[Card; 5]) -> u16 {
    fives(rule, hole, board)
        .iter()
        .map(|five| eval::evaluate(five).value())
        .max()
        .unwrap_or(0)
}

/// Best 8-or-better low over the five-card hands of `rule`: five distinct ranks of eight or
/// below (ace = 1), highest first, compared from the highest down; `None` without one.
pub(crate) fn low_of(rule: HandRule, hole: &[Card], board: &[Card; 5]) -> Option<[u8; 5]> {
    let low_rank = |c: Card| match c.rank() {
        12 => Some(1),
        r if r <= 6 => Some(r + 2),
        _ => None,
    };
    let mut best: Option<[u8; 5]> = None;
    for five in fives(rule, hole, board) {
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
    best
}

/// An oracle low as a strength, as the fast evaluator gives it: larger is better, 0 = none.
pub(crate) fn low_strength(low: Option<[u8; 5]>) -> u8 {
    low.map_or(0, |r| 255 - r.iter().fold(0u8, |m, &x| m | 1 << (x - 1)))
}
