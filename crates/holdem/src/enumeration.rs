//! Exact equity: every compatible combination of range combos, every remaining board.

use deck::Card;
use deck::uniform::binomial;
use engine::Watch;
use eval::{HandKey, SuitMasks};
use rayon::prelude::*;

use crate::isomorphic::{self, BoardCounter, SignedCounts};
use crate::range::{Combo, combo_mask};
use crate::spot::{Assignments, Spot};
use crate::suit_classes::suit_classes;
use engine::{LocalCounts, MAX_PLAYERS, SplitTally};
use eval::{HighRanking, Ranking};

/// Below this many classes, each class is split into [`isomorphic::PARTS`] work items.
const SPLIT_BELOW: usize = 64;

/// At most this many boards in all (over every class or assignment), the work is done on the
/// calling thread: handing a few microseconds of work to other threads costs more than it saves.
const SEQUENTIAL_BOARDS: u128 = 20_000;

/// Counts every outcome of `game` over the given assignments, in parallel on the current pool.
///
/// Suit-equivalent assignments are counted once ([`suit_classes`]), and each class's boards by
/// suit isomorphism ([`isomorphic`]). With few classes each is split into
/// [`isomorphic::PARTS`] work items, so that even one heads-up matchup keeps every core busy;
/// with many, one item per class. The counts are integers
/// added in any order (the flush corrections as a separate sum taken away at the end), so the
/// result does not depend on the thread count. With the whole board known there is a single
/// board per assignment, evaluated directly.
pub fn enumerate(game: &Spot, assignments: &Assignments) -> SplitTally {
    enumerate_in_batches(game, assignments, usize::MAX, &|| false)
        .unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// [`enumerate`], its work items run `batch` at a time with `stop` asked between batches:
/// `None` when it said to stop. For callers that must be able to interrupt a long count (the
/// Python package on Ctrl-C); the batches only change when the counts are added, never what
/// they are.
pub fn enumerate_in_batches(
    game: &Spot,
    assignments: &Assignments,
    batch: usize,
    stop: &dyn Watch,
) -> Option<SplitTally> {
    let players = game.players.len();
    let classes = if game.to_deal() == 0 {
        // One board per assignment: nothing to group.
        Vec::new()
    } else {
        suit_classes(game, assignments)
    };
    let boards = if game.to_deal() == 0 {
        assignments.len() as u128
    } else {
        classes.len() as u128 * boards_per_assignment(game)
    };
    let sequential = boards <= SEQUENTIAL_BOARDS;
    // Parts only share the work out: on one thread a class is counted in one go.
    let parts = if game.to_deal() == 0 || sequential || classes.len() >= SPLIT_BELOW {
        1
    } else {
        isomorphic::PARTS
    };
    let items = if game.to_deal() == 0 {
        assignments.len()
    } else {
        classes.len() * parts
    };
    // Adds one item's counts to `(plus, minus)`: with the whole board known, assignment
    // `item`'s single board; otherwise part `item % parts` of suit class `item / parts`.
    let count_into = |(plus, minus): &mut (SplitTally, SplitTally), item: usize| {
        if game.to_deal() == 0 {
            let holes = assignments.holes(game, item);
            let local = count_boards(game, &holes[..players], 0);
            plus.add_local(&local, assignments.weights[item]);
            return;
        }
        let (class, part) = (classes[item / parts], item % parts);
        let holes = assignments.holes(game, class.representative);
        let spot = BoardCounter::new(game, &holes[..players]);
        // Filled in place and added side by side: netting the class's counts first, or returning
        // them by value, copied 1.8 KB a class (3 % of a turn spot against a random hand).
        let mut counts = SignedCounts::default();
        if parts == 1 {
            spot.add_every_part(&mut counts);
        } else {
            spot.add_part(part, &mut counts);
        }
        plus.add_local_for(&counts.plus, class.weight, class.members);
        minus.add_local_for(&counts.minus, class.weight, class.members);
    };
    // The tallies are added in place and handed between rayon's steps boxed: a pair of them is
    // 3.6 KB, and moving one per item cost more than counting a turn spot's boards.
    let zero = || Box::new((SplitTally::new(players), SplitTally::new(players)));
    let add = |mut a: Box<(SplitTally, SplitTally)>, b: Box<(SplitTally, SplitTally)>| {
        a.0 = a.0 + b.0;
        a.1 = a.1 + b.1;
        a
    };
    let mut total = zero();
    let mut start = 0;
    while start < items {
        if stop.should_stop() {
            return None;
        }
        let end = start.saturating_add(batch.max(1)).min(items);
        if sequential {
            for item in start..end {
                count_into(&mut total, item);
            }
        } else {
            let counts = (start..end)
                .into_par_iter()
                .fold(zero, |mut counts, item| {
                    count_into(&mut counts, item);
                    counts
                })
                .reduce(zero, add);
            total = add(total, counts);
        }
        stop.advance((end - start) as u64, items as u64);
        start = end;
    }
    Some(total.0 - total.1)
}

/// Counts every outcome of `game` by visiting every board: the plain enumeration, kept as the
/// reference that [`enumerate`] is tested against.
///
/// Work is split into (assignment, first board card) items.
pub fn enumerate_every_board(game: &Spot, assignments: &Assignments) -> SplitTally {
    let free = game.free_after_hands();
    let to_deal = game.to_deal();
    let firsts = if to_deal == 0 { 1 } else { free - to_deal + 1 };
    let players = game.players.len();
    (0..assignments.len() * firsts)
        .into_par_iter()
        .map(|item| {
            let (a, first) = (item / firsts, item % firsts);
            let holes = assignments.holes(game, a);
            let local = count_boards(game, &holes[..players], first);
            let mut tally = SplitTally::new(players);
            tally.add_local(&local, assignments.weights[a]);
            tally
        })
        .reduce(|| SplitTally::new(players), |a, b| a + b)
}

/// Counts the boards of one assignment whose first dealt card is the `first`-th free card (all
/// boards when none is to be dealt). Allocation-free.
pub fn count_boards(game: &Spot, holes: &[Combo], first: usize) -> LocalCounts {
    match game.game.ranking() {
        HighRanking::Holdem(holdem) => count_boards_with(holdem, game, holes, first),
        HighRanking::ShortDeck(evaluator) => count_boards_with(evaluator, game, holes, first),
    }
}

/// [`count_boards`] under the ranking `ranking`.
fn count_boards_with<S: Ranking>(
    ranking: S,
    game: &Spot,
    holes: &[Combo],
    first: usize,
) -> LocalCounts {
    let used = game.known_mask() | holes.iter().fold(0, |m, &h| m | combo_mask(h));
    let mut free = [Card::new(0, 0); 52];
    let mut n = 0;
    for index in 0..52u8 {
        if used & 1 << index == 0 {
            free[n] = Card::from_index(index);
            n += 1;
        }
    }
    let key = HandKey::of(&game.board);
    let masks = game.board.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c));
    let mut local = LocalCounts::default();
    let to_deal = game.to_deal();
    if to_deal == 0 {
        showdown(ranking, key, masks, holes, &mut local);
    } else {
        let c = free[first];
        visit(
            &free[first + 1..n],
            to_deal - 1,
            key.with(c),
            masks.with(c),
            &mut |k, m| showdown(ranking, k, m, holes, &mut local),
        );
    }
    local
}

/// Calls `f` with the key of every `k`-subset of `cards` added to `key`, one card at a time.
/// Up to four cards, explicit nested loops (no recursion) so the whole walk inlines into one
/// function with the showdown.
#[inline(always)]
fn visit<F: FnMut(HandKey, SuitMasks)>(
    cards: &[Card],
    k: usize,
    key: HandKey,
    masks: SuitMasks,
    f: &mut F,
) {
    let n = cards.len();
    match k {
        0 => f(key, masks),
        1 => {
            for &a in cards {
                f(key.with(a), masks.with(a));
            }
        }
        2 => {
            for i in 0..n {
                let (k1, m1) = (key.with(cards[i]), masks.with(cards[i]));
                for &b in &cards[i + 1..] {
                    f(k1.with(b), m1.with(b));
                }
            }
        }
        3 => {
            for i in 0..n {
                let (k1, m1) = (key.with(cards[i]), masks.with(cards[i]));
                for j in i + 1..n {
                    let (k2, m2) = (k1.with(cards[j]), m1.with(cards[j]));
                    for &c in &cards[j + 1..] {
                        f(k2.with(c), m2.with(c));
                    }
                }
            }
        }
        _ => {
            for i in 0..(n + 1).saturating_sub(k) {
                let c = cards[i];
                visit(&cards[i + 1..], k - 1, key.with(c), masks.with(c), f);
            }
        }
    }
}

/// Evaluates every player on a complete board under `ranking` and records the result.
#[inline(always)]
pub fn showdown<S: Ranking>(
    ranking: S,
    key: HandKey,
    masks: SuitMasks,
    holes: &[Combo],
    local: &mut LocalCounts,
) {
    let rank = |hole: &Combo| {
        ranking.evaluate_parts(
            key.with(hole[0]).with(hole[1]),
            masks.with(hole[0]).with(hole[1]),
        )
    };
    if let [a, b] = holes {
        // Heads-up, the common case: one comparison instead of the general tie count.
        let (ra, rb) = (rank(a), rank(b));
        local.outcomes += 1;
        local.shares[0][1] += u64::from(ra > rb);
        local.shares[1][1] += u64::from(rb > ra);
        local.shares[0][2] += u64::from(ra == rb);
        local.shares[1][2] += u64::from(ra == rb);
        return;
    }
    let mut ranks = [0u16; MAX_PLAYERS];
    for (r, hole) in ranks.iter_mut().zip(holes) {
        *r = rank(hole);
    }
    local.record(&ranks[..holes.len()]);
}

/// Boards still to come for `game`, per assignment: C(free, to_deal).
pub fn boards_per_assignment(game: &Spot) -> u128 {
    binomial(game.free_after_hands() as u128, game.to_deal() as u128)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(hands: &[&str], board: &str, dead: &str) -> Spot {
        Spot::parse(hands, board, dead)
    }

    fn exact(g: &Spot) -> SplitTally {
        enumerate(g, &g.assignments(u128::MAX).unwrap())
    }

    /// Batches only change when counts are added: every batch size gives the same tally as the
    /// plain enumeration of every board, sequential (few boards) and parallel alike; a stop
    /// asked before the first batch gives nothing.
    #[test]
    fn batches_give_the_same_counts_and_can_stop() {
        for (hands, board) in [
            (&["AK,QQ", "JJ-99:0.5"][..], "Kd7c2s"),
            (&["AhKh", "QsQd", "random"][..], "Qh7h2c9d"),
            (&["AsAh", "KsKh", "7c7d"][..], ""),
            (&["AA,KK", "QQ"][..], "2c3d4h5s9c"),
        ] {
            let g = game(hands, board, "");
            let assignments = g.assignments(u128::MAX).unwrap();
            let every = enumerate_every_board(&g, &assignments);
            for batch in [1, 7, usize::MAX] {
                let t = enumerate_in_batches(&g, &assignments, batch, &|| false).unwrap();
                assert_eq!(t, every, "{hands:?} {board} batch {batch}");
            }
            assert_eq!(enumerate_in_batches(&g, &assignments, 7, &|| true), None);
        }
    }

    #[test]
    fn aces_against_kings_match_the_published_counts() {
        let t = exact(&game(&["AcAs", "KhKd"], "", ""));
        assert_eq!(t.outcomes, 1_712_304);
        assert_eq!((t.shares[0][1], t.shares[0][2]), (1_388_072, 6_538));
        let t = exact(&game(&["AcAs", "KcKs"], "", ""));
        assert_eq!((t.shares[0][1], t.shares[0][2]), (1_410_336, 9_308));
        let t = exact(&game(&["Jc5c", "QdTd"], "", ""));
        assert_eq!((t.shares[0][1], t.shares[0][2]), (600_384, 15_802));
    }

    #[test]
    fn river_spots_checked_by_hand() {
        // Board Ah Kh Qh Jh 2c: the Th makes a royal flush for player 1.
        let t = exact(&game(&["Th3c", "AsAd"], "AhKhQhJh2c", ""));
        assert_eq!((t.outcomes, t.shares[0][1]), (1, 1));
        // The board plays for all three: a three-way split.
        let t = exact(&game(&["2d3d", "2s3s", "4c5c"], "AhKhQhJhTh", ""));
        assert_eq!((t.shares[0][3], t.shares[1][3], t.shares[2][3]), (1, 1, 1));
    }

    #[test]
    fn turn_spot_checked_by_hand() {
        // AsAd vs KsKd on Ah 7c 2d Kc: only the last king (Kh) wins for kings, 42 other rivers
        // (44 left minus Kh) keep aces ahead; no ties.
        let t = exact(&game(&["AsAd", "KsKd"], "Ah7c2dKc", ""));
        assert_eq!(t.outcomes, 44);
        assert_eq!((t.shares[0][1], t.shares[1][1]), (43, 1));
    }

    #[test]
    fn flop_spot_checked_by_hand() {
        // A set of sevens against aces on 7c 2d 9s, 45 cards left, 990 turn-river pairs. The
        // aces win with one ace and any of the 42 other cards but 7d (quads) (2 × 42 = 84),
        // with both aces (1), and with two of the three nines (trip nines full of aces, 3).
        let t = exact(&game(&["7h7s", "AsAd"], "7c2d9s", ""));
        assert_eq!(t.outcomes, 990);
        assert_eq!((t.shares[1][1], t.shares[0][2]), (88, 0));
    }

    #[test]
    fn weighted_ranges_multiply_counts_by_thousandths() {
        let g = game(&["AhAd", "KK:0.5"], "2c3c4d5s9h", "");
        let t = exact(&g);
        assert_eq!(t.samples, 6);
        assert_eq!(t.outcomes, 6 * 500);
    }
}
