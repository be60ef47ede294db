//! What makes two pieces of a `sim odds` run belong together: the inputs that decide its counts.
//! Checkpoints and shard files carry it, and refuse to be mixed with a different one.

use serde::{Deserialize, Serialize};

use engine::{CategoryCounts, Game};

/// The engine version written into checkpoints and shards: pieces from another version may deal
/// differently, so they are refused.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The arguments that define a run's chunks and counts (threads and output do not).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunIdentity {
    /// The game's [`Game::name`]; absent for hold'em, so hold'em files keep their bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Cards in the final hand.
    pub cards: usize,
    /// Known cards as text, e.g. `AsKd`.
    pub known: String,
    /// Dead cards as text, e.g. `2c7h`; absent when none, so files without them keep their
    /// bytes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub dead: String,
    /// Rounds of the chunk plan (the cap, with a precision target).
    pub rounds: u64,
    /// Rounds per chunk.
    pub chunk_rounds: u64,
    /// The seed.
    pub seed: u64,
    /// The precision target, if any.
    pub target_stderr: Option<f64>,
}

impl RunIdentity {
    /// The `game` field of `game`: `None` for hold'em.
    pub fn game_of(game: Game) -> Option<String> {
        (game != Game::HOLDEM).then(|| game.name().to_string())
    }

    /// The board game this run deals, from its `game` field, if the name is one of a board game
    /// of the hold'em family. An absent field and `holdem` both mean hold'em, as
    /// [`difference`](Self::difference) compares them.
    pub fn game(&self) -> Option<Game> {
        let Some(name) = &self.game else {
            return Some(Game::HOLDEM);
        };
        Game::from_name(name).filter(|g| request::game::deals_two_card_hands(*g))
    }

    /// Every game name a `game` field may hold, for messages.
    pub fn game_names() -> String {
        std::iter::once(Game::HOLDEM)
            .chain(eval::ShortDeckRules::ALL.map(Game::short_deck))
            .map(Game::name)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The first field that differs from `other`, as `name a vs b`, for error messages.
    pub fn difference(&self, other: &Self) -> Option<String> {
        let fields = [
            (
                "game",
                self.game.as_deref().unwrap_or("holdem").to_string(),
                other.game.as_deref().unwrap_or("holdem").to_string(),
            ),
            ("cards", self.cards.to_string(), other.cards.to_string()),
            ("known", self.known.clone(), other.known.clone()),
            ("dead", self.dead.clone(), other.dead.clone()),
            ("rounds", self.rounds.to_string(), other.rounds.to_string()),
            (
                "chunk_rounds",
                self.chunk_rounds.to_string(),
                other.chunk_rounds.to_string(),
            ),
            ("seed", self.seed.to_string(), other.seed.to_string()),
            (
                "target_stderr",
                format!("{:?}", self.target_stderr),
                format!("{:?}", other.target_stderr),
            ),
        ];
        fields
            .into_iter()
            .find(|(_, a, b)| a != b)
            .map(|(name, a, b)| format!("{name} {a} vs {b}"))
    }
}

/// FNV-1a over `bytes`: a cheap guard against truncated or hand-edited files (not against
/// malice).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The checksum of a piece's contents, as 16 hex digits.
///
/// # Errors
/// Only if serialisation fails, which in-memory writing does not.
pub fn checksum(
    identity: &RunIdentity,
    chunks: (u64, u64),
    counts: &CategoryCounts,
) -> anyhow::Result<String> {
    let text = serde_json::to_string(&(identity, chunks, counts))?;
    Ok(format!("{:016x}", fnv1a(text.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_absent_game_and_holdem_are_the_same_game() {
        let mut run = RunIdentity {
            game: None,
            cards: 7,
            known: String::new(),
            dead: String::new(),
            rounds: 1,
            chunk_rounds: 1,
            seed: 1,
            target_stderr: None,
        };
        let absent = run.clone();
        assert_eq!(run.game(), Some(Game::HOLDEM));
        run.game = Some("holdem".into());
        assert_eq!(run.game(), Some(Game::HOLDEM));
        assert_eq!(run.difference(&absent), None);
        run.game = Some("shortdeck".into());
        assert!(matches!(run.game(), Some(g) if g.id() == engine::GameId::ShortDeck));
        run.game = Some("omaha".into());
        assert_eq!(run.game(), None);
        assert!(RunIdentity::game_names().starts_with("holdem, shortdeck"));
    }

    #[test]
    fn fnv1a_matches_the_reference_values() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
