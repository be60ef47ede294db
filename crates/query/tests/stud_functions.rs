//! `outsToHandType` and `inRange` in the stud games against a brute force written apart from
//! the language: outs counted card by card on random seeded spots of known cards, on every
//! street from third to sixth; the down cards' range membership of a seat whose down cards are
//! dealt, every pair of unseen cards tried.

use deck::{Card, parse_cards};
use engine::{Game, Method};
use query::{Hands, RangeReader, Readers, prepare, resolve, run};
use rand::{Rng, SeedableRng};

/// Players as known cards in the order dealt, from the seat's first slot, or `(random)` and
/// up cards from the third slot on (the request layer gives stud's full syntax).
struct Known;

impl RangeReader for Known {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let (slot, text) = match text.strip_prefix("(random)") {
            Some(up) => (2, up),
            None => (0, text),
        };
        let cards = parse_cards(text).map_err(|e| e.to_string())?;
        Ok(Hands {
            hole: cards.len(),
            slot,
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

/// The exact answer's values, line by line.
fn exact(text: &str) -> Vec<f64> {
    let prepared = prepare(text, &Known).unwrap_or_else(|e| panic!("{text}: {e}"));
    let method = resolve(&prepared, &Method::Exact).unwrap();
    let answer = run(&prepared, &method).unwrap();
    assert!(answer.exact);
    answer.lines.into_iter().map(|l| l.value).collect()
}

/// PQL's hand type of three to seven cards: of five or more the best five's category by
/// `eval::evaluate` over every five-card subset (a royal flush a straight flush); of fewer the
/// rank counts (quads, trips, two pair, pair).
fn hand_type(cards: &[Card]) -> u8 {
    let n = cards.len();
    if n >= 5 {
        let mut best = 0;
        for m in 0u32..1 << n {
            if m.count_ones() == 5 {
                let five: Vec<Card> = (0..n)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| cards[i])
                    .collect();
                best = best.max(eval::evaluate(&five).value());
            }
        }
        return ((best >> 12) as u8).min(8);
    }
    let count = |r: u8| cards.iter().filter(|c| c.rank() == r).count();
    let counts: Vec<usize> = (0..13).map(count).collect();
    let pairs = counts.iter().filter(|&&k| k == 2).count();
    match counts.iter().max() {
        Some(4) => 7,
        Some(3) => 3,
        _ if pairs == 2 => 2,
        _ if pairs == 1 => 1,
        _ => 0,
    }
}

#[test]
fn stud_outs_match_a_count_card_by_card() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(57);
    let streets = ["third", "fourth", "fifth", "sixth"];
    let types = ["pair", "twoPair", "trips", "straight", "flush", "fullHouse"];
    let mut nonzero = 0;
    for spot in 0..40 {
        let game = if spot % 2 == 0 { "stud" } else { "stud-hilo" };
        let seats = 2 + spot % 2;
        let mut deck: Vec<Card> = Card::all().collect();
        for i in 0..deck.len() {
            let j = rng.random_range(i..deck.len());
            deck.swap(i, j);
        }
        let holes: Vec<&[Card]> = (0..seats).map(|s| &deck[7 * s..7 * s + 7]).collect();
        let dead = &deck[7 * seats..7 * seats + spot % 4];
        let text = |cards: &[Card]| cards.iter().map(Card::to_string).collect::<String>();
        let mut selectors = Vec::new();
        let mut want = Vec::new();
        for (s, street) in streets.iter().enumerate() {
            let held = s + 3;
            let ty = types[(spot + s) % types.len()];
            let value = types.iter().position(|t| *t == ty).unwrap() as u8 + 1;
            selectors.push(format!("avg(outsToHandType(p0, {street}, {ty}))"));
            // Unseen by p0: not its own first cards, no other seat's up cards to the street
            // (slots 2 to held - 1), not dead.
            let seen: Vec<Card> = holes[0][..held]
                .iter()
                .chain(holes[1..].iter().flat_map(|h| &h[2..held]))
                .chain(dead)
                .copied()
                .collect();
            let outs = Card::all()
                .filter(|c| !seen.contains(c))
                .filter(|&c| hand_type(&[&holes[0][..held], &[c]].concat()) >= value)
                .count();
            nonzero += usize::from(outs > 0);
            want.push(outs as f64);
        }
        let players: Vec<String> = (0..seats)
            .map(|s| format!("p{s}='{}'", text(holes[s])))
            .collect();
        let query = format!(
            "select {} from game='{game}', {}{}",
            selectors.join(", "),
            players.join(", "),
            if dead.is_empty() {
                String::new()
            } else {
                format!(", dead='{}'", text(dead))
            }
        );
        assert_eq!(exact(&query), want, "{query}");
    }
    assert!(nonzero > 40, "outs were found on {nonzero} streets");
}

#[test]
fn stud_outs_count_hidden_cards_and_skip_shown_ones() {
    // Hero AsAd9c on third street: trips come with the two other aces. Villain's down ace
    // is unseen to hero and counts; a shown or dead ace does not.
    let q = |villain: &str, dead: &str| {
        exact(&format!(
            "select avg(outsToHandType(hero, third, trips)) from game='stud', \
             hero='AsAd9c2d3d4d5h', villain='{villain}'{dead}"
        ))[0]
    };
    assert_eq!(q("AhKhQcJc9h8h7h", ""), 2.0);
    assert_eq!(
        q("KhKcAhJc9h8h7h", ""),
        1.0,
        "the ace shown on third street"
    );
    assert_eq!(q("KhKcQhJc9h8h7h", ", dead='Ac'"), 1.0, "the dead ace");
}

#[test]
fn stud_in_range_reads_the_two_down_cards() {
    // Hero's down cards and seventh card are dealt from the 41 unseen cards; the down cards
    // are their own set, so the share is that of the unseen pairs in the range.
    let hero = "(random)KdQc2h3h";
    let villain = "AsAh7c2d5s9sTs";
    let range = |a: Card, b: Card| {
        let (hi, lo) = if a.rank() > b.rank() { (a, b) } else { (b, a) };
        // QQ+ and AKs, ranks from 0 (deuce) to 12 (ace).
        (hi.rank() == lo.rank() && hi.rank() >= 10)
            || (hi.rank() == 12 && lo.rank() == 11 && hi.suit() == lo.suit())
    };
    for dead in ["", "Qs"] {
        let known = parse_cards(&format!("KdQc2h3h{villain}{dead}")).unwrap();
        let unseen: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
        let (mut hits, mut pairs) = (0, 0);
        for (i, &a) in unseen.iter().enumerate() {
            for &b in &unseen[i + 1..] {
                pairs += 1;
                hits += u32::from(range(a, b));
            }
        }
        let dead = if dead.is_empty() {
            String::new()
        } else {
            format!(", dead='{dead}'")
        };
        let got = exact(&format!(
            "select count(inRange(hero, 'QQ+,AKs')), count(inRange(villain, 'AA')), \
             count(inRange(villain, 'KK')) from game='stud', hero='{hero}', \
             villain='{villain}'{dead}"
        ));
        let want = f64::from(hits) / f64::from(pairs);
        assert!((got[0] - want).abs() < 1e-12, "{} against {want}", got[0]);
        assert_eq!(&got[1..], [1.0, 0.0]);
        assert!(hits > 0);
    }
}

#[test]
fn stud_hvh_equity_on_sixth_street_matches_every_completion() {
    // Sixth street heads-up: each seat's seventh card from the 40 cards left, every ordered
    // pair counted; the pot to the best seven, split on a tie.
    let (hero, villain) = ("AsAd9c5hJd3c", "8h9hThJh2s4c");
    let known = parse_cards(&format!("{hero}{villain}")).unwrap();
    let unseen: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
    let best = |cards: &[Card]| {
        let mut top = 0;
        for m in 0u32..1 << 7 {
            if m.count_ones() == 5 {
                let five: Vec<Card> = (0..7)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| cards[i])
                    .collect();
                top = top.max(eval::evaluate(&five).value());
            }
        }
        top
    };
    let (mut share, mut deals) = (0.0, 0);
    for &a in &unseen {
        for &b in unseen.iter().filter(|&&b| b != a) {
            let h = best(&[parse_cards(hero).unwrap(), vec![a]].concat());
            let v = best(&[parse_cards(villain).unwrap(), vec![b]].concat());
            share += if h > v {
                1.0
            } else if h == v {
                0.5
            } else {
                0.0
            };
            deals += 1;
        }
    }
    let want = share / f64::from(deals);
    let got = exact(&format!(
        "select avg(hvhEquity(hero, sixth)), avg(hvhEquity(villain, sixth)) from game='stud', \
         hero='{hero}', villain='{villain}'"
    ));
    assert!((got[0] - want).abs() < 1e-12, "{} against {want}", got[0]);
    assert!((got[0] + got[1] - 1.0).abs() < 1e-12);
}
