//! The boards of one pass of the isomorphic count, by ranks: every multiset of new ranks with
//! the ways to deal it, and every subset of one suit's free ranks, each added to a hand key.

use deck::Card;
use engine::choose::CHOOSE;
use eval::HandKey;

/// Ranks of a deck.
pub(super) const RANKS: usize = 13;

/// `WAYS[n][k]` = C(n, k) for the at most four cards of one rank: the corner of engine's binomial
/// table, copied at compile time into a table of this shape. [`ways`] runs at every step of the
/// counting recursion: indexing [`CHOOSE`] there (53 × 8) cost 0.3 % more instructions on an
/// exact flop against `random` (callgrind, the test profile's `sim`), masking its indices
/// 1.2 %; this table (5 × 5, as these counts were first written by hand) costs nothing.
const WAYS: [[u64; 5]; 5] = {
    let mut table = [[0u64; 5]; 5];
    let mut n = 0;
    while n < 5 {
        let mut k = 0;
        while k < 5 {
            table[n][k] = CHOOSE[n][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// The ways to pick `k` of the `n ≤ 4` free cards of one rank.
#[inline(always)]
pub(super) fn ways(n: usize, k: usize) -> u64 {
    debug_assert!(n <= 4 && k <= n);
    WAYS[n][k]
}

/// A card of `rank` for the rank part of a key: the `count`-th copy gets suit `count − 1`, so no
/// suit counter of the key can overflow (only the rank hash is read).
#[inline(always)]
pub(super) fn rank_card(rank: usize, count: usize) -> Card {
    Card::new(rank as u8, (count - 1) as u8)
}

/// Calls `f` with every multiset of `left` ranks from `from..13` (at most `free[r]` of rank `r`)
/// added to `key`, with `weight` times the number of ways to pick those cards.
pub(super) fn multisets<F: FnMut(HandKey, u64)>(
    free: &[u8; RANKS],
    from: usize,
    left: usize,
    key: HandKey,
    weight: u64,
    f: &mut F,
) {
    if left == 0 {
        f(key, weight);
        return;
    }
    for rank in from..RANKS {
        let n = usize::from(free[rank]);
        let mut key = key;
        for count in 1..=n.min(left) {
            key = key.with(rank_card(rank, count));
            multisets(
                free,
                rank + 1,
                left - count,
                key,
                weight * ways(n, count),
                f,
            );
        }
    }
}

/// Calls `f` with every `left`-subset of the ranks in `ranks` from `from` up, added to `key` and
/// to the mask `chosen`.
pub(super) fn subsets<F: FnMut(HandKey, u16)>(
    ranks: u16,
    left: usize,
    from: usize,
    key: HandKey,
    chosen: u16,
    f: &mut F,
) {
    if left == 0 {
        f(key, chosen);
        return;
    }
    for rank in from..RANKS {
        if ranks >> rank & 1 == 1 {
            let key = key.with(rank_card(rank, 1));
            subsets(ranks, left - 1, rank + 1, key, chosen | 1 << rank, f);
        }
    }
}
