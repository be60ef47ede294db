//! The hand of an odds or exact table, in any game: a board game's hand of 5 to 7 cards, an
//! Omaha hand, or a stud hand counted in its game's chart; checked once here, whatever the
//! front end.

use deck::Card;
use engine::{Family, Game, HandSpec};

use crate::error::RequestError;
use crate::family::TableChart;
use crate::game_options::OptionValues;

/// The hand whose categories are counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OddsHand {
    /// A hold'em or short-deck hand of 5 to 7 cards.
    Board(HandSpec),
    /// An Omaha hand: its known hole cards, the rest and the board dealt.
    Omaha {
        /// The Omaha game.
        game: Game,
        /// The known hole cards.
        known: Vec<Card>,
        /// Cards out of play.
        dead: Vec<Card>,
    },
    /// A hand of a chart family, counted in its game's chart: a stud hand of seven cards
    /// (stud's categories, razz's A-5 lows, stud hi/lo's eight-or-better lows) or a draw hand
    /// filled by one draw (the categories, the lows, the badugis).
    Chart {
        /// The game.
        game: Game,
        /// Its chart.
        chart: TableChart,
        /// The known cards.
        known: Vec<Card>,
        /// Cards out of play.
        dead: Vec<Card>,
    },
}

impl OddsHand {
    /// The hand with the game's own options (checked against the game list before, so only a
    /// chart family's hand has any): its chart reads them ([`TableChart::with_options`]); any
    /// other hand is unchanged when none is given.
    ///
    /// # Errors
    /// As [`TableChart::with_options`], and [`RequestError::Invalid`] for an option given
    /// with a hand that is not a chart's.
    pub fn with_options(self, options: &OptionValues) -> Result<OddsHand, RequestError> {
        match self {
            OddsHand::Chart {
                game,
                chart,
                known,
                dead,
            } if !options.is_empty() => {
                let chart = chart.with_options(game, &known, &dead, options)?;
                Ok(OddsHand::Chart {
                    game,
                    chart,
                    known,
                    dead,
                })
            }
            other => match options.first() {
                None => Ok(other),
                Some((name, _)) => Err(RequestError::invalid(format!(
                    "--{name}: {} takes no option of a game's own",
                    other.game().name()
                ))),
            },
        }
    }

    /// The game.
    fn game(&self) -> Game {
        match self {
            OddsHand::Board(hand) => hand.game(),
            OddsHand::Omaha { game, .. } | OddsHand::Chart { game, .. } => *game,
        }
    }
}

/// The category names, weakest first: the rows of the board games' and Omaha's tables.
const CATEGORY_ROWS: [&str; 10] = eval::Category::NAMES;

impl OddsHand {
    /// The names of the table's rows: the categories, or a stud chart's rows (`7_low`, …), in
    /// the order of the counts' slots.
    pub fn rows(&self) -> &'static [&'static str] {
        match self {
            OddsHand::Board(_) | OddsHand::Omaha { .. } => &CATEGORY_ROWS,
            OddsHand::Chart { chart, .. } => chart.family_chart().rows(),
        }
    }
}

/// The hand of `cards` cards with `known` fixed and `dead` out of play, in `game`.
///
/// # Errors
/// [`RequestError`] when too many cards are known, a known or dead card repeats or is not in the
/// game's deck, so many are dead that the hand cannot be completed, or (Omaha) a card count
/// other than 7 is asked for.
pub fn odds_hand(
    game: Game,
    cards: usize,
    known: &[Card],
    dead: &[Card],
) -> Result<OddsHand, RequestError> {
    match game.family() {
        Family::Holdem => {
            if (5..=7).contains(&cards) && known.len() >= cards {
                return Err(RequestError::invalid(format!(
                    "--known has {} cards but --cards {cards} allows at most {}",
                    known.len(),
                    cards - 1
                )));
            }
            Ok(OddsHand::Board(
                HandSpec::of_game(game, cards, known.to_vec())?.with_dead(dead.to_vec())?,
            ))
        }
        Family::Omaha => {
            if cards != 7 {
                return Err(RequestError::invalid(format!(
                    "--cards is not supported with --game {game}"
                )));
            }
            if known.len() > game.hole_cards() {
                return Err(omaha::OmahaError::TooManyKnown {
                    known: known.len(),
                    hole_cards: game.hole_cards(),
                }
                .into());
            }
            // A repeated card is refused as the board games refuse it.
            HandSpec::new(7, known.to_vec()).map_err(|e| match e {
                engine::EngineError::DuplicateCard(_) => RequestError::Hand(e),
                _ => RequestError::invalid(e.to_string()),
            })?;
            // The rest of the hole cards and the board are dealt from the live cards.
            engine::check_dead(game, known, dead, game.hole_cards() - known.len() + 5)?;
            Ok(OddsHand::Omaha {
                game,
                known: known.to_vec(),
                dead: dead.to_vec(),
            })
        }
        // The families whose tables are charts of their own rows: `TableChart::of_hand` chooses.
        _ => Ok(OddsHand::Chart {
            game,
            chart: TableChart::of_hand(game, cards, known, dead)?,
            known: known.to_vec(),
            dead: dead.to_vec(),
        }),
    }
}
