//! The draw rule of the lowball games and badugi after the first draw, where no peer and no
//! player's words say what each player keeps: a player **stands pat** with a made hand whose
//! highest card is at most their pat rank (2-7: five ranks, no pair, no straight, no flush;
//! five ranks, no pair; badugi: four cards of four ranks and four suits); otherwise they
//! **keep** one card of each rank at or below the pat rank (aces high in 2-7, low in A-5 and
//! badugi; in badugi also of distinct suits, the best such badugi) and draw the rest. In 2-7, a
//! kept set of five (a straight or a flush below the pat rank) breaks its highest card.
//!
//! Ranks are the deck's (0 = deuce … 12 = ace); a pat rank is never an ace.

use deck::Card;

use crate::game::Scoring;

/// The default pat rank: nine (stand pat with a nine-low or better, or a nine-high badugi).
pub const DEFAULT_PAT: u8 = 7;

/// The pat ranks written as text: one rank (`9`) or one per player (`9,T,8`), deuce to king
/// (an ace is never a pat rank), as deck ranks; `None` for anything else.
pub fn read_pat(text: &str) -> Option<Vec<u8>> {
    text.split(',')
        .map(|part| {
            let mut chars = part.trim().chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => deck::RANK_CHARS
                    .iter()
                    .position(|&r| r == c.to_ascii_uppercase())
                    .filter(|&r| r < 12)
                    .map(|r| r as u8),
                _ => None,
            }
        })
        .collect()
}

/// A card's rank for the ace-low games: ace 0, deuce 1, … king 12.
#[inline(always)]
const fn ace_low(rank: u8) -> u8 {
    (rank + 1) % 13
}

/// Which of `cards` (a complete hand, at most 5) a player keeps at a draw after the first,
/// as a bit per position (all bits set: pat), under `scoring` with pat rank `pat`. Inlined,
/// so a loop generic over the scoring decides it at compile time.
#[inline(always)]
pub fn kept(scoring: Scoring, cards: &[Card], pat: u8) -> u8 {
    match scoring {
        Scoring::DeuceSeven => kept_deuce_seven(cards, pat),
        Scoring::AceFive => kept_ace_five(cards, pat),
        Scoring::Badugi => kept_badugi(cards, pat),
        // The high games have one draw: nobody draws by rule.
        Scoring::High | Scoring::HighLow => (1 << cards.len()) - 1,
    }
}

/// One card of each rank for which `keep(rank)` holds, first come first kept: the positions.
#[inline(always)]
fn one_per_rank(cards: &[Card], keep: impl Fn(u8) -> bool) -> (u8, u16) {
    let mut positions = 0u8;
    let mut ranks = 0u16;
    for (i, card) in cards.iter().enumerate() {
        let rank = card.rank();
        if keep(rank) && ranks >> rank & 1 == 0 {
            ranks |= 1 << rank;
            positions |= 1 << i;
        }
    }
    (positions, ranks)
}

fn kept_deuce_seven(cards: &[Card], pat: u8) -> u8 {
    let (mut positions, ranks) = one_per_rank(cards, |r| r <= pat);
    if positions.count_ones() == 5 {
        let straight = ranks >> ranks.trailing_zeros() == 0b11111;
        let suit = cards[0].suit();
        let flush = cards.iter().all(|c| c.suit() == suit);
        if !straight && !flush {
            return positions;
        }
        // Break the straight or flush at its highest card.
        let top = 15 - ranks.leading_zeros() as u8;
        let at = cards.iter().position(|c| c.rank() == top).unwrap_or(0);
        positions &= !(1 << at);
    }
    positions
}

fn kept_ace_five(cards: &[Card], pat: u8) -> u8 {
    let limit = ace_low(pat);
    one_per_rank(cards, |r| ace_low(r) <= limit).0
}

fn kept_badugi(cards: &[Card], pat: u8) -> u8 {
    let limit = ace_low(pat);
    let mut best = (0u32, 0u8);
    for subset in 1u8..1 << cards.len() {
        let mut ranks = 0u16;
        let mut suits = 0u8;
        let mut fine = true;
        for (i, card) in cards.iter().enumerate() {
            if subset >> i & 1 == 1 {
                let rank = ace_low(card.rank());
                fine &= rank <= limit && ranks >> rank & 1 == 0 && suits >> card.suit() & 1 == 0;
                ranks |= 1 << rank;
                suits |= 1 << card.suit();
            }
        }
        if fine {
            // More cards first, then the lower ranks (a smaller mask is lower, highest first).
            let score = (subset.count_ones() << 16) | u32::from(!ranks & 0x1fff);
            if score > best.0 {
                best = (score, subset);
            }
        }
    }
    best.1
}

/// Whether a player keeps every card: the pat test of the module's rule.
pub fn stands_pat(scoring: Scoring, cards: &[Card], pat: u8) -> bool {
    kept(scoring, cards, pat).count_ones() as usize == cards.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn kept_of(scoring: Scoring, text: &str, pat: u8) -> Vec<Card> {
        let cards = parse_cards(text).unwrap();
        let mask = kept(scoring, &cards, pat);
        (0..cards.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect()
    }

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text).unwrap()
    }

    #[test]
    fn deuce_seven_keeps_distinct_ranks_to_the_pat_rank() {
        assert!(stands_pat(
            Scoring::DeuceSeven,
            &cards("9c 7d 5h 3s 2c"),
            DEFAULT_PAT
        ));
        assert!(!stands_pat(
            Scoring::DeuceSeven,
            &cards("Tc 7d 5h 3s 2c"),
            DEFAULT_PAT
        ));
        assert_eq!(
            kept_of(Scoring::DeuceSeven, "Tc 7d 5h 3s 2c", DEFAULT_PAT),
            cards("7d 5h 3s 2c")
        );
        // Aces are high: never kept; pairs keep one card.
        assert_eq!(
            kept_of(Scoring::DeuceSeven, "Ac 7d 7h 3s 2c", DEFAULT_PAT),
            cards("7d 3s 2c")
        );
        // A six-high straight breaks its six; a flush its highest card.
        assert_eq!(
            kept_of(Scoring::DeuceSeven, "6c 5d 4h 3s 2c", DEFAULT_PAT),
            cards("5d 4h 3s 2c")
        );
        assert_eq!(
            kept_of(Scoring::DeuceSeven, "8c 6c 4c 3c 2c", DEFAULT_PAT),
            cards("6c 4c 3c 2c")
        );
    }

    #[test]
    fn ace_five_keeps_aces_as_the_lowest_card() {
        assert!(stands_pat(
            Scoring::AceFive,
            &cards("Ac 2d 3h 4s 5c"),
            DEFAULT_PAT
        ));
        assert_eq!(
            kept_of(Scoring::AceFive, "Ac Ad 3h Ks 9c", DEFAULT_PAT),
            cards("Ac 3h 9c")
        );
        assert_eq!(
            kept_of(Scoring::AceFive, "Ac 2d 3h Ts 9c", 6),
            cards("Ac 2d 3h")
        );
    }

    #[test]
    fn badugi_keeps_the_best_badugi_below_the_pat_rank() {
        assert!(stands_pat(
            Scoring::Badugi,
            &cards("Ac 2d 3h 4s"),
            DEFAULT_PAT
        ));
        assert!(!stands_pat(
            Scoring::Badugi,
            &cards("Ac 2d 3h Ts"),
            DEFAULT_PAT
        ));
        assert_eq!(
            kept_of(Scoring::Badugi, "Ac 2d 3h Ts", DEFAULT_PAT),
            cards("Ac 2d 3h")
        );
        // Two clubs: keep the lower.
        assert_eq!(
            kept_of(Scoring::Badugi, "Ac 2c 3h 4s", DEFAULT_PAT),
            cards("Ac 3h 4s")
        );
        assert_eq!(
            kept_of(Scoring::Badugi, "Kc Qc Jc Tc", DEFAULT_PAT),
            Vec::<Card>::new()
        );
    }
}
