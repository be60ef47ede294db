//! What each function gives on a trial.

use deck::Card;

use crate::board_range::BoardRange;
use crate::functions::Func;
use crate::hands::{HandSet, mask};
use crate::memo::{self, EquityKey, EquitySums, NutKind};
use crate::rules::Rules;
use crate::street_table::StreetTable;
use crate::trial::{POT_UNITS, Trial};

/// A call with its constant arguments resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Call {
    /// The function.
    pub func: Func,
    /// The player's seat, from 0.
    pub player: u8,
    /// The street, as board cards shown (3, 4 or 5), in stud as a seat's cards (3 to 7);
    /// `upCard`'s slot of the up card in the seat (2 to 5).
    pub street: u8,
    /// A hand type's value.
    pub hand_type: u8,
    /// An `inRange` set's index in [`crate::program::Program::sets`], or a `boardInRange`
    /// range's in [`crate::program::Program::boards`].
    pub set: u16,
}

impl Call {
    /// How many board cards the call reads, in the order dealt: a Monte Carlo trial deals no
    /// more board than its program's calls read. `hvhEquity` reads every card a trial dealt
    /// (the runouts avoid them), so it asks for the whole board.
    pub fn board_read(&self) -> u8 {
        match self.func {
            f if f.reads_showdown() => 5,
            Func::HvhEquity => 5,
            Func::InRange | Func::PocketPair => 0,
            Func::FlopHandCategory => 3,
            _ => self.street.min(5),
        }
    }

    /// Whether the call reads the board as it stands on `street` (3 or 4), before the river.
    pub fn reads_street(&self, street: u8) -> bool {
        match self.func {
            Func::FlopHandCategory => street == 3,
            // The flop as a set, then the turn and river in their places, as far as the
            // longest item reads.
            Func::BoardInRange => street == 3 || (street == 4 && self.street >= 4),
            // The up card in slot s: the cards before it are a set, and it one of its own.
            Func::UpCard => street == self.street || street == self.street + 1,
            // A stud seat's two down cards, a set of their own (a board game cuts no seat).
            Func::InRange => street == 2,
            _ => self.street == street,
        }
    }
}

/// What the functions read besides the trial: the game's rules, the `inRange` sets and the
/// deck.
pub(crate) struct Env<'a> {
    /// The game's rules.
    pub(crate) rules: &'a Rules,
    /// The `inRange` sets.
    pub(crate) sets: &'a [HandSet],
    /// The `boardInRange` ranges.
    pub(crate) boards: &'a [BoardRange],
    /// The game's deck.
    pub(crate) deck: &'a [Card],
    /// The dead cards' mask: seen by every player.
    pub(crate) dead: u64,
    /// `hvhEquity`'s values on every board to one street, when the run built them.
    pub(crate) street_table: Option<&'a StreetTable>,
}

/// 1 for true, 0 for false.
#[inline]
pub(crate) fn truth(b: bool) -> f64 {
    f64::from(u8::from(b))
}

/// The value of `call` on `trial`.
#[inline]
pub(crate) fn call(program: &Env<'_>, call: &Call, t: &Trial) -> f64 {
    let rules = program.rules;
    let p = usize::from(call.player);
    let street = usize::from(call.street);
    let s = &t.showdown;
    let board = &t.board[..street.min(5)];
    match call.func {
        Func::RiverEquity => f64::from(s.units(p)) / f64::from(POT_UNITS),
        Func::WinsHi => truth(s.hi[p] == s.best_hi && s.hi_winners == 1),
        Func::TiesHi => truth(s.hi[p] == s.best_hi && s.hi_winners > 1),
        // In razz, lowball and badugi the low is the main strength.
        Func::WinsLo if rules.low_only => truth(s.hi[p] == s.best_hi && s.hi_winners == 1),
        Func::TiesLo if rules.low_only => truth(s.hi[p] == s.best_hi && s.hi_winners > 1),
        Func::WinsLo => truth(s.best_lo > 0 && s.lo[p] == s.best_lo && s.lo_winners == 1),
        Func::TiesLo => truth(s.best_lo > 0 && s.lo[p] == s.best_lo && s.lo_winners > 1),
        Func::Scoops => truth(s.units(p) == POT_UNITS),
        Func::HandType => f64::from(hand_type(rules, t, p, street)),
        Func::MinHandType => truth(hand_type(rules, t, p, street) >= call.hand_type),
        Func::UpCard => t.holes[p][street % crate::rules::MAX_HOLE].index() as f64,
        // Compiled to its own node ([`crate::program::Node::Rank`]); never a call.
        Func::Rank => 0.0,
        Func::FlopHandCategory => f64::from(flop_category(program, t.hole_of(p), &t.board[..3])),
        Func::Overpair => {
            let h = t.hole_of(p);
            truth(h[0].rank() == h[1].rank() && h[0].rank() > top_rank(board))
        }
        Func::PocketPair => {
            let h = t.hole_of(p);
            truth(h[0].rank() == h[1].rank())
        }
        Func::HasTopBoardRank => {
            let top = top_rank(board);
            truth(t.hole_of(p).iter().any(|c| c.rank() == top))
        }
        Func::NutHi => truth(memo::nut(
            rules.game,
            NutKind::High,
            [mask(t.hole_of(p)), mask(board), program.dead],
            || is_nut(program, t.hole_of(p), board),
        )),
        Func::NutLo => truth(memo::nut(
            rules.game,
            NutKind::Low,
            [mask(t.hole_of(p)), mask(board), program.dead],
            || is_nut_low(program, t.hole_of(p), board),
        )),
        Func::BoardInRange => truth(program.boards[usize::from(call.set)].contains(&t.board)),
        // A high strength (never a low-only game's low) fits in 16 bits.
        Func::WinningHandType => f64::from(rules.hand_type(s.best_hi as u16)),
        // A stud player's two down cards; a board game's whole hand.
        Func::InRange if rules.stud => {
            truth(program.sets[usize::from(call.set)].contains(mask(&t.holes[p][..2])))
        }
        Func::InRange => truth(program.sets[usize::from(call.set)].contains(mask(t.hole_of(p)))),
        Func::PairedBoard => truth(rank_mask(board).count_ones() < board.len() as u32),
        Func::FlushingBoard => truth(suit_counts(board).iter().any(|&n| n >= 3)),
        Func::StraightBoard => truth(straight_board(board)),
        Func::MonotoneBoard => truth(suits_shown(board) == 1),
        Func::RainbowBoard => truth(suit_counts(board).iter().all(|&n| n <= 1)),
        Func::TwoToneBoard => truth(suits_shown(board) == 2),
        Func::BoardSuitCount => f64::from(suits_shown(board)),
        Func::OutsToHandType if rules.stud => {
            f64::from(stud_outs(program, t, p, street, call.hand_type))
        }
        Func::OutsToHandType => f64::from(outs(program, t, p, street, call.hand_type)),
        Func::HvhEquity if rules.stud => crate::stud_equity::hvh_equity(
            &crate::stud_equity::Table {
                rules,
                deck: program.deck,
                dead: program.dead,
            },
            t,
            p,
            street,
        ),
        Func::HvhEquity => hvh_equity(program, t, p, street),
    }
}

/// The hand type of player `p` on `street`: with the board to that street, in stud of the
/// seat's first `street` cards, in a draw game of the final hand (no board).
#[inline]
fn hand_type(rules: &Rules, t: &Trial, p: usize, street: usize) -> u8 {
    if rules.stud {
        rules.hand_type_of(&t.holes[p][..street.min(crate::rules::MAX_HOLE)])
    } else {
        rules.hand_type(rules.high(t.hole_of(p), &t.board[..street.min(rules.board)]))
    }
}

/// The highest rank among `cards`.
#[inline]
fn top_rank(cards: &[Card]) -> u8 {
    cards.iter().map(|c| c.rank()).max().unwrap_or(0)
}

/// The ranks among `cards`, one bit each.
#[inline]
fn rank_mask(cards: &[Card]) -> u16 {
    cards.iter().fold(0, |m, c| m | 1 << c.rank())
}

/// Cards of each suit among `cards`.
#[inline]
fn suit_counts(cards: &[Card]) -> [u8; 4] {
    let mut n = [0; 4];
    for c in cards {
        n[usize::from(c.suit())] += 1;
    }
    n
}

/// How many suits `cards` show.
#[inline]
fn suits_shown(cards: &[Card]) -> u8 {
    suit_counts(cards).iter().filter(|&&n| n > 0).count() as u8
}

/// Whether three board ranks or more fit in one five-rank straight (the ace also low).
fn straight_board(board: &[Card]) -> bool {
    let ranks = rank_mask(board);
    // Bit 0 the ace low, bit r+1 rank r.
    let wide = (ranks << 1) | (ranks >> 12 & 1);
    (0..=9).any(|low| (wide >> low & 0b11111).count_ones() >= 3)
}

/// PQL's flop hand category of two hole cards on a flop: the index in
/// [`crate::types::FLOP_CATEGORIES`].
fn flop_category(program: &Env<'_>, hole: &[Card], flop: &[Card]) -> u8 {
    let rules = program.rules;
    let kind = rules.hand_type(rules.high(hole, flop));
    let mut counts = [0u8; 13];
    for c in hole.iter().chain(flop) {
        counts[usize::from(c.rank())] += 1;
    }
    let mut flop_ranks = [flop[0].rank(), flop[1].rank(), flop[2].rank()];
    flop_ranks.sort_unstable();
    let [bottom, middle, top] = flop_ranks;
    let on_flop = |rank: u8| flop.iter().filter(|c| c.rank() == rank).count();
    match kind {
        8 => 17,
        7 => 16,
        6 => 15,
        5 => 14,
        4 => 13,
        3 => {
            let trips = (0..13u8)
                .rev()
                .find(|&r| counts[usize::from(r)] >= 3)
                .unwrap_or(0);
            if on_flop(trips) == 2 { 11 } else { 12 }
        }
        2 => {
            let paired = |r: u8| counts[usize::from(r)] >= 2;
            match (paired(top), paired(middle)) {
                (true, true) => 10,
                (true, false) => 9,
                _ => 8,
            }
        }
        1 => {
            let pair = (0..13u8)
                .rev()
                .find(|&r| counts[usize::from(r)] >= 2)
                .unwrap_or(0);
            if pair > top {
                7
            } else if pair == top {
                6
            } else if pair > middle {
                5
            } else if pair == middle {
                4
            } else if pair > bottom {
                3
            } else if pair == bottom {
                2
            } else {
                1
            }
        }
        _ => 0,
    }
}

/// Whether no two cards that the player cannot see in another hand beat `hole` on `board`: the
/// best hand any opponent could hold, each hand built from two unseen cards (Omaha's opponents
/// play two of their cards too); dead cards are seen by everyone.
fn is_nut(program: &Env<'_>, hole: &[Card], board: &[Card]) -> bool {
    let rules = program.rules;
    let prepared = rules.prepare_board(board);
    let mine = rules.high_on(&prepared, hole);
    let blocked = mask(hole) | mask(board) | program.dead;
    let deck = program.deck;
    for (i, &a) in deck.iter().enumerate() {
        if blocked >> a.index() & 1 != 0 {
            continue;
        }
        for &b in &deck[i + 1..] {
            if blocked >> b.index() & 1 != 0 {
                continue;
            }
            if rules.high_on(&prepared, &[a, b]) > mine {
                return false;
            }
        }
    }
    true
}

/// Whether `hole` makes an eight-or-better low on `board` that no two cards unseen by the
/// player (out of the hand, off the board and not dead) beat. A low reads ranks only, so one unseen card
/// of each pair of distinct low ranks stands for all (a pair makes no better low).
fn is_nut_low(program: &Env<'_>, hole: &[Card], board: &[Card]) -> bool {
    let rules = program.rules;
    let mine = rules.low(hole, board);
    if mine == 0 {
        return false;
    }
    let blocked = mask(hole) | mask(board) | program.dead;
    // One unseen card of each rank, if any: the ace and the deuce to the eight.
    let mut unseen = [None::<Card>; 13];
    for &c in program.deck {
        if blocked >> c.index() & 1 == 0 && unseen[usize::from(c.rank())].is_none() {
            unseen[usize::from(c.rank())] = Some(c);
        }
    }
    let mut low = [Card::from_index(0); 8];
    let mut n = 0;
    for r in [12u8, 0, 1, 2, 3, 4, 5, 6] {
        if let Some(c) = unseen[usize::from(r)] {
            low[n] = c;
            n += 1;
        }
    }
    let low = &low[..n];
    for (i, &a) in low.iter().enumerate() {
        for &b in &low[i + 1..] {
            if rules.low(&[a, b], board) > mine {
                return false;
            }
        }
    }
    true
}

/// The cards unseen by player `p` (off the board to `street`, out of p's hand and not dead)
/// that, dealt as the next board card, give p a hand of type `hand_type` or better.
fn outs(program: &Env<'_>, t: &Trial, p: usize, street: usize, hand_type: u8) -> u32 {
    let rules = program.rules;
    let hole = t.hole_of(p);
    let mut board = [Card::from_index(0); 5];
    board[..street].copy_from_slice(&t.board[..street]);
    let blocked = mask(hole) | mask(&board[..street]) | program.dead;
    let mut n = 0;
    for &c in program.deck {
        if blocked >> c.index() & 1 != 0 {
            continue;
        }
        board[street] = c;
        if rules.hand_type(rules.high(hole, &board[..=street])) >= hand_type {
            n += 1;
        }
    }
    n
}

/// The cards unseen by stud player `p` on `street` (3 to 6 cards held) that, dealt as p's next
/// card, give p a hand of type `hand_type` or better: every card but p's own, the other
/// players' up cards to the street (slots 2 to `street` - 1) and the dead cards.
fn stud_outs(program: &Env<'_>, t: &Trial, p: usize, street: usize, hand_type: u8) -> u32 {
    let rules = program.rules;
    let street = street.min(crate::rules::MAX_HOLE - 1);
    let mut cards = [Card::from_index(0); crate::rules::MAX_HOLE];
    cards[..street].copy_from_slice(&t.holes[p][..street]);
    let mut blocked = mask(&cards[..street]) | program.dead;
    for seat in (0..t.players).filter(|&s| s != p) {
        blocked |= mask(&t.holes[seat][2.min(street)..street]);
    }
    let mut n = 0;
    for &c in program.deck {
        if blocked >> c.index() & 1 != 0 {
            continue;
        }
        cards[street] = c;
        if rules.hand_type_of(&cards[..=street]) >= hand_type {
            n += 1;
        }
    }
    n
}

/// Player `p`'s equity against the other players' dealt hands with the board known to
/// `street`: every runout of the cards no one holds, each counted once (remembered per thread
/// for the hands and the board to the street, [`memo`]).
pub(crate) fn hvh_equity(program: &Env<'_>, t: &Trial, p: usize, street: usize) -> f64 {
    if let Some(table) = program.street_table
        && usize::from(table.street) == street
    {
        return table.equity(t, p);
    }
    let mut key = EquityKey::new(mask(&t.board[..street]), t.seen & !mask(&t.board[street..]));
    for seat in 0..t.players {
        key.seat(seat, t.hole_of(seat));
    }
    let sums = memo::equity_sums(program.rules.game, &key, || {
        runout_sums(program, t, street, key.blocked)
    });
    if sums.runouts == 0 {
        return 0.0;
    }
    f64::from(sums.units[p]) / (f64::from(sums.runouts) * f64::from(POT_UNITS))
}

/// Every seat's pot units over every runout of the board from `street`, cards never taken
/// from `blocked`.
fn runout_sums(program: &Env<'_>, t: &Trial, street: usize, blocked: u64) -> EquitySums {
    let mut scratch = t.clone();
    let mut sums = EquitySums::default();
    let mut visit = |board: &[Card; 5]| {
        scratch.board = *board;
        scratch.settle(program.rules);
        for (seat, units) in sums.units[..t.players].iter_mut().enumerate() {
            *units += scratch.showdown.units(seat);
        }
        sums.runouts += 1;
    };
    let mut board = t.board;
    runouts_from(program.deck, blocked, &mut board, street, 0, &mut visit);
    sums
}

/// Calls `visit` on every completion of `board` from slot `slot`, cards taken in deck order
/// from index `from` on and never from `blocked`.
fn runouts_from(
    deck: &[Card],
    blocked: u64,
    board: &mut [Card; 5],
    slot: usize,
    from: usize,
    visit: &mut impl FnMut(&[Card; 5]),
) {
    if slot == 5 {
        visit(board);
        return;
    }
    for i in from..deck.len() {
        let c = deck[i];
        if blocked >> c.index() & 1 != 0 {
            continue;
        }
        board[slot] = c;
        runouts_from(deck, blocked, board, slot + 1, i + 1, visit);
    }
}
