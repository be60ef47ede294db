//! Every class against one random hand in one pass over the boards: on each board every
//! two-card hand of the stub is valued once, the hands are sorted by strength, and each hand's
//! wins and ties against every other hand that shares no card with it are read off the sorted
//! order by inclusion–exclusion over its two cards.
//!
//! ```text
//!  for each board B (one per suit-permutation orbit, weighted by the orbit's size):
//!      value every hand h = {a, b} of the stub            C(47,2) = 1,081 hands in hold'em
//!      sort the hands by strength                          (each pair of ranks valued once,
//!                                                          each hand that may flush on its own)
//!      wins(h) = below − below[a] − below[b]               hands weaker than h, less those
//!                                                          holding a or b (none holds both)
//!      ties(h) = equal − equal[a] − equal[b] + 1           h itself holds both a and b
//!      class(h) += weight · (wins, ties, villains)         villains = C(stub − 2, 2)
//! ```
//!
//! The sums are the same integers as the matchup-by-matchup count (the tests' second way:
//! the exact heads-up matrix summed): every (hand, villain, board) triple with no card in
//! common, once. Suit
//! permutations map boards to boards and each class to itself, so one board of each orbit,
//! weighted by the orbit's size, adds the same sums: an orbit's boards are those whose four
//! suits' rank masks are a permutation of the representative's, and the representative is the
//! one whose masks fall from clubs to spades. Hold'em has 2,598,960 boards in 134,459 orbits;
//! short deck 376,992 boards.

use deck::Card;
use engine::{Game, Watch};
use eval::{HandKey, HighRanking, Ranking, SuitMasks};
use rayon::prelude::*;

use crate::range::HandClass;

/// Boards per piece of work: the progress and stop granularity.
const PIECE: usize = 2048;

/// Per class (by its index in the classes given, at most 256): wins, ties and villain-boards,
/// summed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClassSums {
    /// Hands beaten, summed over boards and the class's combos.
    pub(crate) wins: [u64; 256],
    /// Hands tied.
    pub(crate) ties: [u64; 256],
    /// Hands met in all.
    pub(crate) boards: [u64; 256],
}

impl ClassSums {
    fn zero(classes: usize) -> Self {
        debug_assert!(classes <= 256);
        Self {
            wins: [0; 256],
            ties: [0; 256],
            boards: [0; 256],
        }
    }

    fn add(mut self, other: &Self) -> Self {
        for (sums, more) in [
            (&mut self.wins, &other.wins),
            (&mut self.ties, &other.ties),
            (&mut self.boards, &other.boards),
        ] {
            for (s, m) in sums.iter_mut().zip(more) {
                *s += m;
            }
        }
        self
    }
}

/// The 13-bit rank mask of each suit of `board`.
fn suit_masks(board: &[Card]) -> [u16; 4] {
    let mut masks = [0u16; 4];
    for card in board {
        masks[usize::from(card.suit())] |= 1 << card.rank();
    }
    masks
}

/// How many boards the orbit of a board with these suit masks holds: 24 over the orderings
/// of suits with equal masks.
fn orbit_size(masks: [u16; 4]) -> u64 {
    let mut sorted = masks;
    sorted.sort_unstable();
    let mut size = 24;
    let mut run = 1;
    for i in 1..4 {
        if sorted[i] == sorted[i - 1] {
            run += 1;
            size /= run;
        } else {
            run = 1;
        }
    }
    size
}

/// One board of each suit-permutation orbit of five cards from `cards`, and the orbit's size.
fn orbit_boards(cards: &[Card]) -> Vec<([Card; 5], u64)> {
    let n = cards.len();
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let board = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                        let masks = suit_masks(&board);
                        if masks[0] >= masks[1] && masks[1] >= masks[2] && masks[2] >= masks[3] {
                            out.push((board, orbit_size(masks)));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The sweep's fixed tables: the deck's hands, each one's class, and the hands of each pair of
/// ranks.
struct Hands {
    /// Each hand's two cards.
    cards: Vec<[Card; 2]>,
    /// Each hand's two cards as one mask.
    masks: Vec<u64>,
    /// Each hand's class, as an index into the classes given.
    class: Vec<u16>,
    /// Each hand as the sweep reads it: its cards' indices (bits 0–5 and 6–11) and its class
    /// (bits 12–19).
    packed: Vec<u32>,
    /// Each hand's two cards as one mask if they are suited, else 0: with `masks`, what
    /// [`FlushSuits::may_flush`] reads.
    suited_masks: Vec<u64>,
    /// Each pair of ranks (high, low), pairs included, that the deck deals.
    rank_pairs: Vec<(u8, u8)>,
    /// The hands of each pair of ranks, in the order of `rank_pairs`.
    of_rank_pair: Vec<Vec<u16>>,
}

/// Where a sorted item's low 16 bits name a hand rather than a pair of ranks: hand `i` is item
/// `FLUSH_ITEMS + i`.
const FLUSH_ITEMS: u32 = 128;

/// The per-board scratch space, reused from board to board.
#[derive(Default)]
struct Scratch {
    /// Strength (high 16 bits) and pair of ranks or flush hand (low 16), sorted.
    items: Vec<u32>,
    /// Strength (high 32 bits) and the hand packed (low 32), by rising strength.
    keys: Vec<u64>,
}

/// The cards through which a hand may hold a flush on one board, as card masks: a board that
/// needs `need[s]` more cards of suit `s` for five lets a hand flush with one card of a suit
/// that needs at most one more, two suited cards of a suit that needs at most two, and any
/// hand at all when the board is a flush itself.
#[derive(Clone, Copy)]
struct FlushSuits {
    /// The cards of every suit that needs at most one more card (every card if one needs none).
    one: u64,
    /// The cards of every suit that needs at most two more.
    two: u64,
}

impl FlushSuits {
    /// The flush suits of a board that needs `need[s]` more cards of suit `s`.
    fn of(need: [u8; 4]) -> Self {
        let suit_cards = |s: usize| -> u64 {
            (0..13u8)
                .map(|rank| 1u64 << Card::new(rank, s as u8).index())
                .sum()
        };
        let mut flush = Self { one: 0, two: 0 };
        for (s, &n) in need.iter().enumerate() {
            if n == 0 {
                flush.one = u64::MAX;
            } else if n == 1 {
                flush.one |= suit_cards(s);
            }
            if n <= 2 {
                flush.two |= suit_cards(s);
            }
        }
        flush
    }

    /// Whether the hand whose cards are `mask` (`suited`: the same mask if suited, else 0) may
    /// hold a flush on the board.
    #[inline(always)]
    fn may_flush(self, mask: u64, suited: u64) -> bool {
        mask & self.one != 0 || suited & self.two != 0
    }
}

/// Adds one board's wins, ties and villains to `sums`, `weight` times.
///
/// Without a flush a hand's strength depends only on its two ranks, so each pair of ranks is
/// valued once (91 in hold'em), and each hand that may make a flush on its own; the pairs of
/// ranks and those hands are sorted by strength, then the pairs expanded into their hands.
fn sweep_board<R: Ranking>(
    ranking: R,
    (board, weight): (&[Card; 5], u64),
    hands: &Hands,
    stub_size: u64,
    scratch: &mut Scratch,
    sums: &mut ClassSums,
) {
    let key = HandKey::of(board);
    let masks = board.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c));
    let board_mask: u64 = board.iter().map(|c| 1u64 << c.index()).sum();
    let mut need = [5u8; 4];
    let mut left = [4u8; 13];
    for card in board {
        need[usize::from(card.suit())] -= 1;
        left[usize::from(card.rank())] -= 1;
    }
    let Scratch { items, keys } = scratch;
    items.clear();
    for (i, &(high, low)) in hands.rank_pairs.iter().enumerate() {
        let dealt = if high == low {
            left[usize::from(high)] >= 2
        } else {
            left[usize::from(high)] >= 1 && left[usize::from(low)] >= 1
        };
        if dealt {
            // Any suits: the non-flush strength reads the ranks only.
            let ranks = key.with(Card::new(high, 0)).with(Card::new(low, 1));
            items.push(u32::from(ranking.rank_strength(ranks)) << 16 | i as u32);
        }
    }
    let flush = FlushSuits::of(need);
    if flush.two != 0 {
        for (i, ((&[a, b], &mask), &suited)) in hands
            .cards
            .iter()
            .zip(&hands.masks)
            .zip(&hands.suited_masks)
            .enumerate()
        {
            if mask & board_mask == 0 && flush.may_flush(mask, suited) {
                let strength = ranking.evaluate_parts(key.with(a).with(b), masks.with(a).with(b));
                items.push(u32::from(strength) << 16 | (FLUSH_ITEMS + i as u32));
            }
        }
    }
    items.sort_unstable();
    keys.clear();
    for &item in items.iter() {
        let (strength, id) = (item & 0xffff_0000, item & 0xffff);
        let strength = u64::from(strength) << 16;
        if id >= FLUSH_ITEMS {
            keys.push(strength | u64::from(hands.packed[(id - FLUSH_ITEMS) as usize]));
            continue;
        }
        for &hand in &hands.of_rank_pair[id as usize] {
            let h = usize::from(hand);
            let mask = hands.masks[h];
            if mask & board_mask == 0 && !flush.may_flush(mask, hands.suited_masks[h]) {
                keys.push(strength | u64::from(hands.packed[h]));
            }
        }
    }
    let villains = weight * ((stub_size - 2) * (stub_size - 3) / 2);
    let mut below = 0u64;
    // Per card index (masked to 64: no bounds checks), the hands below and equal so far.
    let mut below_card = [0u64; 64];
    let mut equal_card = [0u64; 64];
    let cards_of = |k: u64| ((k & 63) as usize, (k >> 6 & 63) as usize);
    let mut start = 0;
    while start < keys.len() {
        let strength = keys[start] >> 32;
        // Groups of equal strength are short: a linear scan beats a binary search.
        let end = keys[start + 1..]
            .iter()
            .position(|&k| k >> 32 != strength)
            .map_or(keys.len(), |n| start + 1 + n);
        let group = &keys[start..end];
        for &k in group {
            let (a, b) = cards_of(k);
            equal_card[a] += 1;
            equal_card[b] += 1;
        }
        let equal = group.len() as u64;
        for &k in group {
            let (a, b) = cards_of(k);
            let class = (k >> 12 & 0xff) as usize;
            sums.wins[class] += weight * (below - below_card[a] - below_card[b]);
            sums.ties[class] += weight * (equal + 1 - equal_card[a] - equal_card[b]);
            sums.boards[class] += villains;
        }
        for &k in group {
            let (a, b) = cards_of(k);
            for card in [a, b] {
                below_card[card] += equal_card[card];
                equal_card[card] = 0;
            }
        }
        below += equal;
        start = end;
    }
}

/// The deck's hands, their classes and their pairs of ranks; `None` if a hand's class is not
/// among `classes`.
fn build_hands(cards: &[Card], classes: &[HandClass]) -> Option<Hands> {
    let mut hands = Hands {
        cards: Vec::new(),
        masks: Vec::new(),
        suited_masks: Vec::new(),
        class: Vec::new(),
        packed: Vec::new(),
        rank_pairs: Vec::new(),
        of_rank_pair: Vec::new(),
    };
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            let class = HandClass::of([a, b]);
            let index = classes.iter().position(|&c| c == class)?;
            let ranks = (a.rank().max(b.rank()), a.rank().min(b.rank()));
            let pair = match hands.rank_pairs.iter().position(|&r| r == ranks) {
                Some(pair) => pair,
                None => {
                    hands.rank_pairs.push(ranks);
                    hands.of_rank_pair.push(Vec::new());
                    hands.rank_pairs.len() - 1
                }
            };
            hands.of_rank_pair[pair].push(hands.cards.len() as u16);
            hands.cards.push([a, b]);
            let mask = 1u64 << a.index() | 1u64 << b.index();
            hands.masks.push(mask);
            hands
                .suited_masks
                .push(if a.suit() == b.suit() { mask } else { 0 });
            hands.class.push(index as u16);
            hands
                .packed
                .push(a.index() as u32 | (b.index() as u32) << 6 | (index as u32) << 12);
        }
    }
    Some(hands)
}

/// The sums of every class of `classes` against one random hand of `game`'s deck, over every
/// board, on the current rayon pool; `on_boards` is told (boards swept, in all) after each
/// piece of boards and `stop` asked before each: `None` when it said to stop.
pub(crate) fn class_sums_until_stopped(
    game: Game,
    classes: &[HandClass],
    on_boards: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Option<ClassSums> {
    match game.ranking() {
        HighRanking::Holdem(ranking) => sums_with(ranking, game, classes, on_boards, stop),
        HighRanking::ShortDeck(ranking) => sums_with(ranking, game, classes, on_boards, stop),
    }
}

/// [`class_sums_until_stopped`] with the game's ranking chosen.
fn sums_with<R: Ranking>(
    ranking: R,
    game: Game,
    classes: &[HandClass],
    on_boards: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Option<ClassSums> {
    let cards = game.spec().deck.cards();
    let hands = build_hands(&cards, classes)?;
    let boards = orbit_boards(&cards);
    let stub_size = cards.len() as u64 - 5;
    let total: u64 = boards.iter().map(|b| b.1).sum();
    let done = std::sync::atomic::AtomicU64::new(0);
    let pieces: Vec<Option<ClassSums>> = boards
        .par_chunks(PIECE)
        .map(|piece| {
            if stop.should_stop() {
                return None;
            }
            let mut sums = ClassSums::zero(classes.len());
            let mut scratch = Scratch::default();
            for (board, weight) in piece {
                sweep_board(
                    ranking,
                    (board, *weight),
                    &hands,
                    stub_size,
                    &mut scratch,
                    &mut sums,
                );
            }
            let swept: u64 = piece.iter().map(|b| b.1).sum();
            let so_far = done.fetch_add(swept, std::sync::atomic::Ordering::Relaxed) + swept;
            on_boards(so_far, total);
            Some(sums)
        })
        .collect();
    let mut sums = ClassSums::zero(classes.len());
    for piece in pieces {
        sums = sums.add(&piece?);
    }
    Some(sums)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_board_once() {
        let boards = orbit_boards(&engine::DeckKind::Standard.cards());
        assert_eq!(boards.len(), 134_459);
        assert_eq!(boards.iter().map(|b| b.1).sum::<u64>(), 2_598_960);
        let short = engine::DeckKind::Short.cards();
        assert_eq!(
            orbit_boards(&short).iter().map(|b| b.1).sum::<u64>(),
            376_992
        );
    }

    /// One board's sums counted the slow, obvious way: every hand against every other hand
    /// with no card in common, each valued in full.
    fn pairwise<R: Ranking>(ranking: R, board: &[Card; 5], hands: &Hands, n: usize) -> ClassSums {
        let mut sums = ClassSums::zero(n);
        let key = HandKey::of(board);
        let masks = board.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c));
        let board_mask: u64 = board.iter().map(|c| 1u64 << c.index()).sum();
        let strength =
            |[a, b]: [Card; 2]| ranking.evaluate_parts(key.with(a).with(b), masks.with(a).with(b));
        for (h, &hero) in hands.cards.iter().enumerate() {
            if hands.masks[h] & board_mask != 0 {
                continue;
            }
            let class = usize::from(hands.class[h]);
            for (v, &villain) in hands.cards.iter().enumerate() {
                if hands.masks[v] & (board_mask | hands.masks[h]) != 0 {
                    continue;
                }
                match strength(hero).cmp(&strength(villain)) {
                    std::cmp::Ordering::Greater => sums.wins[class] += 1,
                    std::cmp::Ordering::Equal => sums.ties[class] += 1,
                    std::cmp::Ordering::Less => {}
                }
                sums.boards[class] += 1;
            }
        }
        sums
    }

    /// One board's sums swept and counted pairwise.
    fn both_ways<R: Ranking>(
        ranking: R,
        board: &[Card; 5],
        hands: &Hands,
        stub: u64,
        classes: usize,
    ) -> (ClassSums, ClassSums) {
        let mut swept = ClassSums::zero(classes);
        let mut scratch = Scratch::default();
        sweep_board(ranking, (board, 1), hands, stub, &mut scratch, &mut swept);
        (swept, pairwise(ranking, board, hands, classes))
    }

    /// The sweep of single boards (rank-only hands, hands that may flush, a flush on the
    /// board, paired and trips boards, short deck's) against the pairwise count.
    #[test]
    fn each_board_sweeps_to_the_pairwise_count() {
        let short = Game::plain(engine::GameId::ShortDeck);
        let cases = [
            (Game::HOLDEM, "2c3c4c5d7h"),
            (Game::HOLDEM, "2c3d4h9sKs"),
            (Game::HOLDEM, "AcKcQcJc9d"),
            (Game::HOLDEM, "2c2d2h5s5c"),
            (Game::HOLDEM, "2c4c6c8cTc"),
            (Game::HOLDEM, "AsKsQsJsTs"),
            (short, "6c7c8c9dAh"),
            (short, "AcKcQcJc9c"),
            (short, "6s6h6dTcTs"),
        ];
        for (game, text) in cases {
            let classes = crate::class_pairs::classes(game);
            let cards = game.spec().deck.cards();
            let hands = build_hands(&cards, &classes).unwrap();
            let b = deck::parse_cards(text).unwrap();
            let board = [b[0], b[1], b[2], b[3], b[4]];
            let stub = cards.len() as u64 - 5;
            let n = classes.len();
            let (swept, slow) = match game.ranking() {
                HighRanking::Holdem(r) => both_ways(r, &board, &hands, stub, n),
                HighRanking::ShortDeck(r) => both_ways(r, &board, &hands, stub, n),
            };
            assert_eq!(swept, slow, "{text}");
        }
    }
}
