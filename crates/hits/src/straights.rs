//! Straight draws by hole ranks, built once per board: suits play no part in straights, so the
//! 91 pairs of hole ranks (45 in short deck) are all the cases there are.
//!
//! A rank is a straight *out* when a card of it is still unseen (neither on the board nor
//! dead) and adding it gives the combo a straight that beats the straight the board and that
//! card make alone.

use deck::Card;

use crate::class::Draw;
use crate::value::Rules;

/// What the straight cards could do for one pair of hole ranks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StraightDraw {
    /// [`Draw::OpenEndedStraightDraw`], [`Draw::DoubleGutshot`] or [`Draw::Gutshot`].
    pub(crate) front: Option<Draw>,
    /// Whether the combo has a backdoor straight draw (flop only, and no front door draw).
    pub(crate) backdoor: bool,
}

/// The straight draws of every pair of hole ranks on one board (symmetric, 13 × 13).
#[derive(Debug, Clone)]
pub(crate) struct StraightTable([[StraightDraw; 13]; 13]);

impl StraightTable {
    /// The table for a board of `board_len` cards with ranks `board_ranks`, where `live_ranks`
    /// are the ranks with a card neither on the board nor dead. Empty on the river.
    pub(crate) fn new(rules: Rules, board_ranks: u16, board_len: usize, live_ranks: u16) -> Self {
        let mut table = [[StraightDraw::default(); 13]; 13];
        if board_len < 5 {
            for high in 0..13u8 {
                for low in 0..=high {
                    if rules.deck_ranks >> high & 1 == 1 && rules.deck_ranks >> low & 1 == 1 {
                        let hole = 1 << high | 1 << low;
                        let draw = straight_draw(rules, board_ranks, board_len, live_ranks, hole);
                        table[usize::from(high)][usize::from(low)] = draw;
                        table[usize::from(low)][usize::from(high)] = draw;
                    }
                }
            }
        }
        Self(table)
    }

    #[inline]
    pub(crate) fn get(&self, hole: [Card; 2]) -> StraightDraw {
        self.0[usize::from(hole[0].rank()) % 13][usize::from(hole[1].rank()) % 13]
    }
}

/// The ranks among `candidates` that complete a straight of the combo's own when added to
/// `ranks` (the combo's and the board's), as a rank mask.
fn straight_outs(rules: Rules, board_ranks: u16, ranks: u16, candidates: u16) -> u16 {
    let mut outs = 0u16;
    let mut rest = candidates;
    while rest != 0 {
        let rank = rest.trailing_zeros();
        rest &= rest - 1;
        if let Some(top) = rules.straight_top(ranks | 1 << rank) {
            // The board and this card alone: a straight only on the turn, and one that the
            // combo must beat.
            if rules
                .straight_top(board_ranks | 1 << rank)
                .is_none_or(|board_top| top > board_top)
            {
                outs |= 1 << rank;
            }
        }
    }
    outs
}

fn straight_draw(
    rules: Rules,
    board_ranks: u16,
    board_len: usize,
    live_ranks: u16,
    hole: u16,
) -> StraightDraw {
    let ranks = board_ranks | hole;
    if rules.straight_top(ranks).is_some() {
        return StraightDraw::default();
    }
    let candidates = live_ranks & rules.deck_ranks & !ranks;
    let outs = straight_outs(rules, board_ranks, ranks, candidates);
    let front = match outs.count_ones() {
        0 => None,
        1 => Some(Draw::Gutshot),
        _ => {
            // Four consecutive ranks (bit i: straight-mask places i..i+3 held) with outs on
            // both sides (places i-1 and i+4).
            let held = rules.straight_mask(ranks);
            let four = held & held >> 1 & held >> 2 & held >> 3;
            let out_places = rules.straight_mask(outs);
            if four & out_places << 1 & out_places >> 4 != 0 {
                Some(Draw::OpenEndedStraightDraw)
            } else {
                Some(Draw::DoubleGutshot)
            }
        }
    };
    let backdoor = front.is_none() && board_len == 3 && {
        let mut found = false;
        let mut first = candidates;
        while first != 0 && !found {
            let a = first.trailing_zeros();
            first &= first - 1;
            let mut second = first;
            while second != 0 {
                let b = second.trailing_zeros();
                second &= second - 1;
                let two = 1 << a | 1 << b;
                if let Some(top) = rules.straight_top(ranks | two)
                    && rules
                        .straight_top(board_ranks | two)
                        .is_none_or(|board_top| top > board_top)
                {
                    found = true;
                    break;
                }
            }
        }
        found
    };
    StraightDraw { front, backdoor }
}
