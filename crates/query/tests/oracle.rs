//! Every function against a brute force written apart from the engine's, on river and turn
//! spots where counting everything is instant; and `avg(riverEquity)` against a direct count.

use deck::{Card, parse_cards};
use engine::{Game, Method};
use query::{RangeReader, Readers, TwoCardReader, prepare, resolve, run};

/// Hold'em and short-deck readers (the request layer gives Omaha's).
struct TwoCard;

impl Readers for TwoCard {
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        Ok(Box::new(TwoCardReader { game }))
    }
}

fn exact(text: &str) -> Vec<(String, f64)> {
    let prepared = prepare(text, &TwoCard).unwrap_or_else(|e| panic!("{text}: {e}"));
    let method = resolve(&prepared, &Method::Exact).unwrap();
    let answer = run(&prepared, &method).unwrap();
    assert!(answer.exact);
    answer
        .lines
        .into_iter()
        .map(|l| (l.bucket, l.value))
        .collect()
}

/// The best five of `cards` by trying every five-card subset with `eval::evaluate`.
fn best(cards: &[Card]) -> u16 {
    let n = cards.len();
    let mut best = 0;
    for mask in 0u32..1 << n {
        if mask.count_ones() == 5 {
            let five: Vec<Card> = (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cards[i])
                .collect();
            best = best.max(eval::evaluate(&five).value());
        }
    }
    best
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

/// Every river card not in `used`.
fn rivers(used: &[Card]) -> Vec<Card> {
    Card::all().filter(|c| !used.contains(c)).collect()
}

#[test]
fn river_equity_and_outcomes_match_a_brute_force_on_the_turn() {
    let (hero, villain, turn) = (cards("AhKh"), cards("QsQd"), cards("Qh7h2c9s"));
    let used = [hero.clone(), villain.clone(), turn.clone()].concat();
    let (mut equity, mut wins, mut ties, mut n) = (0.0, 0.0, 0.0, 0.0);
    for river in rivers(&used) {
        let board = [turn.clone(), vec![river]].concat();
        let h = best(&[hero.clone(), board.clone()].concat());
        let v = best(&[villain.clone(), board].concat());
        n += 1.0;
        if h > v {
            equity += 1.0;
            wins += 1.0;
        } else if h == v {
            equity += 0.5;
            ties += 1.0;
        }
    }
    let got = exact(
        "select avg(riverEquity(hero)), count(winsHi(hero)), count(tiesHi(hero)), \
         count(scoops(hero)) from game='holdem', hero='AhKh', villain='QsQd', board='Qh7h2c9s'",
    );
    assert!((got[0].1 - equity / n).abs() < 1e-12, "{got:?}");
    assert!((got[1].1 - wins / n).abs() < 1e-12);
    assert!((got[2].1 - ties / n).abs() < 1e-12);
    assert!((got[3].1 - wins / n).abs() < 1e-12);
}

#[test]
fn hand_types_outs_and_texture_match_a_brute_force() {
    let (hero, turn) = (cards("AhKh"), cards("Qh7h2c9s"));
    let used = [hero.clone(), cards("QsQd"), turn.clone()].concat();
    let rivers = rivers(&used);
    let n = rivers.len() as f64;
    let category = |cards: &[Card]| (best(cards) >> 12).min(8) as usize;
    let mut flush_or_better = 0.0;
    let mut types = [0.0; 9];
    let mut paired = 0.0;
    for &river in &rivers {
        let all = [hero.clone(), turn.clone(), vec![river]].concat();
        let t = category(&all);
        types[t] += 1.0;
        if t >= 5 {
            flush_or_better += 1.0;
        }
        if turn.iter().any(|c| c.rank() == river.rank()) {
            paired += 1.0;
        }
    }
    // Outs as the player sees them: every card off the board and out of the hand.
    let outs = Card::all()
        .filter(|c| !hero.contains(c) && !turn.contains(c))
        .filter(|&c| category(&[hero.clone(), turn.clone(), vec![c]].concat()) >= 5)
        .count() as f64;
    let got = exact(
        "select count(minHandType(hero, river, flush)), histogram(handType(hero, river)), \
         count(pairedBoard(river)), avg(outsToHandType(hero, turn, flush)), \
         avg(boardSuitCount(turn)), count(flushingBoard(turn)), count(twoToneBoard(turn)) \
         from game='holdem', hero='AhKh', villain='QsQd', board='Qh7h2c9s'",
    );
    assert!((got[0].1 - flush_or_better / n).abs() < 1e-12);
    for (i, &count) in types.iter().enumerate() {
        assert!((got[1 + i].1 - count / n).abs() < 1e-12, "type {i}");
    }
    assert!((got[10].1 - paired / n).abs() < 1e-12);
    assert_eq!(got[11].1, outs);
    assert_eq!(got[12].1, 3.0);
    assert_eq!(got[13].1, 0.0);
    assert_eq!(got[14].1, 0.0);
}

#[test]
fn flop_categories_follow_pql() {
    let cases = [
        ("8s9s", "7s6sTs", "flopStraightFlush"),
        ("8s8h", "8d8cTs", "flopQuads"),
        ("7s6s", "7h6h6c", "flopFullHouse"),
        ("8s9s", "7s6s2s", "flopFlush"),
        ("8d9s", "7s6hTc", "flopStraight"),
        ("7h7d", "7s6hTc", "flopSet"),
        ("7d8s", "7s7hTc", "flopTrips"),
        ("8sTs", "7s8hTc", "flopTopTwo"),
        ("7cTs", "7s8hTc", "flopTopAndBottom"),
        ("7c8c", "7s8hTc", "flopBottomTwo"),
        ("JsJh", "7s8hTc", "flopOverpair"),
        ("TsAh", "7s8hTc", "flopTopPair"),
        ("9s9h", "7s8hTc", "flopPocket12"),
        ("8sAh", "7s8hTc", "flopSecondPair"),
        ("7s7h", "6s8hTc", "flopPocket23"),
        ("7hAh", "7s8hTc", "flopThirdPair"),
        ("4s4h", "6s8hTc", "flopUnderPair"),
        ("4s2h", "6s8hTc", "flopNothing"),
    ];
    for (hole, flop, want) in cases {
        let got = exact(&format!(
            "select count(flopHandCategory(hero) = {want}) from hero='{hole}', board='{flop}'"
        ));
        assert_eq!(got[0].1, 1.0, "{hole} on {flop}: want {want}");
    }
}

#[test]
fn hole_card_and_board_predicates() {
    let got = exact(
        "select count(overpair(hero, flop)), count(pocketPair(hero)), \
         count(hasTopBoardRank(villain, flop)), count(inRange(villain, 'AK')), \
         count(monotoneBoard(flop)), count(rainbowBoard(flop)), count(straightBoard(flop)), \
         count(nutHi(villain, flop)) \
         from hero='QsQd', villain='AhKh', board='Kc7h2h'",
    );
    let values: Vec<f64> = got.iter().map(|l| l.1).collect();
    // AhKh on Kc7h2h: top pair; AA and KK sets, 72 two pair, flushes … beat it.
    assert_eq!(values, [0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
    let nuts = exact("select count(nutHi(hero, river)) from hero='AhKh', board='QhJhTh2c3d'");
    assert_eq!(nuts[0].1, 1.0);
    let straight = exact("select count(straightBoard(flop)) from hero='AhKh', board='5c3d2s'");
    assert_eq!(straight[0].1, 1.0, "the wheel's ace plays low");
}

#[test]
fn where_conditions_exactly_and_winning_hand_types() {
    // AA against KK all in preflop, given that a king falls: the exact ratio of counts.
    let all = exact(
        "select avg(riverEquity(hero)) from hero='AsAh', villain='KsKh', board='2c7d9h' \
         where handType(villain, river) >= trips",
    );
    let (hero, villain, flop) = (cards("AsAh"), cards("KsKh"), cards("2c7d9h"));
    let used = [hero.clone(), villain.clone(), flop.clone()].concat();
    let rest = rivers(&used);
    let (mut equity, mut n) = (0.0, 0.0);
    for (i, &a) in rest.iter().enumerate() {
        for &b in &rest[i + 1..] {
            let board = [flop.clone(), vec![a, b]].concat();
            let v = best(&[villain.clone(), board.clone()].concat());
            if v >> 12 < 3 {
                continue;
            }
            let h = best(&[hero.clone(), board].concat());
            n += 1.0;
            equity += if h > v {
                1.0
            } else if h == v {
                0.5
            } else {
                0.0
            };
        }
    }
    assert!(
        (all[0].1 - equity / n).abs() < 1e-12,
        "{} vs {}",
        all[0].1,
        equity / n
    );
    let winner = exact(
        "select histogram(winningHandType()) from hero='AsAh', villain='KsKh', board='AcKd2h3s'",
    );
    let total: f64 = winner.iter().map(|l| l.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn hvh_equity_on_the_river_street_is_the_showdown() {
    let got = exact(
        "select avg(hvhEquity(hero, flop)), avg(riverEquity(hero)) \
         from hero='AsAh', villain='KsKh', board='2c7d9h'",
    );
    assert!((got[0].1 - got[1].1).abs() < 1e-12);
}

/// An exact count that reads the flop or the turn deals those streets' cards as their own:
/// the chance of a paired or two-suited flop from a preflop spot is that of three random
/// cards, not of the lowest three of a random five (the count used to take those).
#[test]
fn streets_before_the_river_are_dealt_as_their_own_cards() {
    let used = cards("AsAhKsKh");
    let rest: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let (mut flops, mut paired_flop, mut suited_flop) = (0.0, 0.0, 0.0);
    let (mut turns, mut paired_turn) = (0.0, 0.0);
    for (i, &a) in rest.iter().enumerate() {
        for (j, &b) in rest.iter().enumerate().skip(i + 1) {
            for &c in &rest[j + 1..] {
                let flop = [a, b, c];
                let ranks = |cs: &[Card]| cs.iter().fold(0u16, |m, c| m | 1 << c.rank());
                flops += 1.0;
                if ranks(&flop).count_ones() < 3 {
                    paired_flop += 1.0;
                }
                if flop.iter().all(|x| x.suit() == a.suit())
                    || flop.iter().filter(|x| x.suit() == a.suit()).count() == 2
                    || flop.iter().filter(|x| x.suit() == b.suit()).count() == 2
                {
                    suited_flop += 1.0;
                }
                for &t in rest.iter().filter(|t| !flop.contains(t)) {
                    turns += 1.0;
                    if ranks(&[a, b, c, t]).count_ones() < 4 {
                        paired_turn += 1.0;
                    }
                }
            }
        }
    }
    let got = exact(
        "select count(pairedBoard(flop)), count(not rainbowBoard(flop)), \
         count(pairedBoard(turn)), count(pairedBoard(river) and pairedBoard(flop)) \
         from game='holdem', hero='AsAh', villain='KsKh'",
    );
    assert!((got[0].1 - paired_flop / flops).abs() < 1e-12, "{got:?}");
    assert!((got[1].1 - suited_flop / flops).abs() < 1e-12, "{got:?}");
    assert!((got[2].1 - paired_turn / turns).abs() < 1e-12, "{got:?}");
    // A paired flop stays paired on the river.
    assert!((got[3].1 - paired_flop / flops).abs() < 1e-12, "{got:?}");
}

/// Exact hands of any size as the ranges of a game (the request layer reads Omaha's own
/// syntax; these tests only need single hands).
struct Exact(Game);

impl RangeReader for Exact {
    fn hands(&self, text: &str) -> Result<query::Hands, String> {
        let cards = parse_cards(text).map_err(|e| e.to_string())?;
        Ok(query::Hands {
            hole: self.0.hole_cards(),
            slot: 0,
            weights: vec![1000],
            cards,
        })
    }
}

struct ExactHands;

impl Readers for ExactHands {
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        Ok(Box::new(Exact(game)))
    }
}

/// An eight-or-better low of five cards as ranks from high to low (the ace 1), or none: a
/// smaller array is a better low.
fn low_of(five: &[Card]) -> Option<[u8; 5]> {
    let mut ranks: Vec<u8> = five
        .iter()
        .map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 })
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks.dedup();
    (ranks.len() == 5 && ranks[0] <= 8).then(|| ranks.try_into().unwrap())
}

/// Omaha's best low: two cards of the hand and three of the board.
fn omaha_low(hole: &[Card], board: &[Card]) -> Option<[u8; 5]> {
    let mut best: Option<[u8; 5]> = None;
    for a in 0..hole.len() {
        for b in a + 1..hole.len() {
            for x in 0..board.len() {
                for y in x + 1..board.len() {
                    for z in y + 1..board.len() {
                        let five = [hole[a], hole[b], board[x], board[y], board[z]];
                        if let Some(l) = low_of(&five) {
                            best = Some(best.map_or(l, |m| m.min(l)));
                        }
                    }
                }
            }
        }
    }
    best
}

/// `nutLo` against every pair of cards a player cannot see, on every turn and river.
#[test]
fn nut_lows_match_a_brute_force_over_every_unseen_pair() {
    let (hero, villain, flop) = (cards("As2d9cKh"), cards("3c4d8h8s"), cards("5h7cJd"));
    let nut = |hole: &[Card], board: &[Card]| {
        let Some(mine) = omaha_low(hole, board) else {
            return false;
        };
        let unseen: Vec<Card> = Card::all()
            .filter(|c| !hole.contains(c) && !board.contains(c))
            .collect();
        unseen.iter().enumerate().all(|(i, &a)| {
            unseen[i + 1..]
                .iter()
                .all(|&b| omaha_low(&[a, b], board).is_none_or(|theirs| theirs >= mine))
        })
    };
    let used = [hero.clone(), villain.clone(), flop.clone()].concat();
    let (mut n, mut hero_river, mut hero_turn, mut villain_river, mut hero_flop) =
        (0.0, 0.0, 0.0, 0.0, 0.0);
    for turn in rivers(&used) {
        for river in rivers(&[used.clone(), vec![turn]].concat()) {
            let board = [flop.clone(), vec![turn, river]].concat();
            n += 1.0;
            hero_river += f64::from(u8::from(nut(&hero, &board)));
            hero_turn += f64::from(u8::from(nut(&hero, &board[..4])));
            villain_river += f64::from(u8::from(nut(&villain, &board)));
            hero_flop += f64::from(u8::from(nut(&hero, &flop)));
        }
    }
    let text = "select count(nutLo(hero, river)), count(nutLo(hero, turn)), \
                count(nutLo(villain, river)), count(nutLo(hero, flop)) \
                from game='omaha8', hero='As2d9cKh', villain='3c4d8h8s', board='5h7cJd'";
    let prepared = prepare(text, &ExactHands).unwrap();
    let answer = run(&prepared, &resolve(&prepared, &Method::Exact).unwrap()).unwrap();
    let got: Vec<f64> = answer.lines.iter().map(|l| l.value).collect();
    assert!(
        hero_river > 0.0 && villain_river > 0.0,
        "a case worth testing"
    );
    assert!((got[0] - hero_river / n).abs() < 1e-12, "{got:?}");
    assert!((got[1] - hero_turn / n).abs() < 1e-12, "{got:?}");
    assert!((got[2] - villain_river / n).abs() < 1e-12, "{got:?}");
    assert!((got[3] - hero_flop / n).abs() < 1e-12, "{got:?}");
    // No low in a game without one.
    let e = prepare(
        "select count(nutLo(hero, river)) from game='omaha', hero='As2d9cKh'",
        &ExactHands,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("nutLo has no meaning in omaha"),
        "{e}"
    );
}

/// `boardInRange` against predicates written out, over every short-deck flop and turn.
#[test]
fn board_ranges_match_a_brute_force_over_every_flop_and_turn() {
    let used = cards("AsAhKsKh");
    let rest: Vec<Card> = Card::all()
        .filter(|c| c.rank() >= 4 && !used.contains(c))
        .collect();
    let rank = |c: &str| {
        deck::RANK_CHARS
            .iter()
            .position(|&r| r.to_string() == c)
            .unwrap() as u8
    };
    let (q, j, t, nine, k, a) = (
        rank("Q"),
        rank("J"),
        rank("T"),
        rank("9"),
        rank("K"),
        rank("A"),
    );
    let mut counts = [0.0; 6];
    let (mut flops, mut turns) = (0.0, 0.0);
    for (x, &c0) in rest.iter().enumerate() {
        for (y, &c1) in rest.iter().enumerate().skip(x + 1) {
            for &c2 in &rest[y + 1..] {
                let flop = [c0, c1, c2];
                let has = |r: u8| flop.iter().filter(|c| c.rank() == r).count();
                flops += 1.0;
                counts[0] += f64::from(u8::from(has(q) >= 1 && has(j) >= 1));
                let suited_ak = flop.iter().any(|ace| {
                    ace.rank() == a
                        && flop
                            .iter()
                            .any(|king| king.rank() == k && king.suit() == ace.suit())
                });
                counts[1] += f64::from(u8::from(suited_ak));
                counts[2] += f64::from(u8::from(cards("6s7s8s").iter().all(|c| flop.contains(c))));
                counts[3] += f64::from(u8::from(has(t) >= 2 || has(nine) == 3));
                for &turn in rest.iter().filter(|c| !flop.contains(c)) {
                    turns += 1.0;
                    counts[4] += f64::from(u8::from(turn.rank() == k));
                    counts[5] += f64::from(u8::from(turn.rank() == q && has(j) >= 1));
                }
            }
        }
    }
    let got = exact(
        "select count(boardInRange('QJ*')), count(boardInRange('AwKw*')), \
         count(boardInRange('6s7s8s')), count(boardInRange('TT*,999')), \
         count(boardInRange('***K')), count(boardInRange('J**Q')) \
         from game='shortdeck', hero='AsAh', villain='KsKh'",
    );
    for (i, &count) in counts.iter().enumerate() {
        let n = if i < 4 { flops } else { turns };
        assert!((got[i].1 - count / n).abs() < 1e-12, "item {i}: {got:?}");
    }
    let e = prepare(
        "select count(boardInRange('AK')) from hero='AsAh'",
        &TwoCard,
    )
    .unwrap_err();
    assert!(
        e.to_string().starts_with("query:1:27: board range 'AK'"),
        "{e}"
    );
}

#[test]
fn dead_cards_are_seen_by_every_player() {
    // The only hand better than hero's king-high straight flush holds the As: dead, hero
    // holds the nuts.
    let nut = |dead: &str| {
        exact(&format!(
            "select count(nutHi(hero, river)) from hero='9s8s', villain='2c2d', \
             board='KsQsJsTs2h'{dead}"
        ))[0]
            .1
    };
    assert_eq!(nut(""), 0.0);
    assert_eq!(nut(", dead='As'"), 1.0);
    // 6-4-3-2-A loses only to the wheel, which needs a five: all four dead.
    let nut_low = |dead: &str| {
        exact(&format!(
            "select count(nutLo(hero, river)) from game='holdem-hilo', hero='Ac6d', \
             villain='KdKc', board='2c3d4h9sKs'{dead}"
        ))[0]
            .1
    };
    assert_eq!(nut_low(""), 0.0);
    assert_eq!(nut_low(", dead='5c5d5h5s'"), 1.0);
    // Dead hearts are no flush outs.
    let outs = |dead: &str| {
        exact(&format!(
            "select avg(outsToHandType(hero, flop, flush)) from hero='AhKh', villain='QsQd', \
             board='Qh7h2c'{dead}"
        ))[0]
            .1
    };
    assert_eq!(outs(""), 9.0);
    assert_eq!(outs(", dead='3h4h'"), 7.0);
}
