//! Monte Carlo category counts: the odds hot loop of every board game. Each chunk deals its
//! rounds from its own decks and generator and counts the category of every hand; nothing is
//! allocated, locked or shared. One loop serves hold'em (52 cards) and short deck (36 cards):
//! it is generic over the deck size and the [`Ranking`], and monomorphised for each.

use deck::{Dealer, Deck, ShortDeck};
use eval::{CardKeys, HandKey, HoldemRanking, Ranking, ShortDeckEvaluator};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::category_counts::CategoryCounts;
use crate::chunks::{Chunk, sum_chunks};
use crate::hand::HandSpec;
use crate::plan::ChunkPlan;

/// Independent decks dealt in turn within a chunk: each round is a chain of dependent loads,
/// multiplies and stores, and interleaving several chains lets the CPU overlap them.
pub const LANES: usize = 4;

/// Deals and evaluates the rounds of chunk `chunk` with `ranking` on decks of `N` cards: the
/// chunk's own generator and decks, counters in local arrays, nothing allocated or shared.
///
/// `template` must be `hand`'s deck ([`HandSpec::template_deck`] or
/// [`HandSpec::short_template_deck`]) and `ranking` its game's; [`OddsChunks`] picks both.
pub fn run_chunk<const N: usize, R: Ranking>(
    hand: &HandSpec,
    ranking: R,
    template: &Deck<N>,
    chunk: Chunk,
) -> CategoryCounts {
    debug_assert_eq!(N, R::DECK_SIZE);
    let Chunk { rng, rounds, .. } = chunk;
    let dead = hand.dead().len();
    // One instance per (cards, known) pair: with both fixed at compile time, the dealer's bounds
    // and rejection threshold are constants in the hot loop. Dead cards, a count known only at
    // run time, get instances of their own, so that hands without them keep those constants.
    macro_rules! dispatch {
        ($($cards:literal => [$($known:literal),*]),*) => {
            match (hand.cards(), hand.known().len()) {
                $($(($cards, $known) => match dead {
                    0 => count_rounds::<{ $cards - $known }, $known, N, R, false>(
                        ranking, template, rng, rounds, 0,
                    ),
                    dead => count_rounds::<{ $cards - $known }, $known, N, R, true>(
                        ranking, template, rng, rounds, dead,
                    ),
                })*)*
                (cards, known) => {
                    unreachable!("a validated hand has 5 to 7 cards, fewer known: {cards}, {known}")
                }
            }
        };
    }
    let tiers =
        dispatch!(5 => [0, 1, 2, 3, 4], 6 => [0, 1, 2, 3, 4, 5], 7 => [0, 1, 2, 3, 4, 5, 6]);
    CategoryCounts::from_tiers(&tiers, ranking.tier_categories())
}

/// The hot loop: `rounds` rounds of dealing `K` cards (from the deck less the `dead` cards in its
/// last slots, when `DEAD`) and counting the strength tier, spread over
/// [`LANES`] decks in turn (round `r` uses deck `r % LANES` while `r` is below the last multiple
/// of `LANES`, then deck 0). Each step deals one round on every lane at once
/// ([`Dealer::deal_lanes`]), which draws the same words in the same order as rounds one by one.
///
/// A step's flush hands are evaluated at once, since they need the cards that the next step
/// overwrites; the table lookups of its other hands wait until the next step is dealt. By then
/// their keys are long known, so the two dependent table loads overlap the dealing instead of
/// ending each step with a chain that the next step queues behind (measured: ~99 → ~107 M
/// rounds/s on one core).
#[inline(never)]
fn count_rounds<
    const K: usize,
    const KNOWN: usize,
    const N: usize,
    R: Ranking,
    const DEAD: bool,
>(
    ranking: R,
    template: &Deck<N>,
    mut rng: Xoshiro256PlusPlus,
    rounds: u64,
    dead: usize,
) -> [u64; 16] {
    debug_assert_eq!(template.known(), KNOWN);
    debug_assert_eq!(DEAD, dead > 0);
    let dealer = if DEAD {
        Dealer::<K, N>::with_dead(KNOWN, dead)
    } else {
        Dealer::<K, N>::new(KNOWN)
    };
    let hand_len = KNOWN + K;
    let known_key = HandKey::of(&template.cards()[..template.known()]);
    let mut decks: [Deck<N>; LANES] = std::array::from_fn(|_| template.clone());
    let mut slots = [[0u64; 16]; LANES];
    let count_flush = |key: HandKey, deck: &Deck<N>, slots: &mut [u64; 16]| {
        if key.has_flush() {
            let strength = ranking.evaluate_with_key(key, &deck.cards()[..hand_len]);
            slots[usize::from(strength >> 12) & 15] += 1;
        }
    };
    let count_ranks = |key: HandKey, slots: &mut [u64; 16]| {
        if !key.has_flush() {
            slots[usize::from(ranking.rank_strength(key) >> 12) & 15] += 1;
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

/// The chunks of one odds run of any board game: the hand and the deck its chunks start from,
/// built once and shared by every chunk (the driver's and [`simulate`]'s work item).
#[derive(Debug, Clone)]
pub struct OddsChunks {
    hand: HandSpec,
    template: Template,
}

/// The deck and ranking a game's chunks start from.
#[derive(Debug, Clone)]
enum Template {
    Holdem(Deck),
    ShortDeck(ShortDeck, ShortDeckEvaluator),
}

impl OddsChunks {
    /// The chunks of `hand`'s odds run.
    pub fn new(hand: &HandSpec) -> Self {
        let template = match hand.game().short_deck_rules() {
            None => Template::Holdem(hand.template_deck()),
            Some(rules) => {
                Template::ShortDeck(hand.short_template_deck(), ShortDeckEvaluator::new(rules))
            }
        };
        Self {
            hand: hand.clone(),
            template,
        }
    }

    /// Deals and counts chunk `chunk` with the game's deck and ranking ([`run_chunk`]).
    pub fn run(&self, chunk: Chunk) -> CategoryCounts {
        match &self.template {
            Template::Holdem(deck) => run_chunk(&self.hand, HoldemRanking, deck, chunk),
            Template::ShortDeck(deck, ranking) => run_chunk(&self.hand, *ranking, deck, chunk),
        }
    }
}

/// Runs every chunk of `plan` on the current rayon pool and adds up the counts, for a hand of
/// any board game.
pub fn simulate(hand: &HandSpec, seed: u64, plan: &ChunkPlan) -> CategoryCounts {
    let chunks = OddsChunks::new(hand);
    sum_chunks(
        seed,
        plan,
        0..plan.chunks(),
        CategoryCounts::default,
        |chunk| chunks.run(chunk),
        |a, b| a + b,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use eval::ShortDeckRules;

    /// The obvious loop the hot path must agree with: the general `Deck::deal` and the slice
    /// evaluator of the hand's game, decks taken in the documented lane order.
    fn reference_counts<const N: usize, R: Ranking>(
        hand: &HandSpec,
        ranking: R,
        template: &Deck<N>,
        seed: u64,
        plan: &ChunkPlan,
        chunk: u64,
    ) -> CategoryCounts {
        let mut rng = crate::seed::chunk_rng(seed, chunk);
        let mut decks: Vec<Deck<N>> = (0..LANES).map(|_| template.clone()).collect();
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
            let strength = ranking.evaluate_with_key(HandKey::of(cards), cards);
            let category = ranking.tier_categories()[usize::from(strength >> 12)];
            counts.0[category.index()] += 1;
        }
        counts
    }

    const SPOTS: [(usize, &str); 6] = [
        (7, ""),
        (7, "AsKd"),
        (7, "9c8cTcJcQcKc"),
        (6, "Th"),
        (5, ""),
        (5, "AhKhQh"),
    ];

    #[test]
    fn hot_loop_matches_the_reference_loop_for_every_deal_size() {
        let plan = ChunkPlan::with_chunk_rounds(20_003, 10_000);
        for (cards, known) in SPOTS {
            let hand = HandSpec::new(cards, deck::parse_cards(known).unwrap()).unwrap();
            let template = hand.template_deck();
            let chunks = OddsChunks::new(&hand);
            for chunk in 0..plan.chunks() {
                assert_eq!(
                    chunks.run(Chunk::new(99, &plan, chunk)),
                    reference_counts(&hand, HoldemRanking, &template, 99, &plan, chunk),
                    "cards {cards} known {known:?} chunk {chunk}"
                );
            }
        }
    }

    #[test]
    fn short_deck_hot_loop_matches_the_reference_loop_under_both_rule_sets() {
        let plan = ChunkPlan::with_chunk_rounds(20_003, 10_000);
        for rules in ShortDeckRules::ALL {
            for (cards, known) in SPOTS {
                let known = deck::parse_cards(known).unwrap();
                let hand = HandSpec::of_game(crate::Game::short_deck(rules), cards, known).unwrap();
                let template = hand.short_template_deck();
                let ranking = ShortDeckEvaluator::new(rules);
                let chunks = OddsChunks::new(&hand);
                for chunk in 0..plan.chunks() {
                    assert_eq!(
                        chunks.run(Chunk::new(5, &plan, chunk)),
                        reference_counts(&hand, ranking, &template, 5, &plan, chunk),
                        "{rules} cards {cards} known {:?} chunk {chunk}",
                        hand.known_text()
                    );
                }
            }
        }
    }
}
