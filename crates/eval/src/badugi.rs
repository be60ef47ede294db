//! Badugi: of four cards, the largest set with no two ranks and no two suits alike, aces low;
//! more cards beat fewer, then the lowest ranks win, read from the highest down.

use std::fmt;

use deck::Card;

/// Bits of the value below the badugi's size.
const SIZE_SHIFT: u32 = 13;
/// The thirteen rank bits.
const RANKS: u32 = 0x1fff;
/// Bits of the card bit pattern below the suit bits.
const SUIT_SHIFT: u32 = 16;
/// The bit of a subset's pattern that marks two cards sharing a rank or a suit.
const CLASH_SHIFT: u32 = 31;

/// Each card index's bit pattern: its ace-low rank bit (ace → bit 0, deuce → bit 1, …, king →
/// bit 12) and its suit bit (bit 16 + suit): a card joins a badugi exactly when its pattern
/// meets none of the badugi's. Indices 52 to 63 add nothing.
const CARD_BITS: [u32; 64] = {
    let mut table = [0u32; 64];
    let mut i = 0;
    while i < 52 {
        let rank = i / 4; // 0 = deuce … 12 = ace
        table[i] = 1 << ((rank + 1) % 13) | 1 << (SUIT_SHIFT as usize + i % 4);
        i += 1;
    }
    table
};

/// The strength of a four-card badugi hand: comparing two `BadugiRank`s compares the hands, the
/// **larger** value being the **better** hand; equal values are exactly equal hands.
///
/// ```text
///  bit  15  13 12                     0
///      [ size ][ complement of the ranks ]    ranks as a mask: bit 0 = ace … bit 12 = king
///  size: 1 to 4 cards        A-2-3-4 → 4·2^13 + (0x1fff ^ 0b1111) = 40,944 (the best)
/// ```
///
/// More cards beat fewer. Among badugis of one size the rank masks hold equally many bits, so
/// their integer order is the order of their highest ranks first, and the complement reverses
/// it: the lower badugi gets the larger value (4-card 8-high beats 4-card 9-high). The value is
/// never 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BadugiRank(u32);

impl BadugiRank {
    /// The best badugi: A-2-3-4 of four suits.
    pub const BEST: BadugiRank = BadugiRank(4 << SIZE_SHIFT | (RANKS ^ 0b1111));

    /// The raw value; larger is better. Never 0.
    #[inline]
    pub const fn value(self) -> u32 {
        self.0
    }

    /// The badugi's size: 1 to 4 cards.
    #[inline]
    pub const fn cards(self) -> u8 {
        (self.0 >> SIZE_SHIFT) as u8
    }

    /// The badugi's ranks as a mask, aces low (bit 0 = ace … bit 12 = king).
    #[inline]
    pub const fn rank_mask(self) -> u16 {
        (!self.0 & RANKS) as u16
    }

    /// The badugi's ranks, aces low (1 = ace … 13 = king), high to low, in the first
    /// [`BadugiRank::cards`] entries; the entries after them are 0.
    pub fn ranks(self) -> [u8; 4] {
        let mask = self.rank_mask();
        let mut out = [0u8; 4];
        for (slot, rank) in out
            .iter_mut()
            .zip((0..13u8).rev().filter(|r| mask >> r & 1 == 1))
        {
            *slot = rank + 1;
        }
        out
    }

    /// The badugi's highest rank, aces low (1 = ace … 13 = king): 4 for the nuts.
    #[inline]
    pub const fn top_rank(self) -> u8 {
        (16 - self.rank_mask().leading_zeros()) as u8
    }
}

impl fmt::Display for BadugiRank {
    /// The size and the ranks high to low, joined by dashes: `4-card 8-6-3-A`, `3-card K-Q-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [char; 14] = [
            '?', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
        ];
        write!(f, "{}-card ", self.cards())?;
        let ranks = self.ranks();
        for (i, &r) in ranks.iter().take(usize::from(self.cards())).enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{}", NAMES[usize::from(r).min(13)])?;
        }
        Ok(())
    }
}

/// The badugi of exactly four distinct cards.
///
/// Scores the 15 nonempty subsets of the cards, each one's bit pattern (see the table above) a
/// smaller subset's with one card added: a subset is a badugi when that smaller subset is one
/// and the card's pattern meets none of its bits, and its value is then its size over the
/// complement of its ranks. The best value wins, so the largest badugi counts and, among the
/// largest, the lowest. Written out subset by subset and branch-free (a few operations and a
/// mask per subset, then a maximum): a loop over the subsets with a branch on the clash test ran
/// about three times slower on hands in random order (release build), its branches mispredicted.
#[inline]
pub fn badugi(cards: &[Card]) -> BadugiRank {
    debug_assert_eq!(cards.len(), 4, "a badugi hand has four cards");
    let mut bits = [0u32; 4];
    for (slot, card) in bits.iter_mut().zip(cards) {
        *slot = CARD_BITS[card.index() & 63];
    }
    let [a, b, c, d] = bits;
    // A subset's pattern is the union of its cards', with bit `CLASH_SHIFT` set when two of them
    // share a rank or a suit: a subset clashes when a smaller one does or its last card meets
    // the smaller one's bits.
    let join = |rest: u32, card: u32| rest | card | u32::from(rest & card != 0) << CLASH_SHIFT;
    // A subset's value: its size over the complement of its ranks, or 0 when it clashes.
    let score = |size: u32, pattern: u32| {
        (size << SIZE_SHIFT | (!pattern & RANKS)) & (pattern >> CLASH_SHIFT).wrapping_sub(1)
    };
    let (ab, ac, ad, bc, bd, cd) = (
        join(a, b),
        join(a, c),
        join(a, d),
        join(b, c),
        join(b, d),
        join(c, d),
    );
    let (abc, abd, acd, bcd) = (join(ab, c), join(ab, d), join(ac, d), join(bc, d));
    let abcd = join(abc, d);
    let best = [
        score(1, a),
        score(1, b),
        score(1, c),
        score(1, d),
        score(2, ab),
        score(2, ac),
        score(2, ad),
        score(2, bc),
        score(2, bd),
        score(2, cd),
        score(3, abc),
        score(3, abd),
        score(3, acd),
        score(3, bcd),
        score(4, abcd),
    ]
    .into_iter()
    .fold(0, u32::max);
    BadugiRank(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn hand(text: &str) -> BadugiRank {
        badugi(&parse_cards(text).unwrap())
    }

    #[test]
    fn named_hands_in_order() {
        // Best to worst; each a name, a hand and its badugi as displayed.
        let cases = [
            ("the nuts", "Ac2d3h4s", "4-card 4-3-2-A"),
            ("number two", "Ac2d3h5s", "4-card 5-3-2-A"),
            ("eight-high", "8c6d3hAs", "4-card 8-6-3-A"),
            ("nine-high", "9c2d3hAs", "4-card 9-3-2-A"),
            ("worst badugi", "KcQdJhTs", "4-card K-Q-J-T"),
            ("three-card: one of a pair out", "Ac2d3h3s", "3-card 3-2-A"),
            (
                "three-card: the higher of a suit out",
                "Ac2d4hKh",
                "3-card 4-2-A",
            ),
            (
                "three-card: the lower of a suit kept",
                "Ac2d5h6c",
                "3-card 5-2-A",
            ),
            ("three-card six-high", "Ac3d6h6c", "3-card 6-3-A"),
            ("worst three-card", "KcQdJhJc", "3-card K-Q-J"),
            ("two-card", "AcAd2c2d", "2-card 2-A"),
            ("two-card from trips", "AcAdAh3c", "2-card 3-A"),
            ("two-card, three of a suit", "4c5c6cAd", "2-card 4-A"),
            ("worst two-card", "KcKdQcQd", "2-card K-Q"),
            ("one-card: four of a suit", "Ac2c3c4c", "1-card A"),
            ("one-card: quads", "2c2d2h2s", "1-card 2"),
            ("the worst hand", "KcKdKhKs", "1-card K"),
        ];
        for pair in cases.windows(2) {
            let (a, b) = (hand(pair[0].1), hand(pair[1].1));
            assert!(a > b, "{} should beat {}: {a} vs {b}", pair[0].0, pair[1].0);
        }
        for (name, cards, text) in cases {
            assert_eq!(hand(cards).to_string(), text, "{name}");
        }
        assert_eq!(hand("4s3h2dAc"), BadugiRank::BEST);
        assert_eq!(hand("Ac2d3h4c"), hand("Ac2d3h3s"));
        assert_eq!(hand("Ac2c3h4s").to_string(), "3-card 4-3-A");
        assert_eq!(hand("KcKdKhKs").value(), 1 << 13 | (RANKS ^ 1 << 12));
    }

    #[test]
    fn accessors_read_the_badugi() {
        let eight = hand("8c6d3hAs");
        assert_eq!(eight.cards(), 4);
        assert_eq!(eight.ranks(), [8, 6, 3, 1]);
        assert_eq!(eight.top_rank(), 8);
        assert_eq!(eight.rank_mask(), 0b1010_0101);
        let two = hand("KcKdQcQd");
        assert_eq!(
            (two.cards(), two.ranks(), two.top_rank()),
            (2, [13, 12, 0, 0], 13)
        );
        assert_eq!(BadugiRank::BEST.value(), 40_944);
        assert_eq!(BadugiRank::BEST.top_rank(), 4);
    }
}
