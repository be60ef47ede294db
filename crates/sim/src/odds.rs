//! `sim odds`: Monte Carlo category probabilities, chunked and seeded so that any thread count
//! gives the same table.

use std::time::Instant;

use deck::{Dealer, Deck};
use eval::{HandKey, evaluate_with_key};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::cli::OddsArgs;
use crate::config::{HandSpec, OddsConfig};
use crate::counts::CategoryCounts;
use crate::exact::exact_counts;
use crate::output::Output;
use crate::plan::ChunkPlan;
use crate::pool::on_pool;
use crate::report::{odds_rows, render};
use crate::seed::chunk_rng;
use crate::summary::Throughput;

/// Independent decks dealt in turn within a chunk: each round is a chain of dependent loads,
/// multiplies and stores, and interleaving several chains lets the CPU overlap them.
pub const LANES: usize = 4;

/// Deals and evaluates the rounds of chunk `chunk`: the chunk's own generator and decks, counters
/// in local arrays, nothing allocated or shared.
pub fn run_chunk(
    hand: &HandSpec,
    template: &Deck,
    seed: u64,
    plan: &ChunkPlan,
    chunk: u64,
) -> CategoryCounts {
    let rng = chunk_rng(seed, chunk);
    let rounds = plan.rounds_in(chunk);
    let slots = match hand.to_deal() {
        1 => count_rounds::<1>(template, rng, rounds),
        2 => count_rounds::<2>(template, rng, rounds),
        3 => count_rounds::<3>(template, rng, rounds),
        4 => count_rounds::<4>(template, rng, rounds),
        5 => count_rounds::<5>(template, rng, rounds),
        6 => count_rounds::<6>(template, rng, rounds),
        7 => count_rounds::<7>(template, rng, rounds),
        n => unreachable!("a validated hand deals 1 to 7 cards, not {n}"),
    };
    CategoryCounts::from_slots(&slots)
}

/// One round: deal `K` cards, add their keys to the known cards' key, count the category.
#[inline(always)]
fn play_round<const K: usize>(
    dealer: &Dealer<K>,
    known_key: HandKey,
    hand_len: usize,
    deck: &mut Deck,
    slots: &mut [u64; 16],
    rng: &mut Xoshiro256PlusPlus,
) {
    let dealt = dealer.deal(deck, rng);
    let key = dealt.iter().fold(known_key, |key, &card| key.with(card));
    let rank = if key.has_flush() {
        evaluate_with_key(key, &deck.cards()[..hand_len])
    } else {
        key.rank_strength()
    };
    slots[rank.category_index() & 15] += 1;
}

/// The hot loop: `rounds` rounds of dealing `K` cards and counting the category, spread over
/// [`LANES`] decks in turn (round `r` uses deck `r % LANES` while `r` is below the last multiple
/// of `LANES`, then deck 0).
#[inline(never)]
fn count_rounds<const K: usize>(
    template: &Deck,
    mut rng: Xoshiro256PlusPlus,
    rounds: u64,
) -> [u64; 16] {
    let dealer = Dealer::<K>::new(template.known());
    let hand_len = template.known() + K;
    let known_key = HandKey::of(&template.cards()[..template.known()]);
    let mut decks: [Deck; LANES] = std::array::from_fn(|_| template.clone());
    let mut slots = [[0u64; 16]; LANES];
    for _ in 0..rounds / LANES as u64 {
        for (deck, slots) in decks.iter_mut().zip(slots.iter_mut()) {
            play_round(&dealer, known_key, hand_len, deck, slots, &mut rng);
        }
    }
    for _ in 0..rounds % LANES as u64 {
        play_round(
            &dealer,
            known_key,
            hand_len,
            &mut decks[0],
            &mut slots[0],
            &mut rng,
        );
    }
    let mut total = [0u64; 16];
    for lane in &slots {
        for (t, s) in total.iter_mut().zip(lane) {
            *t += s;
        }
    }
    total
}

/// Runs every chunk of `plan` on the current rayon pool and adds up the counts.
pub fn simulate(hand: &HandSpec, seed: u64, plan: &ChunkPlan) -> CategoryCounts {
    let template = template_deck(hand);
    (0..plan.chunks())
        .into_par_iter()
        .map(|chunk| run_chunk(hand, &template, seed, plan, chunk))
        .reduce(CategoryCounts::default, |a, b| a + b)
}

/// The deck every chunk starts from: the known cards in front, the rest in index order.
pub fn template_deck(hand: &HandSpec) -> Deck {
    // The known cards were checked for duplicates when parsed.
    Deck::with_known(&hand.known).unwrap_or_else(|e| unreachable!("validated known cards: {e}"))
}

/// Runs `sim odds`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    let config = OddsConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    if config.seed_was_random {
        eprintln!("sim odds: no --seed given; using --seed {}", config.seed);
    }
    let started = Instant::now();
    let (counts, exact) = on_pool(config.threads, || {
        let counts = simulate(&config.hand, config.seed, &config.plan);
        (counts, exact_counts(config.hand.cards, &config.hand.known))
    })?;
    let elapsed = started.elapsed();
    let rows = odds_rows(&counts, &exact);
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "odds".into());
    meta.insert("cards".into(), config.hand.cards.into());
    meta.insert("known".into(), config.hand.known_text().into());
    meta.insert("rounds".into(), config.plan.rounds.into());
    meta.insert("seed".into(), config.seed.into());
    output.finish(&render(&rows, config.output.format, meta)?)?;
    let throughput = Throughput::new(config.plan.rounds, config.threads, elapsed);
    eprintln!("sim odds: {}, seed {}", throughput, config.seed);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The obvious loop the hot path must agree with: the general `Deck::deal` and the slice
    /// evaluator, decks taken in the documented lane order.
    fn reference_counts(
        hand: &HandSpec,
        seed: u64,
        plan: &ChunkPlan,
        chunk: u64,
    ) -> CategoryCounts {
        let mut rng = chunk_rng(seed, chunk);
        let template = template_deck(hand);
        let mut decks: Vec<Deck> = (0..LANES).map(|_| template.clone()).collect();
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
            counts.0[eval::evaluate(cards).category_index()] += 1;
        }
        counts
    }

    #[test]
    fn hot_loop_matches_the_reference_loop_for_every_deal_size() {
        let plan = ChunkPlan::with_chunk_rounds(20_003, 10_000);
        for (cards, known) in [
            (7, ""),
            (7, "AsKd"),
            (7, "2c3c4c5c6c7c"),
            (6, "Th"),
            (5, ""),
            (5, "AhKhQh"),
        ] {
            let hand = HandSpec {
                cards,
                known: deck::parse_cards(known).unwrap(),
            };
            let template = template_deck(&hand);
            for chunk in 0..plan.chunks() {
                assert_eq!(
                    run_chunk(&hand, &template, 99, &plan, chunk),
                    reference_counts(&hand, 99, &plan, chunk),
                    "cards {cards} known {known:?} chunk {chunk}"
                );
            }
        }
    }
}
