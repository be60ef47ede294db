//! Stud equity through the public API: the counting enumerator against a dealing enumerator
//! written here (ranges, weights, the shared last card), hand-checked spots, Monte Carlo against
//! exact, determinism across threads, and the refusals.

use deck::{Card, parse_cards};
use engine::{MethodError, RangeError};
use stud::ranking::strength;
use stud::tally::{LocalTally, Tally};
use stud::{Game, Method, Spot, StudError, equity, equity_until_stopped, resolve};

fn spot(game: Game, players: &[&str], dead: &str) -> Spot {
    Spot::parse(game, players, dead).unwrap_or_else(|e| panic!("{players:?}: {e}"))
}

fn exact(s: &Spot) -> Tally {
    equity(s, &Method::Exact).unwrap().tally
}

/// Every outcome dealt one by one: each combination of range hands that fits (weighted by the
/// product of its weights when weighted), each shared last card when the deck runs short, each
/// private deal; every showdown recorded with `LocalTally::record`.
fn deal_every_outcome(s: &Spot) -> Tally {
    let players = s.players.len();
    let mut total = Tally::new(players);
    let ranged: Vec<usize> = (0..players)
        .filter(|&p| s.players[p].down.is_some())
        .collect();
    let mut combos: Vec<Vec<([Card; 2], u32)>> = vec![vec![]];
    for &p in &ranged {
        let range = s.players[p].down.as_ref().unwrap();
        let mut next = Vec::new();
        for partial in &combos {
            for (&c, &w) in range.combos.iter().zip(&range.weights) {
                let clash = partial
                    .iter()
                    .any(|(o, _)| o.contains(&c[0]) || o.contains(&c[1]));
                if !clash {
                    let mut longer = partial.clone();
                    longer.push((c, w));
                    next.push(longer);
                }
            }
        }
        combos = next;
    }
    for assignment in combos {
        let weight: u128 = if s.is_weighted() {
            assignment.iter().map(|(_, w)| u128::from(*w)).product()
        } else {
            1
        };
        let mut hands: Vec<Vec<Card>> = s.players.iter().map(|p| p.cards.clone()).collect();
        for (&p, (c, _)) in ranged.iter().zip(&assignment) {
            hands[p].extend_from_slice(c);
        }
        let taken: Vec<Card> = hands.iter().flatten().chain(&s.dead).copied().collect();
        let rest: Vec<Card> = Card::all().filter(|c| !taken.contains(c)).collect();
        let mut local = LocalTally::new(players);
        if s.community() {
            for &shared in &rest {
                let left: Vec<Card> = rest.iter().copied().filter(|&c| c != shared).collect();
                let mut with: Vec<Vec<Card>> = hands.clone();
                with.iter_mut().for_each(|h| h.push(shared));
                deal(s.game, &left, 0, &mut with, &mut local);
            }
        } else {
            deal(s.game, &rest, 0, &mut hands, &mut local);
        }
        let mut weighted = Tally::new(players);
        weighted.add_local(&local, weight);
        total = total + weighted;
    }
    for c in total.counts.iter_mut() {
        c.square_units = 0;
    }
    total.samples = 0;
    total
}

/// Deals each player from `seat` on up to seven cards from `rest`, in every way.
fn deal(
    game: Game,
    rest: &[Card],
    seat: usize,
    hands: &mut Vec<Vec<Card>>,
    local: &mut LocalTally,
) {
    if seat == hands.len() {
        let s: Vec<_> = hands.iter().map(|h| strength(game, h)).collect();
        let main: Vec<u32> = s.iter().map(|x| x.main).collect();
        let low: Vec<u8> = s.iter().map(|x| x.low).collect();
        local.record(&main, game.is_hilo().then_some(&low[..]));
        return;
    }
    let need = 7 - hands[seat].len();
    let n = rest.len();
    let mut index: Vec<usize> = (0..need).collect();
    if need > n {
        return;
    }
    loop {
        let before = hands[seat].len();
        hands[seat].extend(index.iter().map(|&i| rest[i]));
        let left: Vec<Card> = (0..n)
            .filter(|i| !index.contains(i))
            .map(|i| rest[i])
            .collect();
        deal(game, &left, seat + 1, hands, local);
        hands[seat].truncate(before);
        let Some(i) = (0..need).rev().find(|&i| index[i] < n - need + i) else {
            return;
        };
        index[i] += 1;
        for j in i + 1..need {
            index[j] = index[j - 1] + 1;
        }
    }
}

/// Exact counts equal the dealt ones (squared units and samples aside: exact runs keep no
/// squares, and count samples as deals rather than per weighted outcome).
fn check(s: &Spot) {
    let mut counted = exact(s);
    counted.samples = 0;
    counted.counts.iter_mut().for_each(|c| c.square_units = 0);
    assert_eq!(counted, deal_every_outcome(s), "{:?}", s.players);
}

/// Random spots of `game`: `known[p]` cards for player `p`, every card but `left` others dead.
fn random_spots(game: Game, known: &[usize], left: usize, spots: u64) {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(known.len() as u64 ^ left as u64);
    for _ in 0..spots {
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut rng);
        let mut at = 0;
        let texts: Vec<String> = known
            .iter()
            .map(|&k| {
                at += k;
                deck[at - k..at].iter().map(Card::to_string).collect()
            })
            .collect();
        let dead: String = deck[at + left..].iter().map(Card::to_string).collect();
        let players: Vec<&str> = texts.iter().map(String::as_str).collect();
        check(&spot(game, &players, &dead));
    }
}

#[test]
fn counting_equals_dealing_on_random_spots() {
    for game in Game::ALL {
        // Heads-up fifth street; fourth street with many dead cards; 3-way sixth street.
        random_spots(game, &[5, 5], 18, 6);
        random_spots(game, &[4, 4], 12, 4);
        random_spots(game, &[6, 6, 6], 14, 4);
    }
}

#[test]
fn the_shared_last_card_with_eight_players() {
    // Eight players on sixth street hold 48 cards: the 4 left cannot give 8 seventh cards, so
    // one of them is the community card, and all four can be it.
    for game in Game::ALL {
        random_spots(game, &[6; 8], 4, 3);
        // Seven on sixth street and one on fifth: one private card for the eighth player.
        random_spots(game, &[6, 6, 6, 6, 6, 6, 6, 5], 5, 3);
    }
    let s = spot(
        Game::Stud,
        &[
            "2c2d2h2s3c3d",
            "4c4d4h4s5c5d",
            "6c6d6h6s7c7d",
            "8c8d8h8s9c9d",
            "TcTdThTsJcJd",
            "QcQdQhQsKcKd",
            "AcAdAhAs3h3s",
            "5h5s7h7s9h9s",
        ],
        "",
    );
    assert!(s.community());
    let t = exact(&s);
    assert_eq!(t.outcomes, 4);
}

/// Every card but the players' and those of `keep` is dead.
fn dead_except(players: &[&str], keep: &str) -> String {
    let mut alive = parse_cards(keep).unwrap();
    for p in players {
        let cards = p.rsplit(')').next().unwrap_or(p);
        alive.extend(parse_cards(cards).unwrap());
    }
    Card::all()
        .filter(|c| !alive.contains(c))
        .map(|c| c.to_string())
        .collect()
}

#[test]
fn ranges_and_weights_count_each_combination_of_hands() {
    let players = ["(A2,A3:0.5)4d5d6d", "(KK,QQ:0.25)JsTs9s", "7c8c9cTh8d"];
    let small = spot(
        Game::Razz,
        &players,
        &dead_except(&players, "Ah2h2s3h3sKdKsQhQsJh5s"),
    );
    assert!(small.is_weighted());
    check(&small);
    let players = ["(AA,KK)QsJs", "(AKs)8d9d", "2c3c4c5c"];
    let s2 = spot(
        Game::StudHiLo,
        &players,
        &dead_except(&players, "AhAdAcKhKdKc7h6h5h4h3h2h"),
    );
    assert!(!s2.is_weighted());
    check(&s2);
    // A range equals the average over its hands, weighted: compare with fixed hands.
    let ranged = spot(Game::Stud, &["(AsAh,KsKh:0.5)Qd", "7c8c9cJd"], "");
    let aces = exact(&spot(Game::Stud, &["AsAhQd", "7c8c9cJd"], ""));
    let kings = exact(&spot(Game::Stud, &["KsKhQd", "7c8c9cJd"], ""));
    let r = equity(&ranged, &Method::Exact).unwrap();
    let units = |t: &Tally, p: usize| t.counts[p].high_units as f64;
    let expected = (1000.0 * units(&aces, 0) + 500.0 * units(&kings, 0))
        / (4.0 * (1000.0 * aces.outcomes as f64 + 500.0 * kings.outcomes as f64));
    assert!((r.players[0].equity - expected).abs() < 1e-12);
}

#[test]
fn hand_checked_spots() {
    // Quads against a straight-flush draw: only 4h or 9h win for the draw, whatever the quads
    // receive: 2 × 39 of 40 × 39 deals.
    let s = spot(Game::Stud, &["AsAhAdAc2c3d", "5h6h7h8hKcQd"], "");
    let r = equity(&s, &Method::Exact).unwrap();
    assert_eq!(r.tally.outcomes, 40 * 39);
    assert_eq!(r.players[1].wins, 2 * 39);
    assert_eq!(r.players[0].wins, 38 * 39);
    // Razz: a made wheel against a six-four-three-two-ace draw that ties with any of three
    // fives: 36 wins and 3 ties of 39, the pot in quarters.
    let s = spot(Game::Razz, &["As2d3h4c5sKdKh", "Ac2c3c4d6d7d"], "");
    let r = equity(&s, &Method::Exact).unwrap();
    assert_eq!(r.tally.outcomes, 39);
    assert_eq!((r.players[0].wins, r.players[0].ties), (36, 3));
    // Units are quarter pots: 36 · 4 + 3 · 2 and 3 · 2.
    assert_eq!(
        (r.tally.counts[0].high_units, r.tally.counts[1].high_units),
        (150, 6)
    );
    assert!(r.players[0].hilo.is_none());
    // Hi/lo: a royal flush against a made seven-low: every pot split in halves, no scoops.
    let s = spot(Game::StudHiLo, &["AsKsQsJsTs9d9h", "2c3d4h5c7d8h"], "");
    let r = equity(&s, &Method::Exact).unwrap();
    assert_eq!(r.players[0].equity, 0.5);
    let (h0, h1) = (r.players[0].hilo.unwrap(), r.players[1].hilo.unwrap());
    assert_eq!(h0.scoops + h1.scoops, 0);
    assert_eq!(h1.low, 0.5);
    assert_eq!(h0.units_per_pot, 4);
    assert_eq!(h0.pot_units, 2 * r.tally.outcomes);
    // Seven cards each: one showdown.
    let s = spot(Game::Stud, &["AsAhAd2c3d4h9s", "KsKhKd2d3c4s9h"], "");
    assert_eq!(exact(&s).outcomes, 1);
}

fn mc(rounds: u64, seed: u64) -> Method {
    Method::MonteCarlo {
        rounds,
        seed,
        target_stderr: None,
    }
}

/// Monte Carlo within 4 standard errors of exact for every player and column (a false alarm
/// has probability about 6e-5 per comparison; the seeds are fixed, so the test is
/// deterministic).
#[test]
fn monte_carlo_lies_within_four_standard_errors_of_exact() {
    let spots: [(Game, &[&str], &str); 7] = [
        (Game::Stud, &["AsAdKc", "8h9hTh"], "2c2d"),
        (Game::StudHiLo, &["As2d3c7h", "4h5h7s8c"], ""),
        (
            Game::Razz,
            &["As2d3c8d9d", "4h5h7sTcJc", "KcQd9sJh2h"],
            "6c6d",
        ),
        (
            Game::StudHiLo,
            &["(A2s,KK:0.5)4d5c6h7s", "(QQ+)8h9h7d6s", "7c8c9c2d3d"],
            "3h",
        ),
        (
            Game::Stud,
            &[
                "2c2d2h2s3c3d",
                "4c4d4h4s5c5d",
                "6c6d6h6s7c7d",
                "8c8d8h8s9c9d",
                "TcTdThTsJcJd",
                "QcQdQhQsKcKd",
                "AcAdAhAs3h3s",
                "5h5s7h7s9h",
            ],
            "",
        ),
        (
            Game::Razz,
            &["(A2,A3,23)4c5c6c7c", "(random)5d8d9dTd", "6h7h8hJh9h"],
            "",
        ),
        (
            Game::StudHiLo,
            &["As2s3s4sKd", "5h6h7h8hQc", "AhKh2h9dJs"],
            "3h4h",
        ),
    ];
    // Heads-up with unequal needs, and twelve cards a round (two random words).
    let razz = ["AsKs", ""];
    let hilo = ["As2s3s", "Kd"];
    let razz_dead = dead_except(&razz, "2c3c4c5c6c7c8c9cTcJc2d3d4d5d6d7d8d9dTdJd");
    let hilo_dead = dead_except(&hilo, "4s5s6s7s8s9sTsJs2h3h4h5h6h7h8h9hThJh2c3c4c5c6c7c");
    let more: [(Game, &[&str], &str); 2] = [
        (Game::Razz, &razz, &razz_dead),
        (Game::StudHiLo, &hilo, &hilo_dead),
    ];
    for (game, players, dead) in spots.into_iter().chain(more) {
        let s = spot(game, players, dead);
        let exact = equity(&s, &Method::Exact).unwrap();
        let sampled = equity(&s, &mc(500_000, 11)).unwrap();
        assert!(!sampled.is_exact() && exact.is_exact());
        for (e, m) in exact.players.iter().zip(&sampled.players) {
            let se = m.std_error;
            assert_eq!(e.hilo.is_some(), game.is_hilo());
            let (eh, mh) = (e.hilo.unwrap_or_default(), m.hilo.unwrap_or_default());
            for (name, x, y) in [
                ("equity", e.equity, m.equity),
                ("win", e.win, m.win),
                ("high", eh.high, mh.high),
                ("low", eh.low, mh.low),
                ("scoop", eh.scoop, mh.scoop),
            ] {
                // Win, scoop and the halves are shares bounded by the equity's spread; a
                // proportion's own standard error is at most 0.5/sqrt(n).
                let bound = 4.0 * se.max(0.5 / (sampled.tally.outcomes as f64).sqrt());
                assert!(
                    (x - y).abs() < bound,
                    "{game} {players:?} {name}: exact {x} mc {y} ± {se}"
                );
            }
        }
    }
}

#[test]
fn results_do_not_depend_on_the_threads() {
    let s = spot(
        Game::StudHiLo,
        &["(A2s,A3s:0.5)4d", "(KK,QQ:0.25)", "7c8c9c", ""],
        "2h",
    );
    let run = |threads, method: &Method| {
        engine::on_pool(threads, || equity(&s, method))
            .unwrap()
            .unwrap()
    };
    let sampled = run(1, &mc(300_000, 5));
    assert_eq!(sampled, run(2, &mc(300_000, 5)));
    assert_eq!(sampled, run(3, &mc(300_000, 5)));
    assert_eq!(sampled.tally.outcomes, 300_000);
    let sum: f64 = sampled.players.iter().map(|p| p.equity).sum();
    assert!((sum - 1.0).abs() < 1e-9);
    let heads_up = spot(Game::Razz, &["As2d3c4h", "5h6h7s8c"], "");
    for game in Game::ALL {
        let s = spot(game, &["As2d3c", "Kh"], "");
        let run = |threads| {
            engine::on_pool(threads, || equity(&s, &mc(200_000, 8)))
                .unwrap()
                .unwrap()
        };
        assert_eq!(run(1), run(2), "{game}");
    }
    assert_eq!(
        engine::on_pool(1, || equity(&heads_up, &Method::Exact)).unwrap(),
        engine::on_pool(3, || equity(&heads_up, &Method::Exact)).unwrap()
    );
}

#[test]
fn a_target_stops_early_at_the_same_chunk_on_any_threads() {
    let s = spot(Game::Stud, &["AsAhKd", "QcQd2s"], "");
    let m = Method::MonteCarlo {
        rounds: 1 << 30,
        seed: 2,
        target_stderr: Some(0.002),
    };
    let a = engine::on_pool(1, || equity(&s, &m)).unwrap().unwrap();
    let b = engine::on_pool(2, || equity(&s, &m)).unwrap().unwrap();
    assert_eq!(a, b);
    assert!(a.tally.outcomes < 1 << 30);
    assert!(a.players.iter().all(|p| p.std_error < 0.002));
}

#[test]
fn a_stop_request_ends_a_run_before_its_next_chunk() {
    let s = spot(Game::Stud, &["AsAhKd", "QcQd2s"], "");
    assert!(
        equity_until_stopped(&s, &Method::Exact, &|| true)
            .unwrap()
            .is_none()
    );
    assert!(
        equity_until_stopped(&s, &mc(1 << 24, 1), &|| true)
            .unwrap()
            .is_none()
    );
    let asked = std::sync::atomic::AtomicU32::new(0);
    let stop = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 3;
    assert!(
        equity_until_stopped(&s, &mc(1 << 26, 1), &stop)
            .unwrap()
            .is_none()
    );
    let whole = equity_until_stopped(&s, &mc(1 << 18, 1), &|| false)
        .unwrap()
        .unwrap();
    assert_eq!(whole, equity(&s, &mc(1 << 18, 1)).unwrap());
}

#[test]
fn auto_counts_cheap_spots_and_samples_the_rest() {
    let cheap = spot(Game::Stud, &["AsAhKd", "QcQd2s"], "");
    assert_eq!(
        resolve(&Method::Auto { seed: 1 }, &cheap).unwrap(),
        Method::Exact
    );
    let costly = spot(Game::Stud, &["AsAhKd", "QcQd2s", "7h8h9h", "JcJs3d"], "");
    assert!(matches!(
        resolve(&Method::Auto { seed: 1 }, &costly).unwrap(),
        Method::MonteCarlo { seed: 1, .. }
    ));
    let err = resolve(&Method::Exact, &costly).unwrap_err();
    assert!(
        matches!(err, StudError::Method(MethodError::TooMuchWork { .. })),
        "{err}"
    );
    assert!(
        err.to_string()
            .ends_with("counting steps (limit 20000000000)")
    );
    assert_eq!(
        resolve(&mc(0, 1), &cheap),
        Err(StudError::Method(MethodError::NoRounds))
    );
    let bad = Method::MonteCarlo {
        rounds: 5,
        seed: 1,
        target_stderr: Some(1.5),
    };
    assert!(matches!(
        resolve(&bad, &cheap),
        Err(StudError::Method(MethodError::BadTarget { .. }))
    ));
}

#[test]
fn ranges_that_never_fit_are_refused() {
    // Refused when the spot is built, before any run (issue 51, defect 6: sampling used to
    // report "almost never").
    for players in [
        &["(AsAh,AsAd)QcJc", "(AsKs,AsKd)2c3c"][..],
        &["(AA)", "(AA)", "(AA)"][..],
        &["(AA)", "(AA)", "(AKs)"][..],
    ] {
        assert_eq!(
            Spot::parse(Game::Stud, players, ""),
            Err(StudError::Range(RangeError::NoDealFits)),
            "{players:?}"
        );
    }
    // Three aces between the first two: the third can still hold one.
    assert!(Spot::parse(Game::Stud, &["(AA)", "(AKs)", "(AQo)"], "").is_ok());
    assert_eq!(
        Spot::parse(Game::Stud, &["(AA)", "(AKs)", "(AQo)"], "Ac"),
        Err(StudError::Range(RangeError::NoDealFits))
    );
}
