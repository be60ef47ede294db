//! Comma lists of Omaha range items, through the public parser: the hands, their order and their
//! weights, pinned against digests recorded from the parser of commit 8d62b9e (before lists were
//! parsed through a dense table) and checked against the documented rule on seeded random lists:
//! a hand keeps the place of its first mention and the weight of its last.

use std::collections::HashMap;

use omaha::Range;
use omaha::range::{HoleCards, hand_mask};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// FNV-1a over every hand's card indices, in order, then its weight: the whole listing in 64 bits.
fn digest(range: &Range) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |byte: u8| {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for (hand, weight) in range.hands.iter().zip(&range.weights) {
        for card in &hand[..range.hole_cards] {
            eat(card.index() as u8);
        }
        for byte in weight.to_le_bytes() {
            eat(byte);
        }
    }
    h
}

/// Every item written with each of 13 ranks in turn: `{r}` stands for the rank.
fn per_rank(item: &str) -> String {
    "AKQJT98765432"
        .chars()
        .map(|r| item.replace("{r}", &r.to_string()))
        .collect::<Vec<_>>()
        .join(",")
}

/// Ranges of every size of hand, with overlaps, repeats, weights, suit qualifiers and case:
/// (text, hole cards, hands, digest of [`digest`]) as the parser of 8d62b9e listed them.
fn recorded() -> Vec<(String, usize, usize, u64)> {
    let fixed: &[(&str, usize, usize, u64)] = &[
        ("AAxx", 4, 6961, 0x59104a4d2ef61528),
        ("AAxx:ds", 4, 864, 0xcdd336fc217892b5),
        ("KQJT:ss", 4, 144, 0xc2deb783d2be01dd),
        ("KQJT:r", 4, 24, 0x6e5917b72568e855),
        ("xxxx:rainbow", 4, 28561, 0x187fc8d1f75b2088),
        ("xxxx", 4, 270725, 0xcb3fa56d7aeeecb8),
        ("AsKsQdJd", 4, 1, 0xff5af2eaa2e6b634),
        ("AsKsQdJd:ss", 4, 0, 0xcbf29ce484222325),
        ("AAxx:0.5,AAKK", 4, 6961, 0xf9f23d4165ab9d3a),
        ("AAKK,AAxx:0.5", 4, 6961, 0x1f4b0da81079471a),
        (
            "AAxx:ds:0.3, KKxx:0.7, AAKK:0.1, AsAhKsKh",
            4,
            7819,
            0x3987a75d68718e9a,
        ),
        ("KKxx,AAxx,KKxx:0.25", 4, 13886, 0x5e0b1f6808632b6),
        (
            "AA**:0.5:ss, T9*x, 98xx:ds:0.75",
            4,
            23634,
            0xa795deb227a51065,
        ),
        ("aaxx, kQjT:DS", 4, 6997, 0xb94598b8b30cc8c0),
        ("xxxx,AAxx:0.5", 4, 270725, 0x2dead0d363ef31ca),
        ("AAxx:0.5,xxxx", 4, 270725, 0x1ff39fff50396e48),
        ("AsAhKsKh,AsAhKsKh:0.2,AAKK:0.4", 4, 36, 0x4333a3baaee7a6c9),
        ("A2xx:0.333,A3xx:0.667,23xx", 4, 46252, 0x42f6c14cfe39ab6d),
        ("xxxx:0.001", 4, 270725, 0x39375f977a4c6250),
        ("QQQQ,QQQx,QQxx:ss", 4, 4441, 0xc4ce70f29f95dbec),
        ("2c3d4h5s,5s4h3d2c:0.9,2345:r", 4, 24, 0x7490b61ef69e2815),
        ("AAKxx", 5, 25044, 0xe6213bdaf7b65319),
        ("AAKxx:ds,QQxxx:0.5", 5, 117804, 0x773b0ebf999f1357),
        ("AsKsQdJd2c,AsKsQdJd2c:0.5", 5, 1, 0x21f00ebddd3f2368),
        ("xxxxx:ds", 5, 949104, 0xd4a1a22787e5bd9d),
        ("AKQJT:r", 5, 0, 0xcbf29ce484222325),
        (
            "AAxxx:ss,KKxxx:0.4,AAKKx:0.2",
            5,
            140064,
            0xeab7a2b6a1170755,
        ),
        ("AKQJT9", 6, 4096, 0x514b492025fd3025),
        ("AAKKxx:ds", 6, 13290, 0x1a99ba5a6de95e71),
        ("AAxxxx:ss:0.5,KKQQxx", 6, 36196, 0xae777ce4f9043465),
        ("AsKsQdJd2c3c", 6, 1, 0xd454622625671db0),
        (
            "AAAxxx,KKKxxx:0.1,AAAKKK:0.9",
            6,
            140608,
            0x1c3919b05ee882d5,
        ),
    ];
    let mut out: Vec<(String, usize, usize, u64)> = fixed
        .iter()
        .map(|&(t, n, count, d)| (t.to_string(), n, count, d))
        .collect();
    for (text, n, count, d) in [
        (per_rank("{r}xxx"), 4, 270725, 0x853d54405b7d5468),
        (per_rank("{r}{r}xx:0.5"), 4, 87685, 0xb9ef8ee21331f47a),
        (
            per_rank("{r}{r}xx:ds,{r}xxx:0.2"),
            4,
            270725,
            0x4ab2908c4da3d379,
        ),
        (per_rank("{r}{r}xxx:0.7"), 5, 1281072, 0x5b9471b5af3b035),
        (per_rank("{r}{r}{r}xxx:ds"), 6, 403416, 0xeb0266302ab39a11),
    ] {
        out.push((text, n, count, d));
    }
    out
}

#[test]
fn lists_give_the_hands_weights_and_order_recorded_before() {
    let mut wrong = Vec::new();
    for (text, n, count, want) in recorded() {
        let range = Range::parse(&text, n).unwrap();
        let got = (range.hands.len(), digest(&range));
        if got != (count, want) {
            wrong.push(format!("(\"{text}\", {n}, {}, {:#x}),", got.0, got.1));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// The documented rule, the slow obvious way: each item parsed alone (a single item lists
/// distinct hands), then merged in a hash map, the first mention placing a hand and the last
/// setting its weight. `None` when the merged range is broader than a range may be.
fn merged(text: &str, n: usize) -> Option<(Vec<HoleCards>, Vec<u32>)> {
    let mut place: HashMap<u64, usize> = HashMap::new();
    let (mut hands, mut weights) = (Vec::new(), Vec::new());
    for item in text.split(',') {
        let alone = Range::parse(item, n).ok()?;
        for (hand, &weight) in alone.hands.iter().zip(&alone.weights) {
            match place.get(&hand_mask(hand, n)) {
                Some(&at) => weights[at] = weight,
                None => {
                    place.insert(hand_mask(hand, n), hands.len());
                    hands.push(*hand);
                    weights.push(weight);
                }
            }
        }
    }
    (hands.len() <= omaha::range::MAX_RANGE_HANDS).then_some((hands, weights))
}

/// A random item: a pattern (wildcards only where the pattern stays narrow enough for its game)
/// or a specific hand, with or without a suit qualifier and a weight, in any order and case.
fn random_item(rng: &mut StdRng, n: usize) -> String {
    const RANKS: &[u8] = b"AKQJT98765432";
    let mut body = String::new();
    if rng.random_bool(0.2) {
        let mut cards: Vec<u8> = Vec::new();
        while cards.len() < n {
            let c = rng.random_range(0..52u8);
            if !cards.contains(&c) {
                cards.push(c);
            }
        }
        for c in cards {
            body.push(RANKS[usize::from(12 - c / 4)] as char);
            body.push(['c', 'd', 'h', 's'][usize::from(c % 4)]);
        }
    } else {
        let wild = rng.random_range(0..=if n == 4 { 4 } else { 3 });
        let mut counts = [0u8; 13];
        for slot in 0..n {
            if slot < wild {
                body.push(if rng.random_bool(0.5) { 'x' } else { '*' });
                continue;
            }
            // Mostly the four highest ranks, so that items overlap.
            let r = loop {
                let top = if rng.random_bool(0.7) { 4 } else { 13 };
                let r = rng.random_range(0..top);
                if counts[r] < 4 {
                    break r;
                }
            };
            counts[r] += 1;
            let c = RANKS[r] as char;
            body.push(if rng.random_bool(0.1) {
                c.to_ascii_lowercase()
            } else {
                c
            });
        }
    }
    let mut tail = Vec::new();
    if rng.random_bool(0.4) {
        tail.push(["ds", "ss", "r", "DS"][rng.random_range(0..4)].to_string());
    }
    if rng.random_bool(0.5) {
        tail.push(format!(
            "{}",
            f64::from(rng.random_range(1..=1000u32)) / 1000.0
        ));
    }
    if rng.random_bool(0.5) {
        tail.reverse();
    }
    tail.iter().fold(body, |item, t| format!("{item}:{t}"))
}

#[test]
fn lists_follow_first_place_and_last_weight_on_random_lists() {
    let mut rng = StdRng::seed_from_u64(24);
    for round in 0..240 {
        let n = [4, 4, 5, 6][round % 4];
        let mut items: Vec<String> = Vec::new();
        for _ in 0..rng.random_range(1..12) {
            // Repeat an earlier item now and then, with or without a new weight.
            let item = if !items.is_empty() && rng.random_bool(0.3) {
                let earlier = items[rng.random_range(0..items.len())].clone();
                match rng.random_range(0..3) {
                    0 => earlier,
                    1 => format!("{earlier}:0.25"),
                    _ => earlier.to_ascii_lowercase(),
                }
            } else {
                random_item(&mut rng, n)
            };
            items.push(item);
        }
        let text = items.join(",");
        let got = Range::parse(&text, n);
        match merged(&text, n) {
            Some((hands, weights)) => {
                let got = got.unwrap_or_else(|e| panic!("{text}: {e}"));
                assert!(got.hands == hands && got.weights == weights, "{text}");
            }
            None => assert!(got.is_err(), "{text}"),
        }
    }
}
