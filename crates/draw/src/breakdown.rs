//! Hand-by-hand equity of draw players written as ranges of kept hands
//! (`7c5d4h3s,8s6h4c3d:0.5`): for every hand of such a range, how often it is held in the spot
//! and its win, tie and equity (hi/lo: its high, low and scoop shares) against the other
//! players' whole ranges; and the same per class of hands, by the cards drawn (`pat`,
//! `draw 1`, `draw 2` …).
//!
//! ```text
//!  crate::ranged::run (Goal::Hands) ──▶ per ranged player, per hand: its counts over the
//!                                       assignments that hold it
//!  frequency(h) = outcomes(h) / Σ outcomes     Σ frequency·equity = the plain run's equity
//! ```
//!
//! Exact when the plain run would be ([`crate::resolve()`]), so a breakdown costs what the plain
//! run costs. Players of one hand have no rows.

use engine::breakdown_rows::check_hand_rows;
use engine::range_text::WEIGHT_SCALE;
use engine::{BreakdownEntry, BreakdownRows, Method, PlayerRows, Watch};

use crate::error::DrawError;
use crate::ranged::{Goal, HandCounts, hand_equity, range_of, run};
use crate::spot::Spot;

/// The hand-by-hand breakdown of `spot`'s ranged players by the method the plain run would
/// use, on the current rayon pool. With a Monte Carlo target, rounds go on (a wave at a time)
/// until every hand's standard error is below it or the rounds run out.
///
/// # Errors
/// [`DrawError::NoRange`] when no player is a range; the limits on hand rows and
/// combinations; as [`crate::equity()`].
pub fn breakdown(spot: &Spot, method: &Method) -> Result<BreakdownRows, DrawError> {
    Ok(breakdown_until_stopped(spot, method, &|| false)?
        .unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`breakdown`], asking `stop` between pieces of work: `None` when it said to stop;
/// otherwise the very numbers of [`breakdown`].
///
/// # Errors
/// As [`breakdown`].
pub fn breakdown_until_stopped(
    spot: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<BreakdownRows>, DrawError> {
    if !spot.has_ranges() {
        return Err(DrawError::NoRange);
    }
    let hands = spot
        .players
        .iter()
        .filter_map(|p| p.range.as_ref())
        .map(|r| r.hands.len())
        .sum();
    check_hand_rows(hands)?;
    let method = crate::resolve(method, spot)?;
    let Some((assignments, counts)) = run(spot, &method, Goal::Hands, stop)? else {
        return Ok(None);
    };
    let (exact, hilo) = (method.is_exact(), spot.game.is_hilo());
    let players = spot.players.len();
    let size = spot.game.hand_size();
    let rows = assignments
        .seats
        .iter()
        .zip(&counts.hands)
        .map(|(&seat, hands)| {
            let range = range_of(spot, seat);
            let total = hands.iter().map(|h| h.outcomes).sum::<u128>().max(1) as f64;
            let entry =
                |hand: String, class: String, combos, weight, c: &HandCounts| BreakdownEntry {
                    hand,
                    class,
                    combos,
                    weight,
                    frequency: c.outcomes as f64 / total,
                    equity: hand_equity(c, players, exact, hilo),
                };
            // One class per number of cards drawn, the fewest first.
            let mut classes = vec![None::<(usize, u64, HandCounts)>; size + 1];
            let hand_rows = range
                .hands
                .iter()
                .zip(&range.weights)
                .zip(hands)
                .enumerate()
                .map(|(i, ((cards, &w), c))| {
                    let drawn = size - cards.len();
                    let row = classes[drawn].get_or_insert((0, 0, HandCounts::default()));
                    row.0 += 1;
                    row.1 += u64::from(w);
                    row.2.outcomes += c.outcomes;
                    row.2.samples += c.samples;
                    row.2.counts = row.2.counts + c.counts;
                    let share = f64::from(w) / f64::from(WEIGHT_SCALE);
                    entry(range.hand_text(i), class_name(drawn), 1, share, c)
                })
                .collect();
            let class_rows = classes
                .iter()
                .enumerate()
                .filter_map(|(drawn, row)| {
                    let (hands, w, c) = row.as_ref()?;
                    let mean = *w as f64 / (f64::from(WEIGHT_SCALE) * *hands as f64);
                    Some(entry(class_name(drawn), class_name(drawn), *hands, mean, c))
                })
                .collect();
            PlayerRows {
                seat: seat + 1,
                range: spot.players[seat].text.clone(),
                hands: hand_rows,
                classes: class_rows,
            }
        })
        .collect();
    Ok(Some(BreakdownRows {
        method,
        players: rows,
    }))
}

/// The class of a hand that draws `drawn` cards: `pat`, `draw 1`, … `draw 5`.
fn class_name(drawn: usize) -> String {
    match drawn {
        0 => "pat".to_string(),
        n => format!("draw {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, equity};

    fn mean(rows: &PlayerRows) -> f64 {
        rows.hands
            .iter()
            .map(|h| h.frequency * h.equity.equity)
            .sum()
    }

    /// Spots whose ranges keep different numbers of cards, weighted and not, heads-up and
    /// three-way, hi/lo and badugi; dead cards small enough stubs that exact counts are quick.
    const SPOTS: [(Game, &[&str], &str); 5] = [
        (
            Game::Lowball27,
            &["7c5d4h3s,7c5d4h,8s6h4c3d:0.5", "9c8d6h4s2c,Th9h"],
            "",
        ),
        (
            Game::LowballA5,
            &["Ac2d3h,Ac2d3h4s:0.3", "5c6d7h8s,5c6d", "KcQd"],
            "Kh Qh Jh Th 9h Ks Qs Js Ts 9s Kd Jd Td 9d",
        ),
        (Game::Badugi, &["Ac2d3h,Ac2d,4s", "5c6d7h8s,5c6d7h:0.5"], ""),
        (
            Game::Draw5HiLo,
            &["Ac2d3h4s,Ac2d3h,random:0.1", "KhKd8c"],
            "Qh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Qs Kc Jh Js Jd",
        ),
        (Game::Draw5, &["AcAd,KhKs", "QcQd,JhJs:0.5", "Tc9c8c7c"], ""),
    ];

    /// Each hand's row is the equity of the spot where the player keeps that hand (to 1e-12);
    /// the frequency-weighted rows make the plain run's equity.
    #[test]
    fn rows_are_the_hands_alone_and_average_to_the_plain_run() {
        for (game, players, dead) in SPOTS {
            let spot = Spot::parse(game, players, dead).unwrap();
            let plain = equity(&spot, &Method::Exact).unwrap();
            let b = breakdown(&spot, &Method::Exact).unwrap();
            assert!(!b.players.is_empty());
            for rows in &b.players {
                let p = rows.seat - 1;
                let want = plain.players[p].equity;
                assert!((mean(rows) - want).abs() < 1e-12, "{players:?} {p}");
                let classes: f64 = rows
                    .classes
                    .iter()
                    .map(|c| c.frequency * c.equity.equity)
                    .sum();
                assert!((classes - want).abs() < 1e-12);
                for hand in &rows.hands {
                    let mut alone: Vec<&str> = players.to_vec();
                    alone[p] = &hand.hand;
                    let fixed = Spot::parse(game, &alone, dead).unwrap();
                    let e = equity(&fixed, &Method::Exact).unwrap();
                    let got = &hand.equity;
                    assert!(
                        (got.equity - e.players[p].equity).abs() < 1e-12,
                        "{players:?} {}",
                        hand.hand
                    );
                    assert!((got.win - e.players[p].win).abs() < 1e-12);
                    if let (Some(g), Some(w)) = (got.hilo, e.players[p].hilo) {
                        assert!((g.low - w.low).abs() < 1e-12 && (g.scoop - w.scoop).abs() < 1e-12);
                    }
                }
            }
        }
    }

    /// Frequencies follow the weights where no card is shared: 1 : 1 : 0.5.
    #[test]
    fn frequencies_follow_the_weights() {
        let spot =
            Spot::parse(Game::Lowball27, &["7c5d4h3s,7c5d4h,8s6h4c3d:0.5", "Kc"], "").unwrap();
        let b = breakdown(&spot, &Method::Exact).unwrap();
        let f: Vec<f64> = b.players[0].hands.iter().map(|h| h.frequency).collect();
        for (got, want) in f.iter().zip([0.4, 0.4, 0.2]) {
            assert!((got - want).abs() < 1e-12, "{f:?}");
        }
        let names: Vec<&str> = b.players[0]
            .classes
            .iter()
            .map(|c| c.hand.as_str())
            .collect();
        assert_eq!(names, ["draw 1", "draw 2"]);
        assert_eq!(b.players[0].classes[0].combos, 2);
    }

    /// Monte Carlo within 4 standard errors of exact, hand by hand and for the plain run
    /// (fixed seeds: deterministic), and the same numbers for 1, 2 and 3 threads.
    #[test]
    fn monte_carlo_agrees_with_exact_for_any_threads() {
        let (game, players, dead) = SPOTS[0];
        let spot = Spot::parse(game, players, dead).unwrap();
        let exact = breakdown(&spot, &Method::Exact).unwrap();
        let plain = equity(&spot, &Method::Exact).unwrap();
        let method = Method::MonteCarlo {
            rounds: 400_000,
            seed: 11,
            target_stderr: None,
        };
        let run = |threads| engine::on_pool(threads, || breakdown(&spot, &method)).unwrap();
        let mc = run(3).unwrap();
        assert_eq!(mc, run(1).unwrap());
        assert_eq!(mc, run(2).unwrap());
        let table = |threads| {
            engine::on_pool(threads, || equity(&spot, &method))
                .unwrap()
                .unwrap()
        };
        let mc_plain = table(2);
        assert_eq!(mc_plain.players, table(1).players);
        for (e, m) in exact.players.iter().zip(&mc.players) {
            for (eh, mh) in e.hands.iter().zip(&m.hands) {
                let z = (mh.equity.equity - eh.equity.equity) / mh.equity.std_error.max(1e-9);
                assert!(z.abs() < 4.0, "{}: z {z}", eh.hand);
            }
            // The plain run is the same sampled rounds: its equity is the rows' mean.
            let p = e.seat - 1;
            assert!((mean(m) - mc_plain.players[p].equity).abs() < 1e-12);
            let z = (mc_plain.players[p].equity - plain.players[p].equity)
                / mc_plain.players[p].std_error;
            assert!(z.abs() < 4.0, "seat {}: z {z}", e.seat);
        }
    }

    #[test]
    fn bad_ranges_are_refused_in_one_line() {
        let err = |players: &[&str], dead: &str| {
            Spot::parse(Game::Lowball27, players, dead)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err(&["7c5d4h3s,8c7c6c5c4c3c", "random"], ""),
            "player '7c5d4h3s,8c7c6c5c4c3c' keeps 6 cards; a 2-7 lowball hand has 5"
        );
        assert_eq!(
            err(&["7c5d,8c6d", "random"], "7c 8c"),
            "range '7c5d,8c6d' is empty once the board, dead cards and other hands are removed"
        );
        assert_eq!(
            err(&["7c5d,7c6d", "7c8d,7c9d"], ""),
            "no deal fits: the ranges always share cards"
        );
        assert_eq!(
            Spot::parse(Game::Badugi, &["Ac2d3h4s5c,Ac", "random"], "")
                .unwrap_err()
                .to_string(),
            "player 'Ac2d3h4s5c,Ac' keeps 5 cards; a badugi hand has 4"
        );
        let spot = Spot::parse(Game::Lowball27, &["7c5d", "8c"], "").unwrap();
        assert_eq!(
            breakdown(&spot, &Method::Exact).unwrap_err(),
            DrawError::NoRange
        );
        // A hand shared with a fixed player is dropped; one left is still a range.
        let spot = Spot::parse(Game::Lowball27, &["7c5d,8c6d", "8c"], "").unwrap();
        assert_eq!(spot.players[0].range.as_ref().unwrap().hands.len(), 1);
    }

    #[test]
    fn stopped_runs_give_nothing_and_unstopped_ones_the_same_rows() {
        let (game, players, dead) = SPOTS[2];
        let spot = Spot::parse(game, players, dead).unwrap();
        for method in [
            Method::Exact,
            Method::MonteCarlo {
                rounds: 50_000,
                seed: 3,
                target_stderr: None,
            },
        ] {
            let whole = breakdown(&spot, &method).unwrap();
            let never = breakdown_until_stopped(&spot, &method, &|| false).unwrap();
            assert_eq!(never, Some(whole));
            assert_eq!(
                breakdown_until_stopped(&spot, &method, &|| true).unwrap(),
                None
            );
        }
    }
}
