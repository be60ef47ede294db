//! The stud games against a brute force written apart from the language: the winning hand
//! type five-handed, every deal of the missing cards counted by hand; up cards and streets read
//! from a seat's cards in the order dealt.

use deck::{Card, parse_cards};
use engine::{Game, Method};
use query::{Hands, RangeReader, Readers, prepare, resolve, run};

/// Players as known cards in the order dealt, from the seat's first slot (the request layer
/// gives stud's full syntax).
struct Known;

impl RangeReader for Known {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let cards = parse_cards(text).map_err(|e| e.to_string())?;
        Ok(Hands {
            hole: cards.len(),
            slot: 0,
            cards,
            weights: vec![1000],
        })
    }
}

impl Readers for Known {
    fn reader(&self, _: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        Ok(Box::new(Known))
    }
}

/// The exact answer's lines, as (bucket, value).
fn exact(text: &str) -> Vec<(String, f64)> {
    let prepared = prepare(text, &Known).unwrap_or_else(|e| panic!("{text}: {e}"));
    let method = resolve(&prepared, &Method::Exact).unwrap();
    let answer = run(&prepared, &method).unwrap();
    assert!(answer.exact);
    answer
        .lines
        .into_iter()
        .map(|l| (l.bucket, l.value))
        .collect()
}

/// The best high strength of seven cards, every five-card subset tried with `eval::evaluate`.
fn best(seven: &[Card]) -> u16 {
    let mut top = 0;
    for m in 0u32..1 << 7 {
        if m.count_ones() == 5 {
            let five: Vec<Card> = (0..7)
                .filter(|i| m >> i & 1 == 1)
                .map(|i| seven[i])
                .collect();
            top = top.max(eval::evaluate(&five).value());
        }
    }
    top
}

#[test]
fn the_winning_hand_type_five_handed_matches_a_brute_force() {
    let seats = [
        "AsAdKcKh2s3d9c",
        "QsQdQc7h2d4c5c",
        "8h9hThJh2c3c4d",
        "6s6d5s5d4s",
        "JcJdTc9dAh",
    ];
    let known: Vec<Card> = seats.iter().flat_map(|s| parse_cards(s).unwrap()).collect();
    let unseen: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
    let mut counts = [0u32; 9];
    let mut deals = 0;
    // Seats 4 and 5 are dealt their sixth and seventh cards: every ordered pair of two
    // unseen cards each (a set per seat, in any order within it).
    for (i, &a) in unseen.iter().enumerate() {
        for (j, &b) in unseen.iter().enumerate().skip(i + 1) {
            for (k, &c) in unseen.iter().enumerate() {
                if k == i || k == j {
                    continue;
                }
                for &d in unseen.iter().skip(k + 1) {
                    if d == a || d == b {
                        continue;
                    }
                    let hands = [
                        parse_cards(seats[0]).unwrap(),
                        parse_cards(seats[1]).unwrap(),
                        parse_cards(seats[2]).unwrap(),
                        [parse_cards(seats[3]).unwrap(), vec![a, b]].concat(),
                        [parse_cards(seats[4]).unwrap(), vec![c, d]].concat(),
                    ];
                    // The winner's strength; its high bits are its type (a royal flush a
                    // straight flush).
                    let top = hands.iter().map(|h| best(h)).max().unwrap();
                    counts[usize::from(top >> 12).min(8)] += 1;
                    deals += 1;
                }
            }
        }
    }
    let names = seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("p{i}='{s}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let got = exact(&format!(
        "select histogram(winningHandType()) from game='stud', {names}"
    ));
    assert_eq!(got.len(), 9);
    for (t, (bucket, value)) in got.iter().enumerate() {
        let want = f64::from(counts[t]) / f64::from(deals);
        assert!(
            (value - want).abs() < 1e-12,
            "{bucket}: {value} against {want}"
        );
    }
    assert!(
        counts.iter().filter(|&&n| n > 0).count() >= 4,
        "several types win: {counts:?}"
    );
}

#[test]
fn streets_and_up_cards_read_the_cards_in_the_order_dealt() {
    // Hero shows a pair on third street (AsAd down, Kc up), two pair on fourth.
    let got = exact(
        "select avg(rank(upCard(hero, 1))), avg(rank(upCard(hero, 2))), \
         count(handType(hero, third) = pair), count(handType(hero, fourth) = twoPair), \
         count(handType(hero, seventh) >= twoPair) \
         from game='stud', hero='AsAdKcKh2s3d', villain='QsQdQc7h7d4c'",
    );
    let values: Vec<f64> = got.iter().map(|l| l.1).collect();
    assert_eq!(values, [13.0, 13.0, 1.0, 1.0, 1.0]);
    // Hero's fourth-street card is dealt: a king as often as a king is among the unseen.
    let got = exact(
        "select count(rank(upCard(hero, 2)) = 13), count(handType(hero, fourth) >= pair) \
         from game='stud', hero='AsKdKc', villain='QsQdQc7h7d4c5c'",
    );
    // 52 - 10 known = 42 unseen; two kings among them (Kh, Ks).
    assert!((got[0].1 - 2.0 / 42.0).abs() < 1e-12, "{}", got[0].1);
    assert_eq!(got[1].1, 1.0, "the kings pair on third street already");
}
