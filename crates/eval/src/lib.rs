//! Best five-of-seven poker hand evaluation, read directly from a deck's slice.
//!
//! [`evaluate`] takes 5, 6 or 7 cards and returns a [`HandRank`]: a total order on hands (equal
//! ranks are exactly the hands of equal poker value) whose top four bits are the [`Category`].
//! Nothing is copied or sorted: each card adds a precomputed 64-bit key, then one flush test and
//! two table loads give the answer.
//!
//! ```
//! use deck::parse_cards;
//! use eval::{Category, evaluate};
//!
//! let wheel = evaluate(&parse_cards("Ah 2c 3d 4s 5h 9c Jd").unwrap());
//! let trips = evaluate(&parse_cards("9h 9c 9d 4s 5h Kc Jd").unwrap());
//! assert_eq!(wheel.category(), Category::Straight);
//! assert!(wheel > trips);
//! ```
//!
//! # How it works
//!
//! ```text
//!  card ──CARD_KEYS──▶ u64 key ──sum of 5..7 keys──▶ [suit counters | rank sum]
//!                                                        │              │
//!                        a counter reached 5? ◀──────────┘              │
//!                          yes: ranks of that suit ─▶ FLUSH_TABLE[mask]  │
//!                          no:  RANK_TABLE[2·HALF_ROW_STARTS[h >> 12] + h % 4096] ◀┘
//! ```
//!
//! The rank multipliers give every multiset of up to seven ranks a distinct sum; a displacement
//! perfect hash packs the 73,775 multisets of 5 to 7 ranks into `RANK_TABLE`. All tables are
//! generated and verified by `build.rs`; together they take [`TABLE_BYTES`] bytes (about 199 KiB),
//! small enough to stay in a core's L2 cache.
//!
//! [`batch`] ranks whole slices of hands given as card indices, 16 or 8 at a time in vector
//! registers where the CPU has AVX-512 or AVX2 (chosen at run time, [`batch::EvalPath`]), with the
//! same strengths as [`evaluate`].
//!
//! [`short_deck`] ranks 36-card short-deck (six-plus) hands the same way, under either rule set;
//! [`Ranking`] puts both rankings behind one trait for the hot loops that serve both games.
//!
//! Lowball for the stud family reads the ranks only, aces low: [`LowMasks`] keeps which ranks a
//! hand holds once, twice, three and four times (one word, built card by card), from which
//! [`ace_five_low_parts`] gives the razz low ([`LowRank`]: pairs count against a hand,
//! straights and flushes do not) and [`eight_low_parts`] the eight-or-better low of hi/lo games
//! ([`EightLow`], 0 when none qualifies). Both order lows so that a larger value is a better low.
//! Hot loops that already keep a [`HandKey`] read both lows from it through [`LowTable`] (the
//! lows of every rank multiset, at the slots of the high evaluator's rank hash).
//!
//! ```
//! use deck::parse_cards;
//! use eval::{EightLow, ace_five_low, eight_low};
//!
//! let seven = ace_five_low(&parse_cards("7c 5d 4h 3s 2c Kd Kh").unwrap());
//! let wheel = ace_five_low(&parse_cards("Ah 2h 3h 4h 5h Qd Jc").unwrap());
//! assert!(wheel > seven);
//! assert_eq!(seven.top_card(), Some(7));
//! assert_eq!(eight_low(&parse_cards("9c 7d 6h 5s 4c Kd Kh").unwrap()), EightLow::NONE);
//! ```
//!
//! The draw games read exactly the cards in hand. [`deuce_seven_low`] ranks a five-card
//! deuce-to-seven ("Kansas City") low ([`DeuceSevenLow`]): the hand is read as a high hand with
//! the ace always high (A-2-3-4-5 is ace-high, no straight; A-K-Q-J-T is a straight), straights
//! and flushes count against it, and the order is reversed, so 7-5-4-3-2 of two suits or more is
//! the best hand. [`badugi`] ranks four cards ([`BadugiRank`]): the largest subset with no two
//! ranks and no two suits alike plays, aces low, more cards beating fewer and then the lowest
//! ranks winning from the highest down (A-2-3-4 of four suits is the best hand). Both order
//! hands so that a larger value is the better hand, equal values being equal hands.
//!
//! ```
//! use deck::parse_cards;
//! use eval::{Category, badugi, deuce_seven_low};
//!
//! let seven = deuce_seven_low(&parse_cards("7c 5d 4h 3s 2c").unwrap());
//! let wheel = deuce_seven_low(&parse_cards("Ac 5d 4h 3s 2c").unwrap());
//! assert!(seven > wheel);
//! assert_eq!(wheel.category(), Category::HighCard);
//! assert_eq!(wheel.to_string(), "A-5-4-3-2");
//!
//! let three = badugi(&parse_cards("Ac 2d 3h 3s").unwrap());
//! let eight = badugi(&parse_cards("8c 6d 3h As").unwrap());
//! assert!(eight > three);
//! assert_eq!(eight.to_string(), "4-card 8-6-3-A");
//! ```
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod badugi;
#[cfg(test)]
mod badugi_oracle;
pub mod batch;
mod category;
mod deuce_seven;
#[cfg(test)]
mod deuce_seven_oracle;
mod eight_low;
mod evaluate;
mod hand_rank;
mod low;
mod low_masks;
mod low_table;
#[cfg(test)]
mod oracle;
pub mod ranking;
pub mod short_deck;
#[cfg(test)]
mod short_deck_oracle;
mod tables;
mod wide;

pub use badugi::{BadugiRank, badugi};
pub use category::{Category, UnknownCategory};
pub use deuce_seven::{DeuceSevenLow, deuce_seven_low};
pub use eight_low::{EightLow, eight_low, eight_low_of_ranks, eight_low_parts};
pub use evaluate::{
    CardKeys, HandKey, KeyedCard, KeyedSum, SuitMasks, category_index, evaluate, evaluate_parts,
    evaluate_with_key, flush_strength,
};
pub use hand_rank::HandRank;
pub use low::{LowRank, ace_five_low, ace_five_low_parts};
pub use low_masks::{LowMasks, low_bit};
pub use low_table::LowTable;
pub use ranking::{HighRanking, HoldemRanking, Ranking};
pub use short_deck::{ShortDeckEvaluator, ShortDeckRank, ShortDeckRules};
pub use wide::{WideCard, WideSum};

/// Bytes taken by all lookup tables together.
pub const TABLE_BYTES: usize = size_of_val(&tables::CARD_KEYS)
    + size_of_val(&tables::HALF_ROW_STARTS)
    + size_of_val(&tables::RANK_TABLE)
    + size_of_val(&tables::FLUSH_TABLE);

// The tables must stay small enough to live in a core's L2 cache.
const _: () = assert!(TABLE_BYTES <= 256 * 1024, "lookup tables outgrew 256 KiB");
