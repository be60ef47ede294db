//! Exact board counts by suit isomorphism: boards are counted by rank multiset, and only the
//! boards on which somebody holds a flush are looked at suit by suit.
//!
//! Without flushes a player's hand depends only on the ranks of the board, so every board with
//! the same multiset of new ranks gives the same showdown. The boards where a flush plays are
//! then corrected class by class:
//!
//! ```text
//!  count = Σ  multisets M of m new ranks     C(M) · outcome(non-flush strengths)
//!        + Σ  (suit s, k new s-cards) where some player reaches five s-cards:
//!            Σ  k-subsets S of the free s-cards,
//!               multisets N of m − k new ranks from the cards of the other suits:
//!                     C(N) · ( outcome(true strengths) − outcome(non-flush strengths) )
//!
//!  C(M) = Π over ranks r of binomial(free cards of rank r, count of r in M): the boards with M.
//! ```
//!
//! Why this is exact: a flush takes five cards of one suit out of a player's seven, so at least
//! three on the five-card board, and two suits cannot both have three of five. A board with k
//! new cards of suit s therefore lies in class (s, k) for at most one suit s in which anybody can
//! reach five; on that board the players who reach five (`hole s-cards + board s-cards ≥ 5`, the
//! same players for the whole class) hold a flush, which beats every hand they could make without
//! it (five of one suit among seven cards leave no room for quads or a full house), and nobody else
//! holds one. Every other board has no flush at all and is counted right by its multiset.
//!
//! Heads-up preflop this visits about 6,000 multisets and 12,000 suit-class boards instead of
//! 1,712,304 boards. Counts stay integers: the corrections are kept as separate sums to add
//! (`plus`) and to take away (`minus`), both non-negative, subtracted once at the end.

use std::ops::Add;

use deck::Card;
use eval::HandKey;

use crate::range::{Combo, combo_mask};
use crate::spot::{Spot, cards_mask};
use engine::{LocalCounts, MAX_PLAYERS};
use eval::{HighRanking, Ranking};

mod rank_sets;

use rank_sets::{RANKS, multisets, rank_card, subsets, ways};

/// Board cards to come at most.
const MAX_TO_DEAL: usize = 5;

/// Work items of one assignment: the multiset pass split by the lowest new rank, then one item
/// per suit class (suit, number of new cards of that suit).
pub const PARTS: usize = RANKS + 4 * (MAX_TO_DEAL + 1);

/// Counts to add and counts to take away; the result is `plus − minus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SignedCounts {
    /// Counts to add.
    pub plus: LocalCounts,
    /// Counts to take away.
    pub minus: LocalCounts,
}

impl Add for SignedCounts {
    type Output = SignedCounts;

    fn add(self, other: SignedCounts) -> SignedCounts {
        SignedCounts {
            plus: self.plus + other.plus,
            minus: self.minus + other.minus,
        }
    }
}

impl SignedCounts {
    /// `plus − minus`: the counts themselves once every part has been added.
    pub fn net(&self) -> LocalCounts {
        self.plus - self.minus
    }
}

/// The cards outside `used` (a mask by card index): how many of each rank, and each suit's
/// ranks as a 13-bit mask. A rank at a time from the mask, since a card's index is
/// `4 · rank + suit` (rank `r`'s four cards are bits `4r` to `4r + 3`); card by card it took
/// a tenth of an exact turn spot against a random hand.
fn free_cards(used: u64) -> ([u8; RANKS], [u16; 4]) {
    let mut by_rank = [0u8; RANKS];
    let mut suit_ranks = [0u16; 4];
    for (rank, free) in by_rank.iter_mut().enumerate() {
        let free_suits = !(used >> (4 * rank)) & 0xf;
        *free = free_suits.count_ones() as u8;
        for (suit, ranks) in suit_ranks.iter_mut().enumerate() {
            *ranks |= ((free_suits >> suit & 1) as u16) << rank;
        }
    }
    (by_rank, suit_ranks)
}

/// One assignment of hole cards, prepared for counting its boards.
#[derive(Debug, Clone)]
pub struct BoardCounter<'a> {
    holes: &'a [Combo],
    ranking: HighRanking,
    to_deal: usize,
    /// Key of the known board cards.
    board_key: HandKey,
    /// Cards of each rank that may still come.
    free_by_rank: [u8; RANKS],
    /// Per suit, the ranks that may still come.
    free_suit_ranks: [u16; 4],
    /// Per suit, the ranks on the known board.
    board_suit_ranks: [u16; 4],
    /// Per player and suit, the hole cards' ranks.
    hole_suit_ranks: [[u16; 4]; MAX_PLAYERS],
}

/// The 13-bit rank masks of `cards`, one per suit.
fn suit_ranks(cards: &[Card]) -> [u16; 4] {
    let mut out = [0u16; 4];
    for c in cards {
        out[usize::from(c.suit())] |= 1 << c.rank();
    }
    out
}

impl<'a> BoardCounter<'a> {
    /// The spot of `game` with player `p` holding `holes[p]`.
    pub fn new(game: &Spot, holes: &'a [Combo]) -> Self {
        debug_assert_eq!(holes.len(), game.players.len());
        let used = game.known_mask() | holes.iter().fold(0, |m, &h| m | combo_mask(h));
        let (free_by_rank, free_suit_ranks) = free_cards(used);
        let mut hole_suit_ranks = [[0u16; 4]; MAX_PLAYERS];
        for (masks, hole) in hole_suit_ranks.iter_mut().zip(holes) {
            *masks = suit_ranks(hole);
        }
        debug_assert_eq!(cards_mask(&game.board) & !used, 0);
        Self {
            holes,
            ranking: game.game.ranking(),
            to_deal: game.to_deal(),
            board_key: HandKey::of(&game.board),
            free_by_rank,
            free_suit_ranks,
            board_suit_ranks: suit_ranks(&game.board),
            hole_suit_ranks,
        }
    }

    /// Counts the boards of work item `part` (`0..PARTS`); the sum over all parts, netted, is the
    /// count of every board.
    pub fn count_part(&self, part: usize) -> SignedCounts {
        let mut counts = SignedCounts::default();
        self.add_part(part, &mut counts);
        counts
    }

    /// Counts every board, one part after another.
    pub fn count(&self) -> LocalCounts {
        let mut counts = SignedCounts::default();
        self.add_every_part(&mut counts);
        counts.net()
    }

    /// Adds the counts of every part to `counts`: [`BoardCounter::count`] without netting them,
    /// for a caller that adds the two sides to its own totals.
    pub fn add_every_part(&self, counts: &mut SignedCounts) {
        for part in 0..PARTS {
            self.add_part(part, counts);
        }
    }

    /// Adds the counts of work item `part` (`0..PARTS`) to `counts`, with the spot's ranking
    /// picked once.
    pub fn add_part(&self, part: usize, counts: &mut SignedCounts) {
        match self.ranking {
            HighRanking::Holdem(holdem) => self.add_part_with(holdem, part, counts),
            HighRanking::ShortDeck(evaluator) => self.add_part_with(evaluator, part, counts),
        }
    }

    /// [`BoardCounter::add_part`] under the ranking `strength`.
    fn add_part_with<S: Ranking>(&self, strength: S, part: usize, counts: &mut SignedCounts) {
        if part < RANKS {
            self.count_multisets(strength, part, &mut counts.plus);
        } else {
            let class = part - RANKS;
            let (suit, new) = (class / (MAX_TO_DEAL + 1), class % (MAX_TO_DEAL + 1));
            self.correct_flushes(strength, suit, new, counts);
        }
    }

    /// The multisets of new ranks whose lowest rank is `lowest` (the empty multiset belongs to
    /// part 0), each counted with non-flush strengths and its number of boards as weight.
    fn count_multisets<S: Ranking>(&self, strength: S, lowest: usize, out: &mut LocalCounts) {
        let visit = &mut |key: HandKey, weight: u64| {
            let mut ranks = [0u16; MAX_PLAYERS];
            self.rank_strengths(strength, key, &mut ranks);
            record(out, &ranks[..self.holes.len()], weight);
        };
        if self.to_deal == 0 {
            if lowest == 0 {
                visit(self.board_key, 1);
            }
            return;
        }
        let free = self.free_by_rank[lowest];
        let mut key = self.board_key;
        for count in 1..=usize::from(free).min(self.to_deal) {
            key = key.with(rank_card(lowest, count));
            multisets(
                &self.free_by_rank,
                lowest + 1,
                self.to_deal - count,
                key,
                ways(usize::from(free), count),
                visit,
            );
        }
    }

    /// Class (`suit`, `new` new cards of that suit): replaces the non-flush outcome of each of
    /// its boards by the true one, when somebody reaches five cards of the suit.
    fn correct_flushes<S: Ranking>(
        &self,
        strength: S,
        suit: usize,
        new: usize,
        counts: &mut SignedCounts,
    ) {
        if new > self.to_deal {
            return;
        }
        let on_board = self.board_suit_ranks[suit].count_ones() as usize;
        let mut flushers = 0u16;
        for (p, masks) in self.hole_suit_ranks[..self.holes.len()].iter().enumerate() {
            if masks[suit].count_ones() as usize + on_board + new >= 5 {
                flushers |= 1 << p;
            }
        }
        if flushers == 0 {
            return;
        }
        let free_suited = self.free_suit_ranks[suit];
        // The other new cards come from the other three suits.
        let mut others = self.free_by_rank;
        for (r, n) in others.iter_mut().enumerate() {
            *n -= (free_suited >> r & 1) as u8;
        }
        let mut visit_subset = |key: HandKey, subset: u16| {
            let board_suited = self.board_suit_ranks[suit] | subset;
            multisets(
                &others,
                0,
                self.to_deal - new,
                key,
                1,
                &mut |key, weight| {
                    let mut plain = [0u16; MAX_PLAYERS];
                    self.rank_strengths(strength, key, &mut plain);
                    let mut true_ranks = plain;
                    for (p, rank) in true_ranks[..self.holes.len()].iter_mut().enumerate() {
                        if flushers >> p & 1 == 1 {
                            *rank = strength
                                .flush_strength(self.hole_suit_ranks[p][suit] | board_suited);
                        }
                    }
                    let players = self.holes.len();
                    record(&mut counts.plus, &true_ranks[..players], weight);
                    record(&mut counts.minus, &plain[..players], weight);
                },
            );
        };
        subsets(free_suited, new, 0, self.board_key, 0, &mut visit_subset);
    }

    /// Every player's best hand without flushes on the board summarised by `key`.
    #[inline(always)]
    fn rank_strengths<S: Ranking>(
        &self,
        strength: S,
        key: HandKey,
        ranks: &mut [u16; MAX_PLAYERS],
    ) {
        for (rank, hole) in ranks.iter_mut().zip(self.holes) {
            *rank = strength.rank_strength(key.with(hole[0]).with(hole[1]));
        }
    }
}

/// Records one showdown that stands for `weight` boards.
#[inline(always)]
fn record(local: &mut LocalCounts, ranks: &[u16], weight: u64) {
    if let [a, b] = *ranks {
        local.outcomes += weight;
        local.shares[0][1] += weight * u64::from(a > b);
        local.shares[1][1] += weight * u64::from(b > a);
        local.shares[0][2] += weight * u64::from(a == b);
        local.shares[1][2] += weight * u64::from(a == b);
    } else {
        local.record_weighted(ranks, weight);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumeration::{enumerate, enumerate_every_board};
    use crate::range::{Range, WEIGHT_SCALE};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A random card not in `used`, from `suit` half of the time: flush-heavy spots exercise
    /// the corrections.
    fn draw(rng: &mut Xoshiro256PlusPlus, used: &mut u64, suit: u8) -> Card {
        loop {
            let card = if rng.random_bool(0.5) {
                Card::new(rng.random_range(0..13), suit)
            } else {
                Card::from_index(rng.random_range(0..52))
            };
            if *used & 1 << card.index() == 0 {
                *used |= 1 << card.index();
                return card;
            }
        }
    }

    /// A random spot: 2 to 4 players, a board of 0, 3, 4 or 5 cards, up to 3 dead cards; with
    /// `ranges`, each player gets up to `ranges` weighted combos instead of one hand.
    fn random_game(rng: &mut Xoshiro256PlusPlus, ranges: usize) -> Option<Spot> {
        let suit = rng.random_range(0..4);
        let mut used = 0u64;
        let board_len = [0, 3, 4, 5][rng.random_range(0..4)];
        let board: Vec<Card> = (0..board_len).map(|_| draw(rng, &mut used, suit)).collect();
        let dead: Vec<Card> = (0..rng.random_range(0..4))
            .map(|_| draw(rng, &mut used, suit))
            .collect();
        let players = (0..rng.random_range(2..5))
            .map(|p| {
                let count = if ranges == 0 {
                    1
                } else {
                    rng.random_range(1..=ranges)
                };
                let mut range = Range {
                    text: format!("p{p}"),
                    combos: Vec::new(),
                    weights: Vec::new(),
                    random: false,
                };
                for _ in 0..count {
                    // Combos of one range may overlap other ranges, not the board or dead cards.
                    let mut mine = used;
                    let (a, b) = (draw(rng, &mut mine, suit), draw(rng, &mut mine, suit));
                    let combo = if a < b { [a, b] } else { [b, a] };
                    if !range.combos.contains(&combo) {
                        range.combos.push(combo);
                        range.weights.push(if ranges == 0 {
                            WEIGHT_SCALE
                        } else {
                            rng.random_range(1..=WEIGHT_SCALE)
                        });
                    }
                }
                if ranges == 0 {
                    used |= combo_mask(range.combos[0]);
                }
                range
            })
            .collect();
        Spot::new(players, board, dead).ok()
    }

    fn assert_same_counts(rng: &mut Xoshiro256PlusPlus, spots: usize, ranges: usize) {
        let mut checked = 0;
        while checked < spots {
            let Some(game) = random_game(rng, ranges) else {
                continue;
            };
            // Keep the plain enumeration affordable: preflop only with fixed hands.
            if ranges > 0 && game.board.is_empty() {
                continue;
            }
            let assignments = game.assignments(u128::MAX).unwrap();
            if assignments.is_empty() {
                continue;
            }
            assert_eq!(
                enumerate(&game, &assignments),
                enumerate_every_board(&game, &assignments),
                "{:?} board {:?} dead {:?}",
                game.players.iter().map(|r| &r.combos).collect::<Vec<_>>(),
                game.board,
                game.dead
            );
            checked += 1;
        }
    }

    /// The grouped count equals the plain enumeration exactly (every win, split and outcome),
    /// on random fixed-hand spots with 2 to 4 players, every board size and dead cards, half
    /// their cards drawn from one suit so that flushes are frequent.
    #[test]
    fn grouped_counts_equal_every_board_with_fixed_hands() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2024);
        assert_same_counts(&mut rng, 160, 0);
    }

    /// The same with weighted ranges, up to 12 combos per player: many assignments, so one work
    /// item per assignment instead of parts.
    #[test]
    fn grouped_counts_equal_every_board_with_ranges() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        assert_same_counts(&mut rng, 60, 12);
    }

    /// The free cards by rank and by suit, from the mask, are those found card by card.
    #[test]
    fn free_cards_are_those_outside_the_mask() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for round in 0..2_000 {
            let used = match round {
                0 => 0,
                1 => (1 << Card::COUNT) - 1,
                _ => rng.random::<u64>() & rng.random::<u64>() & ((1 << Card::COUNT) - 1),
            };
            let mut by_rank = [0u8; RANKS];
            let mut suit_ranks = [0u16; 4];
            for card in Card::all().filter(|c| used & 1 << c.index() == 0) {
                by_rank[usize::from(card.rank())] += 1;
                suit_ranks[usize::from(card.suit())] |= 1 << card.rank();
            }
            assert_eq!(free_cards(used), (by_rank, suit_ranks), "{used:#x}");
        }
    }

    /// Every part's corrections take away only what the multiset pass added, and the parts add
    /// up to every board.
    #[test]
    fn parts_add_up_to_every_board() {
        let game = Spot::new(
            vec![
                Range::parse("Jc5c").unwrap(),
                Range::parse("QdTd").unwrap(),
                Range::parse("2c2d").unwrap(),
            ],
            vec![],
            vec![],
        )
        .unwrap();
        let holes: Vec<Combo> = game.players.iter().map(|r| r.combos[0]).collect();
        let spot = BoardCounter::new(&game, &holes);
        let total = (0..PARTS)
            .map(|p| spot.count_part(p))
            .fold(SignedCounts::default(), Add::add);
        assert_eq!(total.net(), spot.count());
        assert_eq!(spot.count().outcomes, 1_370_754);
        assert!(total.minus.outcomes > 0 && total.minus.outcomes < total.plus.outcomes);
    }
}
