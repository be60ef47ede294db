//! Runouts: the rest of a board dealt more than once from one stub — a double board (two
//! boards, each with its own known cards) or one board run it N times (N boards with the same
//! known cards) — each board worth an equal part of the pot, counted jointly per player.
//!
//! A family says only how strong each player's hand is on one five-card board
//! ([`BoardShowdown`]); this module turns strengths into shares of that board in integer
//! [`BOARD_UNITS`], deals the boards without replacement between them (exactly, every ordered
//! tuple of disjoint completions once, or by seeded chunks) and counts, per player, each
//! board's share, the total share of the pot and, for two boards, the pair of shares.
//!
//! ```text
//!  pool (cards not known) ──deal──▶ board 1 = stub 1 | m1 cards
//!                                   board 2 = stub 2 | m2 cards   (disjoint from board 1's)
//!  shares: board b pays player p  s[b][p] units of BOARD_UNITS (5040 = lcm(1..10) · 2)
//!  total:  Σ_b s[b][p]  of boards · BOARD_UNITS          (each board is 1/boards of the pot)
//! ```
//!
//! ```
//! use deck::Card;
//! use engine::runouts::{BOARD_UNITS, shares_of};
//! use engine::MAX_PLAYERS;
//!
//! // Three players, hi/lo: player 0 wins the high alone, players 1 and 2 tie the low.
//! let mut high = [0u32; MAX_PLAYERS];
//! let mut low = [0u8; MAX_PLAYERS];
//! (high[0], high[1], high[2]) = (9, 5, 5);
//! (low[1], low[2]) = (7, 7);
//! let s = shares_of(3, true, &high, &low);
//! assert_eq!(&s[..3], &[BOARD_UNITS as u16 / 2, 1260, 1260]);
//! # let _ = Card::all();
//! ```

mod counts;
mod deal;
mod drawn;
mod ranged;

pub use counts::{RunoutCounts, ShareClasses};
pub use deal::{
    RunoutDeal, count_exact, count_exact_until_stopped, count_sampled, count_sampled_until_stopped,
};
pub use drawn::{HandDraw, count_drawn_until_stopped};
pub use ranged::{HandChoices, assignments, count_ranged_exact_until_stopped, reduce_weights};

use deck::Card;

use crate::split_tally::MAX_PLAYERS;

/// One board's pot in share units: every split of a half among up to ten winners is whole.
pub const BOARD_UNITS: u32 = 5040;

/// Half a board's pot (hi/lo).
const HALF_UNITS: u32 = BOARD_UNITS / 2;

/// The most boards dealt from one stub (run it four times).
pub const MAX_BOARDS: usize = 4;

/// A family's showdown of fixed hands on one complete board.
pub trait BoardShowdown: Sync {
    /// Players, 2 to [`MAX_PLAYERS`].
    fn players(&self) -> usize;

    /// Whether each board is split high/low (8-or-better).
    fn hilo(&self) -> bool;

    /// Fills each player's high strength (higher wins) and, in hi/lo, low strength (higher
    /// wins, 0 for no qualifying low) on `board`.
    fn strengths(
        &self,
        board: &[Card; 5],
        high: &mut [u32; MAX_PLAYERS],
        low: &mut [u8; MAX_PLAYERS],
    );
}

/// Each player's share of one board, in [`BOARD_UNITS`].
#[inline]
pub fn board_shares<S: BoardShowdown + ?Sized>(
    showdown: &S,
    board: &[Card; 5],
) -> [u16; MAX_PLAYERS] {
    let mut high = [0u32; MAX_PLAYERS];
    let mut low = [0u8; MAX_PLAYERS];
    showdown.strengths(board, &mut high, &mut low);
    shares_of(showdown.players(), showdown.hilo(), &high, &low)
}

/// The shares of one board given the strengths of `players` hands: the best high takes the
/// board (split among ties) or, in hi/lo with a qualifying low, half, the best low the other
/// half.
#[inline]
pub fn shares_of(
    players: usize,
    hilo: bool,
    high: &[u32; MAX_PLAYERS],
    low: &[u8; MAX_PLAYERS],
) -> [u16; MAX_PLAYERS] {
    let n = players.min(MAX_PLAYERS);
    let best_high = high[..n].iter().copied().max().unwrap_or(0);
    let high_winners = high[..n].iter().filter(|&&h| h == best_high).count() as u32;
    let best_low = if hilo {
        low[..n].iter().copied().max().unwrap_or(0)
    } else {
        0
    };
    let mut out = [0u16; MAX_PLAYERS];
    if best_low == 0 {
        let share = (BOARD_UNITS / high_winners.max(1)) as u16;
        for (o, &h) in out.iter_mut().zip(&high[..n]) {
            if h == best_high {
                *o = share;
            }
        }
    } else {
        let low_winners = low[..n].iter().filter(|&&l| l == best_low).count() as u32;
        let high_share = (HALF_UNITS / high_winners.max(1)) as u16;
        let low_share = (HALF_UNITS / low_winners.max(1)) as u16;
        for ((o, &h), &l) in out.iter_mut().zip(&high[..n]).zip(&low[..n]) {
            if h == best_high {
                *o += high_share;
            }
            if l == best_low {
                *o += low_share;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_to_the_board() {
        for players in 2..=MAX_PLAYERS {
            for hilo in [false, true] {
                let mut high = [0u32; MAX_PLAYERS];
                let mut low = [0u8; MAX_PLAYERS];
                for p in 0..players {
                    high[p] = (p % 3) as u32;
                    low[p] = (p % 2) as u8 * 5;
                }
                let s = shares_of(players, hilo, &high, &low);
                let sum: u32 = s[..players].iter().map(|&x| u32::from(x)).sum();
                assert_eq!(sum, BOARD_UNITS, "{players} {hilo}");
            }
        }
    }
}
