//! Seven-card category counts when every round riffles a new deck `K` times and deals the top
//! seven cards (to set next to the exact uniform values of `engine::exact_counts`).
//!
//! A new deck (as sold in the United States) runs, from the top:
//!
//! ```text
//!  As 2s 3s … Ks   Ad 2d … Kd   Kc Qc … 2c Ac   Kh Qh … 2h Ah
//! ```

use deck::Card;
use engine::chunks::{Chunk, sum_chunks};
use engine::{CategoryCounts, ChunkPlan};

/// The new-deck order of the module docs, top card first.
pub fn new_deck_order() -> [Card; 52] {
    // Ranks: 0 = deuce … 12 = ace. Suits: 0 = c, 1 = d, 2 = h, 3 = s.
    let ace_to_king = |i: usize| ((i + 12) % 13) as u8;
    let king_to_ace = |i: usize| ace_to_king(12 - i);
    std::array::from_fn(|slot| {
        let i = slot % 13;
        match slot / 13 {
            0 => Card::new(ace_to_king(i), 3),
            1 => Card::new(ace_to_king(i), 1),
            2 => Card::new(king_to_ace(i), 0),
            _ => Card::new(king_to_ace(i), 2),
        }
    })
}

/// The rounds of one chunk: each riffles a fresh new deck `riffles` times and evaluates its top
/// seven.
pub fn run_chunk(riffles: usize, chunk: Chunk) -> CategoryCounts {
    let mut rng = chunk.rng;
    let new_deck = new_deck_order();
    let mut scratch = new_deck;
    let mut slots = [0u64; 16];
    for _ in 0..chunk.rounds {
        let mut deck = new_deck;
        deck::riffle::riffles(&mut rng, &mut deck, &mut scratch, riffles);
        slots[eval::evaluate(&deck[..7]).category_index() & 15] += 1;
    }
    CategoryCounts::from_slots(&slots)
}

/// Every chunk on the current pool, counts added.
pub fn simulate(riffles: usize, seed: u64, plan: &ChunkPlan) -> CategoryCounts {
    sum_chunks(
        seed,
        plan,
        0..plan.chunks(),
        CategoryCounts::default,
        |chunk| run_chunk(riffles, chunk),
        |a, b| a + b,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_deck_order_is_as_documented() {
        let text: Vec<String> = new_deck_order().iter().map(ToString::to_string).collect();
        assert_eq!(&text[..3], ["As", "2s", "3s"]);
        assert_eq!(text[12], "Ks");
        assert_eq!(&text[13..15], ["Ad", "2d"]);
        assert_eq!(&text[26..28], ["Kc", "Qc"]);
        assert_eq!(text[38], "Ac");
        assert_eq!(text[39], "Kh");
        assert_eq!(text[51], "Ah");
        let mut seen: Vec<usize> = new_deck_order().iter().map(|c| c.index()).collect();
        seen.sort_unstable();
        assert!(seen.iter().enumerate().all(|(i, &c)| i == c));
    }

    #[test]
    fn no_riffle_always_deals_a_straight_flush() {
        // As 2s 3s 4s 5s 6s 7s: a seven-high straight flush every time.
        let counts = simulate(0, 1, &ChunkPlan::new(10));
        assert_eq!(counts.get(eval::Category::StraightFlush), 10);
    }
}
