//! One dealt trial: every player's hole cards (a stud player's seven, in the order dealt; a
//! draw player's final hand, kept cards first) and the whole board, and the river showdown worked out once when the program needs it.

use deck::Card;

use crate::rules::{MAX_HOLE, MAX_PLAYERS, Rules};

/// The river showdown of a trial.
#[derive(Debug, Clone, Copy, Default)]
pub struct Showdown {
    /// Each player's main strength ([`Rules::main`]: the high hand, or the low of a game
    /// played for a low alone).
    pub hi: [u32; MAX_PLAYERS],
    /// Each player's eight-or-better low (0: none).
    pub lo: [u8; MAX_PLAYERS],
    /// The best main strength.
    pub best_hi: u32,
    /// Players holding it.
    pub hi_winners: u8,
    /// The best low (0: none qualifies).
    pub best_lo: u8,
    /// Players holding it.
    pub lo_winners: u8,
}

/// A dealt trial.
#[derive(Debug, Clone)]
pub struct Trial {
    /// Players dealt.
    pub players: usize,
    /// Cards per player.
    pub hole: usize,
    /// Each player's hole cards (the first `hole` of each row).
    pub holes: [[Card; MAX_HOLE]; MAX_PLAYERS],
    /// The five board cards, in the order dealt (none in the stud games).
    pub board: [Card; 5],
    /// Every card seen: hole cards, board and dead cards.
    pub seen: u64,
    /// The river showdown, when [`Trial::settle`] has run.
    pub showdown: Showdown,
}

impl Trial {
    /// An empty trial of `players` players of `hole` cards.
    pub fn new(players: usize, hole: usize) -> Trial {
        Trial {
            players,
            hole,
            holes: [[Card::from_index(0); MAX_HOLE]; MAX_PLAYERS],
            board: [Card::from_index(0); 5],
            seen: 0,
            showdown: Showdown::default(),
        }
    }

    /// Player `p`'s hole cards.
    #[inline]
    pub fn hole_of(&self, p: usize) -> &[Card] {
        &self.holes[p][..self.hole]
    }

    /// Works out the river showdown.
    #[inline]
    pub fn settle(&mut self, rules: &Rules) {
        let mut s = Showdown::default();
        let board = &self.board[..rules.board];
        let prepared = rules.prepare_board(board);
        for p in 0..self.players {
            let hi = rules.main_on(&prepared, &self.holes[p][..self.hole]);
            s.hi[p] = hi;
            if hi > s.best_hi {
                s.best_hi = hi;
                s.hi_winners = 1;
            } else if hi == s.best_hi {
                s.hi_winners += 1;
            }
            if rules.hilo {
                let lo = rules.low(&self.holes[p][..self.hole], board);
                s.lo[p] = lo;
                if lo > s.best_lo {
                    s.best_lo = lo;
                    s.lo_winners = 1;
                } else if lo == s.best_lo && lo > 0 {
                    s.lo_winners += 1;
                }
            }
        }
        self.showdown = s;
    }
}

/// Units of one pot: `2 · lcm(1, …, 10)`, so that every share of a pot split among up to ten
/// players, in halves or whole, is a whole number of units.
pub const POT_UNITS: u32 = 5040;

/// A pot's units split `n` ways (`SHARES[n]`, `n` from 1 to [`MAX_PLAYERS`]), and half a pot's
/// (`HALF_SHARES[n]`): looked up, not divided, for every showdown.
pub const SHARES: [u32; MAX_PLAYERS + 1] = shares(POT_UNITS);

/// Half a pot's units split `n` ways.
pub const HALF_SHARES: [u32; MAX_PLAYERS + 1] = shares(POT_UNITS / 2);

/// `units / n` for every `n` up to [`MAX_PLAYERS`] (0 for none).
const fn shares(units: u32) -> [u32; MAX_PLAYERS + 1] {
    let mut out = [0; MAX_PLAYERS + 1];
    let mut n = 1;
    while n <= MAX_PLAYERS {
        out[n] = units / n as u32;
        n += 1;
    }
    out
}

impl Showdown {
    /// Player `p`'s share of the pot in [`POT_UNITS`].
    #[inline]
    pub fn units(&self, p: usize) -> u32 {
        let hi_shares = if self.best_lo > 0 {
            &HALF_SHARES
        } else {
            &SHARES
        };
        let mut units = 0;
        if self.hi[p] == self.best_hi {
            units += hi_shares[usize::from(self.hi_winners)];
        }
        if self.best_lo > 0 && self.lo[p] == self.best_lo {
            units += HALF_SHARES[usize::from(self.lo_winners)];
        }
        units
    }
}

/// A place a trial's dealt card goes: a board slot, or a seat's card slot (stud's cards in the
/// order dealt, a board game's hole cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The board's slot (0 the first flop card … 4 the river).
    Board(u8),
    /// A seat and the slot of its cards.
    Seat(u8, u8),
}

impl Trial {
    /// Puts `card` at `slot`.
    #[inline]
    pub fn put(&mut self, slot: Slot, card: Card) {
        match slot {
            Slot::Board(i) => self.board[usize::from(i) % 5] = card,
            Slot::Seat(p, i) => {
                self.holes[usize::from(p) % MAX_PLAYERS][usize::from(i) % MAX_HOLE] = card;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_split_of_a_pot_or_half_is_whole() {
        for n in 1..=MAX_PLAYERS {
            assert_eq!(SHARES[n] * n as u32, POT_UNITS, "{n} ways");
            assert_eq!(HALF_SHARES[n] * n as u32, POT_UNITS / 2, "half {n} ways");
        }
    }
}
