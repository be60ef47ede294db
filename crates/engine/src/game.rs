//! The game list: every game the engine plays, described once. The command line's `--game`,
//! Python's `game=`, the tables' `game` field and every dispatch to a game's library read it;
//! adding a game adds one entry to [`GameId`] and [`GAMES`] (and its own module for what is
//! truly its own: evaluator tables, range patterns, fast paths).
//!
//! ```
//! use engine::{Command, Game, GameId};
//!
//! let game = Game::named("omaha5-hilo", false).unwrap().unwrap();
//! assert_eq!(game.id(), GameId::Omaha5Hilo);
//! assert_eq!((game.hole_cards(), game.max_players()), (5, 9));
//! assert!(game.is_hilo() && game.plays(Command::Equity) && !game.plays(Command::Exact));
//! let triton = Game::named("shortdeck", true).unwrap().unwrap();
//! assert_eq!(triton.name(), "shortdeck_trips_beat_straight");
//! assert!(Game::named("holdem", true).unwrap().is_err());
//! ```

use std::fmt;

use eval::{HighRanking, HoldemRanking, ShortDeckEvaluator, ShortDeckRules};

/// The games, in the order every list shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameId {
    /// Texas hold'em.
    Holdem,
    /// Short deck (six-plus hold'em).
    ShortDeck,
    /// Pot-limit Omaha, four hole cards, high.
    Omaha,
    /// Omaha with five hole cards, high.
    Omaha5,
    /// Omaha with six hole cards, high.
    Omaha6,
    /// Omaha hi/lo 8-or-better, four hole cards.
    OmahaHilo,
    /// Omaha hi/lo 8-or-better, five hole cards.
    Omaha5Hilo,
    /// Omaha hi/lo 8-or-better, six hole cards.
    Omaha6Hilo,
    /// Seven-card stud, high.
    Stud,
    /// Seven-card stud hi/lo, eight or better.
    StudHilo,
    /// Razz: seven-card stud played for the ace-to-five low only.
    Razz,
}

/// The library that plays a game's hands: games of one family share their code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Two hole cards and a five-card board, the best five of seven: hold'em and short deck.
    Holdem,
    /// Four to six hole cards, exactly two of them with exactly three board cards.
    Omaha,
    /// Seven cards each and no board, the best five of one's own seven; when the deck cannot
    /// give every player seven cards, the last card is one community card shared by all.
    Stud,
}

/// The deck a game is dealt from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeckKind {
    /// The 52-card deck.
    Standard,
    /// The 36-card short deck: sixes to aces.
    Short,
}

impl DeckKind {
    /// Cards in the deck.
    pub const fn size(self) -> usize {
        match self {
            Self::Standard => deck::Card::COUNT,
            Self::Short => deck::SHORT_DECK_SIZE,
        }
    }
}

/// How the high hand is ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HighRule {
    /// The standard ranking of the best five cards.
    Standard,
    /// Short deck's: a flush beats a full house, A-6-7-8-9 is a straight, and straights against
    /// three of a kind as the game's rules say.
    ShortDeck,
}

/// How the low half of a split pot is ranked, in the games that have one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LowRule {
    /// Five distinct ranks of eight or below, aces low, straights and flushes ignored; a pot
    /// with no such low goes wholly to the high hand.
    EightOrBetter,
    /// Ace-to-five lowball (razz): the lowest five cards win, aces low, straights and flushes
    /// ignored, pairs count against a hand; every hand has a low.
    AceToFive,
}

/// How a player's hand or range is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RangeSyntax {
    /// Two-card hands and ranges: `AsAh`, `QQ+,AKs`, `T9s-65s`, `AKs:0.5`, `random`.
    TwoCard,
    /// Omaha hands and patterns: `AsKsQdJd`, `AAxx:ds`, `KQJT`, `AK**:ss`, `random`.
    Omaha,
    /// Stud hands: the known cards, the two down cards optionally as a two-card range in
    /// parentheses first: `AsAhKd`, `(QQ+,AKs)Kd`, `(random)7h`.
    Stud,
}

/// A computation a command or function performs, which a game may or may not support.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Equity of hands or ranges (`sim equity`).
    Equity,
    /// Monte Carlo category odds of one hand (`sim odds`).
    Odds,
    /// Exact category tables (`sim exact`).
    Exact,
    /// Starting-hand tables (`sim preflop`).
    Preflop,
    /// The odds loop's throughput (`sim bench`).
    Bench,
    /// What a range hits on a board: made hands and draws (`sim hits`).
    Hits,
}

impl Command {
    /// Every command, in the order messages list them.
    pub const ALL: [Command; 6] = [
        Self::Equity,
        Self::Odds,
        Self::Exact,
        Self::Preflop,
        Self::Bench,
        Self::Hits,
    ];

    /// The command's name: `equity`, `odds`, `exact`, `preflop`, `bench`, `hits`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Equity => "equity",
            Self::Odds => "odds",
            Self::Exact => "exact",
            Self::Preflop => "preflop",
            Self::Bench => "bench",
            Self::Hits => "hits",
        }
    }
}

/// One entry of the game list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpec {
    /// The game.
    pub id: GameId,
    /// The name `--game` and `game=` take, and the tables print: `holdem`, `omaha5-hilo`.
    pub name: &'static str,
    /// One line for a list of games: `Texas hold'em, 52 cards`.
    pub summary: &'static str,
    /// The game's name in a sentence: `hold'em`, `short deck`, `Omaha`.
    pub title: &'static str,
    /// The library that plays it.
    pub family: Family,
    /// The deck.
    pub deck: DeckKind,
    /// Cards each player holds.
    pub hole_cards: usize,
    /// Community cards of a complete board.
    pub board_cards: usize,
    /// Most players at one table.
    pub max_players: usize,
    /// How high hands are ranked, in games with a high hand (razz has none).
    pub high: Option<HighRule>,
    /// How the low half is ranked, in split-pot games.
    pub low: Option<LowRule>,
    /// How hands and ranges are written.
    pub ranges: RangeSyntax,
    /// The computations the game supports.
    pub commands: &'static [Command],
}

/// What every board game of the hold'em family supports.
const HOLDEM_COMMANDS: &[Command] = &[
    Command::Equity,
    Command::Odds,
    Command::Exact,
    Command::Preflop,
    Command::Bench,
    Command::Hits,
];

/// What the Omaha games support.
const OMAHA_COMMANDS: &[Command] = &[Command::Equity, Command::Odds];

/// An Omaha game of `hole_cards` cards: as many players as one deck serves (`players ·
/// hole_cards + 5 ≤ 52`), at most 10.
const fn omaha(
    id: GameId,
    name: &'static str,
    summary: &'static str,
    hole_cards: usize,
    low: Option<LowRule>,
) -> GameSpec {
    let by_deck = (52 - 5) / hole_cards;
    GameSpec {
        id,
        name,
        summary,
        title: "Omaha",
        family: Family::Omaha,
        deck: DeckKind::Standard,
        hole_cards,
        board_cards: 5,
        max_players: if by_deck < 10 { by_deck } else { 10 },
        high: Some(HighRule::Standard),
        low,
        ranges: RangeSyntax::Omaha,
        commands: OMAHA_COMMANDS,
    }
}

/// What the stud games support.
const STUD_COMMANDS: &[Command] = &[Command::Equity, Command::Odds, Command::Exact];

/// A stud game: seven cards each, 2 to 8 players (eight players need the shared last card: 8 ·
/// 6 + 1 = 49 cards).
const fn stud(
    id: GameId,
    name: &'static str,
    summary: &'static str,
    title: &'static str,
    high: Option<HighRule>,
    low: Option<LowRule>,
) -> GameSpec {
    GameSpec {
        id,
        name,
        summary,
        title,
        family: Family::Stud,
        deck: DeckKind::Standard,
        hole_cards: 7,
        board_cards: 0,
        max_players: 8,
        high,
        low,
        ranges: RangeSyntax::Stud,
        commands: STUD_COMMANDS,
    }
}

/// Every game, in [`GameId`] order.
pub const GAMES: [GameSpec; 11] = [
    GameSpec {
        id: GameId::Holdem,
        name: "holdem",
        summary: "Texas hold'em, 52 cards",
        title: "hold'em",
        family: Family::Holdem,
        deck: DeckKind::Standard,
        hole_cards: 2,
        board_cards: 5,
        max_players: 10,
        high: Some(HighRule::Standard),
        low: None,
        ranges: RangeSyntax::TwoCard,
        commands: HOLDEM_COMMANDS,
    },
    GameSpec {
        id: GameId::ShortDeck,
        name: "shortdeck",
        summary: "Short deck (six-plus hold'em), 36 cards",
        title: "short deck",
        family: Family::Holdem,
        deck: DeckKind::Short,
        hole_cards: 2,
        board_cards: 5,
        // 8 hands and a board take 21 of the 36 cards.
        max_players: 8,
        high: Some(HighRule::ShortDeck),
        low: None,
        ranges: RangeSyntax::TwoCard,
        commands: HOLDEM_COMMANDS,
    },
    omaha(
        GameId::Omaha,
        "omaha",
        "Pot-limit Omaha, 4 hole cards, high",
        4,
        None,
    ),
    omaha(
        GameId::Omaha5,
        "omaha5",
        "Omaha with 5 hole cards, high",
        5,
        None,
    ),
    omaha(
        GameId::Omaha6,
        "omaha6",
        "Omaha with 6 hole cards, high",
        6,
        None,
    ),
    omaha(
        GameId::OmahaHilo,
        "omaha-hilo",
        "Omaha hi/lo 8-or-better, 4 hole cards",
        4,
        Some(LowRule::EightOrBetter),
    ),
    omaha(
        GameId::Omaha5Hilo,
        "omaha5-hilo",
        "Omaha hi/lo 8-or-better, 5 hole cards",
        5,
        Some(LowRule::EightOrBetter),
    ),
    omaha(
        GameId::Omaha6Hilo,
        "omaha6-hilo",
        "Omaha hi/lo 8-or-better, 6 hole cards",
        6,
        Some(LowRule::EightOrBetter),
    ),
    stud(
        GameId::Stud,
        "stud",
        "Seven-card stud, high",
        "seven-card stud",
        Some(HighRule::Standard),
        None,
    ),
    stud(
        GameId::StudHilo,
        "stud-hilo",
        "Seven-card stud hi/lo 8-or-better",
        "stud hi/lo",
        Some(HighRule::Standard),
        Some(LowRule::EightOrBetter),
    ),
    stud(
        GameId::Razz,
        "razz",
        "Razz, seven-card stud for the ace-to-five low",
        "razz",
        None,
        Some(LowRule::AceToFive),
    ),
];

impl GameId {
    /// Every game, in list order.
    pub const ALL: [GameId; GAMES.len()] = {
        let mut ids = [GameId::Holdem; GAMES.len()];
        let mut i = 0;
        while i < GAMES.len() {
            ids[i] = GAMES[i].id;
            i += 1;
        }
        ids
    };

    /// The game's entry in [`GAMES`].
    pub const fn spec(self) -> &'static GameSpec {
        &GAMES[self as usize]
    }

    /// The game named `name` in [`GAMES`].
    pub fn from_name(name: &str) -> Option<GameId> {
        GAMES.iter().find(|g| g.name == name).map(|g| g.id)
    }

    /// Every game's name in list order, joined for a message: `holdem, shortdeck, … or
    /// omaha6-hilo`.
    pub fn names() -> String {
        let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec().name)
    }
}

/// A game as played: its entry in the list and the rule options it takes (short deck's
/// three-of-a-kind-beats-a-straight rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    id: GameId,
    trips_beat_straight: bool,
}

/// A rule option given to a game that has no such rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TripsRuleOutsideShortDeck;

impl fmt::Display for TripsRuleOutsideShortDeck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("--trips-beat-straight is a short-deck rule; use it with --game shortdeck")
    }
}

impl std::error::Error for TripsRuleOutsideShortDeck {}

impl Default for Game {
    fn default() -> Self {
        Self::HOLDEM
    }
}

impl Game {
    /// Texas hold'em.
    pub const HOLDEM: Game = Game::plain(GameId::Holdem);

    /// Game `id` with its usual rules.
    pub const fn plain(id: GameId) -> Self {
        Self {
            id,
            trips_beat_straight: false,
        }
    }

    /// Game `id`, with short deck's trips-beat-straight rule if asked.
    ///
    /// # Errors
    /// [`TripsRuleOutsideShortDeck`] for the rule with any other game.
    pub fn new(id: GameId, trips_beat_straight: bool) -> Result<Self, TripsRuleOutsideShortDeck> {
        if trips_beat_straight && id != GameId::ShortDeck {
            return Err(TripsRuleOutsideShortDeck);
        }
        Ok(Self {
            id,
            trips_beat_straight,
        })
    }

    /// Short deck under `rules`.
    pub const fn short_deck(rules: ShortDeckRules) -> Self {
        Self {
            id: GameId::ShortDeck,
            trips_beat_straight: matches!(rules, ShortDeckRules::TripsBeatStraight),
        }
    }

    /// The game named `name` ([`GameSpec::name`]), with the trips rule if asked; `None` for a
    /// name not in the list.
    ///
    /// # Errors
    /// [`TripsRuleOutsideShortDeck`] for the rule with a game other than short deck.
    pub fn named(
        name: &str,
        trips_beat_straight: bool,
    ) -> Option<Result<Self, TripsRuleOutsideShortDeck>> {
        GameId::from_name(name).map(|id| Self::new(id, trips_beat_straight))
    }

    /// The game a table or checkpoint names ([`Game::name`]), if the name is known.
    pub fn from_name(name: &str) -> Option<Self> {
        if name == Self::short_deck(ShortDeckRules::TripsBeatStraight).name() {
            return Some(Self::short_deck(ShortDeckRules::TripsBeatStraight));
        }
        GameId::from_name(name).map(Self::plain)
    }

    /// The game's id.
    pub const fn id(self) -> GameId {
        self.id
    }

    /// The game's entry in the list.
    pub const fn spec(self) -> &'static GameSpec {
        self.id.spec()
    }

    /// The library that plays it.
    pub const fn family(self) -> Family {
        self.spec().family
    }

    /// The name tables and checkpoints record: the list's name, or
    /// `shortdeck_trips_beat_straight` under Triton's rule.
    pub const fn name(self) -> &'static str {
        if self.trips_beat_straight {
            "shortdeck_trips_beat_straight"
        } else {
            self.spec().name
        }
    }

    /// Whether three of a kind beats a straight (short deck under Triton's rule).
    pub const fn trips_beat_straight(self) -> bool {
        self.trips_beat_straight
    }

    /// Short deck's rules, or `None` for any other game.
    pub const fn short_deck_rules(self) -> Option<ShortDeckRules> {
        match (self.id, self.trips_beat_straight) {
            (GameId::ShortDeck, false) => Some(ShortDeckRules::StraightBeatsTrips),
            (GameId::ShortDeck, true) => Some(ShortDeckRules::TripsBeatStraight),
            _ => None,
        }
    }

    /// Cards in the deck: 52 or 36.
    pub const fn deck_size(self) -> usize {
        self.spec().deck.size()
    }

    /// Cards each player holds.
    pub const fn hole_cards(self) -> usize {
        self.spec().hole_cards
    }

    /// Most players at one table.
    pub const fn max_players(self) -> usize {
        self.spec().max_players
    }

    /// Whether the pot is split between a high and a low hand.
    pub const fn is_hilo(self) -> bool {
        self.spec().high.is_some() && self.spec().low.is_some()
    }

    /// Whether the game supports `command`.
    pub fn plays(self, command: Command) -> bool {
        self.spec().commands.contains(&command)
    }

    /// The ranking of the best five of a hold'em-family hand's cards: hold'em's, or short
    /// deck's under its rules.
    pub fn ranking(self) -> HighRanking {
        match self.short_deck_rules() {
            Some(rules) => HighRanking::ShortDeck(ShortDeckEvaluator::new(rules)),
            None => HighRanking::Holdem(HoldemRanking),
        }
    }

    /// The games that support `command`, by their titles in a sentence: `hold'em and short deck`.
    pub fn titles_playing(command: Command) -> String {
        let mut titles: Vec<&str> = Vec::new();
        for spec in GAMES.iter().filter(|g| g.commands.contains(&command)) {
            if !titles.contains(&spec.title) {
                titles.push(spec.title);
            }
        }
        sentence_list(&titles)
    }

    /// The commands that play this game, as `sim` commands in a sentence: `sim equity and sim
    /// odds`.
    pub fn commands_sentence(self) -> String {
        let commands: Vec<String> = Command::ALL
            .iter()
            .filter(|c| self.plays(**c))
            .map(|c| format!("sim {}", c.name()))
            .collect();
        let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
        sentence_list(&commands)
    }
}

/// `a`, `a and b`, `a, b and c`.
fn sentence_list(items: &[&str]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_in_id_order_with_unique_names() {
        for (i, spec) in GAMES.iter().enumerate() {
            assert_eq!(spec.id as usize, i, "{}", spec.name);
            assert_eq!(GameId::from_name(spec.name), Some(spec.id));
            assert_eq!(GameId::ALL[i], spec.id);
        }
        assert_eq!(GameId::from_name("stud8"), None);
        assert_eq!(
            GameId::names(),
            "holdem, shortdeck, omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo, omaha6-hilo, stud, stud-hilo or razz"
        );
        assert!(Game::plain(GameId::StudHilo).is_hilo());
        assert!(!Game::plain(GameId::Razz).is_hilo());
    }

    #[test]
    fn player_limits_follow_the_deck() {
        let limits: Vec<usize> = GAMES.iter().map(|g| g.max_players).collect();
        assert_eq!(limits, [10, 8, 10, 9, 7, 10, 9, 7, 8, 8, 8]);
        for spec in GAMES {
            // Stud deals its last card face up to all when the deck runs short.
            let cards = match spec.family {
                Family::Stud => spec.max_players * (spec.hole_cards - 1) + 1,
                _ => spec.max_players * spec.hole_cards + spec.board_cards,
            };
            assert!(cards <= spec.deck.size(), "{}", spec.name);
        }
    }

    #[test]
    fn the_trips_rule_belongs_to_short_deck() {
        assert_eq!(
            Game::new(GameId::Holdem, true),
            Err(TripsRuleOutsideShortDeck)
        );
        let triton = Game::new(GameId::ShortDeck, true).unwrap();
        assert_eq!(triton.name(), "shortdeck_trips_beat_straight");
        assert_eq!(triton, Game::short_deck(ShortDeckRules::TripsBeatStraight));
        assert_eq!(
            triton.short_deck_rules(),
            Some(ShortDeckRules::TripsBeatStraight)
        );
        assert_eq!(Game::HOLDEM.short_deck_rules(), None);
        for id in GameId::ALL {
            assert_eq!(Game::from_name(id.spec().name), Some(Game::plain(id)));
        }
        assert_eq!(Game::from_name(triton.name()), Some(triton));
        assert_eq!(Game::from_name("holdem_trips"), None);
    }

    #[test]
    fn sentences_name_what_plays_what() {
        assert_eq!(
            Game::titles_playing(Command::Exact),
            "hold'em, short deck, seven-card stud, stud hi/lo and razz"
        );
        assert_eq!(
            Game::plain(GameId::Omaha6Hilo).commands_sentence(),
            "sim equity and sim odds"
        );
        assert_eq!(
            Game::HOLDEM.commands_sentence(),
            "sim equity, sim odds, sim exact, sim preflop, sim bench and sim hits"
        );
        assert_eq!(
            Game::titles_playing(Command::Hits),
            "hold'em and short deck"
        );
        assert!(!Game::plain(GameId::Omaha).plays(Command::Hits));
    }
}
