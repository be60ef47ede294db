//! Rank requests (`sim rank`, `pokerodds.rank`): a hand's place in its game's ranking of
//! starting hands ([`engine::class_ranking`]), the classes of a percentage span, the whole
//! ranking, or the ranking made again from exact counts ([`holdem::ranking`]).

use engine::class_ranking::{ClassRanking, PERCENT_WANT, parse_percent_span};
use engine::named_ranking::{self, RankingName};
use engine::two_card_range::{HandClass, PercentRanking, Range};
use engine::{Game, Watch};

use crate::counted_rank::{COUNTED_GAMES, Counted, CountedRankRequest, DRAW_GAMES};
use crate::error::RequestError;
pub use crate::rank_ask::RankAsk;
pub use crate::rank_table::RankLine;

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
/// the ranking named `ranking` (`--ranking`; the game's default when `None`), refused in a game
/// without one.
///
/// # Errors
/// [`RequestError`] for an unknown ranking ([`named`]) or the range's [`engine::RangeError`].
pub fn parse_range(game: Game, ranking: Option<&str>, text: &str) -> Result<Range, RequestError> {
    let chosen = named(game, ranking)?.map(|r| r as &dyn PercentRanking);
    Ok(Range::parse_ranked(text, chosen)?)
}

/// The ranking `--ranking NAME` chooses in `game` (`vs1` … `vs9`, [`engine::named_ranking`]):
/// the game's default ranking when `name` is `None`, and `None` for a game without rankings
/// when none is named.
///
/// # Errors
/// [`RequestError::Invalid`] naming `--ranking` for an unknown name, a game without rankings,
/// or more random hands than the game's rankings reach.
pub fn named(
    game: Game,
    name: Option<&str>,
) -> Result<Option<&'static ClassRanking>, RequestError> {
    let Some(text) = name else {
        return Ok(ClassRanking::of_game(game.id()));
    };
    let bad = |why: String| RequestError::invalid(format!("--ranking '{text}': {why}"));
    let name: RankingName = text.parse().map_err(|e: named_ranking::BadRankingName| {
        bad(e
            .to_string()
            .replacen(&format!("unknown ranking '{text}': "), "", 1))
    })?;
    let most = named_ranking::max_opponents(game.id());
    if most == 0 && game.plays(engine::Command::Rank) {
        return Err(bad(format!(
            "{game} has one ranking, against one random hand; leave --ranking out"
        )));
    }
    if most == 0 {
        return Err(bad(format!(
            "{game} has no ranking of starting hands (holdem and shortdeck have)"
        )));
    }
    named_ranking::ranking(game.id(), name)
        .map(Some)
        .map_err(|_| bad(format!("{game}'s rankings are vs1 to vs{most}")))
}

/// A validated rank run.
#[derive(Debug, Clone, PartialEq)]
pub struct RankRequest {
    /// Hold'em or short deck.
    pub game: Game,
    /// The ranking read (`--ranking`; `vs1` by default).
    pub ranking: RankingName,
    /// What to give.
    pub query: RankQuery,
}

/// A validated rank run of any game with a ranking: the request layer's one dispatch of
/// `sim rank` on the game's family.
#[derive(Debug, Clone, PartialEq)]
pub enum RankRun {
    /// Hold'em or short deck: the two-card classes.
    TwoCard(RankRequest),
    /// A game ranked by Monte Carlo counts: four-card Omaha's 16,432 classes and five-card
    /// Omaha's 134,459 (high and hi/lo), the stud games' 1,755 third-street classes.
    Counted(CountedRankRequest),
}

impl RankRun {
    /// Validates `ask` for `game`.
    ///
    /// # Errors
    /// [`RequestError`] for a game without a ranking or a bad ask ([`RankRequest::new`],
    /// [`CountedRankRequest::new`]).
    pub fn new(game: Game, ask: RankAsk<'_>) -> Result<Self, RequestError> {
        if let Some(counted) = Counted::of(game) {
            if ask.ranking.is_some() {
                return Err(RequestError::invalid(format!(
                    "--ranking: {} has one ranking, against one random hand; leave it out",
                    game.name()
                )));
            }
            return Ok(Self::Counted(CountedRankRequest::new(game, counted, &ask)?));
        }
        if ask.rounds.is_some() || ask.seed.is_some() || ask.shard.is_some() || ask.merge {
            return Err(RequestError::invalid(format!(
                "--rounds, --seed, --shard and --merge are for the Monte Carlo rankings of \
                 --game {COUNTED_GAMES}; {}'s ranking is counted exactly",
                game.name()
            )));
        }
        Ok(Self::TwoCard(RankRequest::new(game, ask)?))
    }

    /// The game.
    pub fn game(&self) -> Game {
        match self {
            Self::TwoCard(r) => r.game,
            Self::Counted(r) => r.game,
        }
    }
}

/// The ranking of `game`'s starting hands.
///
/// # Errors
/// [`RequestError::Game`] for a game without one.
pub fn ranking(game: Game) -> Result<&'static ClassRanking, RequestError> {
    ClassRanking::of_game(game.id()).ok_or_else(|| {
        RequestError::Game(format!(
            "--game {}: only holdem, shortdeck, holdem-hilo, {COUNTED_GAMES}, and the draw games \
             ({DRAW_GAMES}) have a ranking of \
             starting hands",
            game.name()
        ))
    })
}

impl RankRequest {
    /// In the ranking `ask.ranking` names, one `hand` (a class such as `AKs` or two cards such
    /// as `AhKh`), the span `top` (`15%`, `5%-15%`), the ranking made again (`build`), or with
    /// none of them every class.
    ///
    /// # Errors
    /// [`RequestError`] for a game without a ranking, an unknown ranking, `build` of a Monte
    /// Carlo ranking, more than one of them, a hand that is not one class of the game, or a bad
    /// span.
    pub fn new(game: Game, ask: RankAsk<'_>) -> Result<Self, RequestError> {
        let RankAsk {
            hand, top, build, ..
        } = ask;
        ranking(game)?;
        let name = match ask.ranking {
            Some(text) => {
                named(game, Some(text))?;
                text.trim().parse().unwrap_or(named_ranking::DEFAULT)
            }
            None => named_ranking::DEFAULT,
        };
        let ranking = named_ranking::ranking(game.id(), name)
            .map_err(|e| RequestError::invalid(format!("--ranking {name}: {e}")))?;
        if build && !name.is_exact() {
            return Err(RequestError::invalid(format!(
                "--build counts the exact ranking vs1; the ranking {name} is read from the \
                 Monte Carlo table that `sim preflop --game {} --opponents 1..{} --rounds 1M \
                 --seed 1` writes (data/{}): run that instead",
                game.name(),
                named_ranking::max_opponents(game.id()),
                if game.id() == engine::GameId::Holdem {
                    "preflop_vs_random.csv"
                } else {
                    "shortdeck_preflop_vs_random.csv"
                }
            )));
        }
        // A game whose one ranking is Monte Carlo (hold'em hi/lo): made outside `sim rank`.
        if build && !ranking.is_exact() {
            return Err(RequestError::invalid(
                "--build counts the exact rankings of holdem and shortdeck; holdem-hilo's is \
                 Monte Carlo, made by `python3 data/holdem_hilo_ranking.py SIM` from sim \
                 equity runs: run that instead",
            ));
        }
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
        Ok(Self {
            game,
            ranking: name,
            query,
        })
    }

    /// The lines the shipped ranking gives ([`RankQuery::Build`]: every class, as shipped).
    pub fn lines(&self) -> Vec<RankLine> {
        let Ok(ranking) = named_ranking::ranking(self.game.id(), self.ranking) else {
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

    fn ask<'a>(hand: Option<&'a str>, top: Option<&'a str>) -> RankAsk<'a> {
        RankAsk {
            hand,
            top,
            ..RankAsk::default()
        }
    }

    #[test]
    fn rankings_are_chosen_by_name() {
        let vs8 = RankAsk {
            ranking: Some("vs8"),
            ..ask(Some("T9s"), None)
        };
        let line = &RankRequest::new(Game::HOLDEM, vs8).unwrap().lines()[0];
        assert_eq!(line.rank, 23, "T9s is 23rd against eight random hands");
        assert!(line.std_error > 0.0 && line.std_error < 0.0005);
        let default = &RankRequest::new(Game::HOLDEM, ask(Some("T9s"), None))
            .unwrap()
            .lines()[0];
        assert_eq!(default.std_error, 0.0);
        for (game, name, want) in [
            (Game::HOLDEM, "vs10", "want vs1"),
            (Game::HOLDEM, "top", "want vs1"),
            (Game::plain(GameId::ShortDeck), "vs8", "vs1 to vs7"),
        ] {
            let asked = RankAsk {
                ranking: Some(name),
                ..ask(None, None)
            };
            let err = RankRequest::new(game, asked).unwrap_err().to_string();
            assert!(err.contains(want), "{name}: {err}");
        }
        let omaha = RankAsk {
            ranking: Some("vs2"),
            ..ask(None, None)
        };
        for (id, name) in [(GameId::Omaha, "omaha"), (GameId::Omaha6, "omaha6")] {
            let err = RankRun::new(Game::plain(id), omaha)
                .unwrap_err()
                .to_string();
            assert!(err.contains(&format!("{name} has one ranking")), "{err}");
        }
        let build = RankAsk {
            ranking: Some("vs3"),
            build: true,
            ..RankAsk::default()
        };
        let err = RankRequest::new(Game::HOLDEM, build)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("sim preflop --game holdem --opponents 1..9"),
            "{err}"
        );
        assert!(named(Game::HOLDEM, Some("vs4")).unwrap().is_some());
        assert!(named(Game::plain(GameId::Omaha), None).unwrap().is_none());
    }

    /// The Monte Carlo rankings are the cells of `sim preflop --opponents 1..N --rounds 1M
    /// --seed 1`: sampled classes are run again with their cell's seed and give the shipped
    /// equity and standard error to the last printed digit.
    #[test]
    fn sampled_classes_of_the_monte_carlo_rankings_are_run_again() {
        for (game, name, class) in [
            (Game::HOLDEM, "vs2", "AA"),
            (Game::HOLDEM, "vs8", "T9s"),
            (Game::plain(GameId::ShortDeck), "vs3", "AKs"),
        ] {
            let ranking: RankingName = name.parse().unwrap();
            let classes = holdem::class_pairs::classes(game);
            let index = classes.iter().position(|c| c.name() == class).unwrap();
            let job = (ranking.opponents * classes.len() + index) as u64;
            let seed = engine::seed::job_seed(1, job);
            let tally = holdem::preflop::vs_random(
                game,
                classes[index],
                ranking.opponents,
                seed,
                1_000_000,
            )
            .unwrap();
            let again = tally.equities(false)[0];
            let shipped = named_ranking::ranking(game.id(), ranking).unwrap();
            let entry = shipped.find(classes[index]).unwrap();
            assert!(
                (again.equity - entry.equity).abs() < 1e-14,
                "{name} {class}: {} shipped, {} again",
                entry.equity,
                again.equity
            );
            assert!(
                (again.std_error - entry.std_error).abs() < 1e-14,
                "{name} {class}"
            );
        }
    }

    #[test]
    fn requests_pick_one_query() {
        let line = RankRequest::new(Game::HOLDEM, ask(Some("AA"), None))
            .unwrap()
            .lines();
        assert_eq!((line[0].rank, line[0].class.as_str()), (1, "AA"));
        let top = RankRequest::new(Game::HOLDEM, ask(None, Some("15%"))).unwrap();
        let rows = top.lines();
        assert!(rows.last().unwrap().percentile > 14.0);
        assert!(RankRequest::new(Game::HOLDEM, ask(None, Some("0%"))).is_err());
        assert!(RankRequest::new(Game::HOLDEM, ask(Some("AA"), Some("5%"))).is_err());
        let omaha = Game::plain(GameId::Omaha);
        assert!(RankRequest::new(omaha, ask(None, None)).is_err());
        assert_eq!(
            RankRequest::new(Game::HOLDEM, ask(None, None))
                .unwrap()
                .lines()
                .len(),
            169
        );
    }
}
