//! What a trial deals beyond the players' listed hands, in order, and which of those cards
//! form a set of their own: each seat's cards not listed (in stud every seat holds some listed
//! cards, perhaps none, and is dealt the rest of its seven; in a draw game each seat keeps
//! some cards, perhaps none, and the one draw fills its five, badugi's four, all its drawn
//! cards one set, every completion equally likely; in a board game only a player
//! listed as no card, six-card Omaha's `random`, is dealt a hand), then the board's missing
//! cards.
//!
//! ```text
//!  hold'em, board ''  reads the flop:   Board 0 1 2 | Board 3 4           {flop} × {turn, river}
//!  stud, 2 seats      reads 5th street: Seat(0,3) Seat(0,4) | Seat(0,5) Seat(0,6) |
//!                      (3 cards known)  Seat(1,3) Seat(1,4) | Seat(1,5) Seat(1,6)
//! ```
//!
//! Within a set the cards are dealt in deck order, each set once; a new set starts where a
//! question reads the cards before it as they stood (a street, an up card), so that those
//! cards are their own and not the lowest of a larger set.

use engine::choose::choose;

use crate::spot::Prepared;
use crate::trial::Slot;

/// The dealt places of a spot, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// Where each dealt card goes.
    pub slots: Vec<Slot>,
    /// Whether the card at the same index starts a set of its own (the first always does).
    pub starts: Vec<bool>,
}

impl Deal {
    /// The dealt places of `prepared`.
    pub fn of(prepared: &Prepared) -> Deal {
        let program = &prepared.program;
        let rules = &program.rules;
        let mut deal = Deal {
            slots: Vec::new(),
            starts: Vec::new(),
        };
        // Stud's streets by the cards a seat holds: the two down cards (read by `inRange` and
        // before the first up card), third street's three … sixth street's six.
        let cut: Vec<bool> = (0..=rules.hole)
            .map(|n| rules.stud && (2..rules.hole).contains(&n) && program.reads_street(n as u8))
            .collect();
        // Each seat's cards not listed: a stud seat's rest of seven, or in a board game the
        // whole hand of a player listed as no card (six-card Omaha's `random`, too many hands
        // to list).
        for (p, player) in prepared.players.iter().enumerate() {
            let listed = player.hands.slot..player.hands.slot + player.hands.hole;
            // A cut at a listed slot starts a set at the next slot dealt.
            let (mut first, mut pending) = (true, false);
            for (i, &cut_here) in cut.iter().enumerate().take(rules.hole) {
                pending |= cut_here;
                if listed.contains(&i) {
                    continue;
                }
                deal.slots.push(Slot::Seat(p as u8, i as u8));
                deal.starts.push(first || pending);
                (first, pending) = (false, false);
            }
        }
        let known = prepared.board.len();
        for i in known..rules.board {
            deal.slots.push(Slot::Board(i as u8));
            deal.starts
                .push(i == known || ((i == 3 || i == 4) && program.reads_street(i as u8)));
        }
        deal
    }

    /// How many deals there are from `unseen` cards: each set's cards chosen from those left.
    pub fn count(&self, unseen: usize) -> u128 {
        let (mut total, mut left) = (1u128, unseen);
        let mut size = 0;
        for i in 0..self.starts.len() {
            size += 1;
            // The set ends where the next starts, or at the last card.
            if self.starts.get(i + 1).is_none_or(|&s| s) {
                total = total.saturating_mul(u128::from(choose(left, size)));
                left = left.saturating_sub(size);
                size = 0;
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_deal(known: usize, starts: &[bool]) -> Deal {
        Deal {
            slots: (known..5).map(|i| Slot::Board(i as u8)).collect(),
            starts: starts.to_vec(),
        }
    }

    #[test]
    fn deals_count_a_set_per_street() {
        let t = true;
        let f = false;
        assert_eq!(
            board_deal(0, &[t, f, f, f, f]).count(48),
            1_712_304,
            "C(48,5)"
        );
        assert_eq!(board_deal(0, &[t, f, f, t, f]).count(48), 17_296 * 990);
        assert_eq!(board_deal(0, &[t, f, f, t, t]).count(48), 17_296 * 45 * 44);
        assert_eq!(board_deal(3, &[t, t]).count(45), 45 * 44);
        assert_eq!(board_deal(4, &[t]).count(44), 44);
        assert_eq!(board_deal(5, &[]).count(43), 1);
        // Stud heads-up on fifth street: C(42,2) · C(40,2), as `sim equity` counts it.
        let stud = Deal {
            slots: vec![Slot::Seat(0, 5); 4],
            starts: vec![t, f, t, f],
        };
        assert_eq!(stud.count(42), 671_580);
    }
}
