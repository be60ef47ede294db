//! The chunk plan: rounds cut into fixed-size chunks, the unit of work and of randomness.

/// Rounds per chunk: large enough that scheduling a chunk costs nothing against running it
/// (about 10 ms of one core), small enough that 16 or more cores stay busy on 100 M rounds.
pub const CHUNK_ROUNDS: u64 = 1 << 20;

/// How `rounds` are split into chunks. Chunk `c` covers rounds `c·chunk_rounds ..` up to the
/// total; only the last chunk may be short. The plan depends on the round count alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkPlan {
    /// Total rounds.
    pub rounds: u64,
    /// Rounds in every chunk but possibly the last.
    pub chunk_rounds: u64,
}

impl ChunkPlan {
    /// The plan for `rounds` rounds in chunks of [`CHUNK_ROUNDS`].
    pub fn new(rounds: u64) -> Self {
        Self::with_chunk_rounds(rounds, CHUNK_ROUNDS)
    }

    /// The plan for `rounds` rounds in chunks of `chunk_rounds` (at least 1).
    pub fn with_chunk_rounds(rounds: u64, chunk_rounds: u64) -> Self {
        Self {
            rounds,
            chunk_rounds: chunk_rounds.max(1),
        }
    }

    /// Number of chunks.
    pub fn chunks(&self) -> u64 {
        self.rounds.div_ceil(self.chunk_rounds)
    }

    /// Rounds in chunk `chunk`.
    pub fn rounds_in(&self, chunk: u64) -> u64 {
        let start = chunk * self.chunk_rounds;
        self.rounds.saturating_sub(start).min(self.chunk_rounds)
    }

    /// Rounds in the chunks `chunks` (without visiting them): what a checkpoint or shard that
    /// covers them must have counted.
    pub fn rounds_in_chunks(&self, chunks: std::ops::Range<u64>) -> u64 {
        let start = chunks
            .start
            .saturating_mul(self.chunk_rounds)
            .min(self.rounds);
        let end = chunks
            .end
            .saturating_mul(self.chunk_rounds)
            .min(self.rounds);
        end.saturating_sub(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_every_round_once() {
        for rounds in [
            1,
            5,
            CHUNK_ROUNDS - 1,
            CHUNK_ROUNDS,
            CHUNK_ROUNDS + 1,
            10 * CHUNK_ROUNDS + 7,
        ] {
            let plan = ChunkPlan::new(rounds);
            let sum: u64 = (0..plan.chunks()).map(|c| plan.rounds_in(c)).sum();
            assert_eq!(sum, rounds);
            assert_eq!(plan.rounds_in_chunks(0..plan.chunks()), rounds);
            for (a, b) in [
                (0, 1),
                (1, plan.chunks()),
                (0, 0),
                (plan.chunks(), plan.chunks()),
            ] {
                let visited: u64 = (a..b).map(|c| plan.rounds_in(c)).sum();
                assert_eq!(plan.rounds_in_chunks(a..b), visited, "{rounds} {a}..{b}");
            }
            assert!((0..plan.chunks()).all(|c| plan.rounds_in(c) > 0));
        }
    }
}
