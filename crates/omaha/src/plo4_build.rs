//! The seeded Monte Carlo builds of the four-card Omaha rankings ([`crate::plo4_ranking`],
//! high; [`crate::plo4_hilo`], hi/lo pot share): every class's representative against one
//! random four-card hand, with the showdowns of `sim equity --game omaha HAND random` (or
//! `--game omaha-hilo`: [`crate::monte_carlo::Sampler`], the game's own evaluator).
//!
//! ```text
//!  class k, chunk c   rounds [c·R, (c+1)·R) of the class (R = BUILD_CHUNK_ROUNDS)
//!  generator          chunk_rng(job_seed(seed, k), c): never the thread, never the shard
//!  shard i of n       the chunks c with c mod n = i, of every class
//!  result             integer counts per class, added up: shards merge to the whole build
//! ```

pub use engine::class_build::{BUILD_CHUNK_ROUNDS, BuildPlan};
use engine::pot_counts::PotCounts;
use engine::seed::{chunk_rng, job_seed};
use engine::{Chunk, Game, GameId, PotTally, Watch};

use crate::error::OmahaError;
use crate::monte_carlo::Sampler;
use crate::plo4_classes::{class_count, name};
use crate::plo4_ranking::ClassCounts;
use crate::range::Range;
use crate::spot::Spot;

/// Plays one class's chunks of `plan` in `game` (four-card Omaha, high or hi/lo) against one
/// random hand: the chunks' tallies added up; `None` when `stop` said so.
fn class_tally(
    game: GameId,
    plan: &BuildPlan,
    class: usize,
    stop: &dyn Watch,
) -> Result<Option<PotTally>, OmahaError> {
    let players = vec![Range::parse(&name(class), 4)?, Range::parse("random", 4)?];
    let spot = Spot::new(Game::plain(game), players, Vec::new(), Vec::new())?;
    let sampler = Sampler::new(&spot, plan.seed)?;
    let job = job_seed(plan.seed, class as u64);
    let mut total = PotTally::new(2);
    for c in plan.own_chunks() {
        if stop.should_stop() {
            return Ok(None);
        }
        total = total
            + sampler.run_chunk(Chunk {
                index: c,
                rounds: plan.rounds_in(c),
                rng: chunk_rng(job, c),
            });
    }
    Ok(Some(total))
}

/// Plays one class's chunks of `plan`, high only; `None` when `stop` said so.
///
/// # Errors
/// [`OmahaError`] if the class's spot cannot be made (it always can).
pub fn class_counts(
    plan: &BuildPlan,
    class: usize,
    stop: &dyn Watch,
) -> Result<Option<ClassCounts>, OmahaError> {
    Ok(
        class_tally(GameId::Omaha, plan, class, stop)?.map(|t| ClassCounts {
            rounds: t.outcomes,
            wins: t.counts[0].wins,
            ties: t.counts[0].ties,
        }),
    )
}

/// Plays one class's chunks of `plan` in Omaha hi/lo (`sim equity --game omaha-hilo HAND
/// random`): the pot share in quarter pots, the high half and the eight-or-better low half
/// each split among ties, the whole pot to the high when no low qualifies; `None` when `stop`
/// said so.
///
/// # Errors
/// [`OmahaError`] if the class's spot cannot be made (it always can).
pub fn hilo_class_counts(
    plan: &BuildPlan,
    class: usize,
    stop: &dyn Watch,
) -> Result<Option<PotCounts>, OmahaError> {
    Ok(
        class_tally(GameId::OmahaHilo, plan, class, stop)?.map(|t| PotCounts {
            rounds: t.outcomes,
            pot_units: t.counts[0].high_units + t.counts[0].low_units,
            square_units: t.counts[0].square_units,
        }),
    )
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

/// [`build_until_stopped`] in Omaha hi/lo: every class's pot share in quarter pots
/// ([`hilo_class_counts`]).
///
/// # Errors
/// [`OmahaError`] if a class's spot cannot be made (it always can).
pub fn hilo_build_until_stopped(
    plan: &BuildPlan,
    on_classes: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Result<Option<Vec<PotCounts>>, OmahaError> {
    let play = |class: usize| hilo_class_counts(plan, class, stop);
    engine::class_build::build_until_stopped(class_count(), &play, on_classes, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plo4_classes::parse_class;
    use engine::Method;
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
            agrees_with_sim_equity(GameId::Omaha, text, built.equity(), built.std_error());
        }
    }

    /// The hi/lo build's shards add up to the whole build, and a class's quarter pots are
    /// consistent (0 to 4 a round).
    #[test]
    fn hilo_shards_add_up_to_the_whole_build() {
        let whole = plan(3 * BUILD_CHUNK_ROUNDS + 10, 0, 1);
        let class = parse_class("AsAh3s2h").unwrap();
        let never = || false;
        let alone = hilo_class_counts(&whole, class, &never).unwrap().unwrap();
        let added = (0..2)
            .map(|i| hilo_class_counts(&plan(whole.rounds, i, 2), class, &never))
            .map(|c| c.unwrap().unwrap())
            .fold(PotCounts::default(), |a, b| a + b);
        assert_eq!(alone, added);
        assert_eq!(alone.rounds, whole.rounds);
        assert!(alone.is_consistent());
        assert!(
            hilo_class_counts(&whole, class, &|| true)
                .unwrap()
                .is_none()
        );
    }

    /// Sampled hi/lo classes recomputed by an independent path: the Monte Carlo pot share of
    /// the class's representative against `random` in `omaha-hilo` as `sim equity` runs it
    /// (`omaha::equity`, its own tally and equity arithmetic), with another seed, agrees within
    /// 4 standard errors of the difference (a false alarm has probability about 6e-5 per class;
    /// the seeds are fixed, so the test is deterministic).
    #[test]
    fn sampled_hilo_classes_agree_with_sim_equity() {
        let build = plan(8 * BUILD_CHUNK_ROUNDS, 0, 1);
        for text in ["AsAh3s2h", "KsKhQsJh", "As2h3d4c", "8s7h6d5c", "2s2h2d2c"] {
            let class = parse_class(text).unwrap();
            let built = hilo_class_counts(&build, class, &|| false)
                .unwrap()
                .unwrap();
            agrees_with_sim_equity(GameId::OmahaHilo, text, built.equity(), built.std_error());
        }
    }

    /// The class `text`'s built equity (and its standard error) against one random hand is
    /// within 4 standard errors of the difference of `omaha::equity`'s Monte Carlo in `game`
    /// (seed 99, 200,000 rounds): the independent path `sim equity` runs.
    fn agrees_with_sim_equity(game: GameId, text: &str, built: f64, built_se: f64) {
        let players = vec![
            Range::parse(text, 4).unwrap(),
            Range::parse("random", 4).unwrap(),
        ];
        let spot = Spot::new(Game::plain(game), players, Vec::new(), Vec::new()).unwrap();
        let method = Method::MonteCarlo {
            rounds: 200_000,
            seed: 99,
            target_stderr: None,
        };
        let other = crate::equity(&spot, &method).unwrap().players[0];
        let gap = (built - other.equity).abs();
        assert!(
            gap < 4.0 * built_se.hypot(other.std_error),
            "{text}: {built} built, {} by sim equity",
            other.equity
        );
    }
}
