//! What `sim rank` and `pokerodds.rank` are asked, before the game decides which ranking
//! reads it.

/// What a rank run is asked, as given: `sim rank`'s arguments, read by the exact rankings
/// ([`crate::rank::RankRequest`]) and the counted ones
/// ([`crate::counted_rank::CountedRankRequest`]) alike.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RankAsk<'a> {
    /// The ranking's name (`--ranking`), the default when `None`.
    pub ranking: Option<&'a str>,
    /// One hand: a class such as `AKs` or two cards such as `AhKh`.
    pub hand: Option<&'a str>,
    /// A span of percentages (`--top`): `15%`, `5%-15%`.
    pub top: Option<&'a str>,
    /// Make the ranking again (`--build`): from exact counts in hold'em and short deck, by
    /// Monte Carlo in Omaha.
    pub build: bool,
    /// Rounds per class of an Omaha build (`--rounds`).
    pub rounds: Option<u64>,
    /// The seed of an Omaha build (`--seed`).
    pub seed: Option<u64>,
    /// The shard of an Omaha build, `(index, count)` from 0 (`--shard I/N`).
    pub shard: Option<(u64, u64)>,
    /// Merge Omaha ranking files (`--merge`).
    pub merge: bool,
}
