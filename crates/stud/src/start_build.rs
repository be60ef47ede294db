//! The seeded Monte Carlo build of the third-street rankings ([`crate::start_ranking`]): every
//! class's representative against one random hand, both played to the seventh card, with the
//! showdowns of `sim equity --game G AsAhKd random` ([`crate::monte_carlo::Sampler`], its
//! heads-up loop: no allocation per round). The plan, the seeds and the shards are
//! [`engine::class_build`]'s, as in the Omaha build: chunk `c` of class `k` draws from
//! `chunk_rng(job_seed(seed, k), c)`, so the counts depend on neither the threads nor the shard.

use engine::class_build::BuildPlan;
use engine::seed::{chunk_rng, job_seed};
use engine::{Chunk, Watch};

use crate::Game;
use crate::error::StudError;
use crate::monte_carlo::Sampler;
use crate::spot::Spot;
use crate::start_classes::{class_count, name};
use crate::start_ranking::PotCounts;

/// Plays one class's chunks of `plan` in `game`; `None` when `stop` said so.
///
/// # Errors
/// [`StudError`] if the class's spot cannot be made (it always can).
pub fn class_counts(
    game: Game,
    plan: &BuildPlan,
    class: usize,
    stop: &dyn Watch,
) -> Result<Option<PotCounts>, StudError> {
    let spot = Spot::parse(game, &[&name(class), "random"], "")?;
    let sampler = Sampler::new(&spot, plan.seed)?;
    let job = job_seed(plan.seed, class as u64);
    let mut counts = PotCounts::default();
    for c in plan.own_chunks() {
        if stop.should_stop() {
            return Ok(None);
        }
        let tally = sampler.run_chunk(Chunk {
            index: c,
            rounds: plan.rounds_in(c),
            rng: chunk_rng(job, c),
        });
        let me = tally.counts[0];
        counts = counts
            + PotCounts {
                rounds: tally.outcomes,
                pot_units: me.high_units + me.low_units,
                square_units: me.square_units,
            };
    }
    Ok(Some(counts))
}

/// Plays `plan` in `game` on the current rayon pool: every class's counts, in class order,
/// telling `on_classes` (classes done, in all) as it goes; `None` when `stop` said to stop.
///
/// # Errors
/// [`StudError`] if a class's spot cannot be made (it always can).
pub fn build_until_stopped(
    game: Game,
    plan: &BuildPlan,
    on_classes: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Result<Option<Vec<PotCounts>>, StudError> {
    let play = |class: usize| class_counts(game, plan, class, stop);
    engine::class_build::build_until_stopped(class_count(), &play, on_classes, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::start_classes::parse_class;
    use engine::class_build::BUILD_CHUNK_ROUNDS;
    use engine::counted_ranking::ClassTally;

    fn plan(rounds: u64, shard: u64, shards: u64) -> BuildPlan {
        BuildPlan {
            seed: 7,
            rounds,
            shard,
            shards,
        }
    }

    #[test]
    fn shards_add_up_to_the_whole_build() {
        let whole = plan(5 * BUILD_CHUNK_ROUNDS + 100, 0, 1);
        let class = parse_class("AsKsQs").unwrap();
        let never = || false;
        for game in Game::ALL {
            let alone = class_counts(game, &whole, class, &never).unwrap().unwrap();
            let added = (0..4)
                .map(|i| class_counts(game, &plan(whole.rounds, i, 4), class, &never))
                .map(|c| c.unwrap().unwrap())
                .fold(PotCounts::default(), |a, b| a + b);
            assert_eq!(alone, added, "{game}");
            assert_eq!(alone.rounds, whole.rounds);
            assert!(alone.is_consistent());
        }
        assert!(
            class_counts(Game::Stud, &whole, class, &|| true)
                .unwrap()
                .is_none()
        );
    }
}
