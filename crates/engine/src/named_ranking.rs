//! The named rankings of a game's starting-hand classes, chosen by `--ranking NAME`:
//! `vs1`, the default, ranks by exact equity against one random hand ([`ClassRanking::holdem`],
//! [`ClassRanking::short_deck`]); `vs2` … `vs9` (short deck: … `vs7`) rank by equity against
//! that many random hands, read from the shipped Monte Carlo tables `data/preflop_vs_random.csv`
//! and `data/shortdeck_preflop_vs_random.csv` (`sim preflop --opponents 1..9 --rounds 1M
//! --seed 1`; standard error ≤ 0.0005 a class, kept beside each equity).
//!
//! Against more players the order changes: pairs and suited connectors gain on high offsuit
//! cards, which win less often when several opponents each hold a card of their rank.
//!
//! ```
//! use engine::GameId;
//! use engine::named_ranking::{RankingName, ranking};
//!
//! let three_way: RankingName = "vs2".parse().unwrap();
//! let table = ranking(GameId::Holdem, three_way).unwrap();
//! assert_eq!(table.entries()[0].class.name(), "AA");
//! assert!(table.entries()[0].std_error > 0.0);
//! assert!(ranking(GameId::ShortDeck, "vs8".parse().unwrap()).is_err());
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::GameId;
use crate::class_ranking::{BadRanking, ClassRanking, parse_class_name};

/// Hold'em's Monte Carlo table against 1 to 9 random hands, as shipped.
const HOLDEM_VS_RANDOM_CSV: &str = include_str!("../../../data/preflop_vs_random.csv");

/// Short deck's, against 1 to 7.
const SHORT_DECK_VS_RANDOM_CSV: &str =
    include_str!("../../../data/shortdeck_preflop_vs_random.csv");

/// The most random hands a hold'em ranking is made against.
pub const HOLDEM_MAX_OPPONENTS: usize = 9;

/// The most for short deck (36 cards: eight players at most).
pub const SHORT_DECK_MAX_OPPONENTS: usize = 7;

/// The name of the default ranking.
pub const DEFAULT: RankingName = RankingName { opponents: 1 };

/// A ranking's name: `vsN`, by equity against `N` random hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RankingName {
    /// The random hands the classes are ranked against.
    pub opponents: usize,
}

impl RankingName {
    /// Whether the name is `vs1`, the ranking made by exact counts in hold'em and short deck
    /// rather than read from a Monte Carlo table (hold'em hi/lo's one ranking, also `vs1`, is
    /// Monte Carlo: [`ClassRanking::is_exact`] says so from its errors).
    pub fn is_exact(self) -> bool {
        self.opponents == 1
    }
}

impl fmt::Display for RankingName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vs{}", self.opponents)
    }
}

/// A ranking name that is not `vs` and a count of 1 to 9.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRankingName(pub String);

impl fmt::Display for BadRankingName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown ranking '{}': want vs1 (exact, against one random hand, the default) \
             or vs2 to vs{HOLDEM_MAX_OPPONENTS} (against that many random hands)",
            self.0
        )
    }
}

impl std::error::Error for BadRankingName {}

impl FromStr for RankingName {
    type Err = BadRankingName;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || BadRankingName(text.to_string());
        let digits = text.trim().strip_prefix("vs").ok_or_else(bad)?;
        if digits.len() != 1 {
            return Err(bad());
        }
        let opponents: usize = digits.parse().map_err(|_| bad())?;
        if (1..=HOLDEM_MAX_OPPONENTS).contains(&opponents) {
            Ok(Self { opponents })
        } else {
            Err(bad())
        }
    }
}

/// A ranking a game does not have: a game without rankings, or more random hands than its
/// table has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoSuchRanking(pub String);

impl fmt::Display for NoSuchRanking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NoSuchRanking {}

/// The names of `game`'s rankings, the default first (none for a game without one).
pub fn names(game: GameId) -> Vec<RankingName> {
    (1..=max_opponents(game))
        .map(|opponents| RankingName { opponents })
        .collect()
}

/// The most random hands `game` has a named ranking against (0: none; hold'em hi/lo has its
/// one ranking, against one random hand, under the default name only).
pub fn max_opponents(game: GameId) -> usize {
    match game {
        GameId::Holdem => HOLDEM_MAX_OPPONENTS,
        GameId::ShortDeck => SHORT_DECK_MAX_OPPONENTS,
        _ => 0,
    }
}

/// The ranking `name` of `game`.
///
/// # Errors
/// [`NoSuchRanking`] for a game without rankings or a count its table does not reach.
pub fn ranking(game: GameId, name: RankingName) -> Result<&'static ClassRanking, NoSuchRanking> {
    let most = max_opponents(game);
    if most == 0 {
        // A game whose one ranking is against one random hand (hold'em hi/lo, by pot share).
        if let (Some(one), true) = (ClassRanking::of_game(game), name == DEFAULT) {
            return Ok(one);
        }
        return Err(NoSuchRanking(
            "only holdem and shortdeck have named rankings of starting hands".to_string(),
        ));
    }
    if name.opponents > most {
        return Err(NoSuchRanking(format!(
            "ranking '{name}': this game's rankings are vs1 to vs{most}"
        )));
    }
    if name.is_exact() {
        return ClassRanking::of_game(game)
            .ok_or_else(|| NoSuchRanking("no ranking of starting hands".to_string()));
    }
    static HOLDEM: [OnceLock<ClassRanking>; HOLDEM_MAX_OPPONENTS] =
        [const { OnceLock::new() }; HOLDEM_MAX_OPPONENTS];
    static SHORT_DECK: [OnceLock<ClassRanking>; SHORT_DECK_MAX_OPPONENTS] =
        [const { OnceLock::new() }; SHORT_DECK_MAX_OPPONENTS];
    let (cells, csv) = if game == GameId::Holdem {
        (&HOLDEM[..], HOLDEM_VS_RANDOM_CSV)
    } else {
        (&SHORT_DECK[..], SHORT_DECK_VS_RANDOM_CSV)
    };
    Ok(cells[name.opponents - 1].get_or_init(|| {
        from_vs_random_csv(csv, name.opponents)
            .unwrap_or_else(|e| panic!("shipped table against random hands: {e}"))
    }))
}

/// The ranking read from a table against random hands (`hand,opponents,win,tie,equity,
/// std_error`, as `sim preflop --opponents` writes it): the lines of `opponents` random hands.
///
/// # Errors
/// [`BadRanking`] for a bad header or line, or a table without those lines.
pub fn from_vs_random_csv(text: &str, opponents: usize) -> Result<ClassRanking, BadRanking> {
    const HEADER: &str = "hand,opponents,win,tie,equity,std_error";
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some(HEADER) {
        return Err(BadRanking(format!("the header is not '{HEADER}'")));
    }
    let mut classes = Vec::new();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let bad = || BadRanking(format!("line '{line}'"));
        let fields: Vec<&str> = line.split(',').collect();
        let [hand, count, _, _, equity, std_error] = fields[..] else {
            return Err(bad());
        };
        if count.parse::<usize>().map_err(|_| bad())? != opponents {
            continue;
        }
        let class = parse_class_name(hand).ok_or_else(bad)?;
        let equity: f64 = equity.parse().map_err(|_| bad())?;
        let std_error: f64 = std_error.parse().map_err(|_| bad())?;
        classes.push((class, equity, std_error));
    }
    if classes.is_empty() {
        return Err(BadRanking(format!(
            "no lines against {opponents} random hands"
        )));
    }
    ClassRanking::with_errors(&classes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_print_alike() {
        for n in 1..=9 {
            let name: RankingName = format!("vs{n}").parse().unwrap();
            assert_eq!(name.to_string(), format!("vs{n}"));
        }
        for bad in [
            "", "vs", "vs0", "vs10", "v1", "1", "vs+1", "VS1", "vs 1", "vs01",
        ] {
            let err = bad.parse::<RankingName>().unwrap_err();
            assert!(err.to_string().contains("want vs1"), "{bad}: {err}");
        }
        assert_eq!(DEFAULT.to_string(), "vs1");
    }

    #[test]
    fn every_shipped_ranking_has_every_class_once() {
        for (game, classes, most) in [(GameId::Holdem, 169, 9), (GameId::ShortDeck, 81, 7)] {
            assert_eq!(names(game).len(), most);
            for name in names(game) {
                let table = ranking(game, name).unwrap();
                assert_eq!(table.entries().len(), classes, "{game:?} {name}");
                assert_eq!(table.entries()[0].class.name(), "AA", "{game:?} {name}");
                let errors_small = table
                    .entries()
                    .iter()
                    .all(|e| e.std_error <= 0.0005 && (e.std_error > 0.0) != name.is_exact());
                assert!(errors_small, "{game:?} {name}");
            }
            let too_many = RankingName {
                opponents: most + 1,
            };
            if most < HOLDEM_MAX_OPPONENTS {
                assert!(ranking(game, too_many).is_err());
            }
        }
        assert!(ranking(GameId::Omaha, DEFAULT).is_err());
    }

    #[test]
    fn more_opponents_lift_pairs_and_suited_cards_over_offsuit_broadways() {
        let place = |name: &str, class: &str| {
            let table = ranking(GameId::Holdem, name.parse().unwrap()).unwrap();
            table
                .entries()
                .iter()
                .position(|e| e.class.name() == class)
                .unwrap()
        };
        // Heads-up, KJo (26th) is far ahead of T9s (63rd); against eight random hands the
        // suited connector (23rd) wins more pots than KJo (30th), and A2o falls from 60th to
        // 108th. Both gaps are dozens of standard errors.
        assert!(place("vs1", "KJo") < place("vs1", "T9s"));
        assert!(place("vs8", "T9s") < place("vs8", "KJo"));
        assert!(place("vs8", "A2o") > place("vs1", "A2o") + 40);
    }

    #[test]
    fn tables_without_the_lines_are_refused() {
        let header = "hand,opponents,win,tie,equity,std_error\n";
        assert!(from_vs_random_csv(header, 2).is_err());
        assert!(from_vs_random_csv("hand,opponents\n", 2).is_err());
        assert!(from_vs_random_csv(&format!("{header}AA,2,0.7,0.01,0.7,x\n"), 2).is_err());
        let one = from_vs_random_csv(&format!("{header}AA,2,0.7,0.01,0.7,0.0004\n"), 2).unwrap();
        assert_eq!(one.entries()[0].std_error, 0.0004);
    }
}
