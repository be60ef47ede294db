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

use crate::range::Combo;
use crate::spot::Spot;
use engine::{LocalCounts, MAX_PLAYERS, WinnerMasks};

mod heads_up;
mod keyed;
mod round_cards;
mod strength;
use eval::{HighRanking, Ranking};
use heads_up::{add4, heads_up, heads_up_against_random, heads_up_fixed};
use round_cards::{ROUND_CARDS, RoundCards};

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
    ranking: HighRanking,
}

impl DealtSpot {
    /// The dealt form of `game`, or `None` when some player holds a range.
    pub fn new(game: &Spot) -> Option<Self> {
        Self::with_hands(game, &[])
    }

    /// The dealt form of `game` with the seats of `hands` holding the given hands in place of
    /// their ranges (the hands of one range assignment); `None` when some other player holds a
    /// range.
    ///
    /// The given hands come first in the deck, seat `hands[i].0` in slots `2i` and `2i + 1`, so
    /// that [`DealtSpot::play`] can play other hands for the same seats after
    /// [`Deck::place`]-ing them there.
    pub fn with_hands(game: &Spot, hands: &[(usize, Combo)]) -> Option<Self> {
        let mut fixed = [None; MAX_PLAYERS];
        let mut known = Vec::new();
        for &(seat, combo) in hands {
            fixed[seat] = Some(combo);
            known.extend_from_slice(&combo);
        }
        let mut dealt_at = [0u8; MAX_PLAYERS];
        let mut randoms = 0;
        for (seat, range) in game.players.iter().enumerate() {
            if fixed[seat].is_some() {
                continue;
            }
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
        // The game's cards were checked for conflicts when it was built, and the given hands
        // come from a compatible assignment.
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
            ranking: game.game.ranking(),
        })
    }

    /// Plays `rounds` rounds with `rng` on a fresh copy of the spot's deck.
    pub fn run(&self, rng: &mut Xoshiro256PlusPlus, rounds: u64) -> LocalCounts {
        self.play(rng, OneRun(Some(rounds)))
    }

    /// A copy of the deck the spot deals from, and the seats' hands.
    #[cfg(test)]
    pub(crate) fn start_for_tests(&self) -> (Deck, [Option<Combo>; MAX_PLAYERS]) {
        (self.template.clone(), self.fixed)
    }

    /// Plays every run of `runs` with `rng` on one copy of the spot's deck: each run's hands,
    /// placed by `runs` in the seats given to [`DealtSpot::with_hands`], for its rounds.
    pub fn play<R: Runs>(&self, rng: &mut Xoshiro256PlusPlus, runs: R) -> LocalCounts {
        let mut local = LocalCounts::default();
        let play = Play {
            spot: self,
            deck: self.template.clone(),
            hands: self.fixed,
            rng,
            runs,
            local: &mut local,
        };
        match self.ranking {
            HighRanking::Holdem(holdem) => play.rounds_with(holdem),
            HighRanking::ShortDeck(evaluator) => play.rounds_with(evaluator),
        }
        local
    }
}

/// Where the rounds of a [`DealtSpot::play`] get their hands: runs of rounds, each with the
/// hands it places in the deck's first slots (see [`DealtSpot::with_hands`]).
pub trait Runs {
    /// Whether [`Runs::next_run`] yields at most one run: the loops may then deal from a copy of
    /// the deck in another form (wide keys) that they never write back.
    const ONE_RUN: bool = false;

    /// Places the next run's hands in `deck` and `hands` (the seats given to
    /// [`DealtSpot::with_hands`] only) and returns its number of rounds; `None` when done.
    /// `rng` is the generator the rounds are dealt with.
    fn next_run(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        deck: &mut Deck,
        hands: &mut [Option<Combo>; MAX_PLAYERS],
    ) -> Option<u64>;
}

/// One run of rounds with the spot's own hands.
struct OneRun(Option<u64>);

impl Runs for OneRun {
    const ONE_RUN: bool = true;

    fn next_run(
        &mut self,
        _: &mut Xoshiro256PlusPlus,
        _: &mut Deck,
        _: &mut [Option<Combo>; MAX_PLAYERS],
    ) -> Option<u64> {
        self.0.take()
    }
}

/// The rounds of one [`DealtSpot::play`]: the spot, its deck and generator, where the hands
/// come from, and the counters.
struct Play<'a, R> {
    spot: &'a DealtSpot,
    deck: Deck,
    hands: [Option<Combo>; MAX_PLAYERS],
    rng: &'a mut Xoshiro256PlusPlus,
    runs: R,
    local: &'a mut LocalCounts,
}

impl<R: Runs> Play<'_, R> {
    /// Whether the rounds go through [`keyed`]: one run of 3 to 6 players, on a board the keyed
    /// loop deals.
    fn plays_keyed(&self) -> bool {
        R::ONE_RUN
            && keyed::keyed_players(self.spot.players)
            && keyed::keyed_board(self.spot.to_deal)
    }

    /// Plays every run under the ranking `s`, with the loop made for the cards a round deals.
    fn rounds_with<S: Ranking>(self, s: S) {
        let k = 2 * self.spot.randoms + self.spot.to_deal;
        match k {
            0 => self.rounds::<0, S>(s),
            1 => self.rounds::<1, S>(s),
            2 => self.rounds::<2, S>(s),
            3 => self.rounds::<3, S>(s),
            4 => self.rounds::<4, S>(s),
            5 => self.rounds::<5, S>(s),
            6 => self.rounds::<6, S>(s),
            7 => self.rounds::<7, S>(s),
            8 => self.rounds::<8, S>(s),
            9 => self.rounds::<9, S>(s),
            10 => self.rounds::<10, S>(s),
            11 => self.rounds::<11, S>(s),
            _ => self.rounds_beyond_one_word(s, k),
        }
    }

    /// More cards a round than one random word deals (five or more random hands): two dealers
    /// one after the other, splitting the cards as [`Deck::deal`] splits them (as many as one
    /// word holds, then the rest), so that the cards dealt are the same; any other split goes
    /// the deck's general way.
    fn rounds_beyond_one_word<S: Ranking>(self, s: S, k: usize) {
        let known = self.deck.known();
        let first_word = (0..=k)
            .take_while(|&n| {
                (0..n)
                    .try_fold(1u64, |p, j| p.checked_mul((52 - known - j) as u64))
                    .is_some()
            })
            .last()
            .unwrap_or(0);
        if first_word != MAX_DEALER_CARDS {
            return self.rounds_general(s);
        }
        match k - MAX_DEALER_CARDS {
            1 => self.rounds_two_words::<1, S>(s),
            2 => self.rounds_two_words::<2, S>(s),
            3 => self.rounds_two_words::<3, S>(s),
            4 => self.rounds_two_words::<4, S>(s),
            5 => self.rounds_two_words::<5, S>(s),
            6 => self.rounds_two_words::<6, S>(s),
            7 => self.rounds_two_words::<7, S>(s),
            8 => self.rounds_two_words::<8, S>(s),
            9 => self.rounds_two_words::<9, S>(s),
            10 => self.rounds_two_words::<10, S>(s),
            11 => self.rounds_two_words::<11, S>(s),
            _ => self.rounds_general(s),
        }
    }

    /// [`MAX_DEALER_CARDS`] cards from a first word, then `K` from a second, every round.
    #[inline(never)]
    fn rounds_two_words<const K: usize, S: Ranking>(self, s: S) {
        let first = Dealer::<MAX_DEALER_CARDS>::new(self.deck.known());
        let second = Dealer::<K>::new(self.deck.known() + MAX_DEALER_CARDS);
        // Constant for a run type: only one-run plays compile keyed loops.
        if const { R::ONE_RUN } && self.plays_keyed() {
            return self.keyed_two_words(s, first, second);
        }
        let Play {
            spot,
            mut deck,
            mut hands,
            rng,
            mut runs,
            local,
        } = self;
        let mut masks = WinnerMasks::default();
        while let Some(rounds) = runs.next_run(rng, &mut deck, &mut hands) {
            let mut round = RoundCards::new(spot, &hands);
            for _ in 0..rounds {
                let cards = &mut round.cards;
                first.deal_fold(&mut deck, rng, 0, |j, card| {
                    cards[j % ROUND_CARDS] = card;
                    j + 1
                });
                second.deal_fold(&mut deck, rng, MAX_DEALER_CARDS, |j, card| {
                    cards[j % ROUND_CARDS] = card;
                    j + 1
                });
                round.play(spot, s, local, &mut masks);
            }
        }
        masks.add_to(local);
    }

    /// Any number of cards a round: the deck's general deal, which draws the same cards as the
    /// dealers would.
    fn rounds_general<S: Ranking>(self, s: S) {
        let Play {
            spot,
            mut deck,
            mut hands,
            rng,
            mut runs,
            local,
        } = self;
        let k = 2 * spot.randoms + spot.to_deal;
        let known = deck.known();
        while let Some(rounds) = runs.next_run(rng, &mut deck, &mut hands) {
            for _ in 0..rounds {
                let dealt = &deck.deal(rng, k)[known..];
                spot.showdown(s, &hands, dealt, local);
            }
        }
    }

    /// `K` cards a round ([`MAX_DEALER_CARDS`] at most) from one deck, with precomputed bounds.
    ///
    /// One deck, not several dealt in turn as in `sim odds`: measured heads-up, interleaving
    /// 2, 4 or 8 decks ran at 62 M showdowns/s against 76 M/s for one.
    #[inline(never)]
    fn rounds<const K: usize, S: Ranking>(self, s: S) {
        debug_assert!(K <= MAX_DEALER_CARDS);
        let dealer = Dealer::<K>::new(self.deck.known());
        // Constant for a run type: only one-run plays compile keyed loops.
        if const { R::ONE_RUN } && self.plays_keyed() {
            return self.keyed_one_word(s, dealer);
        }
        let Play {
            spot,
            mut deck,
            mut hands,
            rng,
            mut runs,
            local,
        } = self;
        if spot.players == 2 {
            // Every run holds hands in the same seats (runs only change which hands), so the
            // loop is picked once; it goes through all runs itself, counting in registers.
            let (deck, hands) = (&mut deck, &mut hands);
            let [wins_a, wins_b, ties, rounds] = match *hands {
                [Some(_), Some(_), ..] => {
                    heads_up_fixed::<K, S, R>(spot, s, &dealer, deck, rng, &mut runs, hands)
                }
                [Some(_), None, ..] if K >= 2 => heads_up_against_random::<K, S, R>(
                    spot, s, &dealer, deck, rng, &mut runs, hands, 0,
                ),
                [None, Some(_), ..] if K >= 2 => {
                    let [b_wins, a_wins, ties, rounds] = heads_up_against_random::<K, S, R>(
                        spot, s, &dealer, deck, rng, &mut runs, hands, 1,
                    );
                    [a_wins, b_wins, ties, rounds]
                }
                _ => {
                    let mut counts = [0u64; 4];
                    while let Some(rounds) = runs.next_run(rng, deck, hands) {
                        let hands = *hands;
                        let [a, b, t] = heads_up(
                            spot,
                            s,
                            rounds,
                            &mut || dealer.deal(deck, rng),
                            2 * spot.randoms,
                            |dealt| [spot.hole(&hands, 0, dealt), spot.hole(&hands, 1, dealt)],
                        );
                        counts = add4(counts, [a, b, t, rounds]);
                    }
                    counts
                }
            };
            local.outcomes += rounds;
            local.shares[0][1] += wins_a;
            local.shares[1][1] += wins_b;
            local.shares[0][2] += ties;
            local.shares[1][2] += ties;
            return;
        }
        let mut masks = WinnerMasks::default();
        while let Some(rounds) = runs.next_run(rng, &mut deck, &mut hands) {
            let mut round = RoundCards::new(spot, &hands);
            for _ in 0..rounds {
                let cards = &mut round.cards;
                dealer.deal_fold(&mut deck, rng, 0, |j, card| {
                    cards[j % ROUND_CARDS] = card;
                    j + 1
                });
                round.play(spot, s, local, &mut masks);
            }
        }
        masks.add_to(local);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumeration::enumerate;
    use crate::sampler::{EQUITY_CHUNK_ROUNDS, Sampler};
    use engine::ChunkPlan;
    use rand::SeedableRng;

    fn game(hands: &[&str], board: &str) -> Spot {
        Spot::parse(hands, board, "")
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
            // Beyond one random word: two dealers, 11 cards then the rest.
            (&["random"; 6][..], ""),
            (
                &["random", "random", "AsAh", "random", "random", "random"][..],
                "Kd2c3h",
            ),
            (&["random"; 10][..], ""),
        ] {
            let spot = DealtSpot::new(&game(hands, board)).unwrap();
            let mut a = Xoshiro256PlusPlus::seed_from_u64(5);
            let mut b = a.clone();
            let mut general = LocalCounts::default();
            Play {
                spot: &spot,
                deck: spot.template.clone(),
                hands: spot.fixed,
                rng: &mut b,
                runs: OneRun(Some(20_003)),
                local: &mut general,
            }
            .rounds_general(eval::HoldemRanking);
            assert_eq!(spot.run(&mut a, 20_003), general, "{hands:?} {board}");
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
