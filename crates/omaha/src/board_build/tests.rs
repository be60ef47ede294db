use super::*;
use crate::oracle;
use crate::plo4_classes::{class_count, parse_class};
use crate::plo5_classes;
use crate::range::Range;
use crate::spot::Spot;
use engine::counted_ranking::ClassTally;
use engine::{Game, GameId, Method, PotTally};

fn plan(boards: u64, shard: u64, shards: u64) -> BuildPlan {
    BuildPlan {
        seed: 7,
        rounds: boards,
        shard,
        shards,
    }
}

fn whole<T: Showdowns>(plan: &BuildPlan) -> Vec<T> {
    build::<T, 4>(plan, 0..class_count(), &|_, _| {}, &|| false).unwrap()
}

/// The counts of the shards `parts` of one build, added up class by class.
fn added_up<T: Showdowns>(parts: &[BuildPlan]) -> Vec<T> {
    parts
        .iter()
        .map(whole::<T>)
        .reduce(|a, b| a.into_iter().zip(b).map(|(x, y)| x + y).collect())
        .unwrap()
}

/// One `N`-card class's counts of `plan`, the other classes not played.
fn alone<T: Showdowns, const N: usize>(plan: &BuildPlan, class: usize) -> T {
    build::<T, N>(plan, class..class + 1, &|_, _| {}, &|| false).unwrap()[0]
}

/// The class of `text`, four, five or six cards.
fn class_of<const N: usize>(text: &str) -> usize {
    let class = match N {
        4 => parse_class(text),
        5 => plo5_classes::parse_class(text),
        _ => crate::plo6_classes::parse_class(text),
    };
    class.unwrap_or_else(|| panic!("{text}"))
}

/// The representative of the `N`-card class `class`.
fn representative<const N: usize>(class: usize) -> [Card; N] {
    let cards = match N {
        4 => crate::plo4_classes::representative(class).to_vec(),
        5 => plo5_classes::representative(class).to_vec(),
        _ => crate::plo6_classes::representative(class).to_vec(),
    };
    cards.try_into().unwrap()
}

/// The `N`-card class `class`'s counts of `plan` dealt again board by board, each showdown
/// judged by the slow oracle (every two hole cards with every three board cards, each five
/// evaluated by `eval`; lows by sorting) instead of the prepared hands of the build.
fn replayed<T: Showdowns, const N: usize>(plan: &BuildPlan, class: usize) -> T {
    let hero: [Card; N] = representative(class);
    let mut count = T::default();
    for c in plan.own_chunks_of(BUILD_CHUNK_BOARDS) {
        let mut rng = chunk_rng(job_seed(plan.seed, board_job(N)), c);
        let mut deck: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8));
        for _ in 0..plan.rounds_in_of(c, BUILD_CHUNK_BOARDS) {
            deal_board(&mut rng, &mut deck);
            let board = [deck[0], deck[1], deck[2], deck[3], deck[4]];
            let villains: Vec<[Card; N]> = (0..villains(N))
                .map(|_| deal_villain(&mut rng, &mut deck))
                .collect();
            if board.iter().any(|c| hero.contains(c)) {
                continue;
            }
            let Some(villain) = villains
                .into_iter()
                .find(|v| v.iter().all(|c| !hero.contains(c)))
            else {
                continue;
            };
            assert!(villain.iter().all(|v| !board.contains(v)));
            let low = |hand: &[Card]| oracle::low_strength(oracle::low(hand, &board));
            count.record(
                oracle::high(&hero, &board),
                oracle::high(&villain, &board),
                if T::HILO { low(&hero) } else { 0 },
                if T::HILO { low(&villain) } else { 0 },
            );
        }
    }
    count
}

#[test]
fn shards_split_the_boards_and_add_up() {
    let boards = 2 * BUILD_CHUNK_BOARDS + 10;
    let all = plan(boards, 0, 1);
    assert_eq!(all.chunks_of(BUILD_CHUNK_BOARDS), 3);
    assert_eq!(own_boards(&all), boards);
    let parts: Vec<BuildPlan> = (0..2).map(|i| plan(boards, i, 2)).collect();
    assert_eq!(parts.iter().map(own_boards).sum::<u64>(), boards);
    let alone: Vec<ClassCounts> = whole(&all);
    assert_eq!(alone, added_up::<ClassCounts>(&parts));
    let hilo: Vec<PotCounts> = whole(&all);
    assert_eq!(hilo, added_up::<PotCounts>(&parts));
    assert!(hilo.iter().all(|c| c.is_consistent()));
    // Every class plays the boards that miss its cards, the same ones high and hi/lo.
    for (high, pot) in alone.iter().zip(&hilo) {
        assert_eq!(high.rounds, pot.rounds);
        assert!(high.rounds <= boards && high.wins + high.ties <= high.rounds);
    }
    // A shard past the last chunk deals nothing.
    assert_eq!(own_boards(&plan(100, 3, 4)), 0);
}

#[test]
fn the_threads_do_not_change_the_counts() {
    let all = plan(3 * BUILD_CHUNK_BOARDS, 0, 1);
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| whole::<PotCounts>(&all))
    };
    assert_eq!(on(1), on(3));
}

#[test]
fn a_stop_gives_nothing_and_progress_counts_boards() {
    let all = plan(20 * BUILD_CHUNK_BOARDS, 0, 1);
    assert!(
        build_until_stopped::<ClassCounts>(HoleSize::Four, &all, &|_, _| {}, &|| true).is_none()
    );
    let last = std::sync::Mutex::new((0, 0));
    let seen = |done, total| *last.lock().unwrap() = (done, total);
    assert!(
        build_until_stopped::<ClassCounts>(HoleSize::Four, &plan(300, 0, 1), &seen, &|| false)
            .is_some()
    );
    assert_eq!(*last.lock().unwrap(), (300, 300));
}

/// The build's counts of sampled classes are those of the same deals judged by the slow
/// oracle, to the unit: high and hi/lo.
#[test]
fn sampled_classes_equal_the_oracle_on_the_same_deals() {
    let all = plan(BUILD_CHUNK_BOARDS + 44, 0, 1);
    let high: Vec<ClassCounts> = whole(&all);
    let hilo: Vec<PotCounts> = whole(&all);
    for text in ["AsAhKsKh", "2s2h2d2c", "JsTh9s8h", "As2h3d4c", "KsQsJsTs"] {
        let class = parse_class(text).unwrap();
        assert_eq!(
            high[class],
            replayed::<ClassCounts, 4>(&all, class),
            "{text}"
        );
        assert_eq!(high[class], alone::<ClassCounts, 4>(&all, class), "{text}");
        assert_eq!(
            hilo[class],
            replayed::<PotCounts, 4>(&all, class),
            "{text} hi/lo"
        );
        assert!(high[class].rounds > 150, "{text}: {}", high[class].rounds);
    }
}

/// Five-card classes' counts, played alone, are those of the same deals judged by the slow
/// oracle, to the unit: high and hi/lo; and a class's counts do not depend on the others
/// played beside it.
#[test]
fn five_card_classes_equal_the_oracle_on_the_same_deals() {
    let all = plan(BUILD_CHUNK_BOARDS + 44, 0, 1);
    for text in [
        "AsAhKsKhQd",
        "2s2h2d2c3s",
        "JsTh9s8h7d",
        "As2h3d4c5s",
        "KsQsJsTs9s",
    ] {
        let class = class_of::<5>(text);
        let high = alone::<ClassCounts, 5>(&all, class);
        assert_eq!(high, replayed::<ClassCounts, 5>(&all, class), "{text}");
        let hilo = alone::<PotCounts, 5>(&all, class);
        assert_eq!(hilo, replayed::<PotCounts, 5>(&all, class), "{text} hi/lo");
        assert!(high.rounds > 120, "{text}: {}", high.rounds);
        let from = class.saturating_sub(1);
        let beside: Vec<ClassCounts> =
            build::<ClassCounts, 5>(&all, from..class + 2, &|_, _| {}, &|| false).unwrap();
        assert_eq!(beside[class - from], high, "{text} among others");
    }
}

/// Six-card classes' counts, played alone, are those of the same deals judged by the slow
/// oracle, to the unit, high and hi/lo, and do not depend on the classes played beside them;
/// the villains of six cards are dealt 24 to a board, so nearly every board plays.
#[test]
fn six_card_classes_equal_the_oracle_on_the_same_deals() {
    let all = plan(BUILD_CHUNK_BOARDS + 44, 0, 1);
    for text in [
        "AsAhKsKhQdJd",
        "2s2h2d2c3s3h",
        "JsTh9s8h7d6d",
        "As2h3d4c5s6h",
        "KsQsJsTs9s8s",
    ] {
        let class = class_of::<6>(text);
        let high = alone::<ClassCounts, 6>(&all, class);
        assert_eq!(high, replayed::<ClassCounts, 6>(&all, class), "{text}");
        let hilo = alone::<PotCounts, 6>(&all, class);
        assert_eq!(hilo, replayed::<PotCounts, 6>(&all, class), "{text} hi/lo");
        // About 52.7 % of the 300 boards miss six cards.
        assert!(high.rounds > 120, "{text}: {}", high.rounds);
        let from = class.saturating_sub(1);
        let beside: Vec<ClassCounts> =
            build::<ClassCounts, 6>(&all, from..class + 2, &|_, _| {}, &|| false).unwrap();
        assert_eq!(beside[class - from], high, "{text} among others");
    }
}

/// The shipped rankings are `sim rank --build --game omaha --rounds 10M --seed 1` and the same
/// with `--game omaha-hilo`: sampled classes played again alone with that plan give their
/// integer counts exactly.
#[test]
fn sampled_classes_of_the_shipped_files_are_played_again() {
    let shipped = BuildPlan {
        seed: 1,
        rounds: 10_000_000,
        shard: 0,
        shards: 1,
    };
    let class = parse_class("AsAhKsKh").unwrap();
    let high = crate::plo4_ranking::shipped().find(class).unwrap().counts;
    assert_eq!(alone::<ClassCounts, 4>(&shipped, class), high);
    let class = parse_class("AsAh3s2h").unwrap();
    let hilo = crate::plo4_hilo::shipped().find(class).unwrap().counts;
    assert_eq!(alone::<PotCounts, 4>(&shipped, class), hilo);
}

/// The shipped five-card rankings are `sim rank --build --game omaha5 --rounds 1800000
/// --seed 1` and `--game omaha5-hilo --rounds 1500000 --seed 1`: sampled classes played again
/// alone with those plans give their integer counts exactly.
#[test]
fn sampled_classes_of_the_shipped_five_card_files_are_played_again() {
    let plan = |rounds| BuildPlan {
        seed: 1,
        rounds,
        shard: 0,
        shards: 1,
    };
    let class = class_of::<5>("AsAhKsKhQd");
    let high = crate::plo5_ranking::shipped().find(class).unwrap().counts;
    assert_eq!(alone::<ClassCounts, 5>(&plan(1_800_000), class), high);
    let class = class_of::<5>("AsAh3s2hKd");
    let hilo = crate::plo5_ranking::shipped_hilo()
        .find(class)
        .unwrap()
        .counts;
    assert_eq!(alone::<PotCounts, 5>(&plan(1_500_000), class), hilo);
}

/// The shipped six-card rankings are the builds their headers name (`sim rank --build --game
/// omaha6` and `omaha6-hilo`, packed by the `pack_omaha6` example): sampled classes played
/// again alone with those plans give their integer counts exactly.
#[test]
fn sampled_classes_of_the_shipped_six_card_files_are_played_again() {
    use crate::plo6_ranking::{shipped_hilo_made, shipped_made};
    let plan = |made: crate::plo6_ranking::Made| BuildPlan {
        seed: made.seed,
        rounds: made.boards,
        shard: 0,
        shards: 1,
    };
    let (made, high) = shipped_made();
    for text in ["AsAhKsKhQdJd", "9s8h7d6c5s2h"] {
        let class = class_of::<6>(text);
        let counts = high.find(class).unwrap().counts;
        assert_eq!(
            alone::<ClassCounts, 6>(&plan(*made), class),
            counts,
            "{text}"
        );
    }
    let (made, hilo) = shipped_hilo_made();
    let class = class_of::<6>("AsAh3s2hKdQc");
    let counts = hilo.find(class).unwrap().counts;
    assert_eq!(alone::<PotCounts, 6>(&plan(*made), class), counts);
}

/// A showdown's quarter pots are those `sim equity`'s tally gives two players.
#[test]
fn quarter_pots_are_the_tallys() {
    for (hero, villain) in [(5, 3), (3, 5), (4, 4)] {
        for (hero_low, villain_low) in [(0, 0), (9, 0), (0, 9), (9, 7), (7, 9), (8, 8)] {
            let mut ours = PotCounts::default();
            ours.record(hero, villain, hero_low, villain_low);
            let mut tally = PotTally::new(2);
            tally.record(&[hero, villain], Some(&[hero_low, villain_low]));
            let c = tally.counts[0];
            assert_eq!(ours.pot_units, c.high_units + c.low_units);
            assert_eq!(ours.square_units, c.square_units);
        }
    }
}

/// A villain's four cards are uniform over the 47 off the board, and the first villain that
/// misses a hero is uniform over the 43 cards that fit: 20,000 boards of one deck, each
/// eligible card's count against its expectation, χ² with 46 and 42 degrees of freedom below
/// 95 and 90 (false alarms have probability about 2e-5 each; the stream is fixed, so the test
/// is deterministic).
#[test]
fn villains_are_uniform_over_the_cards_that_fit() {
    let mut rng = chunk_rng(5, 6);
    let mut deck: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8));
    let board = Board::new(&[deck[0], deck[1], deck[2], deck[3], deck[4]]);
    let hero: u64 = (5..9).map(|i| bit(deck[i])).sum();
    let (mut first, mut fitting) = ([0u32; 52], [0u32; 52]);
    let draws = 20_000;
    for _ in 0..draws {
        let dealt: Vec<[Card; 4]> = (0..villains(4))
            .map(|_| deal_villain(&mut rng, &mut deck))
            .collect();
        dealt[0].iter().for_each(|c| first[c.index()] += 1);
        if let Some(v) = dealt.iter().find(|v| v.iter().all(|&c| hero & bit(c) == 0)) {
            v.iter().for_each(|c| fitting[c.index()] += 1);
        }
    }
    assert!(first[..5].iter().chain(&fitting[..9]).all(|&n| n == 0));
    let chi2 = |seen: &[u32], cards: f64| -> f64 {
        let expected = 4.0 * draws as f64 / cards;
        seen.iter()
            .map(|&n| (f64::from(n) - expected).powi(2) / expected)
            .sum()
    };
    let all = chi2(&first[5..], 47.0);
    let fit = chi2(&fitting[9..], 43.0);
    assert!(all < 95.0 && fit < 90.0, "χ² {all}, {fit}");
    let villains = Villains::deal::<_, 4>(&mut rng, &mut deck, &board);
    assert_eq!(villains.first_missing::<4>(!0), None);
    assert_eq!(villains.first_missing::<4>(0), Some(0));
}

/// Sampled classes of the build agree with `sim equity`'s own Monte Carlo of the same hand
/// against `random` (`omaha::equity`, another sampler and seed) within 4 standard errors of
/// the difference (a false alarm has probability about 6e-5 per class; the seeds are fixed, so
/// the test is deterministic).
#[test]
fn sampled_classes_agree_with_sim_equity() {
    let all = plan(24 * BUILD_CHUNK_BOARDS, 0, 1);
    let high: Vec<ClassCounts> = whole(&all);
    let hilo: Vec<PotCounts> = whole(&all);
    for text in ["AsAhKsKh", "7s6h3d2c", "KsKhKd2c", "AsAh3s2h", "8s7h6d5c"] {
        let class = parse_class(text).unwrap();
        let h = high[class];
        agrees_with_sim_equity(GameId::Omaha, text, h.equity(), h.std_error());
        let p = hilo[class];
        agrees_with_sim_equity(GameId::OmahaHilo, text, p.equity(), p.std_error());
    }
}

/// The class `text`'s built equity (and its standard error) against one random hand is
/// within 4 standard errors of the difference of `omaha::equity`'s Monte Carlo in `game`
/// (seed 99, 200,000 rounds).
pub(crate) fn agrees_with_sim_equity(game: GameId, text: &str, built: f64, built_se: f64) {
    let cards = Game::plain(game).hole_cards();
    let players = vec![
        Range::parse(text, cards).unwrap(),
        Range::parse("random", cards).unwrap(),
    ];
    let spot = Spot::new(Game::plain(game), players, Vec::new(), Vec::new()).unwrap();
    let method = Method::MonteCarlo {
        rounds: 200_000,
        seed: 99,
        target_stderr: None,
    };
    let other = crate::equity(&spot, &method).unwrap().players[0];
    let gap = (built - other.equity).abs();
    assert!(
        gap < 4.0 * built_se.hypot(other.std_error),
        "{text}: {built} built, {} by sim equity",
        other.equity
    );
}
