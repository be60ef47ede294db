//! The byte tables the vector paths look cards up in, held in registers: the three bytes of each
//! rank's multiplier (the plain multipliers whose sum, times `RANK_MIX`, is the rank hash) and
//! each suit's counter increment, as 4-bit counters of two suits per byte.
//!
//! ```text
//!  by card (AVX-512 vpermb, 64 entries, index = card; 52 to 63: zero)
//!  by rank (AVX2 vpshufb, 16 entries, index = rank; 13 to 15: zero)
//!  suit increments: suits 0, 1 → 1, 16 in the first table; suits 2, 3 → 1, 16 in the second
//! ```

use crate::tables::RANK_MULTIPLIERS;

/// The byte the vector paths put in a hand's unused positions, or'ed with the position: not a
/// card (so every lookup by card gives zero), distinct per position (so that pads never look like
/// a repeated card), and with its top bit set (so that `vpshufb` gives zero for it).
pub(super) const PAD: u8 = 0xF8;

/// The lookup tables of [`LookupTables::BY_CARD`] and [`LookupTables::BY_RANK`].
pub(super) struct LookupTables;

/// Byte `byte` of the multiplier of `rank` (zero past the thirteen ranks).
const fn multiplier_byte(rank: usize, byte: usize) -> u8 {
    if rank < 13 {
        (RANK_MULTIPLIERS[rank] >> (8 * byte)) as u8
    } else {
        0
    }
}

/// A suit's counter increment in table `pair` (0: suits 0 and 1, 1: suits 2 and 3).
const fn suit_increment(suit: usize, pair: usize) -> u8 {
    match (suit / 2 == pair, suit % 2) {
        (true, 0) => 1,
        (true, _) => 16,
        (false, _) => 0,
    }
}

impl LookupTables {
    /// Indexed by card (`rank * 4 + suit`, 0 to 63): multiplier bytes 0, 1, 2, then the suit
    /// increments of suits 0 and 1, and of suits 2 and 3.
    pub(super) const BY_CARD: [[u8; 64]; 5] = {
        let mut tables = [[0u8; 64]; 5];
        let mut card = 0;
        while card < 52 {
            let mut byte = 0;
            while byte < 3 {
                tables[byte][card] = multiplier_byte(card / 4, byte);
                byte += 1;
            }
            tables[3][card] = suit_increment(card % 4, 0);
            tables[4][card] = suit_increment(card % 4, 1);
            card += 1;
        }
        tables
    };

    /// Multiplier bytes 0, 1, 2 indexed by rank (0 to 15), then the suit increments indexed by
    /// a card's low four bits (whose low two are its suit), each repeated in both 16-byte halves
    /// for `vpshufb`.
    pub(super) const BY_RANK: [[u8; 32]; 5] = {
        let mut tables = [[0u8; 32]; 5];
        let mut at = 0;
        while at < 32 {
            let low = at % 16;
            let mut byte = 0;
            while byte < 3 {
                tables[byte][at] = multiplier_byte(low, byte);
                byte += 1;
            }
            tables[3][at] = suit_increment(low % 4, 0);
            tables[4][at] = suit_increment(low % 4, 1);
            at += 1;
        }
        tables
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_add_up_to_the_multipliers_and_suit_counts() {
        for card in 0..64 {
            let by_card = LookupTables::BY_CARD.map(|t| u32::from(t[card]));
            let multiplier = by_card[0] | by_card[1] << 8 | by_card[2] << 16;
            let suits = by_card[3] | by_card[4] << 8;
            if card < 52 {
                assert_eq!(multiplier, RANK_MULTIPLIERS[card / 4]);
                assert_eq!(suits, 1 << (4 * (card % 4)));
                let by_rank = LookupTables::BY_RANK.map(|t| u32::from(t[card / 4]));
                assert_eq!(by_rank[0] | by_rank[1] << 8 | by_rank[2] << 16, multiplier);
                let low = card % 16;
                let by_low = LookupTables::BY_RANK.map(|t| u32::from(t[16 + low]));
                assert_eq!(by_low[3] | by_low[4] << 8, suits);
            } else {
                assert_eq!((multiplier, suits), (0, 0), "card {card}");
            }
        }
        for rank in 13..16 {
            assert!(LookupTables::BY_RANK[..3].iter().all(|t| t[rank] == 0));
        }
        // Pads: zero through the card tables (index = the low six bits).
        for j in 0..8u8 {
            let pad = usize::from((PAD | j) & 63);
            assert!(LookupTables::BY_CARD.iter().all(|t| t[pad] == 0));
        }
    }
}
