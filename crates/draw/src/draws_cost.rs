//! What an exact count of more than one draw takes, or why it is not made: the answer of
//! [`crate::draws_exact::draws_cost`] and [`crate::DrawsTable::exact_cost`], and the reason an
//! exact run is refused ([`crate::DrawError::ExactDraws`]).

/// Why a spot of more than one draw is not counted exactly, or what counting it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawsCost {
    /// At most this many counting steps (paths listed and pairs of paths tried).
    Work(u128),
    /// The players could need more cards than the stub holds, when the discards are shuffled
    /// back: not the model an exact count plays.
    StubRunsOut {
        /// The most cards the draws could take, by the bound.
        cards: usize,
        /// The unseen cards.
        unseen: usize,
    },
    /// The counts could pass 128 bits.
    TooLarge,
}
