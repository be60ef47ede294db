//! What a hold'em or short-deck range hits on a board: every combo's made hand (set, top pair
//! with a good kicker, nut flush …) and draws (flush draw, open-ended, gutshot, backdoors …),
//! the table of classes with their combos and weights, and, for each class, the exact odds of
//! ending the hand in each category by the river.
//!
//! ```text
//!  board, dead cards ──Spot::new──▶ Spot (board's own value, unseen cards, straight-draw table)
//!                                     │
//!  "QQ+,AKs:0.5" ──Range──▶ combos ──Spot::classify──▶ Classification { made, draws }
//!                                     │
//!                           range_hits: HitsTable (one row per class: combos, weight, share)
//!                                     │
//!                           improve: every runout of every combo ──▶ ImproveTable
//! ```
//!
//! Made-hand classes are exclusive (each combo in exactly one, so their combos add up to the
//! range's); draw classes overlap (a combo can be a flush draw, an open-ender and a combo draw
//! at once, or hold no draw). Only what the combo's own cards add counts as its made hand: on
//! `Kc Kd 7s`, `AhQh` has ace high, not a pair. The definitions, with examples and their edge
//! cases, are in the user guide's page `docs/src/hits.md`.
//!
//! Weights are the range's, in thousandths: a combo of full weight counts 1000.
//!
//! ```
//! use deck::parse_cards;
//! use hits::{Class, Draw, HitsRequest, MadeHand, Range, Game, range_hits};
//!
//! let request = HitsRequest {
//!     game: Game::HOLDEM,
//!     range: Range::parse("AA,KK,AKs,T9s,87s").unwrap(),
//!     board: parse_cards("Kh 9h 5c").unwrap(),
//!     dead: vec![],
//! };
//! let table = range_hits(&request).unwrap();
//! let row = |class| table.row(class).unwrap().combos;
//! assert_eq!(row(Class::Made(MadeHand::Set)), 3); // KK
//! assert_eq!(row(Class::Made(MadeHand::Overpair)), 6); // AA
//! assert_eq!(row(Class::Made(MadeHand::TopPairTopKicker)), 3); // AK suited, not the Kh
//! assert_eq!(row(Class::Made(MadeHand::SecondPair)), 3); // T9s without the 9h
//! // 8h7h: four hearts and 5-7-8-9 wanting a six.
//! let draw = |draw| table.row(Class::Draw(draw)).unwrap().combos;
//! assert_eq!(draw(Draw::FlushDraw), 1);
//! assert_eq!(draw(Draw::Gutshot), 4);
//! assert_eq!(draw(Draw::ComboDraw), 1);
//! ```
//!
//! Short deck ([`Game::short_deck`]) classifies by its own rules: 36 cards, A-6-7-8-9 a
//! straight, a flush above a full house, and three of a kind above a straight under
//! [`eval::ShortDeckRules::TripsBeatStraight`].
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod class;
#[cfg(test)]
mod cross_check;
mod draws;
mod error;
mod facts;
pub mod improve;
mod low;
#[cfg(test)]
mod low_oracle;
mod made;
#[cfg(test)]
mod oracle;
mod spot;
mod straights;
mod table;
mod value;

pub use class::{Class, Classification, Draw, Draws, MadeHand, UnknownClass};
pub use engine::Game;
pub use engine::two_card_range::{Combo, Range};
pub use error::HitsError;
pub use improve::{ImproveRow, ImproveTable, improve, runout_counts};
pub use low::{LowClass, LowHolding};
pub use spot::{Spot, classify};
pub use table::{ClassRow, ClassifiedCombo, HitsRequest, HitsTable, range_hits};
pub use value::category_order;
