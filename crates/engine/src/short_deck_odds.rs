//! Monte Carlo category counts of short-deck hands: the odds hot loop of [`crate::odds_loop`] on
//! a 36-card deck, evaluated by the short-deck ranking of the hand's rules.

use deck::{Dealer, ShortDeck};
use eval::{CardKeys, HandKey, ShortDeckEvaluator, ShortDeckRules};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::category_counts::CategoryCounts;
use crate::chunks::{Chunk, sum_chunks};
use crate::hand::HandSpec;
use crate::odds_loop::LANES;
use crate::plan::ChunkPlan;
use crate::variant::Variant;

/// The rules of a short-deck hand.
///
/// # Panics
/// If the hand is not a short-deck hand.
fn rules_of(hand: &HandSpec) -> ShortDeckRules {
    match hand.variant() {
        Variant::ShortDeck(rules) => rules,
        variant => panic!("a short-deck run needs a short-deck hand, not {variant}"),
    }
}

/// Deals and evaluates the rounds of chunk `chunk` of a short-deck hand: the chunk's own
/// generator and decks, counters in local arrays, nothing allocated or shared.
///
/// `template` must be `hand`'s [`HandSpec::short_template_deck`].
///
/// # Panics
/// If `hand` is not a short-deck hand.
pub fn run_chunk(hand: &HandSpec, template: &ShortDeck, chunk: Chunk) -> CategoryCounts {
    let evaluator = ShortDeckEvaluator::new(rules_of(hand));
    let Chunk { rng, rounds, .. } = chunk;
    macro_rules! dispatch {
        ($($cards:literal => [$($known:literal),*]),*) => {
            match (hand.cards(), hand.known().len()) {
                $($(($cards, $known) => {
                    count_rounds::<{ $cards - $known }, $known>(evaluator, template, rng, rounds)
                })*)*
                (cards, known) => {
                    unreachable!("a validated hand has 5 to 7 cards, fewer known: {cards}, {known}")
                }
            }
        };
    }
    let tiers =
        dispatch!(5 => [0, 1, 2, 3, 4], 6 => [0, 1, 2, 3, 4, 5], 7 => [0, 1, 2, 3, 4, 5, 6]);
    CategoryCounts::from_short_deck_tiers(&tiers)
}

/// The hot loop of [`crate::odds_loop`] (the same lanes, the same deferred rank lookups) on
/// 36-card decks: `rounds` rounds of dealing `K` cards, counted per strength tier.
#[inline(never)]
fn count_rounds<const K: usize, const KNOWN: usize>(
    evaluator: ShortDeckEvaluator,
    template: &ShortDeck,
    mut rng: Xoshiro256PlusPlus,
    rounds: u64,
) -> [u64; 16] {
    debug_assert_eq!(template.known(), KNOWN);
    let dealer = Dealer::<K, 36>::new(KNOWN);
    let hand_len = KNOWN + K;
    let known_key = HandKey::of(&template.cards()[..template.known()]);
    let mut decks: [ShortDeck; LANES] = std::array::from_fn(|_| template.clone());
    let mut slots = [[0u64; 16]; LANES];
    let count_flush = |key: HandKey, deck: &ShortDeck, slots: &mut [u64; 16]| {
        if key.has_flush() {
            let rank = evaluator.evaluate_with_key(key, &deck.cards()[..hand_len]);
            slots[rank.tier() & 15] += 1;
        }
    };
    let count_ranks = |key: HandKey, slots: &mut [u64; 16]| {
        if !key.has_flush() {
            slots[evaluator.rank_strength(key).tier() & 15] += 1;
        }
    };
    let card_keys = CardKeys::opaque();
    let mut waiting = None;
    for _ in 0..rounds / LANES as u64 {
        let keys = dealer.deal_lanes(&mut decks, &mut rng, known_key, |key, card| {
            key.with_keys(card_keys, card)
        });
        if let Some(previous) = waiting.replace(keys) {
            for lane in 0..LANES {
                count_ranks(previous[lane], &mut slots[lane]);
            }
        }
        for lane in 0..LANES {
            count_flush(keys[lane], &decks[lane], &mut slots[lane]);
        }
    }
    if let Some(previous) = waiting {
        for lane in 0..LANES {
            count_ranks(previous[lane], &mut slots[lane]);
        }
    }
    for _ in 0..rounds % LANES as u64 {
        let key = dealer.deal_fold(&mut decks[0], &mut rng, known_key, HandKey::with);
        count_flush(key, &decks[0], &mut slots[0]);
        count_ranks(key, &mut slots[0]);
    }
    let mut total = [0u64; 16];
    for lane in &slots {
        for (t, s) in total.iter_mut().zip(lane) {
            *t += s;
        }
    }
    total
}

/// Runs every chunk of `plan` for a short-deck hand on the current rayon pool and adds up the
/// counts.
///
/// # Panics
/// If `hand` is not a short-deck hand.
pub fn simulate(hand: &HandSpec, seed: u64, plan: &ChunkPlan) -> CategoryCounts {
    let template = hand.short_template_deck();
    sum_chunks(
        seed,
        plan,
        0..plan.chunks(),
        CategoryCounts::default,
        |chunk| run_chunk(hand, &template, chunk),
        |a, b| a + b,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The obvious loop: the general `Deck::deal` on 36-card decks and the slice evaluator,
    /// decks taken in the documented lane order.
    fn reference_counts(
        hand: &HandSpec,
        seed: u64,
        plan: &ChunkPlan,
        chunk: u64,
    ) -> CategoryCounts {
        let evaluator = ShortDeckEvaluator::new(rules_of(hand));
        let mut rng = crate::seed::chunk_rng(seed, chunk);
        let template = hand.short_template_deck();
        let mut decks: Vec<ShortDeck> = (0..LANES).map(|_| template.clone()).collect();
        let rounds = plan.rounds_in(chunk);
        let full = rounds - rounds % LANES as u64;
        let mut counts = CategoryCounts::default();
        for round in 0..rounds {
            let lane = if round < full {
                (round % LANES as u64) as usize
            } else {
                0
            };
            let cards = decks[lane].deal(&mut rng, hand.to_deal());
            counts.0[evaluator.evaluate(cards).category().index()] += 1;
        }
        counts
    }

    #[test]
    fn hot_loop_matches_the_reference_loop_for_every_deal_size_and_rule_set() {
        let plan = ChunkPlan::with_chunk_rounds(20_003, 10_000);
        for rules in ShortDeckRules::ALL {
            for (cards, known) in [
                (7, ""),
                (7, "AsKd"),
                (7, "6c7c8c9cTcJc"),
                (6, "Th"),
                (5, ""),
                (5, "AhKhQh"),
            ] {
                let known = deck::parse_cards(known).unwrap();
                let hand = HandSpec::of_variant(Variant::ShortDeck(rules), cards, known).unwrap();
                let template = hand.short_template_deck();
                for chunk in 0..plan.chunks() {
                    assert_eq!(
                        run_chunk(&hand, &template, Chunk::new(5, &plan, chunk)),
                        reference_counts(&hand, 5, &plan, chunk),
                        "{rules} cards {cards} known {:?} chunk {chunk}",
                        hand.known_text()
                    );
                }
            }
        }
    }
}
