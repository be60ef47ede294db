//! Rank requests of the games ranked by integer counts (`sim rank --game omaha|omaha-hilo|
//! omaha5|omaha5-hilo|courchevel|courchevel-hilo|stud|stud-hilo|razz` and the draw games,
//! `pokerodds.rank(game=…)`): a hand's class and place in the game's shipped ranking
//! ([`engine::counted_ranking`]: four-card Omaha's 16,432 classes, high [`omaha::plo4_ranking`]
//! and hi/lo [`omaha::plo4_hilo`]; five-card Omaha's 134,459, [`omaha::plo5_ranking`]; six-card
//! Omaha's 962,988, [`omaha::plo6_ranking`]; the stud
//! games' 1,755 third-street classes, [`stud::start_ranking`]; the draw games' classes of pat
//! hands, [`draw::pat_ranking`]), the classes of a percentage span, the whole ranking, a seeded
//! Monte Carlo build of it (a shard of one), rankings merged, or a draw ranking counted again.

use draw::pat_ranking;
use engine::class_build::BuildPlan;
use engine::class_ranking::{PERCENT_WANT, parse_percent_span};
use engine::counted_ranking::{ClassSet, ClassTally, CountedEntry, CountedRanking};
use engine::{Game, GameId};
use omaha::board_build::HoleSize;
use omaha::{plo4_hilo, plo4_ranking, plo5_ranking, plo6_ranking};
use stud::start_ranking;

use crate::error::RequestError;
use crate::rank_ask::RankAsk;
use crate::rank_table::RankLine;

/// The seed of a build when none is given: the shipped files'.
pub const DEFAULT_SEED: u64 = 1;

/// The games whose rankings are made of Monte Carlo counts, for messages.
pub const COUNTED_GAMES: &str = "omaha, omaha-hilo, omaha5, omaha5-hilo, omaha6, omaha6-hilo, \
                                 courchevel, courchevel-hilo, stud, stud-hilo and razz";

/// The draw games, whose rankings are exact counts, for messages.
pub const DRAW_GAMES: &str = "draw5, draw5-hilo, lowball-27, lowball-a5, triple-draw-27, \
                              triple-draw-a5 and badugi";

/// A game whose ranking is made of integer counts: Monte Carlo, or exact in the draw games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Omaha of four cards (16,432 classes), five (134,459) or six (962,988): high only, counts
    /// in wins and ties; hi/lo, counts in quarter pots (the pot share).
    Omaha {
        /// The hands' cards.
        size: HoleSize,
        /// Eight-or-better hi/lo.
        hilo: bool,
    },
    /// A stud game: 1,755 third-street classes, counts in quarter pots.
    Stud(stud::Game),
    /// A draw game's pat hands, by the game's scoring: 7,462 five-card classes or 1,092
    /// badugi classes, exact counts in quarter pots.
    Draw(draw::Scoring),
}

impl Counted {
    /// The counted ranking of `game`, if it has one.
    pub fn of(game: Game) -> Option<Self> {
        let omaha = |size, hilo| Some(Self::Omaha { size, hilo });
        match game.id() {
            GameId::Omaha => omaha(HoleSize::Four, false),
            GameId::OmahaHilo => omaha(HoleSize::Four, true),
            // Courchevel's hands are five-card Omaha's; its first flop card is shown only after
            // the deal, so a ranking of starting hands cannot know it.
            GameId::Omaha5 | GameId::Courchevel => omaha(HoleSize::Five, false),
            GameId::Omaha5Hilo | GameId::CourchevelHilo => omaha(HoleSize::Five, true),
            GameId::Omaha6 => omaha(HoleSize::Six, false),
            GameId::Omaha6Hilo => omaha(HoleSize::Six, true),
            id => stud::Game::of(id)
                .map(Self::Stud)
                .or_else(|| draw::Game::of(id).map(|g| Self::Draw(g.scoring()))),
        }
    }

    /// Whether the ranking is counted exactly (the draw games), not by Monte Carlo.
    pub fn is_exact(self) -> bool {
        matches!(self, Self::Draw(_))
    }

    /// The set of classes ranked.
    pub fn classes(self) -> &'static ClassSet {
        match self {
            Self::Omaha {
                size: HoleSize::Four,
                ..
            } => &plo4_ranking::CLASSES,
            Self::Omaha {
                size: HoleSize::Five,
                ..
            } => &plo5_ranking::CLASSES,
            Self::Omaha {
                size: HoleSize::Six,
                ..
            } => &plo6_ranking::CLASSES,
            Self::Stud(_) => &start_ranking::CLASSES,
            Self::Draw(scoring) => pat_ranking::classes(scoring),
        }
    }

    /// Whether a build deals boards that every class plays (Omaha: its progress is in boards,
    /// `--rounds` counting them) rather than playing each class's rounds in turn (stud: its
    /// progress is in classes).
    pub fn builds_by_boards(self) -> bool {
        matches!(self, Self::Omaha { .. })
    }

    /// What a hand must be, for messages.
    fn hand_want(self) -> &'static str {
        match self {
            Self::Omaha {
                size: HoleSize::Four,
                ..
            } => {
                "want four distinct cards such as AsAhKsKh (any suits: the hand's class is ranked)"
            }
            Self::Omaha {
                size: HoleSize::Five,
                ..
            } => {
                "want five distinct cards such as AsAhKsKhQd (any suits: the hand's class is ranked)"
            }
            Self::Omaha {
                size: HoleSize::Six,
                ..
            } => {
                "want six distinct cards such as AsAhKsKhQdJd (any suits: the hand's class is ranked)"
            }
            Self::Stud(_) => {
                "want three distinct cards such as AsAhKd (the two down cards and the door card, \
                 in any order and suits: the start's class is ranked)"
            }
            Self::Draw(draw::Scoring::Badugi) => {
                "want four distinct cards such as Ac2d3h4s, or a class such as 432A (the \
                 badugi's ranks, aces low)"
            }
            Self::Draw(_) => {
                "want five distinct cards such as 7c5d4h3s2c, or a class such as 75432o, 75432s \
                 or 77432 (the ranks from the highest down; s: five of one suit, o: not)"
            }
        }
    }
}

/// What a counted rank run gives.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CountedQuery {
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
    /// Every class, counted exactly again (the draw games' `--build`).
    Count,
}

/// A validated counted rank run.
#[derive(Debug, Clone, PartialEq)]
pub struct CountedRankRequest {
    /// The game: `omaha`, `omaha-hilo`, `stud`, `stud-hilo` or `razz`.
    pub game: Game,
    /// Its ranking.
    pub counted: Counted,
    /// What to give.
    pub query: CountedQuery,
}

/// One line of a counted ranking: hold'em's line (the class by its canonical name, `AsAhKsKh`,
/// `AsAhKd`; percentiles of all the hands; the Monte Carlo standard error) and the integer
/// counts that let rankings be merged, in the order of the tally's columns (Omaha: rounds,
/// wins, ties; Omaha hi/lo and stud: rounds, pot units, squared pot units).
#[derive(Debug, Clone, PartialEq)]
pub struct CountedRankLine {
    /// The columns every ranking has.
    pub line: RankLine,
    /// The class's counts.
    pub counts: Vec<u64>,
}

impl CountedRankLine {
    /// The line of `entry` of `ranking`.
    pub fn of<T: ClassTally>(ranking: &CountedRanking<T>, entry: &CountedEntry<T>) -> Self {
        Self {
            line: RankLine {
                rank: entry.rank,
                class: (ranking.set().name)(entry.class),
                combos: entry.combos,
                equity: entry.counts.equity(),
                cumulative_combos: entry.cumulative_combos,
                percentile: ranking.percentile(entry),
                std_error: entry.counts.std_error(),
            },
            counts: entry.counts.values(),
        }
    }

    /// The count at `i` (0 past the counts).
    pub fn count(&self, i: usize) -> u64 {
        self.counts.get(i).copied().unwrap_or(0)
    }
}

/// Every line of `ranking`, strongest first.
pub fn lines<T: ClassTally>(ranking: &CountedRanking<T>) -> Vec<CountedRankLine> {
    ranking
        .entries()
        .iter()
        .map(|e| CountedRankLine::of(ranking, e))
        .collect()
}

impl CountedRankRequest {
    /// Validates `ask` for `counted`, the ranking of `game`.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for more than one query, a hand that is not one of the game's
    /// starting hands, a bad span, build flags without `--build`, or a build without
    /// `--rounds`.
    pub fn new(game: Game, counted: Counted, ask: &RankAsk<'_>) -> Result<Self, RequestError> {
        let building = ask.rounds.is_some() || ask.seed.is_some() || ask.shard.is_some();
        if counted.is_exact() && (building || ask.merge) {
            return Err(RequestError::invalid(format!(
                "--rounds, --seed, --shard and --merge are for the Monte Carlo rankings of \
                 --game {COUNTED_GAMES}; {}'s ranking is counted exactly (--build alone counts \
                 it again)",
                game.name()
            )));
        }
        if building && !ask.build {
            return Err(RequestError::invalid(
                "--rounds, --seed and --shard are for --build",
            ));
        }
        let query = match (ask.hand, ask.top, ask.build, ask.merge) {
            (Some(hand), None, false, false) => CountedQuery::Class(class_of(counted, hand)?),
            (None, Some(top), false, false) => {
                let (from, to) = parse_percent_span(top).ok_or_else(|| {
                    RequestError::invalid(format!("--top '{top}': want {PERCENT_WANT}"))
                })?;
                CountedQuery::Top { from, to }
            }
            (None, None, true, false) if counted.is_exact() => CountedQuery::Count,
            (None, None, true, false) => {
                let rounds = ask.rounds.ok_or_else(|| {
                    RequestError::invalid(format!(
                        "--build --game {} needs --rounds N, the rounds per class \
                         (the shipped file's are in the guide's rankings page)",
                        game.name()
                    ))
                })?;
                if rounds == 0 {
                    return Err(RequestError::invalid("--rounds: want at least 1"));
                }
                let (shard, shards) = ask.shard.unwrap_or((0, 1));
                CountedQuery::Build(BuildPlan {
                    seed: ask.seed.unwrap_or(DEFAULT_SEED),
                    rounds,
                    shard,
                    shards,
                })
            }
            (None, None, false, true) => CountedQuery::Merge,
            (None, None, false, false) => CountedQuery::All,
            _ => {
                return Err(RequestError::invalid(
                    "give a HAND, --top, --build or --merge, one of them",
                ));
            }
        };
        Ok(Self {
            game,
            counted,
            query,
        })
    }

    /// The lines the shipped ranking gives (a build or a merge: every class, as shipped).
    pub fn lines(&self) -> Vec<CountedRankLine> {
        match self.counted {
            Counted::Omaha { size, hilo } => match (size, hilo) {
                (HoleSize::Four, false) => self.select(plo4_ranking::shipped()),
                (HoleSize::Four, true) => self.select(plo4_hilo::shipped()),
                (HoleSize::Five, false) => self.select(plo5_ranking::shipped()),
                (HoleSize::Five, true) => self.select(plo5_ranking::shipped_hilo()),
                (HoleSize::Six, false) => self.select(plo6_ranking::shipped()),
                (HoleSize::Six, true) => self.select(plo6_ranking::shipped_hilo()),
            },
            Counted::Stud(game) => self.select(start_ranking::shipped(game)),
            Counted::Draw(scoring) => self.select(pat_ranking::shipped(scoring)),
        }
    }

    /// The lines of `ranking` this request asks for.
    fn select<T: ClassTally>(&self, ranking: &CountedRanking<T>) -> Vec<CountedRankLine> {
        match self.query {
            CountedQuery::Class(class) => ranking
                .find(class)
                .map(|e| vec![CountedRankLine::of(ranking, e)])
                .unwrap_or_default(),
            CountedQuery::Top { from, to } => ranking
                .span(from, to)
                .map(|e| CountedRankLine::of(ranking, e))
                .collect(),
            _ => lines(ranking),
        }
    }
}

/// The class of `hand` in the ranking of `counted`.
///
/// # Errors
/// [`RequestError::Invalid`] naming the hand and what to write instead.
pub fn class_of(counted: Counted, hand: &str) -> Result<usize, RequestError> {
    (counted.classes().parse)(hand)
        .ok_or_else(|| RequestError::invalid(format!("hand '{hand}': {}", counted.hand_want())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn omaha() -> Game {
        Game::plain(GameId::Omaha)
    }

    fn request(game: Game, ask: RankAsk<'_>) -> Result<CountedRankRequest, RequestError> {
        CountedRankRequest::new(game, Counted::of(game).unwrap(), &ask)
    }

    #[test]
    fn asks_pick_one_query() {
        let ask = |hand, top| RankAsk {
            hand,
            top,
            ..RankAsk::default()
        };
        let one = request(omaha(), ask(Some("AcAdKcKd"), None)).unwrap();
        let line = &one.lines()[0];
        assert_eq!(line.line.class, "AsAhKsKh");
        assert!(line.line.rank <= 20, "{}", line.line.rank);
        assert!(line.count(0) > 0 && line.line.std_error > 0.0);
        let top = request(omaha(), ask(None, Some("1%"))).unwrap();
        assert!(top.lines().last().unwrap().line.percentile > 0.9);
        for (hand, top) in [
            (Some("AAKK"), None),
            (None, Some("0%")),
            (Some("AsAhKsKh"), Some("5%")),
        ] {
            assert!(request(omaha(), ask(hand, top)).is_err());
        }
        let no_rounds = RankAsk {
            build: true,
            ..RankAsk::default()
        };
        let err = request(omaha(), no_rounds).unwrap_err().to_string();
        assert!(err.contains("--rounds"), "{err}");
        let stray = RankAsk {
            seed: Some(3),
            ..RankAsk::default()
        };
        assert!(request(omaha(), stray).is_err());
        assert_eq!(
            request(omaha(), RankAsk::default()).unwrap().lines().len(),
            16_432
        );
    }

    #[test]
    fn stud_games_rank_their_starts() {
        let razz = Game::plain(GameId::Razz);
        let ask = |hand| RankAsk {
            hand,
            ..RankAsk::default()
        };
        let line = &request(razz, ask(Some("2d3cAh"))).unwrap().lines()[0];
        assert_eq!(line.line.class, "As3h2d");
        assert_eq!(line.counts.len(), 3);
        for bad in ["AsAhKdQc", "AsAs2d", "AKQ"] {
            let err = request(razz, ask(Some(bad))).unwrap_err().to_string();
            assert!(err.contains("three distinct cards"), "{bad}: {err}");
        }
        let stud = Game::plain(GameId::Stud);
        assert_eq!(
            request(stud, RankAsk::default()).unwrap().lines().len(),
            1_755
        );
        assert!(Counted::of(Game::HOLDEM).is_none());
    }

    #[test]
    fn omaha_hilo_ranks_the_four_card_classes_by_pot_share() {
        let hilo = Game::plain(GameId::OmahaHilo);
        let ask = |hand| RankAsk {
            hand,
            ..RankAsk::default()
        };
        let line = &request(hilo, ask(Some("AdAc2d3c"))).unwrap().lines()[0];
        assert_eq!(line.line.class, "AsAh3s2h");
        assert_eq!(line.counts.len(), 3);
        assert!(line.line.rank < 100, "{}", line.line.rank);
        let err = request(hilo, ask(Some("AsAhKd"))).unwrap_err().to_string();
        assert!(err.contains("four distinct cards"), "{err}");
        assert_eq!(
            request(hilo, RankAsk::default()).unwrap().lines().len(),
            16_432
        );
        assert_eq!(
            Counted::of(Game::plain(GameId::Omaha6Hilo)),
            Some(Counted::Omaha {
                size: HoleSize::Six,
                hilo: true
            })
        );
        assert!(Counted::of(Game::HOLDEM).is_none());
        assert_eq!(
            Counted::of(Game::plain(GameId::CourchevelHilo)),
            Counted::of(Game::plain(GameId::Omaha5Hilo))
        );
    }

    #[test]
    fn five_card_omaha_ranks_its_134459_classes() {
        // Aces and kings double suited are near the top of the high ranking; aces with three
        // low cards near the top of the hi/lo one.
        for (id, hand, class) in [
            (GameId::Omaha5, "KdKcAdAcQh", "AsAhKsKhQd"),
            (GameId::Omaha5Hilo, "2c3dAdAcKh", "AsAhKd3s2h"),
        ] {
            let game = Game::plain(id);
            let ask = |hand| RankAsk {
                hand,
                ..RankAsk::default()
            };
            let line = &request(game, ask(Some(hand))).unwrap().lines()[0];
            assert_eq!(line.line.class, class);
            assert!(line.line.rank < 2_000, "{id:?}: {}", line.line.rank);
            let err = request(game, ask(Some("AsAhKsKh")))
                .unwrap_err()
                .to_string();
            assert!(err.contains("five distinct cards"), "{err}");
            let all = request(game, RankAsk::default()).unwrap().lines();
            assert_eq!(all.len(), 134_459);
            assert!(
                all[0].line.class.starts_with("AsAh"),
                "{}",
                all[0].line.class
            );
        }
    }
}
