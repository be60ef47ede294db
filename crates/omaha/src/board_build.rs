//! The seeded Monte Carlo builds of the Omaha rankings of four-card hands
//! ([`crate::plo4_ranking`], high; [`crate::plo4_hilo`], hi/lo pot share), five-card hands
//! ([`crate::plo5_ranking`]) and six-card hands ([`crate::plo6_ranking`]): every class's
//! representative against one random hand of as many cards, board by board.
//!
//! ```text
//!  chunk c            boards [c·B, (c+1)·B) of the build (B = BUILD_CHUNK_BOARDS), one stream:
//!                     chunk_rng(job_seed(seed, job), c), job "PLO4", "PLO5" or "PLO6"
//!  a board            five cards by partial Fisher–Yates from the stream, then V villains of
//!                     N of the other 47 cards, each dealt the same way (N = 4: V = 8;
//!                     N = 5: V = 16; N = 6: V = 24)
//!  class k, a board   when the board misses the class's representative (C(52-N,5)/C(52,5):
//!                     about 65.9 % of boards with four cards, 59.0 % with five, 52.7 % with
//!                     six): one showdown against the first villain that misses it too
//!                     (uniform among the hands that fit); none fits about once in 12,000
//!                     boards (N = 4), 400,000 (N = 5) or 315,000 (N = 6)
//!  shard i of n       the chunks c with c mod n = i
//!  result             integer counts per class, added up: shards merge to the whole build
//! ```
//!
//! A class's rounds are the boards that miss its cards: independent, each uniform among the
//! boards that miss them, with a villain uniform among the hands that fit (whether a villain
//! fits does not depend on the board), so each is a deal of `sim equity --game omaha HAND
//! random` (`omaha5` with five cards) and the counts keep their meaning (rounds, wins, ties; or
//! quarter pots). Every class plays on every board it fits, so a board and its villains are
//! prepared once for about 10,800 showdowns (79,000 with five cards) instead of once for one,
//! and the representative's hand once per build; the
//! showdowns are those of [`crate::showdown`]'s evaluator ([`Hole`], [`Board`]).
//! Neither the threads nor the shards change which cards a round deals.

use deck::Card;
use deck::uniform::below_u32;
use engine::Watch;
pub use engine::class_build::BuildPlan;
use engine::pot_counts::PotCounts;
use engine::seed::{chunk_rng, job_seed};
use rand_xoshiro::rand_core::RngCore;
use rayon::prelude::*;
use std::sync::OnceLock;

use engine::HandRule;

use crate::evaluate::{Board, Hole};
use crate::plo4_ranking::ClassCounts;
use crate::tables::Tables;
use crate::{plo4_classes, plo5_classes, plo6_classes};

/// Boards per chunk of a build.
pub const BUILD_CHUNK_BOARDS: u64 = 256;

/// Chunks a thread plays between two looks at the stop signal and two progress reports (a
/// piece is this many for each thread of the pool).
const PIECE_CHUNKS: usize = 4;

/// The hands of a build: four or five cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoleSize {
    /// Four-card Omaha's 16,432 classes.
    Four,
    /// Five-card Omaha's 134,459 classes.
    Five,
    /// Six-card Omaha's 962,988 classes.
    Six,
}

impl HoleSize {
    /// The cards of a hand: 4, 5 or 6.
    pub fn cards(self) -> usize {
        match self {
            Self::Four => 4,
            Self::Five => 5,
            Self::Six => 6,
        }
    }

    /// The classes of the build.
    pub fn class_count(self) -> usize {
        match self {
            Self::Four => plo4_classes::class_count(),
            Self::Five => plo5_classes::class_count(),
            Self::Six => plo6_classes::class_count(),
        }
    }
}

/// The job whose chunk streams deal a build's boards: "PLO4", "PLO5" or "PLO6".
const fn board_job(cards: usize) -> u64 {
    0x504C_4F30 + cards as u64
}

/// The boards this shard of `plan` deals (`plan.rounds` is the boards of the whole build).
pub fn own_boards(plan: &BuildPlan) -> u64 {
    plan.own_rounds_of(BUILD_CHUNK_BOARDS)
}

/// A card's bit in a 52-bit mask.
#[inline(always)]
fn bit(card: Card) -> u64 {
    1 << card.index()
}

/// Deals the next board of a chunk: five cards to the front of `deck` by partial Fisher–Yates
/// (the deck kept as it is for the next board).
#[inline(always)]
fn deal_board<R: RngCore>(rng: &mut R, deck: &mut [Card; 52]) {
    for i in 0..5 {
        let j = i + below_u32(rng, (52 - i) as u32) as usize;
        deck.swap(i, j);
    }
}

/// A hand of four or five cards prepared for Omaha's two-plus-three rule: four cards without
/// a branch ([`Hole::of_four`]), more through [`Hole::new`]; the same strengths either way.
#[inline(always)]
fn prepared(cards: &[Card]) -> Hole {
    match *cards {
        [a, b, c, d] => Hole::of_four(&[a, b, c, d]),
        _ => Hole::new(cards, HandRule::TwoPlusThree),
    }
}

/// Most villains dealt for a board.
const MAX_VILLAINS: usize = 24;

/// Villains dealt for each board of hands of `cards` cards: a class plays the first that misses
/// its cards (a bigger villain misses a bigger hero less often, so more are dealt).
const fn villains(cards: usize) -> usize {
    match cards {
        4 => 8,
        5 => 16,
        _ => MAX_VILLAINS,
    }
}

/// Deals a villain: `N` of the 47 cards after the board in `deck` to its places from 5 on, by
/// partial Fisher–Yates (the deck kept as it is for the next), each uniform and independent of
/// the villains before it.
#[inline(always)]
fn deal_villain<R: RngCore, const N: usize>(rng: &mut R, deck: &mut [Card; 52]) -> [Card; N] {
    std::array::from_fn(|i| {
        let i = 5 + i;
        let j = i + below_u32(rng, (52 - i) as u32) as usize;
        deck.swap(i, j);
        deck[i]
    })
}

/// A board's villains prepared: their cards' masks and their strengths on the board.
struct Villains {
    masks: [u64; MAX_VILLAINS],
    high: [u16; MAX_VILLAINS],
    low: [u8; MAX_VILLAINS],
}

impl Villains {
    /// Deals [`villains`] villains of `N` cards after the board in `deck` and evaluates them on
    /// `board`; the places past them miss no hero.
    #[inline(always)]
    fn deal<R: RngCore, const N: usize>(
        rng: &mut R,
        deck: &mut [Card; 52],
        board: &Board,
    ) -> Villains {
        let tables = Tables::get();
        let mut out = Villains {
            masks: [!0; MAX_VILLAINS],
            high: [0; MAX_VILLAINS],
            low: [0; MAX_VILLAINS],
        };
        for v in 0..villains(N) {
            let cards: [Card; N] = deal_villain(rng, deck);
            let hole = prepared(&cards);
            out.masks[v] = cards.iter().map(|&c| bit(c)).sum();
            out.high[v] = hole.high(tables, board);
            out.low[v] = hole.low(tables, board);
        }
        out
    }

    /// The first of the villains dealt for `N`-card hands that misses `hero` (a mask), if any.
    #[inline(always)]
    fn first_missing<const N: usize>(&self, hero: u64) -> Option<usize> {
        let fits =
            (0..villains(N)).fold(0u32, |f, v| f | u32::from(self.masks[v] & hero == 0) << v);
        (fits != 0).then(|| fits.trailing_zeros() as usize)
    }
}

/// Every class's representative, prepared once.
struct Heroes {
    holes: Vec<Hole>,
    masks: Vec<u64>,
}

impl Heroes {
    /// The prepared hands of `representatives`.
    fn of<const N: usize>(representatives: impl Iterator<Item = [Card; N]>) -> Heroes {
        let (holes, masks) = representatives
            .map(|cards| {
                let hole = prepared(&cards);
                (hole, cards.iter().map(|&x| bit(x)).sum::<u64>())
            })
            .unzip();
        Heroes { holes, masks }
    }
}

/// The classes' representatives of `N`-card hands, prepared once.
fn heroes<const N: usize>() -> &'static Heroes {
    static FOUR: OnceLock<Heroes> = OnceLock::new();
    static FIVE: OnceLock<Heroes> = OnceLock::new();
    static SIX: OnceLock<Heroes> = OnceLock::new();
    fn of<const N: usize>(count: usize, representative: fn(usize) -> [Card; N]) -> Heroes {
        Heroes::of((0..count).map(representative))
    }
    match N {
        4 => FOUR.get_or_init(|| of(plo4_classes::class_count(), plo4_classes::representative)),
        5 => FIVE.get_or_init(|| of(plo5_classes::class_count(), plo5_classes::representative)),
        _ => SIX.get_or_init(|| of(plo6_classes::class_count(), plo6_classes::representative)),
    }
}

/// A class's counts, one showdown at a time.
pub trait Showdowns: Copy + Default + Send + std::ops::Add<Output = Self> {
    /// Whether the showdowns split the pot high and low.
    const HILO: bool;
    /// Records one showdown: the hero's and the villain's high strengths, then their lows (0 =
    /// none; both 0 when not [`Showdowns::HILO`]).
    fn record(&mut self, hero: u16, villain: u16, hero_low: u8, villain_low: u8);
}

impl Showdowns for ClassCounts {
    const HILO: bool = false;

    #[inline(always)]
    fn record(&mut self, hero: u16, villain: u16, _: u8, _: u8) {
        self.rounds += 1;
        self.wins += u64::from(hero > villain);
        self.ties += u64::from(hero == villain);
    }
}

impl Showdowns for PotCounts {
    const HILO: bool = true;

    /// The hero's quarter pots: the high half (the whole pot when no low qualifies) and the
    /// eight-or-better low half, each split between tied hands.
    #[inline(always)]
    fn record(&mut self, hero: u16, villain: u16, hero_low: u8, villain_low: u8) {
        let split = hero_low.max(villain_low) != 0;
        let half = if split { 2 } else { 4 };
        let high = match hero.cmp(&villain) {
            std::cmp::Ordering::Greater => half,
            std::cmp::Ordering::Equal => half / 2,
            std::cmp::Ordering::Less => 0,
        };
        let low = match hero_low.cmp(&villain_low) {
            _ if !split => 0,
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        };
        let units = high + low;
        self.rounds += 1;
        self.pot_units += units;
        self.square_units += units * units;
    }
}

/// Deals chunk `c` of `plan` and adds the showdowns of the `N`-card classes from `first` on
/// to `counts` (one per class; every class in a build).
#[inline(never)]
fn play_chunk<T: Showdowns, const N: usize>(
    plan: &BuildPlan,
    c: u64,
    first: usize,
    counts: &mut [T],
) {
    let tables = Tables::get();
    let heroes = heroes::<N>();
    let mut rng = chunk_rng(job_seed(plan.seed, board_job(N)), c);
    let mut deck: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8));
    for _ in 0..plan.rounds_in_of(c, BUILD_CHUNK_BOARDS) {
        deal_board(&mut rng, &mut deck);
        let cards = [deck[0], deck[1], deck[2], deck[3], deck[4]];
        let on_board: u64 = cards.iter().map(|&x| bit(x)).sum();
        let board = Board::new(&cards);
        let villains = Villains::deal::<_, N>(&mut rng, &mut deck, &board);
        let holes = heroes.holes[first..].iter().zip(&heroes.masks[first..]);
        for ((hero, &mask), count) in holes.zip(counts.iter_mut()) {
            if mask & on_board != 0 {
                continue;
            }
            let Some(v) = villains.first_missing::<N>(mask) else {
                continue;
            };
            let hero_low = if T::HILO { hero.low(tables, &board) } else { 0 };
            count.record(
                hero.high(tables, &board),
                villains.high[v],
                hero_low,
                villains.low[v],
            );
        }
    }
}

/// Plays `plan` on the current rayon pool for the `N`-card classes `classes`: their counts, in
/// class order, telling `on_boards` (boards dealt, of this shard's) as it goes; `None` when
/// `stop` said to stop. A class's counts do not depend on which other classes are played.
fn build<T: Showdowns, const N: usize>(
    plan: &BuildPlan,
    classes: std::ops::Range<usize>,
    on_boards: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Option<Vec<T>> {
    let first = classes.start;
    let classes = classes.len();
    let chunks: Vec<u64> = plan.own_chunks_of(BUILD_CHUNK_BOARDS).collect();
    let total = own_boards(plan);
    let mut counts = vec![T::default(); classes];
    let mut done = 0;
    on_boards(0, total);
    for piece in chunks.chunks(PIECE_CHUNKS * rayon::current_num_threads()) {
        let zero = || vec![T::default(); classes];
        let sums = piece
            .par_iter()
            .fold(zero, |mut acc, &c| {
                play_chunk::<T, N>(plan, c, first, &mut acc);
                acc
            })
            .reduce(zero, |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x = *x + y);
                a
            });
        counts.iter_mut().zip(sums).for_each(|(x, y)| *x = *x + y);
        done += piece
            .iter()
            .map(|&c| plan.rounds_in_of(c, BUILD_CHUNK_BOARDS))
            .sum::<u64>();
        on_boards(done, total);
        if stop.should_stop() {
            return None;
        }
    }
    Some(counts)
}

/// Plays `plan` (`plan.rounds` boards in all) for the hands of `size` on the current rayon
/// pool: every class's counts, in class order, telling `on_boards` (boards dealt, of this
/// shard's) as it goes; `None` when `stop` said to stop. High only ([`ClassCounts`]), or in
/// Omaha hi/lo ([`PotCounts`], `sim equity --game omaha-hilo HAND random`): every class's pot
/// share in quarter pots, the high half and the eight-or-better low half each split among ties,
/// the whole pot to the high when no low qualifies.
pub fn build_until_stopped<T: Showdowns>(
    size: HoleSize,
    plan: &BuildPlan,
    on_boards: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Option<Vec<T>> {
    let classes = 0..size.class_count();
    match size {
        HoleSize::Four => build::<T, 4>(plan, classes, on_boards, stop),
        HoleSize::Five => build::<T, 5>(plan, classes, on_boards, stop),
        HoleSize::Six => build::<T, 6>(plan, classes, on_boards, stop),
    }
}

#[cfg(test)]
pub(crate) mod tests;
