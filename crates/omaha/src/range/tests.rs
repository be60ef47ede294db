use deck::Card;

use super::*;

fn count(text: &str, n: usize) -> usize {
    Range::parse(text, n).unwrap().hands.len()
}

#[test]
fn patterns_count_as_combinatorics_says() {
    // Exactly two aces and two others, or more aces: C(4,2)·C(48,2) + C(4,3)·48 + 1.
    assert_eq!(count("AAxx", 4), 6 * 1128 + 4 * 48 + 1);
    assert_eq!(count("AA**", 4), count("AAxx", 4));
    // Four distinct named ranks: 4^4 suit choices.
    assert_eq!(count("KQJT", 4), 256);
    // Suit shapes of four distinct ranks: 2-2 (3 pairings · 4 · 3 suits = 36), 2-1-1
    // (6 pairs · 4 · 3 · 2 = 144), rainbow 4! = 24, plus 3-1 (48) and 4-0 (4): 256.
    assert_eq!(count("KQJT:ds", 4), 36);
    assert_eq!(count("KQJT:r", 4), 24);
    assert_eq!(count("KQJT:ss", 4), 144);
    assert_eq!(count("xxxx", 4), 270_725);
    assert_eq!(count("AsKsQdJd", 4), 1);
    assert_eq!(count("AsKsQdJd,AsKsQdJd:0.5", 4), 1);
    assert_eq!(count("AsKsQdJd2c", 5), 1);
    assert_eq!(count("AAKKxx", 6), count("KKAAxx", 6));
}

#[test]
fn patterns_broader_than_a_range_may_be_are_refused() {
    // C(52, 5) = 2,598,960 hands, accepted; C(52, 6) = 20,358,520, only with a suit shape.
    assert_eq!(count("xxxxx", 5), 2_598_960);
    assert!(count("xxxxx:ds", 5) < count("xxxxx", 5));
    assert!(matches!(
        Range::parse("xxxxxx", 6),
        Err(OmahaError::TooBroad { .. })
    ));
}

#[test]
fn a_long_list_of_patterns_parses_quickly() {
    // Issue 24: 5,000 items took over 30 s when every pattern tested every hand of the
    // deck. Each of these lists its few hands directly.
    let ranks = "AKQJT98765432";
    let items: Vec<String> = (0..5000)
        .map(|i| {
            let r = |k: usize| ranks.as_bytes()[(i / 13usize.pow(k as u32)) % 13] as char;
            format!("{}{}{}{}", r(0), r(1), r(2), r(3))
        })
        .filter(|p| {
            // At most four of a rank.
            ranks.chars().all(|c| p.matches(c).count() <= 4)
        })
        .collect();
    let text = items.join(",");
    let started = std::time::Instant::now();
    let range = Range::parse(&text, 4).unwrap();
    let elapsed = started.elapsed();
    assert!(range.hands.len() > 100_000, "{}", range.hands.len());
    // Generous for a loaded machine: the list takes about 0.1 s on one core.
    assert!(elapsed.as_secs_f64() < 10.0, "{elapsed:?}");
}

#[test]
fn a_long_list_of_broad_patterns_parses_quickly() {
    // Each `xxxx` took about 38 ms when every hand a list named was looked up in a hash
    // map, so these 3,000 items took over a minute; now each different item is listed once
    // and a hand costs a few nanoseconds. The hands and weights are those of the items
    // written once, in the same order.
    let text = [["xxxx"; 1000], ["Axxx"; 1000], ["xxxx:0.5"; 1000]]
        .concat()
        .join(",");
    let started = std::time::Instant::now();
    let range = Range::parse(&text, 4).unwrap();
    let elapsed = started.elapsed();
    assert_eq!(
        range,
        Range {
            text: text.clone(),
            ..Range::parse("xxxx,Axxx,xxxx:0.5", 4).unwrap()
        }
    );
    assert!(range.weights.iter().all(|&w| w == 500));
    // Generous for a loaded machine: the list takes about 15 ms on one core.
    assert!(elapsed.as_secs_f64() < 5.0, "{elapsed:?}");
}

#[test]
fn lists_naming_too_many_hands_between_their_items_are_refused() {
    // PLO6: two aces with up to four more named ranks, each with three suit shapes: 2,382
    // different items naming 1.24 M different hands, tens of millions of times in all.
    let others: Vec<char> = "KQJT98765432".chars().collect();
    let mut items = Vec::new();
    let mut named = |ranks: &str| {
        for q in ["", ":ds", ":ss"] {
            items.push(format!("AA{ranks}{}{q}", "x".repeat(4 - ranks.len())));
        }
    };
    named("");
    for a in 0..12 {
        named(&format!("{}", others[a]));
        for b in a + 1..12 {
            named(&format!("{}{}", others[a], others[b]));
            for c in b + 1..12 {
                named(&format!("{}{}{}", others[a], others[b], others[c]));
                for d in c + 1..12 {
                    named(&format!(
                        "{}{}{}{}",
                        others[a], others[b], others[c], others[d]
                    ));
                }
            }
        }
    }
    assert_eq!(items.len(), 2382);
    let text = items.join(",");
    let started = std::time::Instant::now();
    let parsed = Range::parse(&text, 6);
    let elapsed = started.elapsed();
    let Err(err) = parsed else {
        panic!("{} different items accepted", items.len());
    };
    assert!(
        err == OmahaError::TooManyListed {
            range: text.clone(),
            limit: MAX_LISTED_HANDS
        },
        "{:.200}",
        err.to_string()
    );
    let message = err.to_string();
    assert!(message.starts_with("the items of range 'AAxxxx,AAxxxx:ds,"));
    assert!(message.ends_with(
        "' name more than 20000000 hands between them (a hand counted once for each \
         different item naming it); use fewer overlapping items, or 'random'"
    ));
    // Generous for a loaded machine: about a second at most.
    assert!(elapsed.as_secs_f64() < 10.0, "{elapsed:?}");
    // The first of them are fine.
    assert!(Range::parse(&items[..30].join(","), 6).is_ok());
}

#[test]
fn random_in_a_list_is_every_hand() {
    let parse = |text: &str, n| Range::parse(text, n).unwrap();
    // Every hand at full weight: random itself, dealt from the deck, in every game.
    for n in [4, 5, 6] {
        let aces = format!("AA{}", "x".repeat(n - 2));
        for text in [
            "random,random".to_string(),
            format!(" Random , {aces}"),
            format!("{aces}:0.5,random"),
            format!("{aces}:ds,random"),
        ] {
            let r = parse(&text, n);
            assert!(r.random && r.hands.is_empty(), "{text}");
            assert_eq!(r.text, text);
            assert_eq!(r.classes().0, ["random"]);
        }
    }
    // A weight after the last plain random: every hand listed, as xxxx lists them.
    let r = parse("random,AAxx:0.5", 4);
    assert!(!r.random);
    assert_eq!(r.hands, parse("xxxx", 4).hands);
    assert_eq!(r.weights, parse("xxxx,AAxx:0.5", 4).weights);
    assert_eq!(r.classes().0, ["random"]);
    // A weight or a suit qualifier on random itself.
    assert_eq!(parse("random:0.5", 4).weights, parse("xxxx:0.5", 4).weights);
    assert_eq!(parse("RANDOM:ds", 4).hands, parse("xxxx:ds", 4).hands);
    assert!(parse("random:ds,AAxx", 4).hands.len() < 270_725);
    // Every hand of six cards is more than a range may list.
    assert!(matches!(
        Range::parse("random:0.5", 6),
        Err(OmahaError::TooBroad { .. })
    ));
    // The other items are still checked.
    assert_eq!(
        Range::parse("random,AAZx", 4).unwrap_err().to_string(),
        "cannot parse 'AAZx' in range 'random,AAZx' (want a hand of 4 cards, or a pattern \
         of 4 ranks: A K Q J T 9-2, x or * for any rank)"
    );
}

#[test]
fn blocked_hands_are_removed() {
    let mut r = Range::parse("AsAhKdKc,AsAdKdKc", 4).unwrap();
    let ace_hearts = 1u64 << Card::new(12, 2).index();
    r.remove_blocked(ace_hearts).unwrap();
    assert_eq!(r.hands.len(), 1);
    let ace_spades = 1u64 << Card::new(12, 3).index();
    assert!(r.remove_blocked(ace_spades).is_err());
}
