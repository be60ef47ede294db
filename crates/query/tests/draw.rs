//! The draw games against a brute force written apart from the language: every way the one
//! draw fills each hand, counted by hand with the evaluators of `eval`, for `winsLo`,
//! `tiesLo`, `winsHi`, `scoops`, `riverEquity` and `handType`; the refusals that name a draw
//! game.

use deck::{Card, parse_cards};
use engine::{Game, Method};
use query::{Hands, RangeReader, Readers, prepare, resolve, run};

/// Players as the cards they keep (the request layer gives the draw games' full syntax).
struct Kept;

impl RangeReader for Kept {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let cards = if text == "random" {
            Vec::new()
        } else {
            parse_cards(text).map_err(|e| e.to_string())?
        };
        Ok(Hands {
            hole: cards.len(),
            slot: 0,
            cards,
            weights: vec![1000],
        })
    }
}

impl Readers for Kept {
    fn reader(&self, _: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        Ok(Box::new(Kept))
    }
}

/// The exact answer's values, line by line.
fn exact(text: &str) -> Vec<f64> {
    let prepared = prepare(text, &Kept).unwrap_or_else(|e| panic!("{text}: {e}"));
    let method = resolve(&prepared, &Method::Exact).unwrap();
    let answer = run(&prepared, &method).unwrap();
    assert!(answer.exact);
    answer.lines.into_iter().map(|l| l.value).collect()
}

/// Every way to fill two hands from the cards not kept nor dead: the first draws `draw1`
/// cards (at most two), the second one card; `visit` sees both final hands.
fn every_fill(kept: [&str; 2], dead: &str, mut visit: impl FnMut(&[Card], &[Card])) -> u32 {
    let a = parse_cards(kept[0]).unwrap();
    let b = parse_cards(kept[1]).unwrap();
    let dead = parse_cards(dead).unwrap();
    let unseen: Vec<Card> = Card::all()
        .filter(|c| !a.contains(c) && !b.contains(c) && !dead.contains(c))
        .collect();
    let size = a.len() + 2;
    assert_eq!(b.len() + 1, size, "the second player draws one");
    let mut n = 0;
    for (i, &x) in unseen.iter().enumerate() {
        for &y in &unseen[i + 1..] {
            for &z in &unseen {
                if z == x || z == y {
                    continue;
                }
                let first = [a.clone(), vec![x, y]].concat();
                let second = [b.clone(), vec![z]].concat();
                visit(&first, &second);
                n += 1;
            }
        }
    }
    n
}

/// Shares of (wins, ties) of the first hand by `value` (larger better; `None` does not
/// qualify).
fn shares(kept: [&str; 2], dead: &str, value: impl Fn(&[Card]) -> Option<u32>) -> (f64, f64, u32) {
    let (mut wins, mut ties) = (0, 0);
    let n = every_fill(kept, dead, |a, b| match (value(a), value(b)) {
        (Some(x), Some(y)) if x > y => wins += 1,
        (Some(x), None) if x > 0 => wins += 1,
        (Some(x), Some(y)) if x == y => ties += 1,
        _ => {}
    });
    (
        f64::from(wins) / f64::from(n),
        f64::from(ties) / f64::from(n),
        n,
    )
}

fn close(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-12, "{what}: {got} against {want}");
}

#[test]
fn lowball_and_badugi_lows_match_a_brute_force() {
    // (game, kept, dead, the evaluator): the first player draws two, the second one.
    type Value = fn(&[Card]) -> Option<u32>;
    let cases: [(&str, [&str; 2], &str, Value); 5] = [
        ("lowball-27", ["7c4h3s", "8s6h4c3d"], "", |h| {
            Some(eval::deuce_seven_low(h).value())
        }),
        ("triple-draw-27", ["7c5d2h", "9s7h4s2c"], "6d 6h", |h| {
            Some(eval::deuce_seven_low(h).value())
        }),
        ("lowball-a5", ["As3c5c", "Ah3d5d4c"], "Kd", |h| {
            Some(eval::ace_five_low(h).value())
        }),
        ("triple-draw-a5", ["2s3d4c", "As2h3h6c"], "", |h| {
            Some(eval::ace_five_low(h).value())
        }),
        ("badugi", ["As2d", "Ah2c3d"], "7c", |h| {
            Some(eval::badugi(h).value())
        }),
    ];
    for (game, kept, dead, value) in cases {
        let (wins, ties, n) = shares(kept, dead, value);
        assert!(
            n > 1000 && ties > 0.0,
            "{game}: a spot with ties ({n} deals)"
        );
        let got = exact(&format!(
            "select count(winsLo(a)), count(tiesLo(a)), avg(riverEquity(a)), count(scoops(a)) \
             from game='{game}', a='{}', b='{}', dead='{dead}'",
            kept[0], kept[1]
        ));
        close(got[0], wins, &format!("{game} winsLo"));
        close(got[1], ties, &format!("{game} tiesLo"));
        // The whole pot is the low: a tie splits it, a win scoops it.
        close(got[2], wins + ties / 2.0, &format!("{game} riverEquity"));
        close(got[3], wins, &format!("{game} scoops"));
    }
}

#[test]
fn five_card_draw_hi_lo_matches_a_brute_force() {
    let kept = ["As2d3c", "Ah2h4d5c"];
    let low = |h: &[Card]| Some(u32::from(eval::eight_low(h).value())).filter(|&v| v > 0);
    let high = |h: &[Card]| Some(u32::from(eval::evaluate(h).value()));
    let (lo_wins, lo_ties, _) = shares(kept, "", low);
    let (hi_wins, hi_ties, _) = shares(kept, "", high);
    // Pot shares and scoops, hand by hand: half to the best high, half to the best
    // qualifying low, the whole to the high when no low qualifies.
    let (mut equity, mut scoops, mut pairs) = (0.0, 0u32, 0u32);
    let n = every_fill(kept, "", |a, b| {
        let (ha, hb) = (eval::evaluate(a).value(), eval::evaluate(b).value());
        let (la, lb) = (eval::eight_low(a).value(), eval::eight_low(b).value());
        let hi = if ha > hb {
            1.0
        } else if ha == hb {
            0.5
        } else {
            0.0
        };
        let share = if la == 0 && lb == 0 {
            hi
        } else {
            let lo = if la > lb {
                1.0
            } else if la == lb {
                0.5
            } else {
                0.0
            };
            (hi + lo) / 2.0
        };
        equity += share;
        scoops += u32::from(share == 1.0);
        pairs += u32::from(eval::evaluate(a).value() >> 12 == 1);
    });
    let n = f64::from(n);
    let got = exact(
        "select count(winsLo(a)), count(tiesLo(a)), count(winsHi(a)), count(tiesHi(a)), \
         avg(riverEquity(a)), count(scoops(a)), count(handType(a, river) = pair) \
         from game='draw5-hilo', a='As2d3c', b='Ah2h4d5c'",
    );
    close(got[0], lo_wins, "winsLo");
    close(got[1], lo_ties, "tiesLo");
    close(got[2], hi_wins, "winsHi");
    close(got[3], hi_ties, "tiesHi");
    close(got[4], equity / n, "riverEquity");
    close(got[5], f64::from(scoops) / n, "scoops");
    close(got[6], f64::from(pairs) / n, "handType");
    assert!(lo_ties > 0.0 && hi_ties > 0.0 && scoops > 0);
}

#[test]
fn five_card_draw_reads_the_final_hand_s_type() {
    // Trips drawing two end with trips or better; aces up drawing one.
    let got = exact(
        "select histogram(handType(a, river)), count(winsHi(a)) \
         from game='draw5', a='QhQsQd', b='AsAdKcKh'",
    );
    // Buckets: highCard … straightFlush; trips at least.
    assert_eq!(got.len(), 10);
    close(got[0] + got[1] + got[2], 0.0, "no hand below trips");
    let (wins, _, n) = shares(["QhQsQd", "AsAdKcKh"], "", |h| {
        Some(u32::from(eval::evaluate(h).value()))
    });
    assert!(n > 10_000);
    close(got[9], wins, "winsHi");
}

#[test]
fn draw_refusals_name_the_game() {
    let cases = [
        (
            "select count(winsHi(a)) from game='lowball-27', a='7c5d', b='random'",
            "query:1:14: type error: winsHi has no meaning in lowball-27 (it plays for the low only)",
        ),
        (
            "select count(winsLo(a)) from game='draw5', a='AsAd', b='random'",
            "query:1:14: type error: winsLo has no meaning in draw5 (it has no low half)",
        ),
        (
            "select histogram(handType(a, river)) from game='badugi', a='As2d', b='random'",
            "query:1:18: type error: handType has no meaning in badugi (it plays for the low only)",
        ),
        (
            "select count(handType(a, flop) = pair) from game='draw5', a='AsAd', b='random'",
            "query:1:26: 'flop' is no street of draw5: a draw game's one street is river",
        ),
        (
            "select count(pairedBoard(river)) from game='draw5-hilo', a='AsAd', b='random'",
            "query:1:14: type error: pairedBoard has no meaning in draw5-hilo (it deals no board)",
        ),
        (
            "select avg(rank(upCard(a, 1))) from game='lowball-a5', a='As2d', b='random'",
            "query:1:17: type error: upCard has no meaning in lowball-a5 (it deals no up cards)",
        ),
        (
            "select avg(riverEquity(a)) from game='triple-draw-27', a='7c5d', b='random', draws='5'",
            "query:1:84: draws='5': 2-7 triple draw has 1 to 3 draws, not 5",
        ),
        (
            "select avg(riverEquity(a)) from game='lowball-27', a='7c5d', b='random', board='2c3c4c'",
            "query:1:74: lowball-27 deals no board",
        ),
        (
            "select avg(riverEquity(a)) from game='draw5', a='random', b='random', c='random', \
             d='random', e='random', f='random'",
            "query:1:107: the hands dealt and the cards drawn need 60 cards; the five-card draw deck has 52",
        ),
    ];
    for (text, want) in cases {
        let got = prepare(text, &Kept).unwrap_err().to_string();
        assert!(got.starts_with(want), "{text}\n got: {got}\nwant: {want}");
    }
}
