//! The best Omaha flush of two hole cards and three board cards of one suit, in closed form:
//! no loop over the hand's pairs and the board's triples.

use eval::flush_strength;

/// The five ranks of each straight, from the ace-high one down to the wheel (ace, two, three,
/// four, five).
const STRAIGHTS: [u16; 10] = [
    0x1f00, 0x0f80, 0x07c0, 0x03e0, 0x01f0, 0x00f8, 0x007c, 0x003e, 0x001f, 0x100f,
];

/// `mask` less its lowest ranks, down to its highest `keep`.
#[inline(always)]
fn highest(mut mask: u16, keep: u32) -> u16 {
    while mask.count_ones() > keep {
        mask &= mask - 1;
    }
    mask
}

/// The best flush of exactly two of the `hole` ranks and exactly three of the `board` ranks, all
/// of one suit (so the two sets are disjoint; two or more hole ranks, three to five board ranks).
///
/// Without a straight flush, the highest two of the hand and the highest three of the board
/// make the best flush: swapping a chosen rank for a higher one of the same side raises the
/// five ranks one by one, and flushes compare rank by rank. A straight flush beats every
/// flush; one is made exactly when some straight's five ranks are two of the hand and three of
/// the board, and the highest such straight is the best.
#[inline(always)]
pub(crate) fn best_two_plus_three_flush(hole: u16, board: u16) -> u16 {
    let both = hole | board;
    // A run of five ranks (or the wheel) among both sides: only then look for a straight flush.
    let runs = both & both >> 1 & both >> 2 & both >> 3 & both >> 4;
    if runs != 0 || both & 0x100f == 0x100f {
        for straight in STRAIGHTS {
            if both & straight == straight && (board & straight).count_ones() == 3 {
                return flush_strength(straight).value();
            }
        }
    }
    flush_strength(highest(hole, 2) | highest(board, 3)).value()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed form of the best two-plus-three flush against every pair of one hand and
    /// triple of the board, for every hand of 2 to 6 ranks and board of 3 to 5 other ranks.
    #[test]
    fn the_best_flush_is_the_best_of_every_pair_and_triple() {
        let bits = |m: u16| (0..13).filter(move |b| m & 1 << b != 0).map(|b| 1u16 << b);
        let mut checked = 0;
        for board in 0u16..1 << 13 {
            if !(3..=5).contains(&board.count_ones()) {
                continue;
            }
            let triples: Vec<u16> = (0u16..1 << 13)
                .filter(|&t| t & !board == 0 && t.count_ones() == 3)
                .collect();
            for hole in 0u16..1 << 13 {
                if hole & board != 0 || !(2..=6).contains(&hole.count_ones()) {
                    continue;
                }
                let mut best = 0;
                for a in bits(hole) {
                    for b in bits(hole).filter(|&b| b > a) {
                        for &t in &triples {
                            best = best.max(flush_strength(a | b | t).value());
                        }
                    }
                }
                assert_eq!(
                    best_two_plus_three_flush(hole, board),
                    best,
                    "{hole:013b} {board:013b}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 871_728);
    }
}
