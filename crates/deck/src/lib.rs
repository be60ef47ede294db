//! Cards and a reusable per-worker deck for Monte Carlo poker simulation.
//!
//! A [`Card`] is one byte, `rank * 4 + suit`:
//!
//! ```text
//!  index:  0  1  2  3  4  5 …  48 49 50 51
//!  card:  2c 2d 2h 2s 3c 3d …  Ac Ad Ah As
//! ```
//!
//! A [`Deck`] is a `[Card; 52]` laid out as `[known cards | rest]`. Dealing `k` cards is a
//! partial in-place Fisher–Yates of the `k` slots after the known ones; the returned slice
//! `known + dealt` is handed straight to an evaluator, and the deck is reused as it is for the
//! next round, which costs one random word for up to about eleven draws, `k` swaps, no copy and no
//! allocation.
//!
//! ```
//! use deck::{Deck, parse_cards};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(42);
//! let mut deck = Deck::with_known(&parse_cards("AsAh").unwrap()).unwrap();
//! let hand = deck.deal(&mut rng, 5);
//! assert_eq!(hand.len(), 7);
//! assert_eq!(hand[0].to_string(), "As");
//! ```
//!
//! The 36-card short deck (six-plus hold'em) is a [`ShortDeck`], a `Deck<36>` of the cards six
//! and up, dealt the same way.
//!
//! Shuffle models work on any slice, one module each: [`fisher_yates`] (full and partial),
//! [`naive`] (biased, for comparison), [`riffle`] (Gilbert–Shannon–Reeds) and [`piles`] (dealing
//! without shuffling, the direct method and round robin). Each takes a generator, or a
//! `pick(bound)` closure so that exact enumerations run the same code.
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod card;
mod dealer;
mod deck;
mod draw;
mod error;
pub mod fisher_yates;
pub mod naive;
pub mod piles;
pub mod riffle;
mod short_deck;
pub mod suit_classes;
pub mod uniform;

pub use card::{Card, RANK_CHARS, SUIT_CHARS, as_typed, parse_cards, suit_letters};
pub use dealer::Dealer;
pub use deck::Deck;
pub use error::CardError;
pub use short_deck::{SHORT_DECK_LOWEST_RANK, SHORT_DECK_SIZE, ShortDeck, check_short_deck};
