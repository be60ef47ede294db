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

use deck::{Card, Dealer, Deck};
use engine::Chunk;
use eval::{CardKeys, HandKey, LowTable, SuitMasks};

use crate::ranking::{Ranking, Strength};
use crate::tally::LocalTally;

/// Most cards one [`Dealer`] deals from a random word.
const ONE_WORD: usize = 11;

/// Outcome classes of a heads-up showdown.
const CLASSES: usize = 12;

/// Plays `chunk` heads-up: the first `first_cards` dealt cards go to the first player, the rest
/// to the second; `base` holds each player's known cards. `deal` cards are dealt per round
/// (1 to 14).
pub(crate) fn play<R: Ranking>(
    template: &Deck,
    deal: usize,
    first_cards: usize,
    known: [&[Card]; 2],
    chunk: Chunk,
) -> LocalTally {
    let base = Base {
        keys: known.map(HandKey::of),
        suits: known.map(|cards| cards.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c))),
        first_cards,
        lows: LowTable::get(),
    };
    macro_rules! dispatch {
        ($($k:literal)* ; $($k2:literal $rest:literal)*) => {
            match deal {
                $($k => one_word::<R, $k>(template, &base, chunk),)*
                $($k2 => two_words::<R, $k2, $rest>(template, &base, chunk),)*
                _ => unreachable!("heads-up players lack 1 to 14 cards"),
            }
        };
    }
    let classes = dispatch!(1 2 3 4 5 6 7 8 9 10 11; 12 1 13 2 14 3);
    let mut tally = LocalTally::new(2);
    const MAIN: [[u32; 2]; 3] = [[2, 1], [1, 1], [1, 2]];
    const LOW: [[u8; 2]; 4] = [[0, 0], [2, 1], [1, 1], [1, 2]];
    for (class, &times) in classes.iter().enumerate() {
        if times > 0 {
            tally.record_times(&MAIN[class / 4], &LOW[class % 4], R::HILO, times);
        }
    }
    tally
}

/// The players' known cards, summarised, and the lows' table.
struct Base {
    keys: [HandKey; 2],
    suits: [SuitMasks; 2],
    first_cards: usize,
    lows: &'static LowTable,
}

/// The outcome class of the showdown dealt in `deck`: the `K` cards after the `known` ones,
/// read back from their slots, each player's in a loop of its own (no per-card choice of
/// player).
#[inline(always)]
fn showdown<R: Ranking, const K: usize>(
    base: &Base,
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
    let a = R::fast_value(a, base.lows, base.suits[0], mine);
    let b = R::fast_value(b, base.lows, base.suits[1], theirs);
    class::<R>(a, b)
}

/// `K` cards a round from one random word (`K <= 11`), counted by outcome class.
///
/// One deck: dealing two decks card by card across both ([`Dealer::deal_lanes`]) to overlap
/// one round's table loads with the other's dealing measured slower (184 instead of 166
/// instructions a round, and about 30 % more time, heads-up on third street).
#[inline(never)]
fn one_word<R: Ranking, const K: usize>(
    template: &Deck,
    base: &Base,
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
        classes[showdown::<R, K>(base, keys, known, &deck)] += 1;
    }
    classes
}

/// `K` cards a round, eleven from one random word and `REST` from a second, counted by outcome
/// class.
#[inline(never)]
fn two_words<R: Ranking, const K: usize, const REST: usize>(
    template: &Deck,
    base: &Base,
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
        classes[showdown::<R, K>(base, keys, known, &deck)] += 1;
    }
    classes
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
