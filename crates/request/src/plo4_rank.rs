//! Rank requests of four-card Omaha (`sim rank --game omaha`, `pokerodds.rank(game="omaha")`):
//! a hand's class and place in the shipped ranking ([`omaha::plo4_ranking`]), the classes of a
//! percentage span, the whole ranking, a seeded Monte Carlo build of it (a shard of one), or
//! rankings merged.

use engine::class_ranking::{PERCENT_WANT, parse_percent_span};
use engine::{Game, Watch};
use omaha::plo4_build::{self, BuildPlan};
use omaha::plo4_classes;
use omaha::plo4_ranking::{Plo4Entry, Plo4Ranking};

use crate::error::RequestError;
use crate::rank_table::RankLine;

/// The seed of a build when none is given: the shipped file's.
pub const DEFAULT_SEED: u64 = 1;

/// What a four-card Omaha rank run gives.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Plo4Query {
    /// One class's line.
    Class(usize),
    /// The classes of a span of percentages of the hands.
    Top {
        /// The lower percentage (0 for `15%`).
        from: f64,
        /// The upper percentage.
        to: f64,
    },
    /// Every class.
    All,
    /// Every class, by a Monte Carlo build (or one shard of it).
    Build(BuildPlan),
    /// Every class, by the rankings given added up.
    Merge,
}

/// A validated four-card Omaha rank run.
#[derive(Debug, Clone, PartialEq)]
pub struct Plo4RankRequest {
    /// The game: `omaha`.
    pub game: Game,
    /// What to give.
    pub query: Plo4Query,
}

/// One line of a four-card Omaha ranking: hold'em's line (the class by its canonical name,
/// `AsAhKsKh`; percentiles of all 270,725 hands; the Monte Carlo standard error) and the counts
/// that let rankings be merged.
#[derive(Debug, Clone, PartialEq)]
pub struct Plo4RankLine {
    /// The columns every ranking has.
    pub line: RankLine,
    /// Showdowns played.
    pub rounds: u64,
    /// Showdowns won alone.
    pub wins: u64,
    /// Showdowns tied.
    pub ties: u64,
}

impl Plo4RankLine {
    /// The line of `entry` of `ranking`.
    pub fn of(ranking: &Plo4Ranking, entry: &Plo4Entry) -> Self {
        Self {
            line: RankLine {
                rank: entry.rank,
                class: plo4_classes::name(entry.class),
                combos: entry.combos,
                equity: entry.counts.equity(),
                cumulative_combos: entry.cumulative_combos,
                percentile: ranking.percentile(entry),
                std_error: entry.counts.std_error(),
            },
            rounds: entry.counts.rounds,
            wins: entry.counts.wins,
            ties: entry.counts.ties,
        }
    }
}

/// Every line of `ranking`, strongest first.
pub fn lines(ranking: &Plo4Ranking) -> Vec<Plo4RankLine> {
    ranking
        .entries()
        .iter()
        .map(|e| Plo4RankLine::of(ranking, e))
        .collect()
}

/// What a four-card Omaha rank run is asked: `sim rank --game omaha`'s arguments.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Plo4Ask<'a> {
    /// One hand: four cards, any suits (a class's canonical name is one).
    pub hand: Option<&'a str>,
    /// A span of percentages (`--top`).
    pub top: Option<&'a str>,
    /// Build the ranking (`--build`).
    pub build: bool,
    /// Rounds per class of a build (`--rounds`), all shards together.
    pub rounds: Option<u64>,
    /// The build's seed (`--seed`).
    pub seed: Option<u64>,
    /// The build's shard, `(index, count)` from 0 (`--shard I/N`).
    pub shard: Option<(u64, u64)>,
    /// Merge ranking files (`--merge`).
    pub merge: bool,
}

impl Plo4RankRequest {
    /// Validates `ask` for `game` (four-card Omaha).
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for more than one query, a hand that is not four distinct
    /// cards, a bad span, build flags without `--build`, or a build without `--rounds`.
    pub fn new(game: Game, ask: Plo4Ask<'_>) -> Result<Self, RequestError> {
        let building = ask.rounds.is_some() || ask.seed.is_some() || ask.shard.is_some();
        if building && !ask.build {
            return Err(RequestError::invalid(
                "--rounds, --seed and --shard are for --build",
            ));
        }
        let query = match (ask.hand, ask.top, ask.build, ask.merge) {
            (Some(hand), None, false, false) => Plo4Query::Class(class_of(hand)?),
            (None, Some(top), false, false) => {
                let (from, to) = parse_percent_span(top).ok_or_else(|| {
                    RequestError::invalid(format!("--top '{top}': want {PERCENT_WANT}"))
                })?;
                Plo4Query::Top { from, to }
            }
            (None, None, true, false) => {
                let rounds = ask.rounds.ok_or_else(|| {
                    RequestError::invalid(
                        "--build --game omaha needs --rounds N, the rounds per class \
                         (the shipped file's are in the guide's data page)",
                    )
                })?;
                if rounds == 0 {
                    return Err(RequestError::invalid("--rounds: want at least 1"));
                }
                let (shard, shards) = ask.shard.unwrap_or((0, 1));
                Plo4Query::Build(BuildPlan {
                    seed: ask.seed.unwrap_or(DEFAULT_SEED),
                    rounds,
                    shard,
                    shards,
                })
            }
            (None, None, false, true) => Plo4Query::Merge,
            (None, None, false, false) => Plo4Query::All,
            _ => {
                return Err(RequestError::invalid(
                    "give a HAND, --top, --build or --merge, one of them",
                ));
            }
        };
        Ok(Self { game, query })
    }

    /// The lines the shipped ranking gives (a build or a merge: every class, as shipped).
    pub fn lines(&self) -> Vec<Plo4RankLine> {
        let ranking = Plo4Ranking::shipped();
        match self.query {
            Plo4Query::Class(class) => ranking
                .find(class)
                .map(|e| vec![Plo4RankLine::of(ranking, e)])
                .unwrap_or_default(),
            Plo4Query::Top { from, to } => ranking
                .span(from, to)
                .map(|e| Plo4RankLine::of(ranking, e))
                .collect(),
            _ => lines(ranking),
        }
    }
}

/// The class of `hand`: four distinct cards, any suits.
///
/// # Errors
/// [`RequestError::Invalid`] naming the hand and what to write instead.
pub fn class_of(hand: &str) -> Result<usize, RequestError> {
    plo4_classes::parse_class(hand).ok_or_else(|| {
        RequestError::invalid(format!(
            "hand '{hand}': want four distinct cards such as AsAhKsKh (any suits: the hand's \
             class is ranked)"
        ))
    })
}

/// The build of `plan` on the current rayon pool, telling `on_classes` (classes done, in all)
/// and asking `stop` as it goes: `None` when stopped.
///
/// # Errors
/// [`RequestError`] if a class cannot be played (it always can).
pub fn build_until_stopped(
    plan: &BuildPlan,
    on_classes: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Result<Option<Plo4Ranking>, RequestError> {
    let Some(counts) = plo4_build::build_until_stopped(plan, on_classes, stop)? else {
        return Ok(None);
    };
    Plo4Ranking::from_counts(&counts)
        .map(Some)
        .map_err(|e| RequestError::invalid(e.to_string()))
}

/// The rankings of `files` (each a name for messages and its text) added up.
///
/// # Errors
/// [`RequestError::Invalid`] naming a file that is not an Omaha ranking.
pub fn merge(files: &[(String, String)]) -> Result<Plo4Ranking, RequestError> {
    let parts = files
        .iter()
        .map(|(name, text)| {
            Plo4Ranking::from_csv(text)
                .map_err(|e| RequestError::invalid(format!("--merge {name}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Plo4Ranking::merge(&parts).map_err(|e| RequestError::invalid(format!("--merge: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn omaha() -> Game {
        Game::plain(GameId::Omaha)
    }

    #[test]
    fn asks_pick_one_query() {
        let ask = |hand, top| Plo4Ask {
            hand,
            top,
            ..Plo4Ask::default()
        };
        let one = Plo4RankRequest::new(omaha(), ask(Some("AcAdKcKd"), None)).unwrap();
        let line = &one.lines()[0];
        assert_eq!(line.line.class, "AsAhKsKh");
        assert!(line.line.rank <= 20, "{}", line.line.rank);
        assert!(line.rounds > 0 && line.line.std_error > 0.0);
        let top = Plo4RankRequest::new(omaha(), ask(None, Some("1%"))).unwrap();
        assert!(top.lines().last().unwrap().line.percentile > 0.9);
        for (hand, top) in [
            (Some("AAKK"), None),
            (None, Some("0%")),
            (Some("AsAhKsKh"), Some("5%")),
        ] {
            assert!(Plo4RankRequest::new(omaha(), ask(hand, top)).is_err());
        }
        let no_rounds = Plo4Ask {
            build: true,
            ..Plo4Ask::default()
        };
        let err = Plo4RankRequest::new(omaha(), no_rounds)
            .unwrap_err()
            .to_string();
        assert!(err.contains("--rounds"), "{err}");
        let stray = Plo4Ask {
            seed: Some(3),
            ..Plo4Ask::default()
        };
        assert!(Plo4RankRequest::new(omaha(), stray).is_err());
        assert_eq!(
            Plo4RankRequest::new(omaha(), Plo4Ask::default())
                .unwrap()
                .lines()
                .len(),
            16_432
        );
    }
}
