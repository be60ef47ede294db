//! Building a [`StreetTable`] of hold'em or short deck (two cards a hand, the high hand of the
//! best five) by rank classes. A board on which nobody holds a flush is valued by its ranks
//! alone, so every street board of one rank multiset takes the same units from such runouts,
//! counted once per multiset of the runout's ranks; the boards on which somebody holds a flush
//! are then settled card by card, and what the flush changes is credited to each street board
//! they contain.
//!
//! ```text
//!  units(S) = Σ  rank multisets R of the runout       ways(R | S) · shares(values without flushes)
//!           + Σ  boards B ⊇ S on which a flush plays   shares(values) − shares(values without flushes)
//!
//!  ways(R | S) = Π over ranks r of binomial(unseen cards of rank r not on S, count of r in R)
//! ```
//!
//! Why this is exact: a flush takes five cards of one suit and a hand holds two, so at least
//! three of the five are the board's, and a board has at most one suit in which anybody can
//! reach five. The boards of each suit with enough of its cards are listed one by one; on
//! every other board nobody holds a flush and the values are the ranks' ([`Rules::high_without_flush`]).
//! Heads-up before the flop (AsAh against KsKh) that is 455 flop rank multisets × 91 runout
//! multisets and about 28,000 flush boards settled, instead of all 1,712,304 boards; the sums
//! are integers and equal the board by board build's ([`crate::street_table_build`]) to the bit.

use deck::Card;
use engine::choose::choose;
use eval::{HandKey, SuitMasks};

use crate::rules::{MAX_PLAYERS, Rules};
use crate::spot::Prepared;
use crate::street_table::{LexRank, StreetTable, subset_positions};
use crate::trial::SHARES;

/// Whether [`build`] builds `prepared`'s table: every hand two cards, in a game of the best
/// five's high hand (hold'em, short deck).
pub(crate) fn applies(prepared: &Prepared) -> bool {
    let rules = &prepared.program.rules;
    rules.best_five_high_only() && rules.hole == 2
}

/// The table of street `street` of `prepared` (where [`applies`]): its `unseen` cards, each
/// street board's `runouts`.
pub(crate) fn build(prepared: &Prepared, street: u8, unseen: &[Card], runouts: u64) -> StreetTable {
    let rules = &prepared.program.rules;
    let known = prepared.board.len();
    let players = prepared.players.len();
    let m = unseen.len();
    let shown = usize::from(street) - known;
    let mut place = [u8::MAX; 52];
    for (i, c) in unseen.iter().enumerate() {
        place[c.index()] = i as u8;
    }
    // Each seat's cards and the known board, summed.
    let board = Rules::parts_of(&prepared.board);
    let seats: Vec<(HandKey, SuitMasks)> = prepared
        .players
        .iter()
        .map(|p| add_cards(board, p.hands.hand(0)))
        .collect();
    let lex = LexRank::new(m, shown);
    let boards = choose(m, shown) as usize;
    let flush = Flushes {
        rules,
        seats: &seats,
        unseen,
        lex: &lex,
        dealt: 5 - known,
        shown,
    };
    let mut changes = vec![0i64; boards * players];
    for suit in 0..4 {
        let held = prepared
            .players
            .iter()
            .map(|p| p.hands.hand(0).iter().filter(|c| c.suit() == suit).count())
            .max()
            .unwrap_or(0);
        let on_board = prepared.board.iter().filter(|c| c.suit() == suit).count();
        flush.credit(suit, (5 - held).saturating_sub(on_board), &mut changes);
    }
    let mut classes = RankClasses::new(rules, &seats, unseen, 5 - usize::from(street));
    let mut units = vec![0u32; boards * players];
    let mut rank = 0;
    for_each_subset(m, shown, &mut |places| {
        debug_assert_eq!(lex.rank(places), rank);
        let at = rank * players;
        let class = classes.units(places);
        for ((unit, &whole), &change) in units[at..at + players]
            .iter_mut()
            .zip(class)
            .zip(&changes[at..at + players])
        {
            // A street board's units over its runouts: at most C(52, 2) pots of 5,040.
            *unit = (whole as i64 + change) as u32;
        }
        rank += 1;
    });
    StreetTable {
        street,
        known,
        players,
        place,
        runouts: runouts as u32,
        lex,
        units,
    }
}

/// `parts` with `cards` added.
fn add_cards(parts: (HandKey, SuitMasks), cards: &[Card]) -> (HandKey, SuitMasks) {
    cards
        .iter()
        .fold(parts, |(k, m), &c| (k.with(c), m.with(c)))
}

/// Each seat's share of a pot of its strength among `values`.
fn shares(values: &[u32], out: &mut [u32]) {
    let best = values.iter().copied().max().unwrap_or(0);
    let winners = values.iter().filter(|&&v| v == best).count();
    for (share, &v) in out.iter_mut().zip(values) {
        *share = if v == best { SHARES[winners] } else { 0 };
    }
}

/// The boards on which a flush plays, settled one by one.
struct Flushes<'a> {
    rules: &'a Rules,
    /// Each seat's cards and the known board, summed.
    seats: &'a [(HandKey, SuitMasks)],
    unseen: &'a [Card],
    lex: &'a LexRank,
    /// Cards dealt to complete the board.
    dealt: usize,
    /// Of them, the street board's.
    shown: usize,
}

impl Flushes<'_> {
    /// Adds to `changes` (by street board and seat) what a flush in `suit` changes on every
    /// completion with at least `fewest` new cards of the suit (the fewest with which a hand
    /// reaches five).
    fn credit(&self, suit: u8, fewest: usize, changes: &mut [i64]) {
        let players = self.seats.len();
        let (suited, others): (Vec<u8>, Vec<u8>) =
            (0..self.unseen.len() as u8).partition(|&i| self.unseen[usize::from(i)].suit() == suit);
        let positions = subset_positions(self.dealt, self.shown);
        let (mut values, mut plain) = ([0u32; MAX_PLAYERS], [0u32; MAX_PLAYERS]);
        let (mut with, mut without) = ([0u32; MAX_PLAYERS], [0u32; MAX_PLAYERS]);
        for new in fewest..=self.dealt.min(suited.len()) {
            let rest = self.dealt - new;
            if rest > others.len() {
                continue;
            }
            for_each_subset(suited.len(), new, &mut |a| {
                for_each_subset(others.len(), rest, &mut |b| {
                    let mut places = [0u8; 5];
                    let picked = a.iter().map(|&i| suited[usize::from(i)]);
                    let picked = picked.chain(b.iter().map(|&i| others[usize::from(i)]));
                    for (slot, i) in places.iter_mut().zip(picked) {
                        *slot = i;
                    }
                    let places = &mut places[..self.dealt];
                    places.sort_unstable();
                    for ((seat, value), flushless) in
                        self.seats.iter().zip(&mut values).zip(&mut plain)
                    {
                        let cards = places.iter().map(|&i| self.unseen[usize::from(i)]);
                        let (key, masks) = cards.fold(*seat, |(k, m), c| (k.with(c), m.with(c)));
                        *value = self.rules.high_of_parts(key, masks);
                        *flushless = self.rules.high_without_flush(key);
                    }
                    shares(&values[..players], &mut with[..players]);
                    shares(&plain[..players], &mut without[..players]);
                    if with[..players] == without[..players] {
                        return;
                    }
                    let mut street = [0u8; 5];
                    for at in &positions {
                        for (slot, &i) in street.iter_mut().zip(&at[..self.shown]) {
                            *slot = places[usize::from(i)];
                        }
                        let row = self.lex.rank(&street[..self.shown]) * players;
                        for (p, change) in changes[row..row + players].iter_mut().enumerate() {
                            *change += i64::from(with[p]) - i64::from(without[p]);
                        }
                    }
                });
            });
        }
    }
}

/// The units of each rank multiset of the street board over its runouts, valued without
/// flushes: worked out the first time a street board of the multiset asks.
struct RankClasses<'a> {
    rules: &'a Rules,
    /// Each seat's cards and the known board, summed.
    seats: &'a [(HandKey, SuitMasks)],
    unseen: &'a [Card],
    /// Cards of the runout (1 or 2).
    rest: usize,
    /// Each multiset's row in `units`, by its ranks in increasing order read as base-13
    /// digits; `u32::MAX` before it is worked out.
    rows: Vec<u32>,
    /// Each worked-out multiset's units, a seat's after another.
    units: Vec<u64>,
}

impl<'a> RankClasses<'a> {
    fn new(
        rules: &'a Rules,
        seats: &'a [(HandKey, SuitMasks)],
        unseen: &'a [Card],
        rest: usize,
    ) -> Self {
        Self {
            rules,
            seats,
            unseen,
            rest,
            rows: Vec::new(),
            units: Vec::new(),
        }
    }

    /// The units of the street board at `places` (of the unseen cards), by seat.
    fn units(&mut self, places: &[u8]) -> &[u64] {
        let mut ranks = [0u8; 5];
        for (rank, &i) in ranks.iter_mut().zip(places) {
            *rank = self.unseen[usize::from(i)].rank();
        }
        let ranks = &mut ranks[..places.len()];
        ranks.sort_unstable();
        let code = ranks.iter().fold(0, |c, &r| c * 13 + usize::from(r));
        if self.rows.is_empty() {
            self.rows = vec![u32::MAX; 13usize.pow(places.len() as u32)];
        }
        let players = self.seats.len();
        if self.rows[code] == u32::MAX {
            self.rows[code] = (self.units.len() / players) as u32;
            let class = self.work_out(places);
            self.units.extend_from_slice(&class[..players]);
        }
        let at = self.rows[code] as usize * players;
        &self.units[at..at + players]
    }

    /// Every runout of the street board at `places` by the multiset of its ranks, each
    /// weighing the ways the unseen cards deal it.
    fn work_out(&self, places: &[u8]) -> [u64; MAX_PLAYERS] {
        let players = self.seats.len();
        // The cards left of each rank, and the seats' sums with the street board.
        let mut left: [Vec<Card>; 13] = Default::default();
        for (i, &c) in self.unseen.iter().enumerate() {
            if !places.contains(&(i as u8)) {
                left[usize::from(c.rank())].push(c);
            }
        }
        let shown: Vec<Card> = places
            .iter()
            .map(|&i| self.unseen[usize::from(i)])
            .collect();
        let keys: Vec<HandKey> = self
            .seats
            .iter()
            .map(|&seat| add_cards(seat, &shown).0)
            .collect();
        let mut units = [0u64; MAX_PLAYERS];
        let (mut values, mut won) = ([0u32; MAX_PLAYERS], [0u32; MAX_PLAYERS]);
        let mut settle = |cards: &[Card], ways: u64| {
            for (value, &key) in values.iter_mut().zip(&keys) {
                let key = cards.iter().fold(key, |k, &c| k.with(c));
                *value = self.rules.high_without_flush(key);
            }
            shares(&values[..players], &mut won[..players]);
            for (unit, &share) in units.iter_mut().zip(&won[..players]) {
                *unit += u64::from(share) * ways;
            }
        };
        for a in 0..13 {
            let first = &left[a];
            if self.rest == 1 {
                if let Some(&c) = first.first() {
                    settle(&[c], first.len() as u64);
                }
                continue;
            }
            if first.len() >= 2 {
                settle(&first[..2], choose(first.len(), 2));
            }
            for second in &left[a + 1..] {
                if let (Some(&c), Some(&d)) = (first.first(), second.first()) {
                    settle(&[c, d], (first.len() * second.len()) as u64);
                }
            }
        }
        units
    }
}

/// Calls `visit` with every increasing `k`-subset of the places `0..n`, in lexicographic
/// order (no call when `k` > `n`).
fn for_each_subset(n: usize, k: usize, visit: &mut impl FnMut(&[u8])) {
    if k > n {
        return;
    }
    let mut places: [u8; 5] = [0, 1, 2, 3, 4];
    loop {
        visit(&places[..k]);
        let Some(i) = (0..k).rev().find(|&i| usize::from(places[i]) < n - k + i) else {
            return;
        };
        places[i] += 1;
        for j in i + 1..k {
            places[j] = places[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn subsets_come_in_lexicographic_order() {
        let mut seen = Vec::new();
        for_each_subset(5, 3, &mut |p| seen.push(p.to_vec()));
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], [0, 1, 2]);
        assert_eq!(seen[9], [2, 3, 4]);
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
        let mut none = 0;
        for_each_subset(2, 3, &mut |_| none += 1);
        for_each_subset(4, 0, &mut |p| assert!(p.is_empty()));
        assert_eq!(none, 0);
    }
}
