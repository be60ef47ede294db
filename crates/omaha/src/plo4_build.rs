//! The seeded Monte Carlo build of the four-card Omaha ranking ([`crate::plo4_ranking`]):
//! every class's representative against one random four-card hand, high only, with the
//! showdowns of `sim equity --game omaha HAND random` ([`crate::monte_carlo::Sampler`]).
//!
//! ```text
//!  class k, chunk c   rounds [c·R, (c+1)·R) of the class (R = BUILD_CHUNK_ROUNDS)
//!  generator          chunk_rng(job_seed(seed, k), c): never the thread, never the shard
//!  shard i of n       the chunks c with c mod n = i, of every class
//!  result             integer counts per class, added up: shards merge to the whole build
//! ```

pub use engine::class_build::{BUILD_CHUNK_ROUNDS, BuildPlan};
use engine::seed::{chunk_rng, job_seed};
use engine::{Chunk, Game, GameId, Watch};

use crate::error::OmahaError;
use crate::monte_carlo::Sampler;
use crate::plo4_classes::{class_count, name};
use crate::plo4_ranking::ClassCounts;
use crate::range::Range;
use crate::spot::Spot;

/// Plays one class's chunks of `plan`; `None` when `stop` said so.
///
/// # Errors
/// [`OmahaError`] if the class's spot cannot be made (it always can).
pub fn class_counts(
    plan: &BuildPlan,
    class: usize,
    stop: &dyn Watch,
) -> Result<Option<ClassCounts>, OmahaError> {
    let game = Game::plain(GameId::Omaha);
    let players = vec![Range::parse(&name(class), 4)?, Range::parse("random", 4)?];
    let spot = Spot::new(game, players, Vec::new(), Vec::new())?;
    let sampler = Sampler::new(&spot, plan.seed)?;
    let job = job_seed(plan.seed, class as u64);
    let mut counts = ClassCounts::default();
    for c in plan.own_chunks() {
        if stop.should_stop() {
            return Ok(None);
        }
        let tally = sampler.run_chunk(Chunk {
            index: c,
            rounds: plan.rounds_in(c),
            rng: chunk_rng(job, c),
        });
        counts = counts
            + ClassCounts {
                rounds: tally.outcomes,
                wins: tally.counts[0].wins,
                ties: tally.counts[0].ties,
            };
    }
    Ok(Some(counts))
}

/// Plays `plan` on the current rayon pool ([`engine::class_build::build_until_stopped`]):
/// every class's counts, in class order, telling `on_classes` (classes done, in all) as it
/// goes; `None` when `stop` said to stop.
///
/// # Errors
/// [`OmahaError`] if a class's spot cannot be made (it always can).
pub fn build_until_stopped(
    plan: &BuildPlan,
    on_classes: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Result<Option<Vec<ClassCounts>>, OmahaError> {
    let play = |class: usize| class_counts(plan, class, stop);
    engine::class_build::build_until_stopped(class_count(), &play, on_classes, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plo4_classes::parse_class;
    use engine::Method;

    fn plan(rounds: u64, shard: u64, shards: u64) -> BuildPlan {
        BuildPlan {
            seed: 7,
            rounds,
            shard,
            shards,
        }
    }

    #[test]
    fn shards_split_the_chunks_and_add_up() {
        let whole = plan(5 * BUILD_CHUNK_ROUNDS + 100, 0, 1);
        assert_eq!(whole.chunks(), 6);
        assert_eq!(whole.own_rounds(), whole.rounds);
        let parts: Vec<BuildPlan> = (0..4).map(|i| plan(whole.rounds, i, 4)).collect();
        assert_eq!(
            parts.iter().map(BuildPlan::own_rounds).sum::<u64>(),
            whole.rounds
        );
        let class = parse_class("AsAhKsKh").unwrap();
        let never = || false;
        let alone = class_counts(&whole, class, &never).unwrap().unwrap();
        let added = parts
            .iter()
            .map(|p| class_counts(p, class, &never).unwrap().unwrap())
            .fold(ClassCounts::default(), |a, b| a + b);
        assert_eq!(alone, added);
        assert_eq!(alone.rounds, whole.rounds);
        assert!(class_counts(&whole, class, &|| true).unwrap().is_none());
        // A shard past the last chunk plays nothing.
        assert_eq!(plan(100, 3, 4).own_rounds(), 0);
    }

    /// The shipped file is `sim rank --build --game omaha --rounds 128k --seed 1`: sampled
    /// classes played again with that plan give its integer counts exactly.
    #[test]
    fn sampled_classes_of_the_shipped_file_are_played_again() {
        let shipped = crate::plo4_ranking::shipped();
        let build = BuildPlan {
            seed: 1,
            rounds: 128_000,
            shard: 0,
            shards: 1,
        };
        for text in ["AsAhKsKh", "2s2h2d2c", "JsTh9s8h"] {
            let class = parse_class(text).unwrap();
            let again = class_counts(&build, class, &|| false).unwrap().unwrap();
            assert_eq!(again, shipped.find(class).unwrap().counts, "{text}");
        }
    }

    /// Sampled classes recomputed by an independent path: the Monte Carlo equity of the class's
    /// representative against `random` as `sim equity` runs it, with another seed, agrees
    /// within 4 standard errors of the difference (a false alarm has probability about 6e-5
    /// per class; the seeds are fixed, so the test is deterministic).
    #[test]
    fn sampled_classes_agree_with_sim_equity() {
        let build = plan(8 * BUILD_CHUNK_ROUNDS, 0, 1);
        for text in ["AsAhKsKh", "7s6h3d2c", "JsTh9s8h", "KsKhKd2c", "AsAh5d5c"] {
            let class = parse_class(text).unwrap();
            let built = class_counts(&build, class, &|| false).unwrap().unwrap();
            let game = Game::plain(GameId::Omaha);
            let players = vec![
                Range::parse(text, 4).unwrap(),
                Range::parse("random", 4).unwrap(),
            ];
            let spot = Spot::new(game, players, Vec::new(), Vec::new()).unwrap();
            let method = Method::MonteCarlo {
                rounds: 200_000,
                seed: 99,
                target_stderr: None,
            };
            let other = crate::equity(&spot, &method).unwrap().players[0];
            let gap = (built.equity() - other.equity).abs();
            let se = built.std_error().hypot(other.std_error);
            assert!(
                gap < 4.0 * se,
                "{text}: {} built, {} by sim equity",
                built.equity(),
                other.equity
            );
        }
    }
}
