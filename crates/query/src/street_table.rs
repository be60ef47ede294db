//! `hvhEquity(p, street)` for every board to the street at once, when every player holds one
//! fixed hand: each completion of the board is settled once and its pot units are added to
//! every street board it contains, so that a trial reads its street's value from a table
//! instead of enumerating the street's runouts (the memo remembers them one street at a
//! time).
//!
//! ```text
//!  hold'em, two hands, no board     C(48,5) = 1,712,304 completions settled once
//!  street table (the flop)          C(48,3) = 17,296 flops × (units of each seat)
//!  each completion's 5 cards        C(5,3) = 10 flops credited, its other 2 cards the runout
//! ```
//!
//! A table is built when it costs fewer settled boards than the memo would settle for the
//! trials the run deals (every street board, for an exact count: [`crate::street_table_build`]),
//! and gives the very integer
//! sums of the memo's enumeration: answers are the same, bit for bit, with or without it.

use engine::choose::choose;

use crate::trial::Trial;

/// The pot units of each seat over every runout of every board to one street.
#[derive(Debug, Clone, PartialEq)]
pub struct StreetTable {
    /// The street (3 the flop, 4 the turn).
    pub street: u8,
    /// The known board's cards.
    pub(crate) known: usize,
    /// Players.
    pub(crate) players: usize,
    /// Each unseen card's place among the unseen cards (the cards of no hand, dead or known
    /// on the board), by card index; 255 for the others.
    pub(crate) place: [u8; 52],
    /// Runouts of each street board.
    pub(crate) runouts: u32,
    /// Seat `s`'s units on the street board of colex rank `r` at `r * players + s`.
    pub(crate) units: Vec<u32>,
}

impl StreetTable {
    /// Seat `p`'s equity on the trial's board to the table's street: its units over every
    /// runout, as a share of the pots.
    #[inline]
    pub fn equity(&self, t: &Trial, p: usize) -> f64 {
        let mut places = [0u8; 5];
        let dealt = &t.board[self.known..usize::from(self.street)];
        for (slot, c) in places.iter_mut().zip(dealt) {
            *slot = self.place[c.index()];
        }
        let places = &mut places[..dealt.len()];
        places.sort_unstable();
        let units = self.units[colex(places) as usize * self.players + p];
        f64::from(units) / (f64::from(self.runouts) * f64::from(crate::trial::POT_UNITS))
    }
}

/// The colex rank of increasing places: Σ C(place_i, i + 1).
#[inline]
fn colex(places: &[u8]) -> u64 {
    places
        .iter()
        .enumerate()
        .map(|(i, &c)| choose(usize::from(c), i + 1))
        .sum()
}
