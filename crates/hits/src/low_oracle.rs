//! A slow, obvious count of the low classes and the low columns of `--improve` in hold'em hi/lo,
//! to test the fast ones against: the low of a set of cards found by trying every five-card
//! subset, the nut low by dealing every two cards left to an opponent, draws by dealing every
//! next card (or two), runouts one by one.

use deck::{Card, parse_cards};
use engine::{Game, GameId};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::improve::improve;
use crate::low::LowClass;
use crate::spot::Spot;
use crate::table::{HitsRequest, range_hits};
use engine::two_card_range::Range;

const HILO: Game = Game::plain(GameId::HoldemHilo);

/// A card's low rank, ace 1 to eight 8; `None` above eight.
fn low_rank(card: Card) -> Option<u8> {
    match card.rank() {
        12 => Some(1),
        r if r <= 6 => Some(r + 2),
        _ => None,
    }
}

/// The best low among `cards` as its ranks highest first (smaller compares better), by trying
/// every five-card subset; `None` without a low.
fn low(cards: &[Card]) -> Option<Vec<u8>> {
    let n = cards.len();
    (0u32..1 << n)
        .filter(|m| m.count_ones() == 5)
        .filter_map(|m| {
            let mut ranks: Vec<u8> = (0..n)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| low_rank(cards[i]))
                .collect::<Option<Vec<u8>>>()?;
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
            distinct.then_some(ranks)
        })
        .min()
}

fn with(a: &[Card], b: &[Card]) -> Vec<Card> {
    a.iter().chain(b).copied().collect()
}

/// The cards neither on `board`, dead, nor in `hole`.
fn left(board: &[Card], dead: &[Card], hole: &[Card]) -> Vec<Card> {
    Card::all()
        .filter(|c| !board.contains(c) && !dead.contains(c) && !hole.contains(c))
        .collect()
}

/// Whether `hole` has a low on `board` that no two cards of `others` beat.
fn is_nut(board: &[Card], hole: &[Card], others: &[Card]) -> bool {
    let Some(ours) = low(&with(hole, board)) else {
        return false;
    };
    (0..others.len()).all(|i| {
        (i + 1..others.len())
            .all(|j| low(&with(&[others[i], others[j]], board)).is_none_or(|theirs| theirs >= ours))
    })
}

/// The oracle's low classes of `hole` on `board` with `dead` out: made, then draw.
fn classes(board: &[Card], dead: &[Card], hole: [Card; 2]) -> (LowClass, Option<LowClass>) {
    let cards = with(&hole, board);
    let others = left(board, dead, &hole);
    if low(&cards).is_some() {
        let made = if is_nut(board, &hole, &others) {
            LowClass::NutLow
        } else {
            LowClass::NonNutLow
        };
        return (made, None);
    }
    if board.len() == 5 {
        return (LowClass::NoLow, None);
    }
    let one = others.iter().any(|&c| low(&with(&cards, &[c])).is_some());
    let two = board.len() == 3
        && (0..others.len()).any(|i| {
            (i + 1..others.len()).any(|j| low(&with(&cards, &[others[i], others[j]])).is_some())
        });
    let draw = if one {
        Some(LowClass::LowDraw)
    } else if two {
        Some(LowClass::BackdoorLowDraw)
    } else {
        None
    };
    (LowClass::NoLow, draw)
}

/// The oracle's runouts of `hole` ending with a low and with the nut low.
fn runouts(board: &[Card], dead: &[Card], hole: [Card; 2]) -> (u64, u64) {
    let rest = left(board, dead, &hole);
    let mut boards: Vec<Vec<Card>> = Vec::new();
    match 5 - board.len() {
        0 => boards.push(board.to_vec()),
        1 => boards.extend(rest.iter().map(|&c| with(board, &[c]))),
        _ => {
            for i in 0..rest.len() {
                for j in i + 1..rest.len() {
                    boards.push(with(board, &[rest[i], rest[j]]));
                }
            }
        }
    }
    let (mut lows, mut nuts) = (0, 0);
    for full in &boards {
        if low(&with(&hole, full)).is_some() {
            lows += 1;
            if is_nut(full, &hole, &left(full, dead, &hole)) {
                nuts += 1;
            }
        }
    }
    (lows, nuts)
}

/// Seeded random boards of `size` cards with up to two dead cards, low-heavy, plus picked ones.
fn boards(size: usize, picked: &[&str]) -> Vec<(Vec<Card>, Vec<Card>)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(size as u64 + 55);
    let lows: Vec<Card> = Card::all().filter(|c| low_rank(*c).is_some()).collect();
    let mut out: Vec<(Vec<Card>, Vec<Card>)> = picked
        .iter()
        .map(|b| (parse_cards(b).unwrap(), vec![]))
        .collect();
    for i in 0..6 {
        let mut deck: Vec<Card> = if i % 2 == 0 {
            lows.clone()
        } else {
            Card::all().collect()
        };
        deck.shuffle(&mut rng);
        out.push((deck[..size].to_vec(), deck[size..size + i % 3].to_vec()));
    }
    out
}

#[test]
fn every_combo_gets_the_oracles_low_classes() {
    for (size, picked) in [
        (3, &["Ac 2d 3h", "7c 8d 8h", "Kc Qd 2h", "2c 3d 4h"][..]),
        (4, &["Ac 2d 3h 4s", "6c 7d 8h Ks", "Ac Ad 2c 2d"][..]),
        (
            5,
            &["Ac 2d 3h 4s 5c", "6c 7d 8h Ks 5s", "Ac 2d 9h Ts 3c"][..],
        ),
    ] {
        for (board, dead) in boards(size, picked) {
            let spot = Spot::new(HILO, &board, &dead).unwrap();
            let live = left(&board, &dead, &[]);
            for i in 0..live.len() {
                for j in i + 1..live.len() {
                    let hole = [live[i], live[j]];
                    let fast = spot.classify(hole).low.unwrap();
                    let slow = classes(&board, &dead, hole);
                    assert_eq!(
                        (fast.made, fast.draw),
                        slow,
                        "{hole:?} on {board:?} dead {dead:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn improve_counts_the_oracles_lows_and_nut_lows() {
    for (board, dead, range) in [
        ("Ac 5d Kh 7s", "", "A2,34s,88,KQo,69s"),
        ("3c 4d 8h 7s", "2c", "A2,A5,56s,KK"),
        ("2c 3d 4h 5s 9c", "", "A6,67,KQ,A2"),
        ("2c 7d Kh", "", "A3s,45o"),
    ] {
        let board = parse_cards(board).unwrap();
        let dead = parse_cards(dead).unwrap();
        let request = HitsRequest {
            game: HILO,
            range: Range::parse(range).unwrap(),
            board: board.clone(),
            dead: dead.clone(),
        };
        let hits = range_hits(&request).unwrap();
        let table = improve(&request).unwrap();
        let (mut lows, mut nuts) = (0u64, 0u64);
        for c in &hits.combos {
            let (l, n) = runouts(&board, &dead, c.combo);
            lows += u64::from(c.weight) * l;
            nuts += u64::from(c.weight) * n;
        }
        assert_eq!(
            (table.range.low, table.range.nut_low),
            (lows, nuts),
            "{board:?} {range}"
        );
        assert!(
            lows > 0 && nuts > 0 && nuts <= lows,
            "{board:?}: a test that can fail"
        );
    }
}

#[test]
fn a_wheel_draw_and_a_counterfeited_low() {
    let spot = Spot::new(HILO, &parse_cards("Ah 2c 9d").unwrap(), &[]).unwrap();
    let class = |hole: &str| {
        let c = parse_cards(hole).unwrap();
        spot.classify([c[0], c[1]]).low.unwrap()
    };
    // Four low ranks (A, 2, 3, 4): any five to eight makes a low.
    assert_eq!(class("3s 4s").draw, Some(LowClass::LowDraw));
    // Three low ranks: backdoor.
    assert_eq!(class("3s Ks").draw, Some(LowClass::BackdoorLowDraw));
    assert_eq!(class("Ks Qs").draw, None);
    // On the river A-2-6-7-8, 3-4 makes 6-4-3-2-A, the best low two cards can make; an A-2 in
    // the hand is counterfeited and plays the board's 8-7-6-2-A.
    let river = Spot::new(HILO, &parse_cards("Ah 2c 6d 7s 8h").unwrap(), &[]).unwrap();
    let c = parse_cards("3s 4s Ad 2d").unwrap();
    assert_eq!(
        river.classify([c[0], c[1]]).low.unwrap().made,
        LowClass::NutLow
    );
    // A-2 makes the board's 8-7-6-2-A, beaten by any 3 or 4 with another low card.
    assert_eq!(
        river.classify([c[2], c[3]]).low.unwrap().made,
        LowClass::NonNutLow
    );
}
