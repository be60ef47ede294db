//! Heads-up rounds counted in registers: two fixed hands, or a fixed hand against a random
//! one, every run of a [`Runs`].

use deck::{Card, Dealer, Deck};
use eval::Ranking;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{DealtSpot, Runs};
use crate::range::Combo;
use engine::MAX_PLAYERS;

/// Counters added one by one.
#[inline(always)]
pub(super) fn add4(a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
}

/// Heads-up rounds between two hands, every run of `runs`: wins of the first player, of the
/// second, ties, and rounds.
#[inline(never)]
pub(super) fn heads_up_fixed<const K: usize, S: Ranking, R: Runs>(
    spot: &DealtSpot,
    s: S,
    dealer: &Dealer<K>,
    deck: &mut Deck,
    rng: &mut Xoshiro256PlusPlus,
    runs: &mut R,
    hands: &mut [Option<Combo>; MAX_PLAYERS],
) -> [u64; 4] {
    let mut counts = [0u64; 4];
    while let Some(rounds) = runs.next_run(rng, deck, hands) {
        let (Some(a), Some(b)) = (hands[0], hands[1]) else {
            unreachable!("runs keep both seats' hands")
        };
        // No random hands: every dealt card goes to the board, a constant `K` of them.
        let [x, y, t] = heads_up(spot, s, rounds, &mut || dealer.deal(deck, rng), 0, |_| {
            [a, b]
        });
        counts = add4(counts, [x, y, t, rounds]);
    }
    counts
}

/// Heads-up rounds of the hand in seat `seat` against a random one, every run of `runs`: wins
/// of that hand, of the random one, ties, and rounds. The random hand is the first two cards
/// dealt, the rest is the board, both at offsets known when compiling.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(super) fn heads_up_against_random<const K: usize, S: Ranking, R: Runs>(
    spot: &DealtSpot,
    s: S,
    dealer: &Dealer<K>,
    deck: &mut Deck,
    rng: &mut Xoshiro256PlusPlus,
    runs: &mut R,
    hands: &mut [Option<Combo>; MAX_PLAYERS],
    seat: usize,
) -> [u64; 4] {
    let mut counts = [0u64; 4];
    while let Some(rounds) = runs.next_run(rng, deck, hands) {
        let Some(hand) = hands[seat] else {
            unreachable!("runs keep the seat's hand")
        };
        let [x, y, t] = heads_up(
            spot,
            s,
            rounds,
            &mut || dealer.deal(deck, rng),
            2,
            |dealt| [hand, [dealt[0], dealt[1]]],
        );
        counts = add4(counts, [x, y, t, rounds]);
    }
    counts
}

/// Heads-up rounds: wins of the first player, of the second, and ties, counted in registers.
#[inline(always)]
pub(super) fn heads_up<const K: usize, S: Ranking>(
    spot: &DealtSpot,
    s: S,
    rounds: u64,
    deal: &mut impl FnMut() -> [Card; K],
    board_from: usize,
    holes: impl Fn(&[Card]) -> [Combo; 2],
) -> [u64; 3] {
    let (mut wins_a, mut wins_b, mut ties) = (0u64, 0u64, 0u64);
    for _ in 0..rounds {
        let dealt = deal();
        let [hole_a, hole_b] = holes(&dealt);
        let board = &dealt[board_from..];
        let key = board.iter().fold(spot.board_key, |k, &c| k.with(c));
        let a = spot.strength(s, key, board, hole_a);
        let b = spot.strength(s, key, board, hole_b);
        wins_a += u64::from(a > b);
        wins_b += u64::from(b > a);
        ties += u64::from(a == b);
    }
    [wins_a, wins_b, ties]
}
