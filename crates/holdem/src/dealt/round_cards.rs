//! The cards of one round for three or more players, laid out at fixed places.

use deck::Card;
use eval::Ranking;

use super::DealtSpot;
use crate::range::Combo;
use engine::{LocalCounts, MAX_PLAYERS, WinnerMasks};

/// One round's cards for three or more players, laid out so that every seat's hole cards are
/// found at a fixed place: the dealt cards first (random hands, then the rest of the board),
/// then the seats' own hands, written once.
///
/// Looking a seat up is two loads at a precomputed offset, with no test of whether the seat is
/// random and no bounds check (the buffer is a power of two long and offsets are masked).
pub(super) struct RoundCards {
    pub(super) cards: [Card; ROUND_CARDS],
    /// Per seat, where its two hole cards are in `cards`.
    hole_at: [u8; MAX_PLAYERS],
    players: usize,
    /// Where the dealt board cards are in `cards`, and how many.
    board_from: usize,
    to_deal: usize,
}

/// Length of [`RoundCards::cards`]: room for every dealt card and every seat's hand.
pub(super) const ROUND_CARDS: usize = 64;

impl RoundCards {
    /// The layout for `spot` with the seats' hands `hands`.
    pub(super) fn new(spot: &DealtSpot, hands: &[Option<Combo>; MAX_PLAYERS]) -> Self {
        let dealt = 2 * spot.randoms + spot.to_deal;
        let mut cards = [Card::from_index(0); ROUND_CARDS];
        let mut hole_at = [0u8; MAX_PLAYERS];
        for seat in 0..spot.players {
            hole_at[seat] = match hands[seat] {
                Some(hand) => {
                    let at = dealt + 2 * seat;
                    cards[at..at + 2].copy_from_slice(&hand);
                    at as u8
                }
                None => spot.dealt_at[seat],
            };
        }
        Self {
            cards,
            hole_at,
            players: spot.players,
            board_from: 2 * spot.randoms,
            to_deal: spot.to_deal,
        }
    }

    /// Plays the round whose dealt cards were just written to the front of `cards`, with the
    /// player loop unrolled for the common table sizes (the match is on a constant of the run,
    /// so its branch is always predicted).
    #[inline(always)]
    pub(super) fn play<S: Ranking>(
        &self,
        spot: &DealtSpot,
        s: S,
        local: &mut LocalCounts,
        masks: &mut WinnerMasks,
    ) {
        match self.players {
            3 => self.showdown_of::<3, S>(spot, s, masks),
            4 => self.showdown_of::<4, S>(spot, s, masks),
            5 => self.showdown_of::<5, S>(spot, s, masks),
            6 => self.showdown_of::<6, S>(spot, s, masks),
            _ => self.showdown(spot, s, local),
        }
    }

    /// [`RoundCards::showdown`] for exactly `N` players (six at most), counted by winner mask.
    #[inline(always)]
    fn showdown_of<const N: usize, S: Ranking>(
        &self,
        spot: &DealtSpot,
        s: S,
        masks: &mut WinnerMasks,
    ) {
        let board = &self.cards[self.board_from..self.board_from + self.to_deal];
        let key = board.iter().fold(spot.board_key, |k, &c| k.with(c));
        let mut ranks = [0u16; N];
        for (rank, &at) in ranks.iter_mut().zip(&self.hole_at) {
            let at = usize::from(at);
            let hole = [
                self.cards[at % ROUND_CARDS],
                self.cards[(at + 1) % ROUND_CARDS],
            ];
            *rank = spot.strength_compact(s, key, board, hole);
        }
        masks.record(&ranks);
    }

    /// Plays the round whose dealt cards were just written to the front of `cards`.
    #[inline(always)]
    fn showdown<S: Ranking>(&self, spot: &DealtSpot, s: S, local: &mut LocalCounts) {
        let board = &self.cards[self.board_from..self.board_from + self.to_deal];
        let key = board.iter().fold(spot.board_key, |k, &c| k.with(c));
        let mut ranks = [0u16; MAX_PLAYERS];
        for (rank, &at) in ranks[..self.players].iter_mut().zip(&self.hole_at) {
            let at = usize::from(at);
            let hole = [
                self.cards[at % ROUND_CARDS],
                self.cards[(at + 1) % ROUND_CARDS],
            ];
            *rank = spot.strength_compact(s, key, board, hole);
        }
        local.record(&ranks[..self.players]);
    }
}
