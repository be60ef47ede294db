//! Every 7-card hand through every batch path this CPU runs ([`eval::batch::EvalPath::available`]),
//! unchecked and checked, against the slice evaluator [`eval::evaluate`].
//!
//! The hands are enumerated in index order into a buffer of card indices; each full buffer is
//! evaluated once by the slice evaluator and once per path, and compared. The checked variant
//! must accept every hand (no valid hand reported bad) and give the same strengths.

use deck::Card;
use eval::HandRank;
use eval::batch::{EvalPath, evaluate, evaluate_checked};

/// Hands per buffer: a multiple of every path's lane count, plus a partial step at the end of
/// the enumeration (133,784,560 is not a multiple of it).
const BUFFER: usize = 1 << 14;

/// Hands compared, and the strengths summed (so that a path cannot pass by writing nothing).
struct Checker {
    paths: Vec<EvalPath>,
    hands: Vec<[u8; 7]>,
    expected: Vec<HandRank>,
    out: Vec<HandRank>,
    compared: u64,
    sum: u64,
}

impl Checker {
    fn new() -> Self {
        Self {
            paths: EvalPath::available().collect(),
            hands: Vec::with_capacity(BUFFER),
            expected: Vec::with_capacity(BUFFER),
            out: Vec::with_capacity(BUFFER),
            compared: 0,
            sum: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, hand: [u8; 7]) {
        self.hands.push(hand);
        if self.hands.len() == BUFFER {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let n = self.hands.len();
        self.expected.clear();
        self.expected.extend(
            self.hands
                .iter()
                .map(|hand| eval::evaluate(&hand.map(Card::from_index))),
        );
        for &path in &self.paths {
            self.out.clear();
            self.out.resize(n, HandRank::from_value(0).unwrap());
            evaluate(path, &self.hands, &mut self.out);
            self.compare(path, "unchecked");
            self.out.fill(HandRank::from_value(0).unwrap());
            evaluate_checked(path, &self.hands, &mut self.out)
                .unwrap_or_else(|bad| panic!("{path}: a valid hand reported bad: {bad}"));
            self.compare(path, "checked");
        }
        self.sum += self
            .expected
            .iter()
            .map(|r| u64::from(r.value()))
            .sum::<u64>();
        self.compared += n as u64;
        self.hands.clear();
    }

    fn compare(&self, path: EvalPath, variant: &str) {
        if self.out != self.expected {
            let at = (0..self.out.len())
                .find(|&i| self.out[i] != self.expected[i])
                .unwrap_or_default();
            panic!(
                "{path} ({variant}): hand {:?} gives {:?}, the evaluator {:?}",
                self.hands[at].map(Card::from_index),
                self.out[at],
                self.expected[at]
            );
        }
    }
}

#[test]
fn every_seven_card_hand_on_every_path_equals_the_evaluator() {
    let mut checker = Checker::new();
    let mut hand = [0u8; 7];
    for a in 0..46u8 {
        hand[0] = a;
        for b in a + 1..47 {
            hand[1] = b;
            for c in b + 1..48 {
                hand[2] = c;
                for d in c + 1..49 {
                    hand[3] = d;
                    for e in d + 1..50 {
                        hand[4] = e;
                        for f in e + 1..51 {
                            hand[5] = f;
                            for g in f + 1..52 {
                                hand[6] = g;
                                checker.push(hand);
                            }
                        }
                    }
                }
            }
        }
    }
    checker.flush();
    assert_eq!(checker.compared, 133_784_560);
    assert!(checker.sum > 0);
    eprintln!(
        "paths compared on every 7-card hand: {}",
        checker
            .paths
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    );
}
