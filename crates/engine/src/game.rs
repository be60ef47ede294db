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

mod option;
mod played;
mod spec;

pub use played::{Game, TripsRuleOutsideShortDeck, sentence_list};
pub use spec::{
    Command, DeckKind, Family, GameId, GameOption, GameSpec, HandRule, HighRule, LowRule,
    RangeSyntax,
};

/// What every board game of the hold'em family supports.
const HOLDEM_COMMANDS: &[Command] = &[
    Command::Equity,
    Command::Odds,
    Command::Exact,
    Command::Preflop,
    Command::Bench,
    Command::Hits,
    Command::Rank,
];

/// What hold'em hi/lo supports: Omaha's commands (its family), hits (hold'em's hands) and a
/// ranking of its starting hands by pot share.
const HOLDEM_HILO_COMMANDS: &[Command] =
    &[Command::Equity, Command::Odds, Command::Hits, Command::Rank];

/// What the Omaha games support.
const OMAHA_COMMANDS: &[Command] = &[Command::Equity, Command::Odds];

/// What four-, five- and six-card Omaha (high and hi/lo) support: a ranking of their starting
/// hands besides.
const RANKED_OMAHA_COMMANDS: &[Command] = &[Command::Equity, Command::Odds, Command::Rank];

/// The known boards of the games dealt a flop, a turn and a river.
const FLOP_TURN_RIVER: &[usize] = &[0, 3, 4, 5];

/// Courchevel's known boards: its first flop card is shown before the betting (0 is for
/// studying starting hands before it is turned).
const COURCHEVEL_BOARDS: &[usize] = &[0, 1, 3, 4, 5];

/// The known board of the games without one.
const NO_BOARD: &[usize] = &[0];

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
    // Four-, five- and six-card Omaha, high and hi/lo, have rankings of their starting hands.
    let commands = if hole_cards >= 4 {
        RANKED_OMAHA_COMMANDS
    } else {
        OMAHA_COMMANDS
    };
    GameSpec {
        id,
        name,
        summary,
        title: "Omaha",
        family: Family::Omaha,
        deck: DeckKind::Standard,
        hole_cards,
        board_cards: 5,
        board_sizes: FLOP_TURN_RIVER,
        hand: HandRule::TwoPlusThree,
        max_players: if by_deck < 10 { by_deck } else { 10 },
        high: Some(HighRule::Standard),
        low,
        ranges: RangeSyntax::Omaha,
        commands,
        options: &[],
    }
}

/// Courchevel: five-card Omaha whose first flop card is known before the betting.
const fn courchevel(
    id: GameId,
    name: &'static str,
    summary: &'static str,
    low: Option<LowRule>,
) -> GameSpec {
    GameSpec {
        title: "Courchevel",
        board_sizes: COURCHEVEL_BOARDS,
        // Its starting hands are five-card Omaha's, ranked before the first flop card is shown:
        // `sim rank` gives five-card Omaha's rankings.
        ..omaha(id, name, summary, 5, low)
    }
}

/// What the stud games support.
const STUD_COMMANDS: &[Command] = &[
    Command::Equity,
    Command::Odds,
    Command::Exact,
    Command::Rank,
];

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
        board_sizes: NO_BOARD,
        hand: HandRule::BestFive,
        max_players: 8,
        high,
        low,
        ranges: RangeSyntax::Stud,
        commands: STUD_COMMANDS,
        options: &[],
    }
}

/// What the draw games support.
const DRAW_COMMANDS: &[Command] = &[
    Command::Equity,
    Command::Odds,
    Command::Exact,
    Command::Rank,
];

/// The draw games' own options: the draws to come and the pat rule (read by the draw
/// family's request file; the library checks which games take more than one draw).
const DRAW_OPTIONS: &[GameOption] = &[
    GameOption {
        name: "draws",
        value_name: "N",
        help: "Draw games: the draws to come, 1 (default) or, in the triple-draw games and \
               badugi, up to 3",
        commands: &[Command::Equity, Command::Odds, Command::Exact],
    },
    GameOption {
        name: "pat",
        value_name: "RANK",
        help: "Draw games with --draws 2 or 3: after the first draw each player stands pat \
               with a made hand at or below this rank (default 9), else keeps the cards of \
               distinct ranks at or below it and draws the rest; one rank for all or one per \
               player: `9`, `9,T`",
        commands: &[Command::Equity, Command::Odds, Command::Exact],
    },
];

/// A draw game: five cards each (badugi four), one draw or up to three. At most 10 players:
/// ten pat hands take 50 cards; how many draw is checked against the deck per spot.
const fn draw(
    id: GameId,
    name: &'static str,
    summary: &'static str,
    title: &'static str,
    hole_cards: usize,
    high: Option<HighRule>,
    low: Option<LowRule>,
) -> GameSpec {
    GameSpec {
        id,
        name,
        summary,
        title,
        family: Family::Draw,
        deck: DeckKind::Standard,
        hole_cards,
        board_cards: 0,
        board_sizes: NO_BOARD,
        hand: HandRule::BestFive,
        max_players: 10,
        high,
        low,
        ranges: RangeSyntax::Draw,
        commands: DRAW_COMMANDS,
        options: DRAW_OPTIONS,
    }
}

/// Every game, in [`GameId`] order.
pub const GAMES: [GameSpec; 21] = [
    GameSpec {
        id: GameId::Holdem,
        name: "holdem",
        summary: "Texas hold'em, 52 cards",
        title: "hold'em",
        family: Family::Holdem,
        deck: DeckKind::Standard,
        hole_cards: 2,
        board_cards: 5,
        board_sizes: FLOP_TURN_RIVER,
        hand: HandRule::BestFive,
        max_players: 10,
        high: Some(HighRule::Standard),
        low: None,
        ranges: RangeSyntax::TwoCard,
        commands: HOLDEM_COMMANDS,
        options: &[],
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
        board_sizes: FLOP_TURN_RIVER,
        hand: HandRule::BestFive,
        // 8 hands and a board take 21 of the 36 cards.
        max_players: 8,
        high: Some(HighRule::ShortDeck),
        low: None,
        ranges: RangeSyntax::TwoCard,
        commands: HOLDEM_COMMANDS,
        options: &[],
    },
    // Hold'em's hands with Omaha hi/lo's split pot: played by the Omaha family, which holds
    // the split, with the best five of seven for each half.
    GameSpec {
        id: GameId::HoldemHilo,
        name: "holdem-hilo",
        summary: "Hold'em hi/lo 8-or-better, 52 cards",
        title: "hold'em hi/lo",
        family: Family::Omaha,
        deck: DeckKind::Standard,
        hole_cards: 2,
        board_cards: 5,
        board_sizes: FLOP_TURN_RIVER,
        hand: HandRule::BestFive,
        max_players: 10,
        high: Some(HighRule::Standard),
        low: Some(LowRule::EightOrBetter),
        ranges: RangeSyntax::TwoCard,
        commands: HOLDEM_HILO_COMMANDS,
        options: &[],
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
    courchevel(
        GameId::Courchevel,
        "courchevel",
        "Courchevel: Omaha with 5 hole cards, the first flop card shown, high",
        None,
    ),
    courchevel(
        GameId::CourchevelHilo,
        "courchevel-hilo",
        "Courchevel hi/lo 8-or-better",
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
    draw(
        GameId::Draw5,
        "draw5",
        "Five-card draw, high, one draw",
        "five-card draw",
        5,
        Some(HighRule::Standard),
        None,
    ),
    draw(
        GameId::Draw5Hilo,
        "draw5-hilo",
        "Five-card draw hi/lo 8-or-better, one draw",
        "five-card draw hi/lo",
        5,
        Some(HighRule::Standard),
        Some(LowRule::EightOrBetter),
    ),
    draw(
        GameId::Lowball27,
        "lowball-27",
        "Deuce-to-seven lowball, one draw",
        "2-7 lowball",
        5,
        None,
        Some(LowRule::DeuceToSeven),
    ),
    draw(
        GameId::LowballA5,
        "lowball-a5",
        "Ace-to-five lowball, one draw",
        "A-5 lowball",
        5,
        None,
        Some(LowRule::AceToFive),
    ),
    draw(
        GameId::TripleDraw27,
        "triple-draw-27",
        "Deuce-to-seven triple draw",
        "2-7 triple draw",
        5,
        None,
        Some(LowRule::DeuceToSeven),
    ),
    draw(
        GameId::TripleDrawA5,
        "triple-draw-a5",
        "Ace-to-five triple draw",
        "A-5 triple draw",
        5,
        None,
        Some(LowRule::AceToFive),
    ),
    draw(
        GameId::Badugi,
        "badugi",
        "Badugi, four cards, triple draw",
        "badugi",
        4,
        None,
        Some(LowRule::Badugi),
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
            "holdem, shortdeck, holdem-hilo, omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo, omaha6-hilo, courchevel, courchevel-hilo, stud, stud-hilo, razz, draw5, draw5-hilo, lowball-27, lowball-a5, triple-draw-27, triple-draw-a5 or badugi"
        );
        assert!(Game::plain(GameId::StudHilo).is_hilo());
        assert!(!Game::plain(GameId::Razz).is_hilo());
    }

    #[test]
    fn player_limits_follow_the_deck() {
        let limits: Vec<usize> = GAMES.iter().map(|g| g.max_players).collect();
        assert_eq!(
            limits,
            [
                10, 8, 10, 10, 9, 7, 10, 9, 7, 9, 9, 8, 8, 8, 10, 10, 10, 10, 10, 10, 10
            ]
        );
        for spec in GAMES {
            // Stud deals its last card face up to all when the deck runs short.
            let cards = match spec.family {
                Family::Stud => spec.max_players * (spec.hole_cards - 1) + 1,
                _ => spec.max_players * spec.hole_cards + spec.board_cards,
            };
            assert!(cards <= spec.deck.size(), "{}", spec.name);
        }
    }
}
