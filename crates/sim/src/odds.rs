//! `sim odds`: Monte Carlo category probabilities, chunked and seeded so that any thread count
//! gives the same table.

use std::time::Instant;

use deck::{Dealer, Deck};
use eval::{CardKeys, HandKey, evaluate_with_key};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use anyhow::{Context, bail};

use crate::cli::{Format, OddsArgs};
use crate::config::{HandSpec, OddsConfig};
use crate::counts::CategoryCounts;
use crate::driver::Stop;
use crate::exact::exact_counts;
use crate::identity::RunIdentity;
use crate::interrupt::{self, Interrupted};
use crate::longrun::execute;
use crate::output::Output;
use crate::plan::ChunkPlan;
use crate::pool::on_pool;
use crate::report::{odds_rows, render};
use crate::seed::chunk_rng;
use crate::shard::ShardFile;
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
    // One instance per (cards, known) pair: with both fixed at compile time, the dealer's bounds
    // and rejection threshold are constants in the hot loop.
    macro_rules! dispatch {
        ($($cards:literal => [$($known:literal),*]),*) => {
            match (hand.cards, hand.known.len()) {
                $($(($cards, $known) => {
                    count_rounds::<{ $cards - $known }, $known>(template, rng, rounds)
                })*)*
                (cards, known) => {
                    unreachable!("a validated hand has 5 to 7 cards, fewer known: {cards}, {known}")
                }
            }
        };
    }
    let slots =
        dispatch!(5 => [0, 1, 2, 3, 4], 6 => [0, 1, 2, 3, 4, 5], 7 => [0, 1, 2, 3, 4, 5, 6]);
    CategoryCounts::from_slots(&slots)
}

/// The hot loop: `rounds` rounds of dealing `K` cards and counting the category, spread over
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
fn count_rounds<const K: usize, const KNOWN: usize>(
    template: &Deck,
    mut rng: Xoshiro256PlusPlus,
    rounds: u64,
) -> [u64; 16] {
    debug_assert_eq!(template.known(), KNOWN);
    let dealer = Dealer::<K>::new(KNOWN);
    let hand_len = KNOWN + K;
    let known_key = HandKey::of(&template.cards()[..template.known()]);
    let mut decks: [Deck; LANES] = std::array::from_fn(|_| template.clone());
    let mut slots = [[0u64; 16]; LANES];
    let count_flush = |key: HandKey, deck: &Deck, slots: &mut [u64; 16]| {
        if key.has_flush() {
            let rank = evaluate_with_key(key, &deck.cards()[..hand_len]);
            slots[rank.category_index() & 15] += 1;
        }
    };
    let count_ranks = |key: HandKey, slots: &mut [u64; 16]| {
        if !key.has_flush() {
            slots[key.rank_strength().category_index() & 15] += 1;
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

/// The odds table of `counts` (all rounds of the run), as `sim odds` and `sim merge` write it.
///
/// # Errors
/// Only if rendering fails.
pub fn odds_table(
    hand: &HandSpec,
    seed: u64,
    target_stderr: Option<f64>,
    counts: &CategoryCounts,
    exact: &CategoryCounts,
    format: Format,
) -> anyhow::Result<Vec<u8>> {
    let rows = odds_rows(counts, exact);
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "odds".into());
    meta.insert("cards".into(), hand.cards.into());
    meta.insert("known".into(), hand.known_text().into());
    meta.insert("rounds".into(), counts.total().into());
    meta.insert("seed".into(), seed.into());
    if let Some(target) = target_stderr {
        meta.insert("target_stderr".into(), target.into());
    }
    render(&rows, format, meta)
}

/// Runs `sim odds`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures, [`Interrupted`] after
/// Ctrl-C.
pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    interrupt::install();
    let config = OddsConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    if config.seed_was_random {
        eprintln!("sim odds: no --seed given; using --seed {}", config.seed);
    }
    let started = Instant::now();
    let outcome = on_pool(config.threads, || execute(&config))??;
    let elapsed = started.elapsed();
    let progress = &outcome.progress;
    if outcome.stop == Stop::Interrupted {
        let saved = match &config.long.checkpoint {
            Some(path) => format!(
                "progress saved to {}; rerun the same command to resume",
                path.display()
            ),
            None => "nothing written (use --checkpoint FILE to keep progress)".into(),
        };
        bail!(Interrupted(format!(
            "interrupted after {} of {} chunks; {saved}",
            progress.next - progress.first,
            config.plan.chunks()
        )));
    }
    let bytes = match config.long.shard {
        Some(shard) => ShardFile::new(
            &RunIdentity::of(&config),
            shard,
            config.plan.chunks(),
            progress.counts,
        )
        .to_bytes()?,
        None => {
            let exact = on_pool(config.threads, || {
                exact_counts(config.hand.cards, &config.hand.known)
            })?;
            odds_table(
                &config.hand,
                config.seed,
                config.long.target_stderr,
                &progress.counts,
                &exact,
                config.output.format,
            )?
        }
    };
    output.finish(&bytes)?;
    if let Some(path) = &config.long.checkpoint {
        // The table is written; a finished run's checkpoint has nothing left to resume. A run
        // shorter than the save interval never wrote one.
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(e).with_context(|| {
                    format!("cannot remove finished checkpoint {}", path.display())
                });
            }
            _ => {}
        }
    }
    if !config.long.quiet {
        let throughput = Throughput::new(outcome.rounds_here, config.threads, elapsed);
        eprintln!("sim odds: {}, seed {}", throughput, config.seed);
    }
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
