//! Hand-by-hand equity of stud players whose down cards are a range (`(QQ+,AKs)Kd`): for every
//! combo of such a range, its win, tie and equity (stud hi/lo: its high, low and scoop shares)
//! against the other players, and the same per starting-hand class of the hold'em notation
//! (`QQ+` gives `QQ`, `KK`, `AA`; `AKs`), in the hold'em order (`AA`, `AKs`, `AKo`, `KK`, …).
//!
//! ```text
//!  ranged players' combos ──list_combinations──▶ combination a, weight w(a) (weights multiply)
//!  exact:        the counting enumerator on a (crate::exact), as the plain run counts it
//!  Monte Carlo:  engine::Strata spreads the rounds over the combinations by weight; each
//!                combination's rounds are the plain sampler's on the spot with a's cards fixed
//!  each ranged player's combo in a: credited a's counts (times w(a) when exact)
//! ```
//!
//! Exact when the plain run would be ([`crate::resolve`]: the plain run's counting steps), so a
//! breakdown costs what the plain run costs. Players without a range have no rows.

use deck::Card;
use engine::breakdown_rows::{check_hand_rows, list_combinations};
use engine::two_card_range::{HandClass, Range, WEIGHT_SCALE, combo_mask};
use engine::{
    BreakdownEntry, BreakdownError, BreakdownRows, Chunk, Method, PlayerEquity, PlayerRows,
    RangeError, Strata,
};
use engine::{Parts, Watch};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::error::StudError;
use crate::exact::count_deal;
use crate::monte_carlo::Sampler;
use crate::ranking::{Ranking, with_ranking};
use crate::spot::Spot;
use crate::tally::{LocalTally, PlayerCounts, Tally};

/// One combo's counts from its player's seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct HandCounts {
    outcomes: u128,
    samples: u128,
    counts: PlayerCounts,
}

impl HandCounts {
    fn add(&mut self, o: &HandCounts) {
        self.outcomes += o.outcomes;
        self.samples += o.samples;
        self.counts = self.counts + o.counts;
    }
}

/// Per ranged player, the counts of each combo of the range.
type Tallies = Vec<Vec<HandCounts>>;

/// The combo-by-combo breakdown of `spot`'s ranged players by the method the plain run would
/// use, on the current rayon pool. With a Monte Carlo target, rounds go on (a wave at a time)
/// until every combo's standard error is below it or the rounds run out.
///
/// # Errors
/// As [`crate::equity()`]; [`BreakdownError::NoRange`] when no player's down cards are a
/// range, and the limits on hands and combinations.
pub fn breakdown(spot: &Spot, method: &Method) -> Result<BreakdownRows, StudError> {
    Ok(breakdown_until_stopped(spot, method, &|| false)?
        .unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`breakdown`], asking `stop` between pieces of work: Monte Carlo before each wave and each
/// work item of the wave ([`Strata::run_until_stopped`]), exact counts before each combination
/// (and each shared card) and inside the plain run's enumerator as it asks. `None` when `stop`
/// said to stop; otherwise the very numbers of [`breakdown`].
///
/// # Errors
/// As [`breakdown`].
pub fn breakdown_until_stopped(
    spot: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<BreakdownRows>, StudError> {
    let seats: Vec<usize> = (0..spot.players.len())
        .filter(|&s| spot.players[s].down.is_some())
        .collect();
    let ranges: Vec<&Range> = seats
        .iter()
        .filter_map(|&s| spot.players[s].down.as_ref())
        .collect();
    if ranges.is_empty() {
        return Err(BreakdownError::NoRange.into());
    }
    check_hand_rows(ranges.iter().map(|r| r.combos.len()).sum())?;
    let method = crate::resolve(method, spot)?;
    let masks: Vec<Vec<u64>> = ranges
        .iter()
        .map(|r| r.combos.iter().map(|&c| combo_mask(c)).collect())
        .collect();
    let lists: Vec<(&[u64], &[u32])> = masks
        .iter()
        .zip(&ranges)
        .map(|(m, r)| (&m[..], &r.weights[..]))
        .collect();
    let (picks, weights) = list_combinations(&lists, spot.known_mask())?;
    if weights.is_empty() {
        return Err(RangeError::NoDealFits.into());
    }
    let work = Work {
        spot,
        seats: &seats,
        ranges: &ranges,
        picks: &picks,
    };
    let tallies = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => work.monte_carlo(&weights, (rounds, seed, target_stderr), stop)?,
        _ => {
            let weights = if spot.is_weighted() {
                weights
            } else {
                vec![1; weights.len()]
            };
            with_ranking!(spot.game, R => work.exact::<R>(&weights, stop))
        }
    };
    let Some(tallies) = tallies else {
        return Ok(None);
    };
    let (exact, hilo) = (method.is_exact(), spot.game.is_hilo());
    let players = spot.players.len();
    let rows = seats
        .iter()
        .zip(&ranges)
        .zip(&tallies)
        .map(|((&seat, range), hands)| {
            let total = hands.iter().map(|h| h.outcomes).sum::<u128>().max(1) as f64;
            let entry =
                |hand: String, class: String, combos, weight, c: &HandCounts| BreakdownEntry {
                    hand,
                    class,
                    combos,
                    weight,
                    frequency: c.outcomes as f64 / total,
                    equity: equity_of(c, players, exact, hilo),
                };
            let order: Vec<HandClass> = HandClass::all().into_iter().collect();
            let mut classes = vec![None::<(usize, u64, HandCounts)>; order.len()];
            let hand_rows = range
                .combos
                .iter()
                .zip(&range.weights)
                .zip(hands)
                .map(|((&combo, &w), c)| {
                    let class = HandClass::of(combo);
                    let at = order.iter().position(|&k| k == class).unwrap_or(0);
                    let row = classes[at].get_or_insert((0, 0, HandCounts::default()));
                    row.0 += 1;
                    row.1 += u64::from(w);
                    row.2.add(c);
                    let share = f64::from(w) / f64::from(WEIGHT_SCALE);
                    entry(text(combo), class.name(), 1, share, c)
                })
                .collect();
            let class_rows = order
                .iter()
                .zip(&classes)
                .filter_map(|(class, row)| {
                    let (combos, w, c) = row.as_ref()?;
                    let mean = *w as f64 / (f64::from(WEIGHT_SCALE) * *combos as f64);
                    Some(entry(class.name(), class.name(), *combos, mean, c))
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

/// The combo as text, the higher card first: `AhKh`, `AsAd`.
fn text([a, b]: [Card; 2]) -> String {
    if (b.rank(), b.index()) > (a.rank(), a.index()) {
        format!("{b}{a}")
    } else {
        format!("{a}{b}")
    }
}

/// The equity of a combo's counts at a table of `players`.
fn equity_of(c: &HandCounts, players: usize, exact: bool, hilo: bool) -> PlayerEquity {
    // A tally of the table (its pot units) holding this combo's seat only.
    let mut t = Tally::new(players);
    t.players = 1;
    t.outcomes = c.outcomes;
    t.samples = c.samples;
    t.counts[0] = c.counts;
    t.equities(exact, hilo)[0]
}

/// What the exact and Monte Carlo runs share.
struct Work<'a> {
    spot: &'a Spot,
    /// The ranged players' seats.
    seats: &'a [usize],
    ranges: &'a [&'a Range],
    /// Combo indices, one per ranged player per combination.
    picks: &'a [u32],
}

impl Work<'_> {
    fn zero(&self) -> Tallies {
        self.ranges
            .iter()
            .map(|r| vec![HandCounts::default(); r.combos.len()])
            .collect()
    }

    /// The combos of combination `a`.
    fn combos(&self, a: usize) -> Vec<[Card; 2]> {
        let k = self.ranges.len();
        self.picks[a * k..(a + 1) * k]
            .iter()
            .zip(self.ranges)
            .map(|(&i, r)| r.combos[i as usize])
            .collect()
    }

    /// Credits `local`, each outcome standing for `weight`, to combination `a`'s combos.
    fn credit(&self, t: &mut Tallies, a: usize, local: &LocalTally, weight: u128) {
        let k = self.ranges.len();
        for ((hands, &pick), &seat) in t.iter_mut().zip(&self.picks[a * k..]).zip(self.seats) {
            let l = &local.counts[seat];
            let hand = &mut hands[pick as usize];
            hand.outcomes += u128::from(local.outcomes) * weight;
            hand.samples += u128::from(local.outcomes);
            let c = &mut hand.counts;
            c.wins += u128::from(l.wins) * weight;
            c.ties += u128::from(l.ties) * weight;
            c.scoops += u128::from(l.scoops) * weight;
            c.high_units += u128::from(l.high_units) * weight;
            c.low_units += u128::from(l.low_units) * weight;
            c.square_units += u128::from(l.square_units) * weight;
        }
    }

    /// Every combination counted by the plain run's enumerator, weighted by `weights`; `None`
    /// when `stop` said to stop (asked before each combination and each shared card, and by
    /// the enumerator between its pieces).
    fn exact<R: Ranking>(&self, weights: &[u128], stop: &dyn Watch) -> Option<Tallies> {
        let spot = self.spot;
        let players = spot.players.len();
        let dead = spot.dead.iter().fold(0u64, |m, c| m | 1 << c.index());
        let need: Vec<usize> = (0..players).map(|s| spot.private_cards(s)).collect();
        let add = |mut a: Tallies, b: Tallies| {
            a.iter_mut()
                .zip(&b)
                .for_each(|(a, b)| a.iter_mut().zip(b).for_each(|(a, b)| a.add(b)));
            a
        };
        let tallies = (0..weights.len())
            .into_par_iter()
            .fold(
                || self.zero(),
                |mut t, a| {
                    if stop.should_stop() {
                        return t;
                    }
                    let fixed = spot.with_down(&self.combos(a));
                    let seats: Vec<Vec<Card>> =
                        fixed.players.iter().map(|p| p.cards.clone()).collect();
                    let used = seats.iter().flatten().fold(dead, |m, c| m | 1 << c.index());
                    // Progress: each count of one deal is an equal part of the run (with a
                    // shared last card, one per card left: as many for every combination).
                    let deals = if spot.community() {
                        u64::from(52 - used.count_ones())
                    } else {
                        1
                    };
                    let part = Parts::new(stop, (weights.len() as u64).saturating_mul(deals));
                    // A count told to stop is left out: the run is thrown away below.
                    let count =
                        |seats: &[Vec<Card>], used| count_deal::<R>(seats, &need, used, &part);
                    if !spot.community() {
                        if let Some(local) = count(&seats, used) {
                            self.credit(&mut t, a, &local, weights[a]);
                        }
                        return t;
                    }
                    for shared in Card::all().filter(|c| used >> c.index() & 1 == 0) {
                        let with_shared: Vec<Vec<Card>> = seats
                            .iter()
                            .map(|s| s.iter().copied().chain([shared]).collect())
                            .collect();
                        let Some(local) = count(&with_shared, used | 1 << shared.index()) else {
                            return t;
                        };
                        self.credit(&mut t, a, &local, weights[a]);
                    }
                    t
                },
            )
            .reduce(|| self.zero(), add);
        (!stop.should_stop()).then_some(tallies)
    }

    /// Stratified rounds over the combinations (engine::Strata), seeded from `seed`; `None` when
    /// `stop` said to stop.
    fn monte_carlo(
        &self,
        weights: &[u128],
        (rounds, seed, target): (u64, u64, Option<f64>),
        stop: &dyn Watch,
    ) -> Result<Option<Tallies>, StudError> {
        let strata = Strata::new(weights).ok_or(RangeError::NoDealFits)?;
        let players = self.spot.players.len();
        // Fails only on ranges that cannot be drawn: none are left once fixed.
        Sampler::new(&self.spot.with_down(&self.combos(0)), seed)?;
        let play = |t: &mut Tallies, a: usize, rounds: u64, rng: &mut Xoshiro256PlusPlus| {
            let fixed = self.spot.with_down(&self.combos(a));
            let Ok(sampler) = Sampler::new(&fixed, seed) else {
                unreachable!("a spot without ranges always samples")
            };
            // This run's own stream: the generator as it stands, which then jumps 2^128 ahead.
            let chunk = Chunk {
                index: 0,
                rounds,
                rng: rng.clone(),
            };
            rng.jump();
            self.credit(t, a, &sampler.run_chunk(chunk), 1);
        };
        let add = |mut a: Tallies, b: Tallies| {
            a.iter_mut()
                .zip(&b)
                .for_each(|(a, b)| a.iter_mut().zip(b).for_each(|(a, b)| a.add(b)));
            a
        };
        let done = |t: &Tallies| {
            target.is_some_and(|target| {
                t.iter().flatten().all(|h| {
                    h.samples > 0 && equity_of(h, players, false, false).std_error < target
                })
            })
        };
        Ok(strata.run_until_stopped(seed, rounds, (|| self.zero(), play, add), done, stop))
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

    const SPOTS: [(Game, &[&str]); 4] = [
        (Game::Stud, &["(QQ+,AKs)Kd9c8h7s", "AsAd9h5hJd"]),
        (
            Game::StudHiLo,
            &["(A2,A3:0.5,23)4c5d6h7d", "KhKs9d8c7c", "(JJ,TT)Jd5s6s"],
        ),
        (Game::Razz, &["(A2,A3,23)4c7d8h9s", "(random)KdQcJh5s2s"]),
        (Game::Stud, &["(AA,KK)AcKs", "(QQ,JJ)QcTd2c"]),
    ];

    /// The frequency-weighted mean over each ranged player's combos is the plain exact equity;
    /// the counts add up to the plain run's.
    #[test]
    fn exact_combos_add_up_to_the_plain_run() {
        for (game, players) in SPOTS {
            let spot = Spot::parse(game, players, "").unwrap();
            let plain = equity(&spot, &Method::Exact).unwrap();
            let b = breakdown(&spot, &Method::Exact).unwrap();
            for rows in &b.players {
                let p = rows.seat - 1;
                let want = plain.players[p].equity;
                assert!((mean(rows) - want).abs() < 1e-12, "{players:?} {p}");
                let outcomes: u128 = rows.hands.iter().map(|h| h.equity.outcomes).sum();
                assert_eq!(outcomes, plain.players[p].outcomes, "{players:?} {p}");
                let class_mean: f64 = rows
                    .classes
                    .iter()
                    .map(|c| c.frequency * c.equity.equity)
                    .sum();
                assert!((class_mean - want).abs() < 1e-12);
            }
        }
        let b = breakdown(
            &Spot::parse(Game::Stud, SPOTS[0].1, "").unwrap(),
            &Method::Exact,
        )
        .unwrap();
        let classes: Vec<&str> = b.players[0]
            .classes
            .iter()
            .map(|c| c.hand.as_str())
            .collect();
        assert_eq!(classes, ["AA", "AKs", "KK", "QQ"]);
        assert_eq!(b.players.len(), 1);
    }

    /// Monte Carlo within 4 standard errors of exact combo by combo and for each player's
    /// mean (fixed seeds: deterministic), and the same rows for 1 and 3 threads.
    #[test]
    fn monte_carlo_agrees_with_exact_for_any_threads() {
        let spot = Spot::parse(Game::StudHiLo, SPOTS[1].1, "").unwrap();
        let exact = breakdown(&spot, &Method::Exact).unwrap();
        let method = Method::MonteCarlo {
            rounds: 300_000,
            seed: 4,
            target_stderr: None,
        };
        let run = |threads| engine::on_pool(threads, || breakdown(&spot, &method)).unwrap();
        let mc = run(3).unwrap();
        assert_eq!(mc, run(1).unwrap());
        for (e, m) in exact.players.iter().zip(&mc.players) {
            for (eh, mh) in e.hands.iter().zip(&m.hands) {
                let z = (mh.equity.equity - eh.equity.equity) / mh.equity.std_error.max(1e-9);
                assert!(z.abs() < 4.0, "{}: z {z}", eh.hand);
            }
            let se = m
                .hands
                .iter()
                .map(|h| (h.frequency * h.equity.std_error).powi(2))
                .sum::<f64>()
                .sqrt();
            let z = (mean(m) - mean(e)) / se;
            assert!(z.abs() < 4.0, "seat {}: z {z}", e.seat);
        }
    }

    #[test]
    fn a_spot_without_ranges_is_refused() {
        let spot = Spot::parse(Game::Stud, &["AsAd9c", "KhKs2c"], "").unwrap();
        assert_eq!(
            breakdown(&spot, &Method::Exact).unwrap_err().to_string(),
            "a breakdown needs a player's down cards as a range, as in (QQ+,AKs)Kd"
        );
    }
}
