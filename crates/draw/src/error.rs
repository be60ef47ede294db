//! What can go wrong before a draw-game computation starts. Messages are one line, name the
//! offending input and are worded without the command line's flags, which the request layer
//! adds.

use std::fmt;

use deck::{Card, CardError};
use engine::{BreakdownError, MethodError, PlayerCountError, RangeError};

use crate::draws_cost::DrawsCost;
use crate::game::Game;

/// Why a draw spot cannot run.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum DrawError {
    /// The method refuses the spot.
    Method(MethodError),
    /// Too few or too many players.
    PlayerCount(PlayerCountError),
    /// A player's cards do not parse.
    BadCards {
        /// The player as written.
        player: String,
        /// Why.
        error: CardError,
    },
    /// The dead cards do not parse.
    BadDead {
        /// Why.
        error: CardError,
    },
    /// A player keeps more cards than a hand holds.
    TooManyCards {
        /// The player as written.
        player: String,
        /// Cards given.
        cards: usize,
        /// The game.
        game: Game,
    },
    /// A card given twice.
    DuplicateCard {
        /// The card.
        card: Card,
    },
    /// The players' hands and draws need more cards than the deck holds.
    DeckTooSmall {
        /// Cards needed: every hand dealt and every card drawn (or, with dead cards, the
        /// known cards and the draws).
        needed: usize,
    },
    /// More draws than the game has, or none.
    Draws {
        /// The game.
        game: Game,
        /// Draws asked.
        draws: u32,
    },
    /// A pat rule in a game played for high.
    PatInHighGame {
        /// The game.
        game: Game,
    },
    /// A pat rule with one draw, where nobody draws by rule.
    PatWithOneDraw,
    /// An exact count of more than one draw that is too dear or not the sampled model.
    ExactDraws {
        /// Draws asked.
        draws: u32,
        /// What the count would take, or why it cannot be made.
        cost: DrawsCost,
        /// The limit on counting steps.
        limit: u128,
    },
    /// A pat rule listing a number of ranks other than one or one per player.
    PatCount {
        /// Ranks given.
        given: usize,
        /// Players.
        players: usize,
    },
    /// A range of kept hands that does not parse, is emptied by the known cards, or cannot be
    /// dealt with the other ranges.
    Range(RangeError),
    /// The limits of a breakdown, or of the combinations of hands a ranged run lists.
    Breakdown(BreakdownError),
    /// A breakdown of a spot where no player is a range of kept hands.
    NoRange,
    /// An exact count of ranges whose hands keep so many different numbers of cards that
    /// their outcomes have no common multiple within 128 bits.
    RangesTooMixed,
    /// An exact count of more than one draw with ranges of kept hands: sampled only.
    ExactDrawsWithRanges {
        /// Draws asked.
        draws: u32,
    },
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Method(e) => e.fmt(f),
            Self::PlayerCount(e) => e.fmt(f),
            Self::BadCards { player, error } => write!(f, "player '{player}': {error}"),
            Self::BadDead { error } => write!(f, "dead cards: {error}"),
            Self::TooManyCards {
                player,
                cards,
                game,
            } => write!(
                f,
                "player '{player}' keeps {cards} cards; a {} hand has {}",
                game.title(),
                game.hand_size()
            ),
            Self::DuplicateCard { card } => write!(
                f,
                "card {card} is given twice among the players and dead cards"
            ),
            Self::DeckTooSmall { needed } => write!(
                f,
                "the hands dealt and the cards drawn need {needed} cards; the deck has 52"
            ),
            Self::Draws { game, draws } => match game.max_draws() {
                1 => write!(f, "{} has one draw, not {draws}", game.title()),
                most => write!(f, "{} has 1 to {most} draws, not {draws}", game.title()),
            },
            Self::PatInHighGame { game } => write!(
                f,
                "{} is played for high: a pat rule belongs to the lowball games and badugi",
                game.title()
            ),
            Self::PatWithOneDraw => f.write_str(
                "a pat rule decides the draws after the first: it needs two or three draws",
            ),
            Self::ExactDraws { draws, cost, limit } => {
                write!(f, "{draws} draws are computed by Monte Carlo only here: ")?;
                match cost {
                    DrawsCost::Work(steps) => write!(
                        f,
                        "an exact count would visit up to {steps} counting steps (limit {limit})"
                    ),
                    DrawsCost::StubRunsOut { cards, unseen } => write!(
                        f,
                        "the draws could take up to {cards} cards of the {unseen} unseen, and the count is exact only where the stub cannot run out"
                    ),
                    DrawsCost::TooLarge => f.write_str("an exact count could pass 128 bits"),
                }
            }
            Self::PatCount { given, players } => write!(
                f,
                "a pat rule takes one rank for every player or one per player: {given} given for {players} players"
            ),
            Self::Range(e) => e.fmt(f),
            Self::Breakdown(e) => e.fmt(f),
            Self::NoRange => f.write_str(
                "a breakdown needs a player written as a range of kept hands, as in 7c5d4h3s,8s6h4c3d",
            ),
            Self::RangesTooMixed => f.write_str(
                "these ranges keep too many different numbers of cards to be weighed exactly in 128 bits: use Monte Carlo",
            ),
            Self::ExactDrawsWithRanges { draws } => write!(
                f,
                "{draws} draws with ranges of kept hands are computed by Monte Carlo only: give each player one hand to count them exactly"
            ),
        }
    }
}

impl std::error::Error for DrawError {}

impl From<RangeError> for DrawError {
    fn from(e: RangeError) -> Self {
        Self::Range(e)
    }
}

impl From<BreakdownError> for DrawError {
    fn from(e: BreakdownError) -> Self {
        Self::Breakdown(e)
    }
}

impl From<MethodError> for DrawError {
    fn from(e: MethodError) -> Self {
        Self::Method(e)
    }
}

impl From<PlayerCountError> for DrawError {
    fn from(e: PlayerCountError) -> Self {
        Self::PlayerCount(e)
    }
}
