//! More than one draw, checked against a brute-force simulation written independently of the
//! crate's: a `Vec` deck shuffled whole each round, the pat rule re-derived from its words in
//! `rule`'s module documentation, the hands valued by the exhaustively tested evaluators. Both
//! are seeded, so the test is deterministic; the two estimates must agree within 4.5 combined
//! standard errors (a false alarm once in about 150,000 runs of a correct engine).

use deck::Card;
use draw::{Game, Hand, Spot, equity};
use engine::Method;
use rand::seq::SliceRandom;
use rand::{SeedableRng, rngs::StdRng};

/// The rule's words, coded plainly: a made hand at or below the pat rank stands pat; else
/// keep one card of each rank at or below it (aces high in 2-7, low otherwise; badugi: the
/// largest, then lowest, set of distinct ranks and suits); 2-7 breaks a kept five at its top.
fn keep(game: Game, hand: &[Card], pat: u8) -> Vec<Card> {
    let low_rank = |c: &Card| -> u8 {
        if game.scoring() == draw::Scoring::DeuceSeven {
            c.rank()
        } else {
            (c.rank() + 1) % 13
        }
    };
    let limit = if game.scoring() == draw::Scoring::DeuceSeven {
        pat
    } else {
        (pat + 1) % 13
    };
    if game == Game::Badugi {
        let mut best: Option<Vec<Card>> = None;
        for subset in 0u32..16 {
            let cards: Vec<Card> = (0..4)
                .filter(|i| subset >> i & 1 == 1)
                .map(|i| hand[i])
                .collect();
            let mut ranks: Vec<u8> = cards.iter().map(low_rank).collect();
            let mut suits: Vec<u8> = cards.iter().map(|c| c.suit()).collect();
            ranks.sort_unstable();
            suits.sort_unstable();
            let distinct =
                ranks.windows(2).all(|w| w[0] != w[1]) && suits.windows(2).all(|w| w[0] != w[1]);
            if !distinct || ranks.iter().any(|&r| r > limit) {
                continue;
            }
            let better = match &best {
                None => true,
                Some(b) => {
                    let mut bro: Vec<u8> = b.iter().map(low_rank).collect();
                    bro.sort_unstable_by(|a, b| b.cmp(a));
                    let mut rr = ranks.clone();
                    rr.sort_unstable_by(|a, b| b.cmp(a));
                    cards.len() > b.len() || cards.len() == b.len() && rr < bro
                }
            };
            if better {
                best = Some(cards);
            }
        }
        return best.unwrap_or_default();
    }
    let mut kept: Vec<Card> = Vec::new();
    for &card in hand {
        if low_rank(&card) <= limit && !kept.iter().any(|k| k.rank() == card.rank()) {
            kept.push(card);
        }
    }
    if kept.len() == 5 && game.scoring() == draw::Scoring::DeuceSeven {
        let mut ranks: Vec<u8> = kept.iter().map(|c| c.rank()).collect();
        ranks.sort_unstable();
        let straight = ranks[4] - ranks[0] == 4;
        let flush = kept.iter().all(|c| c.suit() == kept[0].suit());
        if straight || flush {
            let top = kept.iter().map(|c| c.rank()).max().unwrap();
            kept.retain(|c| c.rank() != top);
        }
    }
    kept
}

fn value(game: Game, hand: &[Card]) -> u32 {
    draw::ranking::main_value(game.scoring(), hand)
}

/// The brute-force estimate of seat 0's equity over `rounds` rounds.
fn brute_force(spot: &Spot, rounds: u64, seed: u64) -> (f64, f64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let size = spot.game.hand_size();
    let mut shares = 0.0;
    let mut squares = 0.0;
    for _ in 0..rounds {
        let mut stub = spot.stub();
        stub.shuffle(&mut rng);
        let mut pile: Vec<Card> = Vec::new();
        let take = |stub: &mut Vec<Card>, pile: &mut Vec<Card>, rng: &mut StdRng| {
            if stub.is_empty() {
                std::mem::swap(stub, pile);
                stub.shuffle(rng);
            }
            stub.pop().unwrap()
        };
        let mut hands: Vec<Vec<Card>> = spot.players.iter().map(|p| p.kept.clone()).collect();
        for hand in &mut hands {
            while hand.len() < size {
                hand.push(take(&mut stub, &mut pile, &mut rng));
            }
        }
        for _ in 1..spot.draws {
            for (seat, hand) in hands.iter_mut().enumerate() {
                let kept = keep(spot.game, hand, spot.pat[seat]);
                pile.extend(hand.iter().filter(|c| !kept.contains(c)));
                *hand = kept;
                while hand.len() < size {
                    hand.push(take(&mut stub, &mut pile, &mut rng));
                }
            }
        }
        let values: Vec<u32> = hands.iter().map(|h| value(spot.game, h)).collect();
        let best = *values.iter().max().unwrap();
        let winners = values.iter().filter(|&&v| v == best).count() as f64;
        let share = if values[0] == best {
            1.0 / winners
        } else {
            0.0
        };
        shares += share;
        squares += share * share;
    }
    let n = rounds as f64;
    let mean = shares / n;
    (mean, ((squares / n - mean * mean) / n).sqrt())
}

fn spot(game: Game, players: &[&str], dead: &str, draws: u32, pat: &[u8]) -> Spot {
    let players = players.iter().map(|p| Hand::parse(p).unwrap()).collect();
    Spot::new(game, players, deck::parse_cards(dead).unwrap(), draws, pat).unwrap()
}

#[test]
fn later_draws_follow_the_pat_rule_as_a_brute_force_simulation_does() {
    for (game, players, dead, draws, pat) in [
        (
            Game::TripleDraw27,
            &["7c5d3h2s", "8h6c4d"][..],
            "",
            3,
            &[][..],
        ),
        (
            Game::TripleDraw27,
            &["7c5d", "random", "8h6c4d3s"][..],
            "Kh Kd",
            2,
            &[8u8, 7, 6][..],
        ),
        (
            Game::TripleDrawA5,
            &["Ac3d5h7s", "2c4d6h"][..],
            "",
            3,
            &[6u8][..],
        ),
        (Game::Badugi, &["As2d3c", "4s5d"][..], "", 3, &[][..]),
        (
            Game::Badugi,
            &["random", "random", "random", "random", "random", "random"][..],
            "",
            3,
            &[9u8][..],
        ),
    ] {
        let spot = spot(game, players, dead, draws, pat);
        let method = Method::MonteCarlo {
            rounds: 400_000,
            seed: 11,
            target_stderr: None,
        };
        let ours = equity(&spot, &method).unwrap();
        let (mean, se) = brute_force(&spot, 100_000, 5);
        let p = &ours.players[0];
        let z = (p.equity - mean) / (p.std_error.powi(2) + se.powi(2)).sqrt();
        assert!(
            z.abs() < 4.5,
            "{game} {players:?}: ours {} ± {}, brute force {mean} ± {se}",
            p.equity,
            p.std_error
        );
    }
}

#[test]
fn one_draw_sampled_agrees_with_the_exact_count() {
    for (game, players, dead) in [
        (
            Game::Lowball27,
            &["7c5d2h", "8s6h4c3d", "9d7h6s4s2c"][..],
            "",
        ),
        (Game::Draw5HiLo, &["Ac2d3h", "KhKd8c", "4s5s6s7s"][..], "Qh"),
        (Game::Badugi, &["Ah", "2s3d4c", "5h6s7d8c"][..], ""),
    ] {
        let spot = spot(game, players, dead, 1, &[]);
        let exact = equity(&spot, &Method::Exact).unwrap();
        let sampled = equity(
            &spot,
            &Method::MonteCarlo {
                rounds: 1_000_000,
                seed: 3,
                target_stderr: None,
            },
        )
        .unwrap();
        for (e, s) in exact.players.iter().zip(&sampled.players) {
            let z = (e.equity - s.equity) / s.std_error;
            assert!(
                z.abs() < 4.5,
                "{game} {players:?}: exact {} sampled {} ± {}",
                e.equity,
                s.equity,
                s.std_error
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_counts_on_any_threads() {
    let spot = spot(
        Game::TripleDraw27,
        &["7c5d", "random", "8h6c4d3s"],
        "",
        3,
        &[],
    );
    let method = Method::MonteCarlo {
        rounds: 300_000,
        seed: 9,
        target_stderr: None,
    };
    let one = engine::on_pool(1, || equity(&spot, &method))
        .unwrap()
        .unwrap();
    let two = engine::on_pool(2, || equity(&spot, &method))
        .unwrap()
        .unwrap();
    assert_eq!(one.tally, two.tally);
}
