//! The seeded Monte Carlo build of a ranking of starting-hand classes, shared by the families
//! that rank their classes by sampling (four-card Omaha, the stud games): which rounds of each
//! class a build (or one shard of it) plays, and the loop over the classes.
//!
//! ```text
//!  class k, chunk c   rounds [c·R, (c+1)·R) of the class (R = BUILD_CHUNK_ROUNDS)
//!  generator          chunk_rng(job_seed(seed, k), c): never the thread, never the shard
//!  shard i of n       the chunks c with c mod n = i, of every class
//!  result             integer counts per class, added up: shards merge to the whole build
//! ```

use rayon::prelude::*;

use crate::watch::Watch;

/// Rounds per chunk of a class.
pub const BUILD_CHUNK_ROUNDS: u64 = 1 << 10;

/// Classes between two looks at the stop signal and two progress reports.
const PIECE_CLASSES: usize = 128;

/// What a build runs: every class for `rounds` rounds (all shards together), seeded by `seed`,
/// this process taking shard `shard` of `shards`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildPlan {
    /// The run's seed.
    pub seed: u64,
    /// Rounds per class, all shards together.
    pub rounds: u64,
    /// This shard, from 0.
    pub shard: u64,
    /// Shards in all (1: the whole build).
    pub shards: u64,
}

impl BuildPlan {
    /// The chunks of each class.
    pub fn chunks(&self) -> u64 {
        self.chunks_of(BUILD_CHUNK_ROUNDS)
    }

    /// The chunks of each class this shard plays.
    pub fn own_chunks(&self) -> impl Iterator<Item = u64> {
        self.own_chunks_of(BUILD_CHUNK_ROUNDS)
    }

    /// The rounds of chunk `c` of a class.
    pub fn rounds_in(&self, c: u64) -> u64 {
        self.rounds_in_of(c, BUILD_CHUNK_ROUNDS)
    }

    /// The rounds each class plays in this shard.
    pub fn own_rounds(&self) -> u64 {
        self.own_rounds_of(BUILD_CHUNK_ROUNDS)
    }

    /// The chunks of `size` rounds that `rounds` is cut into, for a build whose chunks are not
    /// [`BUILD_CHUNK_ROUNDS`] of one class (four-card Omaha deals chunks of boards).
    pub fn chunks_of(&self, size: u64) -> u64 {
        self.rounds.div_ceil(size)
    }

    /// The chunks of `size` rounds this shard plays: those `c` with `c mod shards = shard`.
    pub fn own_chunks_of(&self, size: u64) -> impl Iterator<Item = u64> {
        (self.shard..self.chunks_of(size)).step_by(self.shards.max(1) as usize)
    }

    /// The rounds of chunk `c` of `size` rounds (the last may be shorter).
    pub fn rounds_in_of(&self, c: u64, size: u64) -> u64 {
        size.min(self.rounds - c * size)
    }

    /// The rounds this shard plays in chunks of `size`.
    pub fn own_rounds_of(&self, size: u64) -> u64 {
        self.own_chunks_of(size)
            .map(|c| self.rounds_in_of(c, size))
            .sum()
    }
}

/// Plays `classes` classes on the current rayon pool, `play(class)` giving each one's counts
/// (`None` when it was stopped): every class's counts in class order, telling `on_classes`
/// (classes done, in all) as it goes; `None` when `stop` said to stop.
///
/// # Errors
/// The first error `play` gives.
pub fn build_until_stopped<C: Send, E: Send>(
    classes: usize,
    play: &(dyn Fn(usize) -> Result<Option<C>, E> + Sync),
    on_classes: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Result<Option<Vec<C>>, E> {
    let mut out = Vec::with_capacity(classes);
    on_classes(0, classes as u64);
    for start in (0..classes).step_by(PIECE_CLASSES) {
        let end = (start + PIECE_CLASSES).min(classes);
        let piece: Result<Vec<Option<C>>, E> = (start..end).into_par_iter().map(play).collect();
        let piece: Option<Vec<C>> = piece?.into_iter().collect();
        let Some(piece) = piece else {
            return Ok(None);
        };
        out.extend(piece);
        on_classes(end as u64, classes as u64);
        if stop.should_stop() {
            return Ok(None);
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(rounds: u64, shard: u64, shards: u64) -> BuildPlan {
        BuildPlan {
            seed: 7,
            rounds,
            shard,
            shards,
        }
    }

    #[test]
    fn shards_split_the_chunks() {
        let whole = plan(5 * BUILD_CHUNK_ROUNDS + 100, 0, 1);
        assert_eq!(whole.chunks(), 6);
        assert_eq!(whole.own_rounds(), whole.rounds);
        let parts: u64 = (0..4).map(|i| plan(whole.rounds, i, 4).own_rounds()).sum();
        assert_eq!(parts, whole.rounds);
        assert_eq!(plan(100, 3, 4).own_rounds(), 0);
    }

    #[test]
    fn classes_come_back_in_order_or_stopped() {
        let play = |k: usize| -> Result<Option<usize>, ()> { Ok(Some(k * 2)) };
        let never = || false;
        let got = build_until_stopped(300, &play, &|_, _| {}, &never).unwrap();
        assert_eq!(got.unwrap(), (0..300).map(|k| k * 2).collect::<Vec<_>>());
        let stopped = |_: usize| -> Result<Option<usize>, ()> { Ok(None) };
        assert!(
            build_until_stopped(3, &stopped, &|_, _| {}, &never)
                .unwrap()
                .is_none()
        );
        let failing = |k: usize| if k == 5 { Err(k) } else { Ok(Some(k)) };
        assert_eq!(build_until_stopped(9, &failing, &|_, _| {}, &never), Err(5));
    }
}
