//! Rank requests (`sim rank`, `pokerodds.rank`): a hand's place in its game's ranking of
//! starting hands ([`engine::class_ranking`]), the classes of a percentage span, the whole
//! ranking, or the ranking made again from exact counts ([`holdem::ranking`]).

use engine::class_ranking::{ClassRanking, PERCENT_WANT, RankedClass, parse_percent_span};
use engine::two_card_range::{HandClass, PercentRanking, Range};
use engine::{Game, Watch};

use crate::error::RequestError;

/// What a rank run gives.
#[derive(Debug, Clone, PartialEq)]
pub enum RankQuery {
    /// One class's line.
    Hand(HandClass),
    /// The classes of a span of percentages of the combos, as `--top` reads it.
    Top {
        /// The lower percentage (0 for `15%`).
        from: f64,
        /// The upper percentage.
        to: f64,
    },
    /// Every class.
    All,
    /// Every class, ranked again from exact counts instead of read from the shipped ranking.
    Build,
}

/// Parses the two-card range `text` of `game`: its percentage items (`15%`, `5%-15%`) read by
/// the game's ranking, refused in a game without one.
///
/// # Errors
/// The range's [`engine::RangeError`].
pub fn parse_range(game: Game, text: &str) -> Result<Range, engine::RangeError> {
    let ranking = ClassRanking::of_game(game.id()).map(|r| r as &dyn PercentRanking);
    Range::parse_ranked(text, ranking)
}

/// A validated rank run.
#[derive(Debug, Clone, PartialEq)]
pub struct RankRequest {
    /// Hold'em or short deck.
    pub game: Game,
    /// What to give.
    pub query: RankQuery,
}

/// The ranking of `game`'s starting hands.
///
/// # Errors
/// [`RequestError::Game`] for a game without one.
pub fn ranking(game: Game) -> Result<&'static ClassRanking, RequestError> {
    ClassRanking::of_game(game.id()).ok_or_else(|| {
        RequestError::Game(format!(
            "--game {}: only holdem and shortdeck have a ranking of starting hands",
            game.name()
        ))
    })
}

impl RankRequest {
    /// One `hand` (a class such as `AKs` or two cards such as `AhKh`), the span `top` (`15%`,
    /// `5%-15%`), the ranking made again (`build`), or with none of them every class.
    ///
    /// # Errors
    /// [`RequestError`] for a game without a ranking, more than one of them, a hand that is
    /// not one class of the game, or a bad span.
    pub fn new(
        game: Game,
        hand: Option<&str>,
        top: Option<&str>,
        build: bool,
    ) -> Result<Self, RequestError> {
        let ranking = ranking(game)?;
        let query = match (hand, top, build) {
            (Some(hand), None, false) => RankQuery::Hand(class_of(hand, ranking)?),
            (None, Some(top), false) => {
                let (from, to) = parse_percent_span(top).ok_or_else(|| {
                    RequestError::invalid(format!("--top '{top}': want {PERCENT_WANT}"))
                })?;
                RankQuery::Top { from, to }
            }
            (None, None, true) => RankQuery::Build,
            (None, None, false) => RankQuery::All,
            _ => {
                return Err(RequestError::invalid(
                    "give a HAND, --top or --build, one of them",
                ));
            }
        };
        Ok(Self { game, query })
    }

    /// The lines the shipped ranking gives ([`RankQuery::Build`]: every class, as shipped).
    pub fn lines(&self) -> Vec<RankLine> {
        let Ok(ranking) = ranking(self.game) else {
            return Vec::new();
        };
        match self.query {
            RankQuery::Hand(class) => ranking
                .find(class)
                .map(|e| vec![RankLine::of(ranking, e)])
                .unwrap_or_default(),
            RankQuery::Top { from, to } => ranking
                .span(from, to)
                .map(|e| RankLine::of(ranking, e))
                .collect(),
            RankQuery::All | RankQuery::Build => lines(ranking),
        }
    }
}

/// The class of `hand` in `ranking`: a class name (`AKs`, `QQ`) or two cards (`AhKh`).
///
/// # Errors
/// [`RequestError::Invalid`] naming the hand and what to write instead.
pub fn class_of(hand: &str, ranking: &ClassRanking) -> Result<HandClass, RequestError> {
    let want = "want a class such as AKs, AKo or QQ, or two cards such as AhKh";
    let bad = |why: &str| RequestError::invalid(format!("hand '{hand}': {why}"));
    if hand.contains('%') || hand.contains(',') {
        return Err(bad(want));
    }
    let range = Range::parse(hand).map_err(|_| bad(want))?;
    let class = HandClass::of(range.combos[0]);
    if range.combos.iter().any(|&c| HandClass::of(c) != class) {
        return Err(bad(&format!(
            "two classes; write {0}s or {0}o",
            hand.trim()
        )));
    }
    if ranking.find(class).is_none() {
        return Err(bad(
            "not a starting hand of the game (short deck: sixes to aces)",
        ));
    }
    Ok(class)
}

/// One line of a ranking table.
#[derive(Debug, Clone, PartialEq)]
pub struct RankLine {
    /// 1 for the strongest class.
    pub rank: usize,
    /// The class's name (`AKs`).
    pub class: String,
    /// Its combos.
    pub combos: u32,
    /// Its exact equity against one random hand.
    pub equity: f64,
    /// The combos of this class and of every class above it.
    pub cumulative_combos: u32,
    /// Those combos as a percentage of all.
    pub percentile: f64,
}

impl RankLine {
    /// The line of `entry` of `ranking`.
    pub fn of(ranking: &ClassRanking, entry: &RankedClass) -> Self {
        Self {
            rank: entry.rank,
            class: entry.class.name(),
            combos: entry.combos,
            equity: entry.equity,
            cumulative_combos: entry.cumulative_combos,
            percentile: ranking.percentile(entry),
        }
    }
}

/// Every line of `ranking`, strongest first.
pub fn lines(ranking: &ClassRanking) -> Vec<RankLine> {
    ranking
        .entries()
        .iter()
        .map(|e| RankLine::of(ranking, e))
        .collect()
}

/// The ranking of `game`'s classes made again from exact counts ([`holdem::ranking`]) on the
/// current rayon pool, telling `on_boards` (boards counted, in all) and asking `stop` as it goes:
/// `None` when stopped.
///
/// # Errors
/// [`RequestError`] for a game without a ranking.
pub fn build_until_stopped(
    game: Game,
    on_boards: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Result<Option<ClassRanking>, RequestError> {
    ranking(game)?;
    let Some(counted) = holdem::ranking::vs_one_random_until_stopped(game, on_boards, stop) else {
        return Ok(None);
    };
    holdem::ranking::ranking_of(&counted)
        .map(Some)
        .map_err(|e| RequestError::invalid(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn hands_read_as_classes() {
        let holdem = ClassRanking::holdem();
        assert_eq!(class_of("AhKh", holdem).unwrap().name(), "AKs");
        assert_eq!(class_of("qq", holdem).unwrap().name(), "QQ");
        assert_eq!(class_of("AKo", holdem).unwrap().name(), "AKo");
        for bad in ["AK", "XYZ", "15%", "AA,KK", "AhAh"] {
            let err = class_of(bad, holdem).unwrap_err().to_string();
            assert!(err.contains(&format!("'{bad}'")), "{bad}: {err}");
        }
        let short = ClassRanking::short_deck();
        assert!(class_of("72o", short).is_err());
    }

    #[test]
    fn requests_pick_one_query() {
        let line = RankRequest::new(Game::HOLDEM, Some("AA"), None, false)
            .unwrap()
            .lines();
        assert_eq!((line[0].rank, line[0].class.as_str()), (1, "AA"));
        let top = RankRequest::new(Game::HOLDEM, None, Some("15%"), false).unwrap();
        let rows = top.lines();
        assert!(rows.last().unwrap().percentile > 14.0);
        assert!(RankRequest::new(Game::HOLDEM, None, Some("0%"), false).is_err());
        assert!(RankRequest::new(Game::HOLDEM, Some("AA"), Some("5%"), false).is_err());
        let omaha = Game::plain(GameId::Omaha);
        assert!(RankRequest::new(omaha, None, None, false).is_err());
        assert_eq!(
            RankRequest::new(Game::HOLDEM, None, None, false)
                .unwrap()
                .lines()
                .len(),
            169
        );
    }
}
