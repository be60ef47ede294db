//! The calling-range text of Omaha: the chosen breakdown rows written class by class where a
//! class (an item of the range as written, `AAxx:ds`) parses back to chosen hands only, and
//! hand by hand elsewhere (`AsAhKdKc`).

use std::collections::HashMap;

use engine::BreakdownEntry;
use omaha::Spot;
use omaha::range::{Range, hand_mask};

/// Whether a hand (by its card mask) belongs in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    In,
    Out,
    Free,
}

/// The text of the `chosen` rows among `rows`, the breakdown rows of the player at `seat`: per
/// class, in the rows' order, the class itself when every hand its text parses to (the known
/// cards removed) is chosen or cannot be dealt, else the chosen hands one by one.
pub(super) fn omaha_range_text(
    spot: &Spot,
    seat: usize,
    rows: &[BreakdownEntry],
    chosen: &[bool],
) -> String {
    let mut known = spot
        .board
        .iter()
        .chain(&spot.dead)
        .fold(0u64, |m, c| m | 1 << c.index());
    for (p, range) in spot.players.iter().enumerate() {
        if p != seat && !range.random && range.hands.len() == 1 {
            known |= hand_mask(&range.hands[0], range.hole_cards);
        }
    }
    let mask_of = |text: &str| {
        deck::parse_cards(text)
            .map(|cards| cards.iter().fold(0u64, |m, c| m | 1 << c.index()))
            .ok()
    };
    let mut picks: HashMap<u64, Pick> = HashMap::with_capacity(rows.len());
    for (row, &inside) in rows.iter().zip(chosen) {
        if let Some(mask) = mask_of(&row.hand) {
            let pick = match (inside, row.frequency == 0.0) {
                (true, _) => Pick::In,
                (false, true) => Pick::Free,
                (false, false) => Pick::Out,
            };
            picks.insert(mask, pick);
        }
    }
    let pick = |mask: u64| {
        picks.get(&mask).copied().unwrap_or(if mask & known != 0 {
            Pick::Free
        } else {
            Pick::Out
        })
    };
    // The classes in the rows' order, each with its rows.
    let mut classes: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        match classes.iter_mut().find(|(c, _)| *c == row.class) {
            Some((_, members)) => members.push(i),
            None => classes.push((&row.class, vec![i])),
        }
    }
    let mut items: Vec<&str> = Vec::new();
    for (class, members) in &classes {
        let any_in = members.iter().any(|&i| chosen[i]);
        if !any_in {
            continue;
        }
        let whole = members
            .iter()
            .all(|&i| chosen[i] || rows[i].frequency == 0.0)
            && Range::of_game(class, spot.game).is_ok_and(|range| {
                !range.random
                    && range
                        .hands
                        .iter()
                        .all(|h| pick(hand_mask(h, range.hole_cards)) != Pick::Out)
            });
        if whole {
            items.push(class);
        } else {
            items.extend(
                members
                    .iter()
                    .filter(|&&i| chosen[i])
                    .map(|&i| rows[i].hand.as_str()),
            );
        }
    }
    items.join(",")
}
