//! Monte Carlo rounds dealt from a deck, for spots where every player holds a fixed hand or a
//! random one (no ranges): the fast path of `sim equity` and of `sim preflop`'s tables.
//!
//! The fixed hands, the board and the dead cards are the deck's known cards; each round deals
//! the random players' hands and the rest of the board in one partial Fisher–Yates (one random
//! word for up to eleven cards, [`deck::Dealer`]), and evaluates every player on the board's key
//! plus their two hole cards.
//!
//! ```text
//!  deck:  [ fixed hands | board | dead | ← dealt: random hands, then the rest of the board | … ]
//!  round: key = board key + dealt board cards ─▶ per player: key + hole cards ─▶ strength
//! ```

use deck::{Card, Dealer, Deck};
use eval::{HandKey, SuitMasks};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::Game;
use crate::range::Combo;
use crate::ranking::{HoldemStrength, Ranking, Strength};
use crate::tally::{LocalCounts, MAX_PLAYERS};

/// Most cards [`Dealer`] deals from one random word.
const MAX_DEALER_CARDS: usize = 11;

/// A spot whose players all hold fixed or random hands, prepared for dealing.
#[derive(Debug, Clone)]
pub struct DealtSpot {
    /// Known cards in front: fixed hands, board, dead.
    template: Deck,
    players: usize,
    /// Per seat, the fixed hand, or `None` for a random one.
    fixed: [Option<Combo>; MAX_PLAYERS],
    /// Per random seat, where its two cards start among the dealt ones.
    dealt_at: [u8; MAX_PLAYERS],
    /// Random hands dealt per round.
    randoms: usize,
    /// Board cards dealt per round.
    to_deal: usize,
    /// Key and suit masks of the known board.
    board_key: HandKey,
    board_masks: SuitMasks,
    ranking: Ranking,
}

impl DealtSpot {
    /// The dealt form of `game`, or `None` when some player holds a range.
    pub fn new(game: &Game) -> Option<Self> {
        let mut fixed = [None; MAX_PLAYERS];
        let mut known = Vec::new();
        let mut dealt_at = [0u8; MAX_PLAYERS];
        let mut randoms = 0;
        for (seat, range) in game.players.iter().enumerate() {
            if range.random {
                dealt_at[seat] = 2 * randoms as u8;
                randoms += 1;
            } else {
                let combo = range.single()?;
                fixed[seat] = Some(combo);
                known.extend_from_slice(&combo);
            }
        }
        known.extend_from_slice(&game.board);
        known.extend_from_slice(&game.dead);
        // A short deck is the 52-card deck with the cards below a six known (never dealt): the
        // dealer's picks then range over exactly the short deck's free cards.
        let out_of_deck = game.out_of_deck();
        known.extend(Card::all().filter(|c| out_of_deck >> c.index() & 1 == 1));
        // The game's cards were checked for conflicts when it was built.
        let template =
            Deck::with_known(&known).unwrap_or_else(|e| unreachable!("validated cards: {e}"));
        Some(Self {
            template,
            players: game.players.len(),
            fixed,
            dealt_at,
            randoms,
            to_deal: game.to_deal(),
            board_key: HandKey::of(&game.board),
            board_masks: game.board.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c)),
            ranking: Ranking::of(game.variant),
        })
    }

    /// Plays `rounds` rounds with `rng`.
    pub fn run(&self, rng: &mut Xoshiro256PlusPlus, rounds: u64) -> LocalCounts {
        match self.ranking {
            Ranking::Holdem => self.run_with(HoldemStrength, rng, rounds),
            Ranking::ShortDeck(evaluator) => self.run_with(evaluator, rng, rounds),
        }
    }

    /// [`DealtSpot::run`] under the ranking `strength`.
    fn run_with<S: Strength>(
        &self,
        s: S,
        rng: &mut Xoshiro256PlusPlus,
        rounds: u64,
    ) -> LocalCounts {
        match 2 * self.randoms + self.to_deal {
            0 => self.rounds::<0, S>(s, rng, rounds),
            1 => self.rounds::<1, S>(s, rng, rounds),
            2 => self.rounds::<2, S>(s, rng, rounds),
            3 => self.rounds::<3, S>(s, rng, rounds),
            4 => self.rounds::<4, S>(s, rng, rounds),
            5 => self.rounds::<5, S>(s, rng, rounds),
            6 => self.rounds::<6, S>(s, rng, rounds),
            7 => self.rounds::<7, S>(s, rng, rounds),
            8 => self.rounds::<8, S>(s, rng, rounds),
            9 => self.rounds::<9, S>(s, rng, rounds),
            10 => self.rounds::<10, S>(s, rng, rounds),
            11 => self.rounds::<11, S>(s, rng, rounds),
            _ => self.rounds_general(s, rng, rounds),
        }
    }

    /// Any number of cards a round (more than [`MAX_DEALER_CARDS`] with five or more random
    /// hands): the deck's general deal, which draws the same cards as a dealer would.
    fn rounds_general<S: Strength>(
        &self,
        s: S,
        rng: &mut Xoshiro256PlusPlus,
        rounds: u64,
    ) -> LocalCounts {
        let k = 2 * self.randoms + self.to_deal;
        let known = self.template.known();
        let mut deck = self.template.clone();
        let mut local = LocalCounts::default();
        for _ in 0..rounds {
            self.showdown(s, &deck.deal(rng, k)[known..], &mut local);
        }
        local
    }

    /// `K` cards a round ([`MAX_DEALER_CARDS`] at most) from one deck, with precomputed bounds.
    ///
    /// One deck, not several dealt in turn as in `sim odds`: measured heads-up, interleaving
    /// 2, 4 or 8 decks ran at 62 M showdowns/s against 76 M/s for one.
    #[inline(never)]
    fn rounds<const K: usize, S: Strength>(
        &self,
        s: S,
        rng: &mut Xoshiro256PlusPlus,
        rounds: u64,
    ) -> LocalCounts {
        debug_assert!(K <= MAX_DEALER_CARDS);
        let dealer = Dealer::<K>::new(self.template.known());
        let mut deck = self.template.clone();
        if self.players != 2 {
            let mut local = LocalCounts::default();
            for _ in 0..rounds {
                self.showdown(s, &dealer.deal(&mut deck, rng), &mut local);
            }
            return local;
        }
        let [wins_a, wins_b, ties] = match self.fixed {
            // Two fixed hands, the common case: hole cards and board length known outside the
            // loop (the general heads-up loop, which looks the seats up every round and slices
            // the board at a run-time offset, measured 58 against 77 M showdowns/s).
            [Some(a), Some(b), ..] => self.heads_up_fixed::<K, S>(s, rng, rounds, [a, b]),
            _ => self.heads_up(
                s,
                rounds,
                &mut || dealer.deal(&mut deck, rng),
                2 * self.randoms,
                |dealt| [self.hole(0, dealt), self.hole(1, dealt)],
            ),
        };
        let mut local = LocalCounts {
            outcomes: rounds,
            ..LocalCounts::default()
        };
        local.shares[0][1] = wins_a;
        local.shares[1][1] = wins_b;
        local.shares[0][2] = ties;
        local.shares[1][2] = ties;
        local
    }

    /// Heads-up rounds between two fixed hands.
    #[inline(never)]
    fn heads_up_fixed<const K: usize, S: Strength>(
        &self,
        s: S,
        rng: &mut Xoshiro256PlusPlus,
        rounds: u64,
        holes: [Combo; 2],
    ) -> [u64; 3] {
        let dealer = Dealer::<K>::new(self.template.known());
        let mut deck = self.template.clone();
        // No random hands: every dealt card goes to the board, a constant `K` of them.
        self.heads_up(s, rounds, &mut || dealer.deal(&mut deck, rng), 0, |_| holes)
    }

    /// Heads-up rounds: wins of the first player, of the second, and ties, counted in registers.
    #[inline(always)]
    fn heads_up<const K: usize, S: Strength>(
        &self,
        s: S,
        rounds: u64,
        deal: &mut impl FnMut() -> [Card; K],
        board_from: usize,
        holes: impl Fn(&[Card]) -> [Combo; 2],
    ) -> [u64; 3] {
        let (mut wins_a, mut wins_b, mut ties) = (0u64, 0u64, 0u64);
        for _ in 0..rounds {
            let dealt = deal();
            let [hole_a, hole_b] = holes(&dealt);
            let board = &dealt[board_from..];
            let key = board.iter().fold(self.board_key, |k, &c| k.with(c));
            let a = self.strength(s, key, board, hole_a);
            let b = self.strength(s, key, board, hole_b);
            wins_a += u64::from(a > b);
            wins_b += u64::from(b > a);
            ties += u64::from(a == b);
        }
        [wins_a, wins_b, ties]
    }

    /// The hole cards of `seat`: its fixed hand, or its two cards of `dealt`.
    #[inline(always)]
    fn hole(&self, seat: usize, dealt: &[Card]) -> Combo {
        match self.fixed[seat] {
            Some(combo) => combo,
            None => {
                let i = usize::from(self.dealt_at[seat]);
                [dealt[i], dealt[i + 1]]
            }
        }
    }

    /// One round with any number of players.
    #[inline(always)]
    fn showdown<S: Strength>(&self, s: S, dealt: &[Card], local: &mut LocalCounts) {
        let board = &dealt[2 * self.randoms..];
        let key = board.iter().fold(self.board_key, |k, &c| k.with(c));
        let mut ranks = [0u16; MAX_PLAYERS];
        for (seat, rank) in ranks[..self.players].iter_mut().enumerate() {
            *rank = self.strength(s, key, board, self.hole(seat, dealt));
        }
        local.record(&ranks[..self.players]);
    }

    /// One player's strength on the board whose key is `key` (the known board plus `dealt_board`).
    #[inline(always)]
    fn strength<S: Strength>(&self, s: S, key: HandKey, dealt_board: &[Card], hole: Combo) -> u16 {
        let key = key.with(hole[0]).with(hole[1]);
        match key.flush_suit() {
            None => s.rank_strength(key),
            Some(suit) => {
                // About 3 % of seven-card hands: the suit's ranks, from the cards themselves.
                let masks = dealt_board
                    .iter()
                    .chain(&hole)
                    .fold(self.board_masks, |m, &c| m.with(c));
                s.flush_strength(masks.ranks(suit))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumeration::enumerate;
    use crate::sampler::{EQUITY_CHUNK_ROUNDS, Sampler};
    use engine::ChunkPlan;
    use rand::SeedableRng;

    fn game(hands: &[&str], board: &str) -> Game {
        Game::parse(hands, board, "")
    }

    /// The general loop (any number of cards, the deck's own deal) and the dealer loops deal
    /// the same cards, so they give the same counts: the general path is checked where both
    /// apply.
    #[test]
    fn general_deal_matches_the_dealer_loops() {
        for (hands, board) in [
            (&["AsAh", "KsKh"][..], ""),
            (&["AsAh", "random"][..], "2c7h9d"),
            (&["Jc5c", "QdTd", "random"][..], ""),
            (&["random", "7h7s", "random", "random"][..], "Kd2c3h9s"),
            (&["2c3c", "4d5d", "8h9h"][..], "AhKhQhJhTh"),
        ] {
            let spot = DealtSpot::new(&game(hands, board)).unwrap();
            let mut a = Xoshiro256PlusPlus::seed_from_u64(5);
            let mut b = a.clone();
            assert_eq!(
                spot.run(&mut a, 20_003),
                spot.rounds_general(HoldemStrength, &mut b, 20_003),
                "{hands:?} {board}"
            );
        }
    }

    #[test]
    fn ranges_are_not_dealt() {
        assert!(DealtSpot::new(&game(&["AsAh", "QQ"], "")).is_none());
        assert!(DealtSpot::new(&game(&["AsAh", "random", "KsKh"], "")).is_some());
    }

    /// Monte Carlo on the dealt path against exact counts: heads-up with fixed hands, against a
    /// random hand, three and four players, every board size. Each equity must lie within 4
    /// standard errors (deterministic with fixed seeds; a correct sampler misses such a bound
    /// with probability about 6e-5 per player). A known river with fixed hands has a single
    /// outcome and must match exactly.
    #[test]
    fn dealt_monte_carlo_agrees_with_exact() {
        let spots = [
            (&["AsAh", "KsKh"][..], ""),
            (&["Jc5c", "QdTd"][..], ""),
            (&["AsKd", "random"][..], "Qh7h2c"),
            (&["random", "9c9d"][..], "Th8h2s3h"),
            (&["AsAh", "KsKh", "QdQc"][..], ""),
            (&["Ah2h", "random", "KdQd"][..], "Jh7h3c"),
            (&["AcAd", "7h7s", "random", "2c3c"][..], "Kd2h3h9s"),
            (&["2c3c", "4d5d", "8h9h"][..], "AhKhQhJh2s"),
        ];
        for (hands, board) in spots {
            let g = game(hands, board);
            let exact = enumerate(&g, &g.assignments(u128::MAX).unwrap());
            let sampler = Sampler::new(&g, 11).unwrap();
            let mc = sampler.simulate(
                11,
                &ChunkPlan::with_chunk_rounds(300_000, EQUITY_CHUNK_ROUNDS),
                None,
            );
            for (e, m) in exact.equities(true).iter().zip(&mc.equities(false)) {
                if m.std_error == 0.0 {
                    assert_eq!(m.equity, e.equity, "{hands:?} {board}");
                    continue;
                }
                let z = (m.equity - e.equity) / m.std_error;
                assert!(
                    z.abs() < 4.0,
                    "{hands:?} {board}: {} vs {} (z {z})",
                    m.equity,
                    e.equity
                );
            }
        }
    }
}
