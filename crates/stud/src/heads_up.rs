//! The heads-up Monte Carlo loop: two players with known cards only (no ranges, no shared
//! card), the hot path of stud equity.
//!
//! Each round deals both players' missing cards in one partial Fisher–Yates ([`deck::Dealer`]:
//! one random word for up to eleven cards, two words beyond), folding each card straight into
//! its player's summary, and sorts the showdown into one of twelve outcome classes:
//!
//! ```text
//!  class = 4 · main + low      main: 0 first player better, 1 tie, 2 second player better
//!                               low:  0 no low at all, 1 first better (or alone), 2 tie,
//!                                     3 second better (or alone)         (0 outside hi/lo)
//! ```
//!
//! The classes are counted in a local array and turned into pot units once per chunk, each by
//! recording one showdown of that class as many times as it occurred: the same counts as
//! recording every showdown, for a fraction of the work.
//!
//! When both players lack the same number of cards (the usual case: both on the same street),
//! [`even`] deals [`KeyedCard`]s instead of cards (each dealt card joins its player's key with
//! one register addition; the suit a player holds most of is marked, so its flushes come without
//! a branch) and, with at most four cards lacking, reads each player's hands from a small table
//! of their own ([`crate::dealt_table`]); the same random words give the same picks, so the
//! same rounds and the same counts.

use deck::{Card, Dealer, Deck};
use engine::Chunk;
use eval::{CardKeys, HandKey, KeyedCard, KeyedSum, SuitMasks, evaluate_parts, flush_strength};

use crate::dealt_table::{self, DealtTables, MAX_DEALT};
use crate::ranking::{Ranking, Strength};
use crate::tally::LocalTally;

/// Most cards one [`Dealer`] deals from a random word.
const ONE_WORD: usize = 11;

/// Outcome classes of a heads-up showdown.
const CLASSES: usize = 12;

/// Plays `chunk` heads-up: the first `first_cards` dealt cards go to the first player, the rest
/// to the second; `base` holds each player's known cards. `deal` cards are dealt per round
/// (1 to 14).
///
/// `tables`, from [`tables`], holds each player's hands when both lack the same number of cards,
/// at most [`MAX_DEALT`] each.
pub(crate) fn play<R: Ranking>(
    template: &Deck,
    deal: usize,
    first_cards: usize,
    known: [&[Card]; 2],
    tables: Option<&DealtTables>,
    chunk: Chunk,
) -> LocalTally {
    let base = Base {
        keys: known.map(HandKey::of),
        suits: known.map(|cards| cards.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c))),
        first_cards,
    };
    macro_rules! dispatch {
        ($lows:expr; $($k:literal)* ; $($k2:literal $rest:literal)*) => {
            match deal {
                $($k => one_word::<R, $k>(template, &base, $lows, chunk),)*
                $($k2 => two_words::<R, $k2, $rest>(template, &base, $lows, chunk),)*
                _ => unreachable!("heads-up players lack 1 to 14 cards"),
            }
        };
    }
    // Without dead cards the known cards are the players' own, `14 − 2M`: a constant, and so
    // are the dealers' bounds.
    let no_dead = template.known() + deal == 14;
    macro_rules! even {
        ($packer:expr; $($m:literal $a:literal $b:literal)*) => {
            match (first_cards, no_dead) {
                $(($m, true) => even::<R, _, $m, $a, $b, true>(template, &base, $packer, chunk),
                  ($m, false) => even::<R, _, $m, $a, $b, false>(template, &base, $packer, chunk),)*
                _ => unreachable!("heads-up players lack 1 to 7 cards each"),
            }
        };
    }
    // The lows' table is fetched (and built, on first use) only by the paths that read it.
    let classes = if let Some(tables) = tables.filter(|_| 2 * first_cards == deal) {
        even!(tables; 1 2 0 2 4 0 3 6 0 4 8 0)
    } else if 2 * first_cards == deal {
        even!(Lows::<R>(R::lows()); 1 2 0 2 4 0 3 6 0 4 8 0 5 10 0 6 11 1 7 11 3)
    } else {
        dispatch!(R::lows(); 1 2 3 4 5 6 7 8 9 10 11; 12 1 13 2 14 3)
    };
    let mut tally = LocalTally::new(2);
    const MAIN: [[u32; 2]; 3] = [[2, 1], [1, 1], [1, 2]];
    const LOW: [[u8; 2]; 4] = [[0, 0], [2, 1], [1, 1], [1, 2]];
    for (class, &times) in classes.iter().enumerate() {
        if times > 0 {
            tally.record_times(
                &MAIN[class / 4],
                R::HILO.then_some(&LOW[class % 4][..]),
                times,
            );
        }
    }
    tally
}

/// The players' known cards, summarised.
struct Base {
    keys: [HandKey; 2],
    suits: [SuitMasks; 2],
    first_cards: usize,
}

/// The outcome class of the showdown dealt in `deck`: the `K` cards after the `known` ones,
/// read back from their slots, each player's in a loop of its own (no per-card choice of
/// player).
#[inline(always)]
fn showdown<R: Ranking, const K: usize>(
    base: &Base,
    lows: R::Lows,
    keys: CardKeys,
    known: usize,
    deck: &Deck,
) -> usize {
    let dealt: &[Card; K] = deck.cards()[known..known + K]
        .try_into()
        .unwrap_or_else(|_| unreachable!("K cards after the known ones"));
    let (mine, theirs) = dealt.split_at(base.first_cards);
    let a = mine.iter().fold(base.keys[0], |k, &c| k.with_keys(keys, c));
    let b = theirs
        .iter()
        .fold(base.keys[1], |k, &c| k.with_keys(keys, c));
    let suits = |known: SuitMasks, dealt: &[Card]| dealt.iter().fold(known, |m, &c| m.with(c));
    let a = R::fast_value(a, lows, || suits(base.suits[0], mine));
    let b = R::fast_value(b, lows, || suits(base.suits[1], theirs));
    class::<R>(a, b)
}

/// Both players lack `M` cards: `A` cards a round from one random word (`A = min(2M, 11)`)
/// and `B = 2M − A` from a second, counted by outcome class.
///
/// The deck is dealt as [`KeyedCard`]s, each card's evaluator key with the card beside it, so
/// each dealt card is added to its player's key straight from the swap (one register addition,
/// the player known at compile time); the cards are read back from their slots only when a
/// player may hold a flush.
///
/// `NO_DEAD`: the deck's known cards are the players' own `14 − 2M`, a constant.
#[inline(never)]
fn even<
    R: Ranking,
    P: Packer<R>,
    const M: usize,
    const A: usize,
    const B: usize,
    const NO_DEAD: bool,
>(
    template: &Deck,
    base: &Base,
    packer: P,
    chunk: Chunk,
) -> [u64; CLASSES] {
    const { assert!(A + B == 2 * M && A <= ONE_WORD && (B == 0 || A == ONE_WORD)) };
    let mut rng = chunk.rng;
    let known = if NO_DEAD {
        14 - 2 * M
    } else {
        template.known()
    };
    debug_assert_eq!(known, template.known());
    // The unknown cards first, in the deck's order, and the known ones after them as dead
    // cards: the dealers' bounds, and so their picks, are the deck's, and the slots start at a
    // fixed place in the frame (no register holds where the unknown cards begin).
    let cards = template.cards();
    let marked = marked_suit(base);
    let mut slots: [KeyedCard; 52] =
        std::array::from_fn(|i| KeyedCard::new(cards[(known + i) % 52], marked));
    let mut classes = [0u64; CLASSES];
    let (mut first_better, mut ties) = (0u64, 0u64);
    let first = Dealer::<A>::with_dead(0, known);
    let second = Dealer::<B>::with_dead(A, known);
    let add = |offset: usize| {
        move |mut sums: [KeyedSum; 2], j: usize, card: KeyedCard| {
            let player = usize::from(offset + j >= M);
            sums[player] = sums[player].with(card);
            sums
        }
    };
    // Each round's sums start from the whole known hands where a flush or the evaluator's
    // tables need the whole key: the dealt cards then complete it with nothing more to add.
    let hands = [0, 1].map(|p| packer.start(base.keys[p], base.suits[p].ranks(marked)));
    for _ in 0..chunk.rounds {
        let mut sums = first.deal_fold_slots::<false, _, _, _>(&mut slots, &mut rng, hands, add(0));
        if B > 0 {
            sums = second.deal_fold_slots::<false, _, _, _>(&mut slots, &mut rng, sums, add(A));
        }
        let pa = packer.packed(0, sums[0]);
        let pb = packer.packed(1, sums[1]);
        let (mine, theirs) = (&slots[..M], &slots[M..2 * M]);
        let a = R::from_packed(pa, |r| high(r, sums[0], base.suits[0], marked, mine));
        let b = R::from_packed(pb, |r| high(r, sums[1], base.suits[1], marked, theirs));
        if R::HILO {
            // The lows come from the packed values: in the tables they are codes, not the
            // lows' values that `a.low` and `b.low` would read.
            let main = usize::from(a.main <= b.main) + usize::from(a.main < b.main);
            classes[4 * main + packer.low_class(a, b, pa, pb)] += 1;
        } else {
            // Three classes only: two counts in registers, the third by difference.
            first_better += u64::from(a.main > b.main);
            ties += u64::from(a.main == b.main);
        }
    }
    if !R::HILO {
        classes[class::<R>(TOP, BOTTOM)] = first_better;
        classes[class::<R>(TOP, TOP)] = ties;
        classes[class::<R>(BOTTOM, TOP)] = chunk.rounds - first_better - ties;
    }
    classes
}

/// The best high hand of a player whose best non-flush hand is `ranks`, whose whole hand sums
/// to `hand` ([`KeyedSum::of_hand`] of the known cards, the dealt ones added), whose dealt
/// cards lie in `slots` (exactly those), and whose known cards' suit masks are `known`. A flush
/// in the `marked` suit is read from the hand's marked ranks and chosen without a branch; one
/// in another suit (rare once the suit most likely to flush is marked) reads the cards back.
#[inline(always)]
fn high(ranks: u32, hand: KeyedSum, known: SuitMasks, marked: u8, slots: &[KeyedCard]) -> u32 {
    let key = hand.key();
    let flush = flush_strength(hand.marked_ranks());
    let take = u32::from(key.has_flush_in(marked)).wrapping_neg();
    let high = u32::from(flush.value()) & take | ranks & !take;
    if key.has_flush_outside(marked) {
        flush_outside(key, known, slots)
    } else {
        high
    }
}

/// The best high hand of [`high`]'s player when five cards share a suit other than the
/// marked one: the dealt cards read back from their slots.
#[cold]
#[inline(never)]
fn flush_outside(key: HandKey, known: SuitMasks, slots: &[KeyedCard]) -> u32 {
    let suits = slots.iter().fold(known, |m, c| m.with(c.card()));
    u32::from(evaluate_parts(key, suits).value())
}

/// The suit whose flushes a round reads without a branch: the one a player holds most of
/// (the first player's, then the lower suit, on ties).
fn marked_suit(base: &Base) -> u8 {
    let mut best = (0, 0u8);
    for suits in base.suits {
        for suit in 0..4u8 {
            let held = suits.ranks(suit).count_ones();
            if held > best.0 {
                best = (held, suit);
            }
        }
    }
    best.1
}

/// Strengths for naming classes: a better and a worse one.
const TOP: Strength = Strength { main: 1, low: 0 };
const BOTTOM: Strength = Strength { main: 0, low: 0 };

/// `K` cards a round from one random word (`K <= 11`), counted by outcome class.
///
/// One deck: dealing two decks card by card across both ([`Dealer::deal_lanes`]) to overlap
/// one round's table loads with the other's dealing measured slower (184 instead of 166
/// instructions a round, and about 30 % more time, heads-up on third street).
#[inline(never)]
fn one_word<R: Ranking, const K: usize>(
    template: &Deck,
    base: &Base,
    lows: R::Lows,
    chunk: Chunk,
) -> [u64; CLASSES] {
    let mut rng = chunk.rng;
    let known = template.known();
    let keys = CardKeys::opaque();
    let mut classes = [0u64; CLASSES];
    let dealer = Dealer::<K>::new(known);
    let mut deck = template.clone();
    for _ in 0..chunk.rounds {
        dealer.deal_fold(&mut deck, &mut rng, (), |(), _| ());
        classes[showdown::<R, K>(base, lows, keys, known, &deck)] += 1;
    }
    classes
}

/// `K` cards a round, eleven from one random word and `REST` from a second, counted by outcome
/// class.
#[inline(never)]
fn two_words<R: Ranking, const K: usize, const REST: usize>(
    template: &Deck,
    base: &Base,
    lows: R::Lows,
    chunk: Chunk,
) -> [u64; CLASSES] {
    debug_assert_eq!(K, ONE_WORD + REST);
    let mut rng = chunk.rng;
    let mut deck = template.clone();
    let known = deck.known();
    let keys = CardKeys::opaque();
    let mut classes = [0u64; CLASSES];
    let first = Dealer::<ONE_WORD>::new(known);
    let second = Dealer::<REST>::new(known + ONE_WORD);
    for _ in 0..chunk.rounds {
        first.deal_fold(&mut deck, &mut rng, (), |(), _| ());
        second.deal_fold(&mut deck, &mut rng, (), |(), _| ());
        classes[showdown::<R, K>(base, lows, keys, known, &deck)] += 1;
    }
    classes
}

/// The two players' tables for [`play`], when both lack the same number of cards (at most
/// [`MAX_DEALT`] each) and a multiplier gives both a perfect hash.
pub(crate) fn tables<R: Ranking>(known: [&[Card]; 2], lacking: [usize; 2]) -> Option<DealtTables> {
    if lacking[0] != lacking[1] || lacking[0] > MAX_DEALT {
        return None;
    }
    DealtTables::new::<R>(known, lacking[0])
}

/// Where a showdown's packed non-flush strengths ([`Ranking::packed`] of `R`) come from.
trait Packer<R: Ranking>: Copy {
    /// Where a round's sum of a player's cards starts, for a player whose known cards' key is
    /// `known` and whose known cards of the marked suit have ranks `marked_ranks`: the whole
    /// known hand ([`KeyedSum::of_hand`]), or nothing where neither the packer nor `R` reads
    /// the whole key.
    fn start(self, known: HandKey, marked_ranks: u16) -> KeyedSum;

    /// The packed strength of `player`'s hand, summed by `hand` ([`Packer::start`] and the
    /// dealt cards).
    fn packed(self, player: usize, hand: KeyedSum) -> u32;

    /// The low outcome of a hi/lo showdown (the `low` of [`class`]) of strengths `a` and `b`,
    /// read from the packed values `pa` and `pb`.
    fn low_class(self, a: Strength, b: Strength, pa: u32, pb: u32) -> usize;
}

/// The evaluator's tables, through the full key (with the lows' table where `R` has one).
#[derive(Clone, Copy)]
struct Lows<R: Ranking>(R::Lows);

impl<R: Ranking> Packer<R> for Lows<R> {
    #[inline(always)]
    fn start(self, known: HandKey, marked_ranks: u16) -> KeyedSum {
        KeyedSum::of_hand(known, marked_ranks)
    }

    #[inline(always)]
    fn packed(self, _: usize, hand: KeyedSum) -> u32 {
        R::packed(hand.key(), self.0)
    }

    #[inline(always)]
    fn low_class(self, a: Strength, b: Strength, _: u32, _: u32) -> usize {
        class::<R>(a, b) % 4
    }
}

/// Each player's own table, through the hand's rank sum.
impl<R: Ranking> Packer<R> for &DealtTables {
    fn start(self, known: HandKey, marked_ranks: u16) -> KeyedSum {
        dealt_table::start::<R>(known, marked_ranks)
    }

    #[inline(always)]
    fn packed(self, player: usize, hand: KeyedSum) -> u32 {
        self.packed(player, hand)
    }

    /// The tables hold the lows' codes, not their values ([`dealt_table::low_class`]).
    #[inline(always)]
    fn low_class(self, _: Strength, _: Strength, pa: u32, pb: u32) -> usize {
        dealt_table::low_class(pa, pb)
    }
}

/// The outcome class of a showdown of strengths `a` and `b`.
#[inline(always)]
fn class<R: Ranking>(a: Strength, b: Strength) -> usize {
    let main = usize::from(a.main <= b.main) + usize::from(a.main < b.main);
    if !R::HILO {
        return 4 * main;
    }
    let any = usize::from(a.low | b.low != 0);
    let low = any * (1 + usize::from(a.low <= b.low) + usize::from(a.low < b.low));
    4 * main + low
}
