//! Exact equity over more than one draw: against a slow recursive oracle that deals the cards
//! one by one in the Monte Carlo's order (seat by seat at each draw), against the brute-force
//! simulation of `multi_draw.rs` and the crate's own Monte Carlo (seeded: deterministic
//! tests), on the same counts for any number of threads.

mod common;

use common::{brute_force, keep, spot, value};
use deck::Card;
use draw::{DrawsCost, Game, Spot, equity};
use engine::Method;

/// The cheap spots: one-card draws against pat hands and each other, in the three games.
fn cheap_spots() -> Vec<Spot> {
    vec![
        spot(Game::TripleDraw27, &["7c5d4h3s", "9c8d6h4s2c"], "", 3, &[]),
        spot(Game::TripleDraw27, &["7c5d4h3s", "8h6c4d2s"], "", 2, &[]),
        spot(Game::Badugi, &["As2d3c", "4h5s6d"], "", 2, &[]),
        spot(
            Game::TripleDrawA5,
            &["Ac2d3h4s", "6c5d4c3d2h"],
            "Kd",
            3,
            &[6, 7],
        ),
    ]
}

/// Every ordered deal, one card at a time in the Monte Carlo's order: the first draw fills
/// the seats in turn, each later draw throws what the rule (coded again in `common`) throws and
/// fills each seat in turn. A deal of `T` cards from `N` unseen stands for the `(N − T)!`
/// orders of the whole stub that begin with it; the discards never come back (the spots are
/// too small to need them: the oracle panics if the stub runs out). Returns each seat's pot
/// units, `lcm(1..=seats)` to a pot, over `N!` orders of the stub.
fn oracle(spot: &Spot) -> Vec<u128> {
    struct Deal<'a> {
        spot: &'a Spot,
        pot: u128,
        units: Vec<u128>,
    }
    impl Deal<'_> {
        fn play(
            &mut self,
            hands: &mut Vec<Vec<Card>>,
            stub: &mut Vec<Card>,
            step: (u32, usize, bool),
        ) {
            let (draw, seat, thrown) = step;
            let size = self.spot.game.hand_size();
            let seats = hands.len();
            if draw > self.spot.draws {
                let values: Vec<u32> = hands.iter().map(|h| value(self.spot.game, h)).collect();
                let best = *values.iter().max().unwrap();
                let winners = values.iter().filter(|&&v| v == best).count() as u128;
                let orders: u128 = (1..=stub.len() as u128).product();
                for (s, &v) in values.iter().enumerate() {
                    if v == best {
                        self.units[s] += orders * self.pot / winners;
                    }
                }
                return;
            }
            if seat == seats {
                return self.play(hands, stub, (draw + 1, 0, false));
            }
            if draw > 1 && !thrown {
                let before = hands[seat].clone();
                hands[seat] = keep(self.spot.game, &before, self.spot.pat[seat]);
                self.play(hands, stub, (draw, seat, true));
                hands[seat] = before;
                return;
            }
            if hands[seat].len() == size {
                return self.play(hands, stub, (draw, seat + 1, false));
            }
            assert!(
                !stub.is_empty(),
                "the oracle's spots never run the stub out"
            );
            for i in 0..stub.len() {
                let card = stub.remove(i);
                hands[seat].push(card);
                self.play(hands, stub, (draw, seat, thrown));
                hands[seat].pop();
                stub.insert(i, card);
            }
        }
    }
    let seats = spot.players.len();
    let mut deal = Deal {
        spot,
        pot: engine::pot_tally::lcm_up_to(seats) as u128,
        units: vec![0; seats],
    };
    let mut hands: Vec<Vec<Card>> = spot.players.iter().map(|p| p.kept.clone()).collect();
    let mut stub = spot.stub();
    deal.play(&mut hands, &mut stub, (1, 0, false));
    deal.units
}

#[test]
fn tiny_spots_equal_a_slow_recursive_oracle() {
    // Stubs of 10 to 12 cards with pairs in them, so that draws of two cards can hold two of a
    // rank (the rule then reads their order).
    let all_but = |keep: &str| -> String {
        let keep = deck::parse_cards(keep).unwrap();
        Card::all()
            .filter(|c| !keep.contains(c))
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (game, players, unseen, draws, pat) in [
        (
            Game::TripleDraw27,
            &["7c5d", "8h6c4d3s"][..],
            "2c 2d 9s 9h Kc Kd 6s 5h 3c 4c 8s",
            2,
            &[][..],
        ),
        (
            Game::TripleDraw27,
            &["7c5d4h3s", "9c8d6h4s2c"][..],
            "2h 2d 8s 6d Kc Kd Qs Jh Ts",
            3,
            &[][..],
        ),
        (
            Game::TripleDrawA5,
            &["Ac2d3h", "4c5d6h7s"][..],
            "As 2s 3s 4h 5h Kc Kd Qs 8c 9d",
            2,
            &[5u8, 6][..],
        ),
        // Two deuces drawn together: which one is kept decides the flush of 7-5-4-3-2 clubs.
        (
            Game::TripleDraw27,
            &["7c5c", "8h6d4d3s"][..],
            "2c 2d 3c 4c 9s 9h Kd 6s 5h 8s 4h",
            2,
            &[][..],
        ),
        // Two treys drawn together: the first is kept, and only 4c (not 4h) is left to fill it.
        (
            Game::Badugi,
            &["As2d", "5s6d"][..],
            "3h 3c 4c Kh Kd Qs 7s 8d 9h Td",
            2,
            &[][..],
        ),
        (
            Game::Badugi,
            &["As2d", "3h4c"][..],
            "5s 5h 6d 6c Kh Kd 7s 8h 9c Td",
            2,
            &[][..],
        ),
    ] {
        let kept: String = players.join(" ").replace("random", "");
        let dead = all_but(&format!("{kept} {unseen}"));
        let spot = spot(game, players, &dead, draws, pat);
        assert!(matches!(
            draw::draws_exact::draws_cost(&spot),
            DrawsCost::Work(_)
        ));
        let exact = equity(&spot, &Method::Exact).unwrap();
        let slow = oracle(&spot);
        // ours / (2 · half_units · outcomes) = theirs / (lcm · N!), cross-multiplied.
        let tally = &exact.tally;
        let lcm = engine::pot_tally::lcm_up_to(spot.players.len()) as u128;
        let orders: u128 = (1..=spot.stub().len() as u128).product();
        for (ours, theirs) in tally.counts.iter().zip(&slow) {
            assert_eq!(
                ours.high_units * lcm * orders,
                theirs * 2 * u128::from(tally.half_units) * tally.outcomes,
                "{game} {players:?}"
            );
        }
    }
}

#[test]
fn cheap_spots_are_counted_exactly_and_agree_with_both_simulations() {
    for spot in cheap_spots() {
        let auto = equity(&spot, &Method::Auto { seed: 1 }).unwrap();
        assert_eq!(auto.method, Method::Exact, "{:?}", spot.players);
        // The brute force of `multi_draw.rs`, within its 4.5 standard errors.
        let (mean, se) = brute_force(&spot, 100_000, 8);
        let z = (auto.players[0].equity - mean) / se;
        assert!(
            z.abs() < 4.5,
            "{:?}: exact {} brute force {mean} ± {se}",
            spot.players,
            auto.players[0].equity
        );
        // The crate's Monte Carlo, within 4 standard errors of each player's exact equity.
        let sampled = equity(
            &spot,
            &Method::MonteCarlo {
                rounds: 400_000,
                seed: 2,
                target_stderr: None,
            },
        )
        .unwrap();
        for (e, s) in auto.players.iter().zip(&sampled.players) {
            let z = (e.equity - s.equity) / s.std_error;
            assert!(
                z.abs() < 4.0,
                "{:?}: exact {} sampled {} ± {}",
                spot.players,
                e.equity,
                s.equity,
                s.std_error
            );
        }
    }
}

#[test]
fn pat_hands_count_as_one_draw_does() {
    // Nobody draws after the first draw: the later draws change nothing.
    let three = spot(
        Game::TripleDraw27,
        &["9c8d6h4s2c", "8h7c5d4c3s"],
        "",
        3,
        &[],
    );
    let one = spot(
        Game::TripleDraw27,
        &["9c8d6h4s2c", "8h7c5d4c3s"],
        "",
        1,
        &[],
    );
    let (a, b) = (
        equity(&three, &Method::Exact).unwrap(),
        equity(&one, &Method::Exact).unwrap(),
    );
    assert_eq!(a.players[1].equity, 1.0);
    assert_eq!(a.players[1].equity, b.players[1].equity);
}

#[test]
fn exact_counts_are_the_same_on_any_threads_and_dear_spots_are_refused() {
    let spot = &cheap_spots()[2];
    let one = engine::on_pool(1, || equity(spot, &Method::Exact))
        .unwrap()
        .unwrap();
    let three = engine::on_pool(3, || equity(spot, &Method::Exact))
        .unwrap()
        .unwrap();
    assert_eq!(one.tally, three.tally);
    // Every ordered deal of the most cards the draws take: two one-card draws at each of two
    // draws, 46 · 45 · 44 · 43.
    assert_eq!(one.tally.outcomes, 46 * 45 * 44 * 43);
    let dear = common::spot(Game::Badugi, &["Ac", "2d"], "", 2, &[]);
    let refused = equity(&dear, &Method::Exact).unwrap_err().to_string();
    assert!(
        refused.starts_with(
            "2 draws are computed by Monte Carlo only here: an exact count would visit up to "
        ),
        "{refused}"
    );
    let six = common::spot(Game::TripleDraw27, &["random"; 4], "", 3, &[]);
    assert_eq!(
        equity(&six, &Method::Exact).unwrap_err().to_string(),
        "3 draws are computed by Monte Carlo only here: the draws could take up to 60 cards of the 52 unseen, and the count is exact only where the stub cannot run out"
    );
    // Auto samples them.
    for spot in [&dear, &six] {
        let auto = draw::resolve(&Method::Auto { seed: 3 }, spot).unwrap();
        assert!(matches!(auto, Method::MonteCarlo { .. }));
    }
}
