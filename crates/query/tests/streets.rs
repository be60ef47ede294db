//! Exact counts of functions that read an early street: the board must be dealt street by
//! street (a set of five cards would make the three lowest in deck order the flop), checked
//! against probabilities counted by hand.

use engine::{Game, Method};
use query::{RangeReader, Readers, TwoCardReader, prepare, resolve, run};

/// Hold'em and short-deck readers (the request layer gives Omaha's).
struct TwoCard;

impl Readers for TwoCard {
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        Ok(Box::new(TwoCardReader { game }))
    }
}

/// The first selector's exact value.
fn exact(text: &str) -> f64 {
    let prepared = prepare(text, &TwoCard).unwrap_or_else(|e| panic!("{text}: {e}"));
    let method = resolve(&prepared, &Method::Exact).unwrap();
    let answer = run(&prepared, &method).unwrap();
    assert!(answer.exact, "{text}");
    answer.lines[0].value
}

/// C(n, k) as a float.
fn choose(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |c, i| c * (n - i) as f64 / (i + 1) as f64)
}

/// JsJh against QsQd: 36 of the 48 cards left are below a jack, so the pair is an overpair to
/// a street of k cards with probability C(36, k) / C(48, k), on the flop, turn and river alike.
#[test]
fn an_overpair_on_each_street_from_preflop() {
    for (street, k) in [("flop", 3), ("turn", 4), ("river", 5)] {
        let q = format!(
            "select count(overpair(hero, {street})) from game='holdem', hero='JsJh', villain='QsQd'"
        );
        let expected = choose(36, k) / choose(48, k);
        let got = exact(&q);
        assert!(
            (got - expected).abs() < 1e-12,
            "{street}: {got} against {expected}"
        );
    }
}

/// On the flop Qh7h2c with AhKh against QsQd, 7 of the 45 cards left pair the board (one
/// queen, three sevens, three deuces): the turn pairs it 7 times in 45, whatever the river.
#[test]
fn the_turn_alone_from_a_flop() {
    let q = "select count(pairedBoard(turn)) from game='holdem', hero='AhKh', villain='QsQd', \
             board='Qh7h2c'";
    let got = exact(q);
    assert!((got - 7.0 / 45.0).abs() < 1e-12, "{got}");
    // By the river the board is unpaired when neither new card pairs a board rank and the two
    // are not a pair themselves: counted over ordered (turn, river) by the cards left of each
    // rank.
    let q = "select count(pairedBoard(river)) from game='holdem', hero='AhKh', villain='QsQd', \
             board='Qh7h2c'";
    let left_by_rank: Vec<u64> = {
        let used = ["Ah", "Kh", "Qs", "Qd", "Qh", "7h", "2c"];
        (0..13u8)
            .map(|r| {
                let rank = b"23456789TJQKA"[usize::from(r)] as char;
                4 - used.iter().filter(|c| c.starts_with(rank)).count() as u64
            })
            .collect()
    };
    let board_ranks = [10usize, 5, 0];
    let mut unpaired = 0u64;
    for (a, &na) in left_by_rank.iter().enumerate() {
        for (b, &nb) in left_by_rank.iter().enumerate() {
            if board_ranks.contains(&a) || board_ranks.contains(&b) || a == b {
                continue;
            }
            unpaired += na * nb;
        }
    }
    let expected = 1.0 - unpaired as f64 / (45.0 * 44.0);
    let got = exact(q);
    assert!((got - expected).abs() < 1e-12, "{got} against {expected}");
}

/// A query that reads both the flop and the river: the flop is a set among the five, so the
/// chance that the flop shows no jack or better while the river board does is the chance
/// over ordered streets, C(36,3)/C(48,3) - C(36,5)/C(48,5) with JsJh against QsQd.
#[test]
fn flop_and_river_together() {
    let q = "select count(overpair(hero, flop) and not overpair(hero, river)) from \
             game='holdem', hero='JsJh', villain='QsQd'";
    let expected = choose(36, 3) / choose(48, 3) - choose(36, 5) / choose(48, 5);
    let got = exact(q);
    assert!((got - expected).abs() < 1e-12, "{got} against {expected}");
}
