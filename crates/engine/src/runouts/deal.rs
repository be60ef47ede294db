//! Dealing runouts: every ordered tuple of disjoint board completions once (exact), or seeded
//! chunks of random deals (Monte Carlo), both merged by integer addition so that the thread
//! count cannot change a count.
//!
//! The `_until_stopped` forms ask a [`Watch`] before each piece of work (a first-board
//! completion of an exact count, a Monte Carlo chunk) and tell it the pieces done; a chunk that
//! finds the watch saying stop gives `None`, and `None` wins every merge, so a stopped run
//! gives `None` and never a partial count.

use deck::Card;
use rand::Rng;

use super::counts::RunoutCounts;
use super::{BoardShowdown, MAX_BOARDS, board_shares};
use crate::choose::choose;
use crate::chunks::sum_chunks;
use crate::plan::ChunkPlan;
use crate::split_tally::MAX_PLAYERS;
use crate::watch::Watch;

/// Monte Carlo rounds per seeded chunk.
pub(super) const SAMPLE_CHUNK_ROUNDS: u64 = 1 << 16;

/// Monte Carlo chunks per block: the chunks are dealt block by block, the watch asked before
/// each, so that a stop skips the blocks left without visiting their chunks one by one (a
/// million-million-round run has 15 million chunks).
pub(super) const SAMPLE_BLOCK_CHUNKS: u64 = 1024;

/// First-board completions per exact chunk, at least (the first board's completions are cut
/// into about this many chunks).
const EXACT_CHUNKS: u64 = 64;

/// The fewest deals (counted as the other boards' completions per first-board completion) an
/// exact chunk is given when the first board has completions enough.
const MIN_CHUNK_DEALS: u64 = 1 << 16;

/// The boards to deal: each board's known cards and the cards they can be completed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunoutDeal {
    /// Each board's known cards, 0 to 5 (2 to [`MAX_BOARDS`] boards; runs share one stub).
    pub stubs: Vec<Vec<Card>>,
    /// The cards not known anywhere (not in a hand, a stub or the dead cards).
    pub pool: Vec<Card>,
}

impl RunoutDeal {
    /// Boards.
    pub fn boards(&self) -> usize {
        self.stubs.len()
    }

    /// Cards board `b` still needs.
    pub fn missing(&self, b: usize) -> usize {
        5 - self.stubs[b].len()
    }

    /// Cards dealt in all, over every board.
    pub fn to_deal(&self) -> usize {
        (0..self.boards()).map(|b| self.missing(b)).sum()
    }

    /// The work of exact counting: (board evaluations, deals counted), `None` past u128.
    pub fn exact_cost(&self) -> (u128, u128) {
        let r = self.pool.len();
        let mut evaluations = 0u128;
        let mut deals = 1u128;
        let mut used = 0;
        for b in 0..self.boards() {
            let m = self.missing(b);
            if self.first_with_stub(b) == b {
                evaluations += u128::from(choose(r, m));
            }
            deals = deals.saturating_mul(u128::from(choose(r.saturating_sub(used), m)));
            used += m;
        }
        (evaluations, deals)
    }

    fn first_with_stub(&self, b: usize) -> usize {
        (0..b)
            .find(|&a| self.stubs[a] == self.stubs[b])
            .unwrap_or(b)
    }
}

/// One completion of a board: its cards' bits and each player's share.
#[derive(Debug, Clone, Copy)]
struct Completion {
    mask: u64,
    shares: [u16; MAX_PLAYERS],
}

/// Completions valued between two questions to the watch while the lists are made.
const COMPLETIONS_PER_CHECK: usize = 1 << 12;

/// Every completion of `stub` from `pool`, with each player's share; `None` when `stop` said
/// to stop (asked every [`COMPLETIONS_PER_CHECK`] completions: a board of five cards to come
/// has up to 1.7 million).
fn completions<S: BoardShowdown + ?Sized>(
    showdown: &S,
    stub: &[Card],
    pool: &[Card],
    stop: &dyn Watch,
) -> Option<Vec<Completion>> {
    let m = 5 - stub.len();
    let mut out = Vec::with_capacity(choose(pool.len(), m) as usize);
    let mut board = [Card::from_index(0); 5];
    board[..stub.len()].copy_from_slice(stub);
    let mut idx = [0usize; 5];
    for (i, x) in idx.iter_mut().enumerate().take(m) {
        *x = i;
    }
    if m > pool.len() {
        return Some(out);
    }
    loop {
        if out.len() % COMPLETIONS_PER_CHECK == COMPLETIONS_PER_CHECK - 1 && stop.should_stop() {
            return None;
        }
        let mut mask = 0u64;
        for (slot, &i) in board[stub.len()..].iter_mut().zip(&idx[..m]) {
            *slot = pool[i];
            mask |= 1 << pool[i].index();
        }
        out.push(Completion {
            mask,
            shares: board_shares(showdown, &board),
        });
        // The next m-subset in lexicographic order.
        let mut i = m;
        loop {
            if i == 0 {
                return Some(out);
            }
            i -= 1;
            if idx[i] < pool.len() - m + i {
                idx[i] += 1;
                for j in i + 1..m {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// Counts every deal exactly: each ordered tuple of pairwise disjoint completions, one per
/// board, once (run on the current rayon pool, chunked over the first board's completions).
pub fn count_exact<S: BoardShowdown>(showdown: &S, deal: &RunoutDeal) -> RunoutCounts {
    count_exact_until_stopped(showdown, deal, &|| false)
        .unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// [`count_exact`], asking `stop` before each first-board completion and telling it each
/// one counted (of all the first board's completions): `None` when it said to stop.
pub fn count_exact_until_stopped<S: BoardShowdown>(
    showdown: &S,
    deal: &RunoutDeal,
    stop: &dyn Watch,
) -> Option<RunoutCounts> {
    let boards = deal.boards();
    let mut lists: Vec<Vec<Completion>> = Vec::with_capacity(boards);
    let mut list_of = [0usize; MAX_BOARDS];
    for b in 0..boards {
        let first = deal.first_with_stub(b);
        if first == b {
            list_of[b] = lists.len();
            lists.push(completions(showdown, &deal.stubs[b], &deal.pool, stop)?);
        } else {
            list_of[b] = list_of[first];
        }
    }
    let tables: Vec<&[Completion]> = (0..boards).map(|b| &lists[list_of[b]][..]).collect();
    let first = tables[0].len() as u64;
    // About EXACT_CHUNKS chunks, but none of fewer than MIN_CHUNK_DEALS deals (at most, the
    // other boards' completions multiplied): each chunk allocates and merges its counts, which
    // would outweigh a small count's work (an exact ranged count makes many small ones).
    let per_first = tables[1..]
        .iter()
        .fold(1u64, |n, t| n.saturating_mul(t.len() as u64))
        .max(1);
    let step = first
        .div_ceil(EXACT_CHUNKS)
        .max(MIN_CHUNK_DEALS.div_ceil(per_first))
        .max(1);
    let plan = ChunkPlan::with_chunk_rounds(first, step);
    let players = showdown.players();
    let hilo = showdown.hilo();
    sum_chunks(
        0,
        &plan,
        0..plan.chunks(),
        || Some(RunoutCounts::new(players, boards, hilo)),
        |chunk| {
            let mut counts = RunoutCounts::new(players, boards, hilo);
            let mut shares = [[0u16; MAX_PLAYERS]; MAX_BOARDS];
            let start = (chunk.index * step) as usize;
            for c in &tables[0][start..start + chunk.rounds as usize] {
                if stop.should_stop() {
                    return None;
                }
                shares[0] = c.shares;
                walk(&tables, 1, c.mask, &mut shares, &mut counts);
                stop.advance(1, first);
            }
            Some(counts)
        },
        add_unless_stopped,
    )
}

/// Sums `chunk_counts` over `plan`'s chunks on the current rayon pool, in blocks of
/// [`SAMPLE_BLOCK_CHUNKS`], asking `stop` before each block and each chunk: `None` as soon as
/// it said to stop. The sum does not depend on the threads.
pub(super) fn sample_in_blocks(
    seed: u64,
    plan: &ChunkPlan,
    stop: &dyn Watch,
    zero: impl Fn() -> RunoutCounts + Sync + Send,
    chunk_counts: impl Fn(crate::chunks::Chunk) -> RunoutCounts + Sync,
) -> Option<RunoutCounts> {
    let mut total = Some(zero());
    let mut first = 0;
    while first < plan.chunks() {
        if stop.should_stop() {
            return None;
        }
        let end = first.saturating_add(SAMPLE_BLOCK_CHUNKS).min(plan.chunks());
        let block = sum_chunks(
            seed,
            plan,
            first..end,
            || Some(zero()),
            |chunk| (!stop.should_stop()).then(|| chunk_counts(chunk)),
            add_unless_stopped,
        );
        total = add_unless_stopped(total, block);
        first = end;
    }
    total
}

/// Adds two pieces' counts; a stopped piece (`None`) makes the sum `None`.
pub(super) fn add_unless_stopped(
    a: Option<RunoutCounts>,
    b: Option<RunoutCounts>,
) -> Option<RunoutCounts> {
    Some(a? + b?)
}

/// Completes boards `b..` disjointly from `used` and records each full tuple.
fn walk(
    tables: &[&[Completion]],
    b: usize,
    used: u64,
    shares: &mut [[u16; MAX_PLAYERS]; MAX_BOARDS],
    counts: &mut RunoutCounts,
) {
    if b == tables.len() {
        counts.record(shares);
        return;
    }
    for c in tables[b] {
        if c.mask & used == 0 {
            shares[b] = c.shares;
            walk(tables, b + 1, used | c.mask, shares, counts);
        }
    }
}

/// Counts `rounds` random deals in seeded chunks of 65,536 rounds, chunk `i` drawing
/// from its own stream seeded by `(seed, i)` (run on the current rayon pool).
pub fn count_sampled<S: BoardShowdown>(
    showdown: &S,
    deal: &RunoutDeal,
    seed: u64,
    rounds: u64,
) -> RunoutCounts {
    count_sampled_until_stopped(showdown, deal, (seed, rounds), &|| false)
        .unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// Each board's known cards, ready to be completed from a round's dealt cards.
pub(super) struct BoardStarts {
    /// Each board's first cards (its stub), the rest to be filled.
    starts: [[Card; 5]; MAX_BOARDS],
    /// How many cards of each board are known.
    lens: [usize; MAX_BOARDS],
    /// How many boards.
    boards: usize,
}

impl BoardStarts {
    /// The stubs of `deal`'s boards.
    pub(super) fn of(deal: &RunoutDeal) -> Self {
        let mut starts = [[Card::from_index(0); 5]; MAX_BOARDS];
        let mut lens = [0usize; MAX_BOARDS];
        for ((start, len), stub) in starts.iter_mut().zip(&mut lens).zip(&deal.stubs) {
            start[..stub.len()].copy_from_slice(stub);
            *len = stub.len();
        }
        Self {
            starts,
            lens,
            boards: deal.boards(),
        }
    }

    /// Completes each board in turn from `cards` (the first board's missing cards first) and
    /// writes each board's shares of `showdown`.
    #[inline]
    pub(super) fn share<S: BoardShowdown>(
        &self,
        showdown: &S,
        cards: &[Card],
        shares: &mut [[u16; MAX_PLAYERS]; MAX_BOARDS],
    ) {
        let mut next = 0;
        for ((share, start), &len) in shares
            .iter_mut()
            .zip(&self.starts)
            .zip(&self.lens)
            .take(self.boards)
        {
            let mut board = *start;
            board[len..].copy_from_slice(&cards[next..next + 5 - len]);
            next += 5 - len;
            *share = board_shares(showdown, &board);
        }
    }
}

/// [`count_sampled`] of `(seed, rounds)`, asking `stop` before each chunk and telling it the
/// rounds of each chunk dealt: `None` when it said to stop.
pub fn count_sampled_until_stopped<S: BoardShowdown>(
    showdown: &S,
    deal: &RunoutDeal,
    (seed, rounds): (u64, u64),
    stop: &dyn Watch,
) -> Option<RunoutCounts> {
    let boards = deal.boards();
    let players = showdown.players();
    let hilo = showdown.hilo();
    let plan = ChunkPlan::with_chunk_rounds(rounds, SAMPLE_CHUNK_ROUNDS);
    let r = deal.pool.len();
    let to_deal = deal.to_deal();
    debug_assert!(to_deal <= r);
    let starts = BoardStarts::of(deal);
    let zero = || RunoutCounts::new(players, boards, hilo);
    sample_in_blocks(seed, &plan, stop, zero, |chunk| {
        let mut rng = chunk.rng;
        let mut counts = RunoutCounts::new(players, boards, hilo);
        let mut pool = [Card::from_index(0); 52];
        pool[..r].copy_from_slice(&deal.pool);
        let mut shares = [[0u16; MAX_PLAYERS]; MAX_BOARDS];
        for _ in 0..chunk.rounds {
            for i in 0..to_deal {
                let j = rng.random_range(i..r);
                pool.swap(i, j);
            }
            starts.share(showdown, &pool, &mut shares);
            counts.record(&shares);
        }
        stop.advance(chunk.rounds, rounds);
        counts
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands of one card each: the higher rank on the board's first dealt card wins (a toy
    /// showdown that makes the counts easy to check by hand).
    struct HighCard {
        ranks: [u32; 2],
    }

    impl BoardShowdown for HighCard {
        fn players(&self) -> usize {
            2
        }
        fn hilo(&self) -> bool {
            false
        }
        fn strengths(
            &self,
            board: &[Card; 5],
            high: &mut [u32; MAX_PLAYERS],
            _low: &mut [u8; MAX_PLAYERS],
        ) {
            let top = board.iter().map(|c| u32::from(c.rank())).max().unwrap_or(0);
            high[0] = self.ranks[0].max(top);
            high[1] = self.ranks[1].max(top);
        }
    }

    #[test]
    fn exact_counts_every_disjoint_tuple() {
        let pool = deck::parse_cards("2c 3c 4c 5c 6c 7c 8c").unwrap();
        let stub = deck::parse_cards("2d 3d").unwrap();
        let deal = RunoutDeal {
            stubs: vec![stub.clone(), stub],
            pool,
        };
        assert_eq!(deal.exact_cost(), (35, 35 * 4));
        let showdown = HighCard { ranks: [12, 5] };
        let counts = crate::pool::on_pool(2, || count_exact(&showdown, &deal)).unwrap();
        assert_eq!(counts.deals, 140);
        assert_eq!(counts.equity(0), 1.0);
        let sampled = |threads| {
            crate::pool::on_pool(threads, || count_sampled(&showdown, &deal, 3, 200_000)).unwrap()
        };
        assert_eq!(sampled(1), sampled(2));
    }

    /// A watch that says stop gives no counts, exact or sampled; one that never does is told
    /// every piece of the work, and gives the plain counts.
    #[test]
    fn a_stop_gives_nothing_and_progress_adds_up() {
        use std::sync::atomic::{AtomicU64, Ordering};
        struct Counting(AtomicU64, AtomicU64);
        impl Watch for Counting {
            fn should_stop(&self) -> bool {
                false
            }
            fn advance(&self, work: u64, total: u64) {
                self.0.fetch_add(work, Ordering::Relaxed);
                self.1.store(total, Ordering::Relaxed);
            }
        }
        let pool = deck::parse_cards("2c 3c 4c 5c 6c 7c 8c").unwrap();
        let stub = deck::parse_cards("2d 3d").unwrap();
        let deal = RunoutDeal {
            stubs: vec![stub.clone(), stub],
            pool,
        };
        let showdown = HighCard { ranks: [12, 5] };
        assert_eq!(count_exact_until_stopped(&showdown, &deal, &|| true), None);
        let stopped = count_sampled_until_stopped(&showdown, &deal, (3, 200_000), &|| true);
        assert_eq!(stopped, None);
        let watch = Counting(AtomicU64::new(0), AtomicU64::new(0));
        let counted = count_exact_until_stopped(&showdown, &deal, &watch);
        assert_eq!(counted, Some(count_exact(&showdown, &deal)));
        assert_eq!(
            watch.0.load(Ordering::Relaxed),
            35,
            "every first-board completion"
        );
        assert_eq!(watch.1.load(Ordering::Relaxed), 35);
        let watch = Counting(AtomicU64::new(0), AtomicU64::new(0));
        let sampled = count_sampled_until_stopped(&showdown, &deal, (3, 200_000), &watch);
        assert_eq!(sampled, Some(count_sampled(&showdown, &deal, 3, 200_000)));
        assert_eq!(watch.0.load(Ordering::Relaxed), 200_000);
    }

    /// Two boards of different stubs against nested loops over the cards, the obvious way.
    #[test]
    fn a_double_board_matches_a_brute_force_count() {
        let pool = deck::parse_cards("2c 3c 4c 5c 6c 7c 8c 9c").unwrap();
        let first = deck::parse_cards("2d 3d").unwrap();
        let second = deck::parse_cards("4d 5d 6d").unwrap();
        let deal = RunoutDeal {
            stubs: vec![first.clone(), second.clone()],
            pool: pool.clone(),
        };
        let showdown = HighCard { ranks: [6, 5] };
        let counts = count_exact(&showdown, &deal);
        let share = |stub: &[Card], rest: &[Card]| {
            let mut board = [stub[0]; 5];
            board[..stub.len()].copy_from_slice(stub);
            board[stub.len()..].copy_from_slice(rest);
            board_shares(&showdown, &board)[0]
        };
        let mut brute = std::collections::BTreeMap::<u32, u64>::new();
        let n = pool.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in 0..n {
                        for e in d + 1..n {
                            if [a, b, c].contains(&d) || [a, b, c].contains(&e) {
                                continue;
                            }
                            let one = share(&first, &[pool[a], pool[b], pool[c]]);
                            let two = share(&second, &[pool[d], pool[e]]);
                            *brute.entry(u32::from(one) + u32::from(two)).or_default() += 1;
                        }
                    }
                }
            }
        }
        let got: std::collections::BTreeMap<u32, u64> =
            counts.total_distribution(0).into_iter().collect();
        assert_eq!(got, brute);
        assert_eq!(counts.deals, 56 * 10);
    }
}
