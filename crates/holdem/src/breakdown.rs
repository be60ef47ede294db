//! Hand-by-hand equity inside ranges: for every hand of every player's range, how often it wins,
//! ties and what share of the pot it takes against the other players' whole ranges, and the same
//! per starting-hand class (`AKs`, `QQ`), each hand weighted by how often it is dealt in the spot.
//!
//! ```text
//!  assignment a = (hand of player 0, hand of player 1, …), weight w(a)
//!  counts of a (player p's row) ──▶ added to the tally of p's hand in a, times w(a)
//!  hand h of player p:  equity(h) = Σ_{a ∋ h} w(a)·share_p(a) / Σ_{a ∋ h} w(a)
//!  player p:            Σ_h tally(h) = the plain run's counts of p, exactly
//! ```
//!
//! - **Exact** ([`Method::Exact`]): every compatible assignment is listed; suit-equivalent ones
//!   are counted once ([`crate::suit_classes`]) by suit isomorphism ([`crate::isomorphic`]) and
//!   the class's counts are handed to each member's hands. The players' summed hand counts are
//!   the plain exact run's integers.
//! - **Monte Carlo**: every player's range is listed, `random` as its 1,326 hands, and the
//!   rounds are stratified over the assignments ([`crate::stratified`]): every hand gets its
//!   share of the rounds, to within two per chunk. Each run of one assignment is counted on its
//!   own and credited to its hands. Chunks are seeded as every Monte Carlo run is, so the result
//!   does not depend on the threads; it is a different sample from the plain run's (which deals
//!   `random` hands from the deck), and agrees with it within the standard errors.

use engine::Watch;
use engine::{BreakdownEntry, BreakdownRows, Method, PlayerRows};

use crate::error::HoldemError;
use crate::range::HandClass;
use crate::resolve;
use crate::spot::Spot;

mod exact;
mod monte_carlo;
mod player;

use exact::exact;
pub use monte_carlo::BREAKDOWN_CHUNK_ROUNDS;
use monte_carlo::monte_carlo;
pub use player::{ClassRow, HandRow, HandTally, PlayerBreakdown};

/// The breakdown of a spot: per player, every hand's counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Breakdown {
    /// The method used: [`Method::Exact`] or [`Method::MonteCarlo`], never `Auto`.
    pub method: Method,
    /// One per player, in seat order.
    pub players: Vec<PlayerBreakdown>,
}

impl Breakdown {
    /// Whether every outcome was counted.
    pub fn is_exact(&self) -> bool {
        self.method.is_exact()
    }

    /// The rows every game's breakdown writes: per player, its hands then its classes, each
    /// with its frequency in the player's hands and its equity.
    pub fn rows(&self) -> BreakdownRows {
        let exact = self.is_exact();
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(p, player)| {
                let total = player.total();
                let entry = |hand, class, combos, weight, tally: &HandTally| BreakdownEntry {
                    hand,
                    class,
                    combos,
                    weight,
                    frequency: tally.frequency_in(&total),
                    equity: tally.equity(exact),
                };
                PlayerRows {
                    seat: p + 1,
                    range: player.range.clone(),
                    hands: player
                        .hands
                        .iter()
                        .map(|h| entry(h.text(), h.class.name(), 1, h.weight_share(), &h.tally))
                        .collect(),
                    classes: player
                        .classes()
                        .iter()
                        .map(|c| {
                            let name = c.class.name();
                            entry(name.clone(), name, c.combos, c.mean_weight(), &c.tally)
                        })
                        .collect(),
                }
            })
            .collect();
        BreakdownRows {
            method: self.method.clone(),
            players,
        }
    }
}

/// The hand-by-hand breakdown of `spot`, by the method [`crate::equity`] would use for it
/// ([`resolve`]), on the current rayon pool. With a Monte Carlo target, rounds go on until every
/// hand's standard error is below it (or the rounds run out).
///
/// # Errors
/// As [`crate::equity`]; a Monte Carlo breakdown also refuses spots whose combinations of hands
/// (`random` counting 1,326) exceed [`LIST_LIMIT`](crate::sampler::LIST_LIMIT) ([`HoldemError::BreakdownTooWide`]).
pub fn breakdown(spot: &Spot, method: &Method) -> Result<Breakdown, HoldemError> {
    Ok(breakdown_until_stopped(spot, method, &|| false)?
        .unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`breakdown`], asking `stop` between pieces of work: Monte Carlo before each chunk (in pieces
/// of the target's check interval with a target, of [`engine::STOP_PIECE_CHUNKS`] without),
/// exact counts before each work item (a suit class or a part of one).
/// `None` when `stop` said to stop; otherwise the very numbers of [`breakdown`].
///
/// # Errors
/// As [`breakdown`].
pub fn breakdown_until_stopped(
    spot: &Spot,
    method: &Method,
    stop: &dyn Watch,
) -> Result<Option<Breakdown>, HoldemError> {
    let method = resolve(method, spot)?;
    let tallies = match method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr,
        } => monte_carlo(spot, rounds, seed, target_stderr, stop)?,
        _ => exact(spot, stop)?,
    };
    let Some(tallies) = tallies else {
        return Ok(None);
    };
    let players = spot
        .players
        .iter()
        .zip(tallies)
        .map(|(range, tallies)| PlayerBreakdown {
            range: range.text.clone(),
            hands: range
                .combos
                .iter()
                .zip(&range.weights)
                .zip(tallies)
                .map(|((&combo, &weight), tally)| HandRow {
                    combo,
                    class: HandClass::of(combo),
                    weight,
                    tally,
                })
                .collect(),
        })
        .collect();
    Ok(Some(Breakdown { method, players }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity;
    use crate::sampler::CHECK_ROUNDS;

    fn spot(hands: &[&str], board: &str) -> Spot {
        Spot::parse(hands, board, "")
    }

    fn find<'a>(player: &'a PlayerBreakdown, combo: &str) -> &'a HandRow {
        let cards = deck::parse_cards(combo).unwrap();
        player
            .hands
            .iter()
            .find(|h| h.combo.contains(&cards[0]) && h.combo.contains(&cards[1]))
            .unwrap()
    }

    const SPOTS: [(&[&str], &str); 7] = [
        (&["AK", "QQ"], ""),
        (&["AK,QQ", "JJ-99:0.5"], "Kd7c2s"),
        (&["AhKh", "QQ+,AKs", "random"], "Qh7h2c9d"),
        (&["AA:0.3,KK,AKs:0.7", "KK:0.2,QQ", "JJ"], "Kc7d2h"),
        (&["AA,KK", "QQ,AKs"], "2c3d4h5s9c"),
        (
            &["22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,AKo"],
            "Kd7c2s",
        ),
        (&["AsKs", "random"], "Td9d8c"),
    ];

    /// The exact breakdown adds up to the plain exact run: every player's hands' counts sum to
    /// the player's integer counts, so the frequency-weighted mean of the hands' equities is the
    /// player's equity.
    #[test]
    fn exact_hands_add_up_to_the_plain_counts() {
        for (hands, board) in SPOTS {
            let s = spot(hands, board);
            let plain = equity(&s, &Method::Exact).unwrap();
            let b = breakdown(&s, &Method::Exact).unwrap();
            for (p, player) in b.players.iter().enumerate() {
                let total = player.total();
                assert_eq!(total.outcomes, plain.tally.outcomes, "{hands:?} {p}");
                assert_eq!(total.samples, plain.tally.samples, "{hands:?} {p}");
                assert_eq!(total.shares[..], plain.tally.shares[p][..], "{hands:?} {p}");
                let mean: f64 = player
                    .hands
                    .iter()
                    .map(|h| h.tally.outcomes as f64 * h.tally.equity(true).equity)
                    .sum::<f64>()
                    / total.outcomes as f64;
                assert!((mean - plain.players[p].equity).abs() < 1e-12);
                let classes = player.classes();
                assert_eq!(
                    classes.iter().map(|c| c.combos).sum::<usize>(),
                    player.hands.len()
                );
                let mut class_total = HandTally::ZERO;
                classes.iter().for_each(|c| class_total.add(&c.tally));
                assert_eq!(class_total, total);
            }
        }
    }

    /// Short deck: the same identity with its own deck and ranking.
    #[test]
    fn short_deck_hands_add_up_to_the_plain_counts() {
        let short = engine::Game::short_deck(eval::ShortDeckRules::TripsBeatStraight);
        let ranges = ["AK,KQs", "TT+", "random"].map(|r| crate::Range::parse(r).unwrap());
        let s = Spot::of_game(
            short,
            ranges.to_vec(),
            deck::parse_cards("9h8h6c").unwrap(),
            vec![],
        )
        .unwrap();
        let plain = equity(&s, &Method::Exact).unwrap();
        let b = breakdown(&s, &Method::Exact).unwrap();
        assert_eq!(b.players[2].hands.len(), s.players[2].combos.len());
        for (p, player) in b.players.iter().enumerate() {
            assert_eq!(player.total().shares[..], plain.tally.shares[p][..]);
            assert_eq!(player.total().outcomes, plain.tally.outcomes);
        }
    }

    /// Counted by hand: AsAd against KsKd or QsQd on Ah 7c 2d Kc. Of 44 rivers, the kings win
    /// only with the last king (Kh); the queens never win (a queen makes trips below the aces').
    #[test]
    fn turn_spot_checked_by_hand() {
        let b = breakdown(&spot(&["AsAd", "KsKd,QsQd"], "Ah7c2dKc"), &Method::Exact).unwrap();
        let kings = find(&b.players[1], "KsKd").tally;
        let queens = find(&b.players[1], "QsQd").tally;
        assert_eq!((kings.outcomes, kings.shares[1]), (44, 1));
        assert_eq!((queens.outcomes, queens.shares[1]), (44, 0));
        let aces = b.players[0].hands[0].tally;
        assert_eq!((aces.outcomes, aces.shares[1]), (88, 87));
        let classes = b.players[1].classes();
        assert_eq!(classes.len(), 2);
        assert_eq!(classes[0].class.name(), "KK");
        assert_eq!(classes[1].class.name(), "QQ");
    }

    /// Counted by hand on the river Ah Kh Qh Jh 2c: Th3c makes a royal flush, 9c9d loses to
    /// the aces; the aces' single hand wins one showdown of two.
    #[test]
    fn river_spot_checked_by_hand() {
        let b = breakdown(&spot(&["Th3c,9c9d", "AsAd"], "AhKhQhJh2c"), &Method::Exact).unwrap();
        assert_eq!(find(&b.players[0], "Th3c").tally.equity(true).equity, 1.0);
        assert_eq!(find(&b.players[0], "9c9d").tally.equity(true).equity, 0.0);
        let aces = b.players[1].hands[0].tally.equity(true);
        assert_eq!((aces.outcomes, aces.wins, aces.equity), (2, 1, 0.5));
        let names: Vec<String> = b.players[0]
            .classes()
            .iter()
            .map(|c| c.class.name())
            .collect();
        assert_eq!(names, ["T3o", "99"]);
        assert_eq!(find(&b.players[0], "3cTh").text(), "Th3c");
        assert_eq!(b.players[1].hands[0].text(), "AsAd");
    }

    /// Monte Carlo against exact, hand by hand: each hand's equity within 4 of its standard
    /// errors of the exact one, and each player's frequency-weighted mean within 4 standard
    /// errors of the plain exact equity. Fixed seeds make the test deterministic; a correct
    /// sampler misses one such bound with probability about 6e-5 (less: the reported standard
    /// error is an upper bound under stratification).
    #[test]
    fn monte_carlo_hands_agree_with_exact() {
        for (hands, board) in [SPOTS[1], SPOTS[3], SPOTS[6]] {
            let s = spot(hands, board);
            let exact = breakdown(&s, &Method::Exact).unwrap();
            let method = Method::MonteCarlo {
                rounds: 2_000_000,
                seed: 11,
                target_stderr: None,
            };
            let mc = breakdown(&s, &method).unwrap();
            let plain = equity(&s, &Method::Exact).unwrap();
            for (p, (e, m)) in exact.players.iter().zip(&mc.players).enumerate() {
                for (eh, mh) in e.hands.iter().zip(&m.hands) {
                    let (eq, mq) = (eh.tally.equity(true), mh.tally.equity(false));
                    if mq.std_error > 0.0 {
                        let z = (mq.equity - eq.equity) / mq.std_error;
                        assert!(z.abs() < 4.0, "{hands:?} {:?}: z {z}", eh.combo);
                    } else {
                        assert_eq!(mq.equity, eq.equity, "{hands:?} {:?}", eh.combo);
                    }
                }
                let total = m.total().equity(false);
                let z = (total.equity - plain.players[p].equity) / total.std_error.max(1e-12);
                assert!(z.abs() < 4.0, "{hands:?} player {p}: z {z}");
            }
        }
    }

    #[test]
    fn monte_carlo_does_not_depend_on_the_threads() {
        let s = spot(&["AK,QQ", "JJ-99:0.5", "random"], "Kd7c2s");
        let method = Method::MonteCarlo {
            rounds: 600_000,
            seed: 3,
            target_stderr: None,
        };
        let run = |threads| engine::on_pool(threads, || breakdown(&s, &method)).unwrap();
        assert_eq!(run(1).unwrap(), run(3).unwrap());
        let exact = |threads| engine::on_pool(threads, || breakdown(&s, &Method::Exact)).unwrap();
        assert_eq!(exact(1).unwrap(), exact(3).unwrap());
    }

    #[test]
    fn a_target_stops_when_every_hand_is_below_it() {
        let s = spot(&["AK", "QQ"], "");
        let method = Method::MonteCarlo {
            rounds: 1 << 26,
            seed: 5,
            target_stderr: Some(0.004),
        };
        let b = breakdown(&s, &method).unwrap();
        let hands = b.players.iter().flat_map(|p| &p.hands);
        assert!(
            hands
                .clone()
                .all(|h| h.tally.equity(false).std_error < 0.004)
        );
        let rounds = b.players[0].total().samples;
        assert!(
            rounds < 1 << 26 && rounds.is_multiple_of(CHECK_ROUNDS),
            "{rounds}"
        );
    }

    #[test]
    fn wide_monte_carlo_breakdowns_are_refused() {
        let s = spot(&["random", "random", "random"], "");
        let method = Method::MonteCarlo {
            rounds: 1000,
            seed: 1,
            target_stderr: None,
        };
        assert!(matches!(
            breakdown(&s, &method),
            Err(HoldemError::BreakdownTooWide { .. })
        ));
    }
}
