//! The calling-range text of the families whose ranges are two-card ranges (hold'em, short
//! deck, stud's down cards): the chosen breakdown rows written compactly by
//! [`engine::two_card_text`].

use deck::Card;
use engine::BreakdownEntry;
use engine::two_card_range::combo_mask;
use engine::two_card_text::{Pick, two_card_text};

/// The compact text of the `chosen` rows among `rows` (each a two-card hand such as `AhKh`).
/// A combo of no row is free (may be written) when it meets a card of `known` (board, dead
/// cards, other players' cards) or, with `short_deck`, a card below the six; any other is out.
/// A row never dealt in the spot (frequency 0) is free unless chosen.
pub(super) fn two_card_range_text(
    rows: &[BreakdownEntry],
    chosen: &[bool],
    known: u64,
    short_deck: bool,
) -> String {
    const SIX: u8 = 4;
    let mut picks = vec![None::<Pick>; Card::COUNT * Card::COUNT];
    for (row, &inside) in rows.iter().zip(chosen) {
        if let Ok(cards) = deck::parse_cards(&row.hand)
            && let [a, b] = cards[..]
        {
            let pick = if inside {
                Pick::In
            } else if row.frequency == 0.0 {
                Pick::Free
            } else {
                Pick::Out
            };
            picks[a.index() * Card::COUNT + b.index()] = Some(pick);
            picks[b.index() * Card::COUNT + a.index()] = Some(pick);
        }
    }
    two_card_text(&|combo: [Card; 2]| {
        let [a, b] = combo;
        picks[a.index() * Card::COUNT + b.index()].unwrap_or_else(|| {
            let missing = short_deck && (a.rank() < SIX || b.rank() < SIX);
            if combo_mask(combo) & known != 0 || missing {
                Pick::Free
            } else {
                Pick::Out
            }
        })
    })
}
