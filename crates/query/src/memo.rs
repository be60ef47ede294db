//! Remembered values of the functions that enumerate cards on every trial (`nutHi`, `nutLo`
//! and `hvhEquity`) but depend on only a few of the trial's cards: a player's hand, the
//! board shown and the dead cards, or every hand and the board to a street. A trial whose cards repeat an earlier
//! one's reads the value back instead of enumerating again: with fixed hands and a fixed flop,
//! `nutHi(hero, river)` meets at most C(47, 2) = 1,081 boards however many trials run.
//!
//! Each thread keeps its own tables (no lock, no atomic), four-way set-associative: a key's
//! hash picks a set of four slots, a slot holds one key in full and its value, and a new key
//! evicts the slot its hash names when none of the four holds it. A value is the function's exact
//! result, so a trial gives the same number whether it was remembered or not, and answers do
//! not depend on the threads. The tables are allocated once per thread, on first use, and
//! emptied when a thread runs a query of another game (the game decides the deck).

use std::cell::RefCell;

use engine::Game;

use crate::rules::MAX_PLAYERS;

/// Slots of the nut table (a power of two).
const NUT_SLOTS: usize = 1 << 15;

/// Slots of the hand-against-hand equity table (a power of two): a flop against fixed hands
/// has C(48, 3) = 17,296 of them.
const EQUITY_SLOTS: usize = 1 << 16;

/// Slots per set.
const WAYS: usize = 4;

/// Which nut question a nut slot answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NutKind {
    /// The best high hand.
    High,
    /// The best eight-or-better low.
    Low,
}

/// A nut slot: the player's hand, the board shown (a board of no cards: empty) and the dead
/// cards (seen by everyone, never in a better hand), and the answer.
#[derive(Debug, Clone, Copy, Default)]
struct NutSlot {
    cards: [u64; 3],
    kind: u8,
    nut: bool,
}

/// What decides a hand-against-hand equity: the board to the street, every card seen but the
/// rest of the board (hands and dead cards), and each seat's hand, held as the seat (plus one)
/// of each card in a nibble: 52 cards in four words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct EquityKey {
    /// The board's cards to the street (a board game's street shows three cards or more; none
    /// in stud, whose seats' cards to the street are in `seats`).
    pub(crate) board: u64,
    /// Every card out of the runouts: the hands, the dead cards and the board to the street.
    pub(crate) blocked: u64,
    /// Card `i`'s seat plus one (0: in no hand) in bits `4 (i mod 16)` of word `i / 16`.
    seats: [u64; 4],
}

impl EquityKey {
    /// The key of `board` and `blocked` with no hand yet.
    pub(crate) fn new(board: u64, blocked: u64) -> EquityKey {
        EquityKey {
            board,
            blocked,
            seats: [0; 4],
        }
    }

    /// Gives seat `seat` (below [`MAX_PLAYERS`]) the cards of `hole`.
    #[inline]
    pub(crate) fn seat(&mut self, seat: usize, hole: &[deck::Card]) {
        for card in hole {
            let i = card.index();
            self.seats[i / 16] |= (seat as u64 + 1) << (4 * (i % 16));
        }
    }
}

/// Every seat's pot units summed over the runouts, and the runouts counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct EquitySums {
    /// Pot units won per seat.
    pub(crate) units: [u32; MAX_PLAYERS],
    /// Runouts counted.
    pub(crate) runouts: u32,
}

/// An equity slot.
#[derive(Debug, Clone, Copy, Default)]
struct EquitySlot {
    key: EquityKey,
    sums: EquitySums,
}

/// One thread's tables and the game they were filled for.
#[derive(Debug, Default)]
struct Memo {
    owner: Option<Game>,
    nuts: Vec<NutSlot>,
    equities: Vec<EquitySlot>,
}

impl Memo {
    /// Empties the tables when `game` is not the one they were filled for.
    fn claim(&mut self, game: Game) {
        if self.owner != Some(game) {
            self.owner = Some(game);
            self.nuts.iter_mut().for_each(|s| *s = NutSlot::default());
            self.equities
                .iter_mut()
                .for_each(|s| *s = EquitySlot::default());
        }
    }
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The first slot of the set of `SLOTS` (a power of two) that the words of a key hash to, and
/// the slot of the set a new key evicts.
#[inline]
fn set_of<const SLOTS: usize>(words: impl IntoIterator<Item = u64>) -> (usize, usize) {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for w in words {
        h = (h ^ w).wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 29;
    }
    let set = (h >> (64 - SLOTS.trailing_zeros())) as usize & !(WAYS - 1);
    (set, set + (h as usize & (WAYS - 1)))
}

/// Whether a hand is the nut of its `kind` in `game`, `cards` the masks of the hand, the board
/// and the dead cards: remembered, or worked out by `compute` and remembered.
pub(crate) fn nut(
    game: Game,
    kind: NutKind,
    cards: [u64; 3],
    compute: impl FnOnce() -> bool,
) -> bool {
    let kind_byte = kind as u8 + 1;
    let (set, at) = set_of::<NUT_SLOTS>(cards.into_iter().chain([u64::from(kind_byte)]));
    let known = MEMO.with_borrow_mut(|memo| {
        memo.claim(game);
        if memo.nuts.is_empty() {
            memo.nuts = vec![NutSlot::default(); NUT_SLOTS];
        }
        memo.nuts[set..set + WAYS]
            .iter()
            .find(|s| s.kind == kind_byte && s.cards == cards)
            .map(|s| s.nut)
    });
    if let Some(nut) = known {
        return nut;
    }
    let nut = compute();
    MEMO.with_borrow_mut(|memo| {
        memo.nuts[at] = NutSlot {
            cards,
            kind: kind_byte,
            nut,
        };
    });
    nut
}

/// The sums of the runouts of `key` in `game`: remembered, or worked out by `compute` and
/// remembered.
pub(crate) fn equity_sums(
    game: Game,
    key: &EquityKey,
    compute: impl FnOnce() -> EquitySums,
) -> EquitySums {
    let (set, at) = set_of::<EQUITY_SLOTS>(
        [key.board, key.blocked]
            .into_iter()
            .chain(key.seats.iter().copied()),
    );
    let known = MEMO.with_borrow_mut(|memo| {
        memo.claim(game);
        if memo.equities.is_empty() {
            memo.equities = vec![EquitySlot::default(); EQUITY_SLOTS];
        }
        memo.equities[set..set + WAYS]
            .iter()
            .find(|s| s.key == *key)
            .map(|s| s.sums)
    });
    if let Some(sums) = known {
        return sums;
    }
    let sums = compute();
    MEMO.with_borrow_mut(|memo| {
        memo.equities[at] = EquitySlot { key: *key, sums };
    });
    sums
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn a_value_is_computed_once_per_key_and_game() {
        let holdem = Game::plain(GameId::Holdem);
        let omaha = Game::plain(GameId::Omaha);
        let mut computed = 0;
        for _ in 0..3 {
            assert!(nut(holdem, NutKind::High, [0b11, 0b11100, 0], || {
                computed += 1;
                true
            }));
        }
        assert_eq!(computed, 1);
        // The low question of the same cards is another key.
        assert!(!nut(holdem, NutKind::Low, [0b11, 0b11100, 0], || {
            computed += 1;
            false
        }));
        assert_eq!(computed, 2);
        // Other dead cards: another key (a card that could beat the hand may be dead).
        assert!(!nut(
            holdem,
            NutKind::High,
            [0b11, 0b11100, 1 << 40],
            || {
                computed += 1;
                false
            }
        ));
        assert_eq!(computed, 3);
        assert!(nut(
            holdem,
            NutKind::High,
            [0b11, 0b11100, 0],
            || unreachable!()
        ));
        // Another game empties the table.
        assert!(!nut(omaha, NutKind::High, [0b11, 0b11100, 0], || {
            computed += 1;
            false
        }));
        assert_eq!(computed, 4);
    }

    #[test]
    fn equity_sums_are_read_back_for_the_same_cards_only() {
        let game = Game::plain(GameId::Holdem);
        let card = deck::Card::from_index;
        let seat = |a: usize, b: usize| {
            let mut key = EquityKey::new(0b111 << 10, 0b1111 | 0b111 << 10);
            key.seat(a, &[card(0), card(1)]);
            key.seat(b, &[card(2), card(3)]);
            key
        };
        let key = seat(0, 1);
        let sums = EquitySums {
            units: [7; MAX_PLAYERS],
            runouts: 3,
        };
        let mut computed = 0;
        for _ in 0..2 {
            let got = equity_sums(game, &key, || {
                computed += 1;
                sums
            });
            assert_eq!(got, sums);
        }
        assert_eq!(computed, 1);
        // The seats' hands swapped: another key.
        equity_sums(game, &seat(1, 0), || {
            computed += 1;
            EquitySums::default()
        });
        assert_eq!(computed, 2);
    }
}
