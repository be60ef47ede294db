//! Hand-by-hand equity inside Omaha ranges (`sim equity --breakdown`): for every hand of every
//! player's range, its win, tie and equity (hi/lo: its high, low and scoop shares) against the
//! other players' whole ranges, and the same per class, a class being an item of the range as
//! written (`AAxx:ds`, `KKxx`, a single hand) that a hand goes to when it is the **first** item
//! matching it.
//!
//! ```text
//!  ranges ──list_combinations──▶ combination a = (hand of each player), weight w(a)
//!  exact:        every board of a (crate::exact), counts credited to each player's hand in a
//!  Monte Carlo:  engine::Strata spreads the rounds over the combinations by weight; each
//!                combination's rounds deal its boards, counts credited the same way
//!  player p:     Σ_h counts(h) = the counts of p over the whole spot
//! ```
//!
//! Exact when the plain run would be ([`crate::resolve`]: hand combinations × boards against
//! [`crate::EXACT_LIMITS`]), so a breakdown costs what the plain run costs. Limits: at most
//! [`engine::MAX_HAND_ROWS`] hands in all (`random` counts every hand of the deck) and
//! [`engine::MAX_COMBINATIONS`] combinations.

use deck::{Card, Deck};
use engine::Watch;
use engine::breakdown_rows::{check_hand_rows, list_combinations};
use engine::pot_tally::PlayerCounts;
use engine::{
    BreakdownEntry, BreakdownRows, Method, PlayerEquity, PlayerRows, PotTally, RangeError, Strata,
};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::error::OmahaError;
use crate::evaluate::{Board, Hole};
use crate::exact::enumerate_hands;
use crate::range::{HoleCards, WEIGHT_SCALE, hand_mask};
use crate::showdown::Showdown;
use crate::spot::Spot;

/// One hand's counts from its player's seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct HandCounts {
    outcomes: u64,
    counts: PlayerCounts,
}

/// Per player, the counts of each hand of the range.
type Tallies = Vec<Vec<HandCounts>>;

/// The hand-by-hand breakdown of `spot` by the method the plain run would use, on the current
/// rayon pool. With a Monte Carlo target, rounds go on (a wave at a time) until every hand's
/// standard error is below it or the rounds run out.
///
/// # Errors
/// As [`crate::equity`], and [`engine::BreakdownError`] past the limits on hands and
/// combinations.
pub fn breakdown(spot: &Spot, method: &Method) -> Result<BreakdownRows, OmahaError> {
    Ok(breakdown_until_stopped(spot, method, &|| false)?
        .unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`breakdown`], asking `stop` between pieces of work: Monte Carlo before each wave and each
/// work item of the wave ([`Strata::run_until_stopped`]), exact counts before each combination
/// of hands. `None` when `stop` said to stop; otherwise the very numbers of [`breakdown`].
///
/// # Errors
/// As [`breakdown`].
pub fn breakdown_until_stopped(
    spot: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<BreakdownRows>, OmahaError> {
    let n = spot.game.hole_cards();
    // `random` lists every hand of the cards no one else is known to hold.
    let fixed = spot
        .players
        .iter()
        .filter_map(|r| r.single())
        .fold(spot.known_mask(), |m, h| m | hand_mask(&h, n));
    let free = 52 - fixed.count_ones() as u128;
    let hands: u128 = spot
        .players
        .iter()
        .map(|r| {
            if r.random {
                deck::uniform::binomial(free, n as u128)
            } else {
                r.hands.len() as u128
            }
        })
        .sum();
    check_hand_rows(usize::try_from(hands).unwrap_or(usize::MAX))?;
    let method = crate::resolve(method, spot)?;
    let masks: Vec<Vec<u64>> = spot
        .players
        .iter()
        .map(|r| r.hands.iter().map(|h| hand_mask(h, n)).collect())
        .collect();
    let ranges: Vec<(&[u64], &[u32])> = masks
        .iter()
        .zip(&spot.players)
        .map(|(m, r)| (&m[..], &r.weights[..]))
        .collect();
    let (picks, weights) = list_combinations(&ranges, spot.known_mask())?;
    if weights.is_empty() {
        return Err(RangeError::NoDealFits.into());
    }
    let _ = crate::tables::Tables::get();
    let tallies = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => monte_carlo(spot, &picks, &weights, (rounds, seed, target_stderr), stop),
        _ => exact(spot, &picks, stop),
    };
    let Some(tallies) = tallies else {
        return Ok(None);
    };
    let hilo = spot.game.is_hilo();
    let exact = method.is_exact();
    let players = spot
        .players
        .iter()
        .zip(&tallies)
        .enumerate()
        .map(|(p, (range, hands))| {
            let (names, class_of) = range.classes();
            let total = hands.iter().map(|h| h.outcomes).sum::<u64>().max(1) as f64;
            let entry =
                |hand: String, class: String, combos, weight, c: &HandCounts| BreakdownEntry {
                    hand,
                    class,
                    combos,
                    weight,
                    frequency: c.outcomes as f64 / total,
                    equity: equity_of(c, spot.players.len(), exact, hilo),
                };
            let mut classes = vec![(0usize, 0u64, HandCounts::default()); names.len()];
            let rows = range
                .hands
                .iter()
                .zip(&range.weights)
                .zip(hands)
                .zip(&class_of)
                .map(|(((hand, &w), c), &k)| {
                    let class = &mut classes[k as usize];
                    class.0 += 1;
                    class.1 += u64::from(w);
                    class.2.outcomes += c.outcomes;
                    class.2.counts = class.2.counts + c.counts;
                    let share = f64::from(w) / f64::from(WEIGHT_SCALE);
                    entry(text(hand, n), names[k as usize].clone(), 1, share, c)
                })
                .collect();
            let class_rows = names
                .iter()
                .zip(&classes)
                .map(|(name, (combos, w, c))| {
                    let mean = *w as f64 / (f64::from(WEIGHT_SCALE) * *combos as f64);
                    entry(name.clone(), name.clone(), *combos, mean, c)
                })
                .collect();
            PlayerRows {
                seat: p + 1,
                range: range.text.clone(),
                hands: rows,
                classes: class_rows,
            }
        })
        .collect();
    Ok(Some(BreakdownRows { method, players }))
}

/// The hand's cards, highest first (by rank, then suit).
fn text(hand: &HoleCards, n: usize) -> String {
    let mut cards = hand[..n].to_vec();
    cards.sort_by_key(|c| std::cmp::Reverse((c.rank(), c.index())));
    cards.iter().map(Card::to_string).collect()
}

/// The equity of a hand's counts at a table of `players`.
fn equity_of(c: &HandCounts, players: usize, exact: bool, hilo: bool) -> PlayerEquity {
    // A tally of the table (its pot units), holding this hand's seat only.
    let mut t = PotTally::new(players);
    t.outcomes = c.outcomes;
    t.counts[0] = c.counts;
    t.players = 1;
    t.equities(exact, hilo)[0]
}

fn zero(spot: &Spot) -> Tallies {
    spot.players
        .iter()
        .map(|r| vec![HandCounts::default(); r.hands.len()])
        .collect()
}

fn add(mut a: Tallies, b: Tallies) -> Tallies {
    for (a, b) in a.iter_mut().zip(&b) {
        for (a, b) in a.iter_mut().zip(b) {
            a.outcomes += b.outcomes;
            a.counts = a.counts + b.counts;
        }
    }
    a
}

/// Credits combination `picks`' counts to each player's hand in it.
fn credit(tallies: &mut Tallies, picks: &[u32], local: &PotTally) {
    for (p, (hands, &pick)) in tallies.iter_mut().zip(picks).enumerate() {
        let hand = &mut hands[pick as usize];
        hand.outcomes += local.outcomes;
        hand.counts = hand.counts + local.counts[p];
    }
}

/// The hands of combination `a`.
fn hands_of(spot: &Spot, picks: &[u32], a: usize) -> Vec<HoleCards> {
    let players = spot.players.len();
    picks[a * players..(a + 1) * players]
        .iter()
        .zip(&spot.players)
        .map(|(&i, r)| r.hands[i as usize])
        .collect()
}

/// Every combination counted over every board (combinations are unweighted in exact runs);
/// `None` when `stop`, asked before each combination, said to stop; each combination is told
/// to it once counted.
fn exact(spot: &Spot, picks: &[u32], stop: &dyn Watch) -> Option<Tallies> {
    let players = spot.players.len();
    let combinations = picks.len() / players;
    let tallies = (0..combinations)
        .into_par_iter()
        .fold(
            || zero(spot),
            |mut t, a| {
                if stop.should_stop() {
                    return t;
                }
                let local = enumerate_hands(spot, &hands_of(spot, picks, a));
                credit(&mut t, &picks[a * players..(a + 1) * players], &local);
                stop.advance(1, combinations as u64);
                t
            },
        )
        .reduce(|| zero(spot), add);
    (!stop.should_stop()).then_some(tallies)
}

/// Stratified rounds over the combinations (engine::Strata), chunks seeded from `seed`; `None`
/// when `stop` said to stop.
fn monte_carlo(
    spot: &Spot,
    picks: &[u32],
    weights: &[u128],
    (rounds, seed, target): (u64, u64, Option<f64>),
    stop: &dyn Watch,
) -> Option<Tallies> {
    let players = spot.players.len();
    let n = spot.game.hole_cards();
    let hilo = spot.game.is_hilo();
    let strata = Strata::new(weights).unwrap_or_else(|| unreachable!("weights are positive"));
    let play = |t: &mut Tallies, a: usize, rounds: u64, rng: &mut Xoshiro256PlusPlus| {
        let hands = hands_of(spot, picks, a);
        let rule = spot.game.spec().hand;
        let holes: Vec<Hole> = hands.iter().map(|h| Hole::new(&h[..n], rule)).collect();
        let known: Vec<Card> = spot
            .board
            .iter()
            .chain(&spot.dead)
            .copied()
            .chain(hands.iter().flat_map(|h| h[..n].iter().copied()))
            .collect();
        let mut deck = Deck::with_known(&known)
            .unwrap_or_else(|_| unreachable!("a combination shares no card"));
        let showdown = Showdown::new(hilo, &holes);
        let mut board = [Card::from_index(0); 5];
        let start = spot.board.len();
        board[..start].copy_from_slice(&spot.board);
        let at = deck.known();
        let mut local = PotTally::new(players);
        for _ in 0..rounds {
            let dealt = &deck.deal(rng, 5 - start)[at..];
            board[start..].copy_from_slice(dealt);
            showdown.play(&Board::new(&board), &mut local);
        }
        credit(t, &picks[a * players..(a + 1) * players], &local);
    };
    let done = |t: &Tallies| {
        target.is_some_and(|target| {
            t.iter()
                .flatten()
                .all(|h| h.outcomes > 0 && equity_of(h, players, false, false).std_error < target)
        })
    };
    strata.run_until_stopped(seed, rounds, (|| zero(spot), play, add), done, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range::Range;
    use engine::{Game, GameId};

    fn spot(id: GameId, hands: &[&str], board: &str) -> Spot {
        let game = Game::plain(id);
        let players = hands
            .iter()
            .map(|h| Range::parse(h, game.hole_cards()).unwrap())
            .collect();
        Spot::new(game, players, deck::parse_cards(board).unwrap(), vec![]).unwrap()
    }

    fn mean(rows: &PlayerRows) -> f64 {
        rows.hands
            .iter()
            .map(|h| h.frequency * h.equity.equity)
            .sum()
    }

    const SPOTS: [(GameId, &[&str], &str); 6] = [
        (GameId::Omaha, &["AAxx:ds,KKQQ", "JhTh9c8c"], "Kc7h2d"),
        (
            GameId::OmahaHilo,
            &["A2xx:ds", "KsKdQsQd", "JhTh9c8c,7h7c6h6c"],
            "3c4h8s",
        ),
        (GameId::Omaha5, &["AAKQJ", "JhTh9c8c7d"], "6h5h2dQs"),
        (GameId::Omaha5Hilo, &["A2345:ss", "KsKdQsQdJc"], "4c8hTs9s"),
        (GameId::Omaha6, &["AAKKQJ", "JhTh9c8c7d6d"], "4h5h2d3s"),
        (
            GameId::Omaha6Hilo,
            &["A2345K:ds", "KsQsQdJcJd9c"],
            "5c9hTsQh",
        ),
    ];

    /// The frequency-weighted mean of each player's hands is the plain exact equity, in every
    /// Omaha game, and the pot units add up to the plain run's exactly.
    #[test]
    fn exact_hands_add_up_to_the_plain_run() {
        for (id, hands, board) in SPOTS {
            let s = spot(id, hands, board);
            let plain = crate::equity(&s, &Method::Exact).unwrap();
            let b = breakdown(&s, &Method::Exact).unwrap();
            assert!(b.is_exact());
            for (p, rows) in b.players.iter().enumerate() {
                let want = plain.players[p].equity;
                assert!((mean(rows) - want).abs() < 1e-12, "{id:?} {p}");
                let outcomes: u128 = rows.hands.iter().map(|h| h.equity.outcomes).sum();
                assert_eq!(outcomes, plain.players[p].outcomes);
                let class_mean: f64 = rows
                    .classes
                    .iter()
                    .map(|c| c.frequency * c.equity.equity)
                    .sum();
                assert!((class_mean - want).abs() < 1e-12);
                if let Some(hilo) = plain.players[p].hilo {
                    let units: u128 = rows
                        .hands
                        .iter()
                        .map(|h| h.equity.hilo.unwrap().pot_units)
                        .sum();
                    assert_eq!(units, hilo.pot_units, "{id:?} {p}");
                }
            }
        }
    }

    /// Counted by hand on the river: the ace-high flush wins, the other hand loses, and the
    /// fixed player's equity is one half.
    #[test]
    fn river_spot_checked_by_hand() {
        let s = spot(
            GameId::Omaha,
            &["AhQh2c2d,9s9d3c3d", "KsKcJdTd"],
            "Kh8h4h7s2s",
        );
        let b = breakdown(&s, &Method::Exact).unwrap();
        let rows = &b.players[0].hands;
        assert_eq!(rows[0].hand, "AhQh2d2c");
        assert_eq!((rows[0].equity.equity, rows[1].equity.equity), (1.0, 0.0));
        assert_eq!(b.players[0].classes.len(), 2);
        assert_eq!(b.players[1].hands[0].equity.equity, 0.5);
        assert_eq!(b.players[1].classes[0].hand, "KsKcJdTd");
    }

    /// Monte Carlo hand by hand within 4 standard errors of exact, the players' means within
    /// 4 standard errors of the plain exact equity (fixed seeds: deterministic), and the same
    /// rows for 1 and 3 threads.
    #[test]
    fn monte_carlo_agrees_with_exact_for_any_threads() {
        for (id, hands, board) in [SPOTS[0], SPOTS[1]] {
            let s = spot(id, hands, board);
            let exact = breakdown(&s, &Method::Exact).unwrap();
            let method = Method::MonteCarlo {
                rounds: 400_000,
                seed: 7,
                target_stderr: None,
            };
            let run = |threads| engine::on_pool(threads, || breakdown(&s, &method)).unwrap();
            let mc = run(3).unwrap();
            assert_eq!(mc, run(1).unwrap());
            let plain = crate::equity(&s, &Method::Exact).unwrap();
            for (p, (e, m)) in exact.players.iter().zip(&mc.players).enumerate() {
                for (eh, mh) in e.hands.iter().zip(&m.hands) {
                    let z = (mh.equity.equity - eh.equity.equity) / mh.equity.std_error.max(1e-9);
                    assert!(z.abs() < 4.0, "{id:?} {}: z {z}", eh.hand);
                }
                let samples: u64 = m.hands.iter().map(|h| h.equity.samples).sum();
                assert_eq!(samples, 400_000);
                // The mean's standard error: the hands' errors, weighted, in quadrature.
                let se = m
                    .hands
                    .iter()
                    .map(|h| (h.frequency * h.equity.std_error).powi(2))
                    .sum::<f64>()
                    .sqrt();
                let z = (mean(m) - plain.players[p].equity) / se;
                assert!(z.abs() < 4.0, "{id:?} player {p}: z {z}");
            }
        }
    }

    #[test]
    fn a_target_stops_when_every_hand_is_below_it() {
        let s = spot(GameId::Omaha, &["AAKK", "JhTh9c8c"], "Kc7h2d");
        let method = Method::MonteCarlo {
            rounds: 1 << 26,
            seed: 5,
            target_stderr: Some(0.01),
        };
        let b = breakdown(&s, &method).unwrap();
        let hands = b.players.iter().flat_map(|p| &p.hands);
        assert!(hands.clone().all(|h| h.equity.std_error < 0.01));
        let rounds: u64 = b.players[1].hands[0].equity.samples;
        assert!(rounds < 1 << 26 && rounds.is_multiple_of(engine::strata::WAVE_ROUNDS));
    }

    #[test]
    fn too_many_hands_are_refused_with_the_count() {
        let s = spot(GameId::Omaha, &["random", "AsKsQsJs"], "");
        let method = Method::Auto { seed: 1 };
        assert_eq!(
            breakdown(&s, &method).unwrap_err().to_string(),
            "a breakdown writes one row per hand: the ranges hold 194581 hands, more than the limit of 100000; narrow them"
        );
    }
}
