//! A seat's strength in a dealt round: its hole cards (fixed or dealt), its key on the board,
//! and the flush path, inline for the heads-up loops and out of line for the wider ones.

use deck::Card;
use eval::{HandKey, Ranking};

use super::DealtSpot;
use crate::range::Combo;
use engine::{LocalCounts, MAX_PLAYERS};

impl DealtSpot {
    /// The hole cards of `seat` under `hands`: its hand, or its two cards of `dealt`.
    #[inline(always)]
    pub(super) fn hole(
        &self,
        hands: &[Option<Combo>; MAX_PLAYERS],
        seat: usize,
        dealt: &[Card],
    ) -> Combo {
        match hands[seat] {
            Some(combo) => combo,
            None => {
                let i = usize::from(self.dealt_at[seat]);
                [dealt[i], dealt[i + 1]]
            }
        }
    }

    /// One round with any number of players.
    #[inline(always)]
    pub(super) fn showdown<S: Ranking>(
        &self,
        s: S,
        hands: &[Option<Combo>; MAX_PLAYERS],
        dealt: &[Card],
        local: &mut LocalCounts,
    ) {
        let board = &dealt[2 * self.randoms..];
        let key = board.iter().fold(self.board_key, |k, &c| k.with(c));
        let mut ranks = [0u16; MAX_PLAYERS];
        for (seat, rank) in ranks[..self.players].iter_mut().enumerate() {
            *rank = self.strength(s, key, board, self.hole(hands, seat, dealt));
        }
        local.record(&ranks[..self.players]);
    }

    /// One player's strength on the board whose key is `key` (the known board plus `dealt_board`).
    #[inline(always)]
    pub(super) fn strength<S: Ranking>(
        &self,
        s: S,
        key: HandKey,
        dealt_board: &[Card],
        hole: Combo,
    ) -> u16 {
        let key = key.with(hole[0]).with(hole[1]);
        match key.flush_suit() {
            None => s.rank_strength(key),
            Some(suit) => {
                // About 3 % of seven-card hands: the suit's ranks, from the cards themselves.
                let masks = dealt_board
                    .iter()
                    .chain(&hole)
                    .fold(self.board_masks, |m, &c| m.with(c));
                s.flush_strength(masks.ranks(suit))
            }
        }
    }

    /// [`DealtSpot::strength`] with the flush path out of line, for the loops over three or
    /// more players: it keeps their bodies small enough to unroll (measured with six random
    /// hands: 497 → 451 instructions and 20.5 → 26.4 M showdowns/s), where heads-up loops run
    /// faster with it inline.
    #[inline(always)]
    pub(super) fn strength_compact<S: Ranking>(
        &self,
        s: S,
        key: HandKey,
        dealt_board: &[Card],
        hole: Combo,
    ) -> u16 {
        let key = key.with(hole[0]).with(hole[1]);
        match key.flush_suit() {
            None => s.rank_strength(key),
            Some(suit) => self.flush_strength(s, suit, dealt_board, hole),
        }
    }

    /// The strength of a hand holding a flush in `suit`, out of line (see
    /// [`DealtSpot::strength_compact`]).
    #[cold]
    #[inline(never)]
    pub(super) fn flush_strength<S: Ranking>(
        &self,
        s: S,
        suit: u8,
        dealt_board: &[Card],
        hole: Combo,
    ) -> u16 {
        let masks = dealt_board
            .iter()
            .chain(&hole)
            .fold(self.board_masks, |m, &c| m.with(c));
        s.flush_strength(masks.ranks(suit))
    }
}
