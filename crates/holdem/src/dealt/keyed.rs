//! Multi-way rounds (three to six players) dealt as wide keys: the deck's slots hold each card's
//! evaluator key beside its suit-mask bit ([`eval::WideCard`], one SSE2 register), so a round's
//! cards are added to the board's and the seats' keys and suit masks straight from the swapped
//! values, one addition a card and no table load, and the showdowns are counted by winner mask
//! ([`engine::WinnerMasks`]).
//!
//! The slots are dealt by [`Dealer::deal_fold_slots`], which makes the same picks from the same
//! random words as the deck's own dealing: the rounds, and so the counts, are those of the card
//! loop in `dealt.rs`.
//!
//! ```text
//!  slots: [ known: fixed hands | board | dead | free cards … ]   (52 wide keys)
//!  round r: deal K slots after the known ones: random hands, then the rest of the board,
//!           summing the board's wide keys as they are dealt (and, every seat random, each
//!           seat's)
//!           per seat: known board + the board's sum + its two slots (or its own sum)
//!           then settle round r - 1 from the sums kept:
//!             no seat with a flush: its strengths (two dependent table loads a seat)
//!             a seat with a flush (3 % of hands; 7 % of 3-way rounds, 12 % of 6-way): each
//!               seat's exact strength, a flush's from its suit's ranks in the seat's masks
//!           ─▶ winner mask ─▶ counts[mask] += 1; keep round r's sums
//! ```
//!
//! Settling a round one round late gives its table loads a whole round of dealing to overlap,
//! and puts the branch on whether it held a flush where its answer has long been known: when
//! that branch was taken at the end of the round's own dealing, a mispredicted one also threw
//! away the next round's dealing begun in its shadow. The rounds are independent, so the counts
//! are the same. Since the suit masks are summed beside the keys, a flush round needs nothing
//! from the cards, which the next round's deal has moved (performance page, equity section:
//! 3 random hands 62.8 → 68.1 M showdowns/s, 6 hands 36.5 → 38.5, a three-way flop spot with
//! many flushes 62.4 → 78.3).

use deck::{Card, Dealer, Deck};
use eval::{Ranking, WideCard, WideSum};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{DealtSpot, MAX_DEALER_CARDS, Play, Runs};
use crate::range::Combo;
use engine::{MAX_PLAYERS, WinnerMasks};

/// The 52-card deck's slots as wide keys.
type Slots = [WideCard; Card::COUNT];

/// Where each seat's two keys are among the slots, side by side: a random seat's in the slots
/// its cards are dealt to, a fixed seat's in the known slots holding its hand (the spot puts
/// every fixed hand's two cards next to each other, [`DealtSpot::with_hands`]).
struct Seats {
    /// Per seat, the slot of its first key (the second is next); below `Card::COUNT - 1`.
    at: [usize; MAX_PLAYERS],
}

impl Seats {
    /// The seats of `spot` with the hands `hands`, on `deck`'s slots.
    fn new(spot: &DealtSpot, deck: &Deck, hands: &[Option<Combo>; MAX_PLAYERS]) -> Self {
        let mut at = [0usize; MAX_PLAYERS];
        let known = &deck.cards()[..deck.known()];
        for seat in 0..spot.players {
            at[seat] = match hands[seat] {
                Some(hand) => known
                    .windows(2)
                    .position(|pair| pair == hand)
                    .unwrap_or_else(|| {
                        unreachable!("a fixed hand's cards are known, side by side")
                    }),
                None => deck.known() + usize::from(spot.dealt_at[seat]),
            };
        }
        assert!(
            at.iter().all(|&at| at + 1 < Card::COUNT),
            "every seat's two slots are in the deck"
        );
        Self { at }
    }

    /// The sums of the `N` players' hands of the round just dealt into `slots`, the board's sum
    /// being `board`.
    #[inline(always)]
    fn sums<const N: usize>(&self, slots: &Slots, board: WideSum) -> [WideSum; N] {
        std::array::from_fn(|seat| {
            let [a, b] = self.hole(slots, seat);
            board.with(a).with(b)
        })
    }

    /// The two wide keys of `seat`'s hand in `slots`.
    #[inline(always)]
    fn hole(&self, slots: &Slots, seat: usize) -> [WideCard; 2] {
        let at = self.at[seat];
        // SAFETY: `Seats::new` checked `at + 1 < Card::COUNT` for every seat.
        #[allow(unsafe_code)]
        unsafe {
            [*slots.get_unchecked(at), *slots.get_unchecked(at + 1)]
        }
    }
}

/// A round's deal on wide keys: deals into the slots, folding each dealt card's wide key,
/// with its index among the round's [`KeyedDeal::CARDS`], into an accumulator. With
/// `UNROLLED`, the dealer's card loop is written out ([`Dealer::deal_fold_slots`]), for folds
/// that keep a sum per seat.
pub(super) trait KeyedDeal {
    /// Cards dealt a round.
    const CARDS: usize;
    /// Of them, the board's (the last ones).
    const BOARD: usize;
    /// Deals one round into `slots`, folding each dealt card `j` into `init` with `f`.
    fn deal<A: Copy, const UNROLLED: bool>(
        &self,
        slots: &mut Slots,
        rng: &mut Xoshiro256PlusPlus,
        init: A,
        f: impl FnMut(A, usize, WideCard) -> A,
    ) -> A;
}

/// `K` cards from one random word, the last `B` of them the board's.
pub(super) struct OneWord<const K: usize, const B: usize>(pub(super) Dealer<K>);

impl<const K: usize, const B: usize> KeyedDeal for OneWord<K, B> {
    const CARDS: usize = K;
    const BOARD: usize = B;

    #[inline(always)]
    fn deal<A: Copy, const UNROLLED: bool>(
        &self,
        slots: &mut Slots,
        rng: &mut Xoshiro256PlusPlus,
        init: A,
        f: impl FnMut(A, usize, WideCard) -> A,
    ) -> A {
        self.0
            .deal_fold_slots::<UNROLLED, _, _, _>(slots, rng, init, f)
    }
}

/// [`MAX_DEALER_CARDS`] cards from a first word and `K` from a second, the last `B` of them all
/// the board's.
pub(super) struct TwoWords<const K: usize, const B: usize>(
    pub(super) Dealer<MAX_DEALER_CARDS>,
    pub(super) Dealer<K>,
);

impl<const K: usize, const B: usize> KeyedDeal for TwoWords<K, B> {
    const CARDS: usize = MAX_DEALER_CARDS + K;
    const BOARD: usize = B;

    #[inline(always)]
    fn deal<A: Copy, const UNROLLED: bool>(
        &self,
        slots: &mut Slots,
        rng: &mut Xoshiro256PlusPlus,
        init: A,
        mut f: impl FnMut(A, usize, WideCard) -> A,
    ) -> A {
        let acc = self
            .0
            .deal_fold_slots::<UNROLLED, _, _, _>(slots, rng, init, &mut f);
        self.1
            .deal_fold_slots::<UNROLLED, _, _, _>(slots, rng, acc, |acc, j, key| {
                f(acc, MAX_DEALER_CARDS + j, key)
            })
    }
}

/// A round's sums of dealt wide keys: the board's and, when every seat is dealt a random hand,
/// each seat's (seat `p` is dealt cards `2p` and `2p + 1`).
///
/// Summed as they are dealt, the seats' keys are at hand when the last card is, rather than
/// read back from the slots just written: 3 random hands 59.4 → 64.1 M showdowns/s when the
/// sums were single words (`b64182d`); with the wide sums in SSE2 registers, 6 random hands
/// 38.0 → 39.9, 5 hands even. A spot with a fixed hand reads every seat's slots.
#[derive(Clone, Copy)]
struct RoundSums<const N: usize> {
    board: WideSum,
    seats: [WideSum; N],
}

impl<const N: usize> RoundSums<N> {
    /// No dealt cards yet: the board's sum starts from `board`, the seats' from nothing.
    #[inline(always)]
    fn new(board: WideSum) -> Self {
        Self {
            board,
            seats: [WideSum::none(); N],
        }
    }

    /// The sums with card `j` of a deal of `D` added: to the board's if it is a board card,
    /// else, when `SUMMED`, to its seat's.
    #[inline(always)]
    fn with<D: KeyedDeal, const SUMMED: bool>(mut self, j: usize, key: WideCard) -> Self {
        if j + D::BOARD >= D::CARDS {
            self.board = self.board.with(key);
        } else if SUMMED {
            self.seats[(j / 2) % N] = self.seats[(j / 2) % N].with(key);
        }
        self
    }
}

/// The keyed loop of each deal a spot can make ([`deal_fits`]) with `to_deal` board cards a
/// round: `$deal` for `$b` board cards, `$cards` cards a round in all.
macro_rules! keyed_by_board {
    ($play:expr, $s:expr, $to_deal:expr, $cards:expr, |$b:ident| $deal:expr) => {{
        macro_rules! arm {
            ($bb:literal) => {{
                const $b: usize = $bb;
                if const { deal_fits($cards, $bb) } {
                    return $play.keyed_rounds($s, $deal);
                }
            }};
        }
        match $to_deal {
            0 => arm!(0),
            1 => arm!(1),
            2 => arm!(2),
            _ => arm!(5),
        }
        unreachable!("{} cards a round with {} board cards", $cards, $to_deal)
    }};
}

impl<R: Runs> Play<'_, R> {
    /// The rounds of a one-run play of [`keyed_players`] on a [`keyed_board`], `K` cards from
    /// one word.
    pub(super) fn keyed_one_word<const K: usize, S: Ranking>(self, s: S, dealer: Dealer<K>) {
        let to_deal = self.spot.to_deal;
        keyed_by_board!(self, s, to_deal, K, |B| OneWord::<K, B>(dealer))
    }

    /// The rounds of a one-run play of [`keyed_players`] on a [`keyed_board`],
    /// [`MAX_DEALER_CARDS`] cards from a first word and `K` from a second.
    pub(super) fn keyed_two_words<const K: usize, S: Ranking>(
        self,
        s: S,
        first: Dealer<MAX_DEALER_CARDS>,
        second: Dealer<K>,
    ) {
        let to_deal = self.spot.to_deal;
        keyed_by_board!(self, s, to_deal, MAX_DEALER_CARDS + K, |B| {
            TwoWords::<K, B>(first, second)
        })
    }

    /// Multi-way rounds (three to six players) on wide keys, dealt by `deal`. For
    /// [`Runs::ONE_RUN`] runs only: the keys are taken from the deck as each run starts and
    /// never written back to it.
    #[inline(never)]
    pub(super) fn keyed_rounds<S: Ranking, D: KeyedDeal>(self, s: S, deal: D) {
        debug_assert!(R::ONE_RUN && keyed_players(self.spot.players));
        debug_assert_eq!(
            (D::CARDS, D::BOARD),
            (2 * self.spot.randoms + self.spot.to_deal, self.spot.to_deal)
        );
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
            let mut slots: Slots = deck.cards().map(WideCard::new);
            let seats = Seats::new(spot, &deck, &hands);
            // Every seat random: each seat's keys are summed as they are dealt (`RoundSums`).
            let summed = hands[..spot.players].iter().all(Option::is_none);
            debug_assert!(
                !summed || (0..spot.players).all(|p| seats.at[p] == deck.known() + 2 * p),
                "random seats are dealt in seat order"
            );
            let known_board = WideSum::new(spot.board_key, spot.board_masks);
            macro_rules! rounds_of {
                ($n:literal, $summed:literal) => {{
                    // The generator's state in a local for the run, so that it can stay in
                    // registers rather than be stored and reloaded every round.
                    let mut local_rng = rng.clone();
                    // The last round's seats' sums, settled once the next round is dealt.
                    let mut pending = [known_board; $n];
                    let mut settle = Settle::NOTHING;
                    for _ in 0..rounds {
                        let sums = deal.deal::<_, $summed>(
                            &mut slots,
                            &mut local_rng,
                            RoundSums::<$n>::new(known_board),
                            RoundSums::with::<D, $summed>,
                        );
                        let seat_sums: [WideSum; $n] = if $summed {
                            sums.seats.map(|sum| sums.board.with_sum(sum))
                        } else {
                            seats.sums::<$n>(&slots, sums.board)
                        };
                        settle.of(s, &pending, &mut masks);
                        settle = Settle::by_flush(&seat_sums);
                        pending = seat_sums;
                    }
                    settle.of(s, &pending, &mut masks);
                    *rng = local_rng;
                }};
            }
            match (spot.players, summed) {
                (3, true) => rounds_of!(3, true),
                (3, false) => rounds_of!(3, false),
                (4, true) => rounds_of!(4, true),
                (4, false) => rounds_of!(4, false),
                (5, true) => rounds_of!(5, true),
                (5, false) => rounds_of!(5, false),
                (_, true) => rounds_of!(6, true),
                (_, false) => rounds_of!(6, false),
            }
        }
        masks.add_to(local);
    }
}

/// How a round's seats' sums are settled, a round after they were dealt: [`Settle::RANKS`],
/// [`Settle::EXACT`] or [`Settle::NOTHING`].
#[derive(Clone, Copy, PartialEq, Eq)]
struct Settle(u8);

impl Settle {
    /// No seat holds a flush: each seat's strength is its keys' rank strength.
    const RANKS: Settle = Settle(0);
    /// Some seat holds a flush: each seat's exact strength.
    const EXACT: Settle = Settle(1);
    /// Nothing to count (before the first round).
    const NOTHING: Settle = Settle(2);

    /// How the round with the seats' sums `sums` is settled.
    #[inline(always)]
    fn by_flush(sums: &[WideSum]) -> Settle {
        Settle(u8::from(WideSum::any_flush(sums)))
    }

    /// Counts the showdown of the seats whose sums are `sums` into `masks`, as `self` says.
    #[inline(always)]
    fn of<const N: usize, S: Ranking>(self, s: S, sums: &[WideSum; N], masks: &mut WinnerMasks) {
        if self == Settle::RANKS {
            masks.record(&sums.map(|sum| s.rank_strength(sum.key())));
        } else {
            self.not_by_ranks(s, sums, masks);
        }
    }

    /// [`Settle::of`] for the rounds not settled by their rank strengths alone.
    #[inline(always)]
    fn not_by_ranks<const N: usize, S: Ranking>(
        self,
        s: S,
        sums: &[WideSum; N],
        masks: &mut WinnerMasks,
    ) {
        if self != Settle::EXACT {
            return;
        }
        let ranks: [u16; N] = std::array::from_fn(|p| {
            let key = sums[p].key();
            match key.flush_suit() {
                None => s.rank_strength(key),
                Some(suit) => s.flush_strength(sums[p].masks().ranks(suit)),
            }
        });
        masks.record(&ranks);
    }
}

/// Whether [`Play::keyed_rounds`] plays a spot of `players` players.
pub(super) fn keyed_players(players: usize) -> bool {
    (3..=6).contains(&players)
}

/// Whether a spot of [`keyed_players`] can deal `cards` cards a round, `board` of them the
/// board's: the others make whole random hands, six at most. A spot deals `2 * randoms +
/// to_deal` cards a round, so no other deal is ever asked for, and [`Play::rounds`] compiles the
/// keyed loops of these deals only: behind `if const { false }` a call is neither generated
/// nor its callee instantiated, which took the optimised build of this crate from 116 to 46 s
/// (64 of the 92 keyed functions a ranking had were for deals no spot makes). Those compiled are
/// the same code as before: the same instructions a round under callgrind.
pub(super) const fn deal_fits(cards: usize, board: usize) -> bool {
    cards >= board && (cards - board).is_multiple_of(2) && (cards - board) / 2 <= 6
}

/// Whether [`Play::keyed_rounds`] plays a spot dealing `to_deal` board cards a round (a board of
/// none, three, four or five known cards).
pub(super) fn keyed_board(to_deal: usize) -> bool {
    matches!(to_deal, 0 | 1 | 2 | 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every spot the keyed loops play deals a round that [`deal_fits`] lets them compile: 3 to
    /// 6 players, any of them random, on a board dealing 0, 1, 2 or 5 cards.
    #[test]
    fn every_keyed_spot_has_its_loop_compiled() {
        for players in 3..=6 {
            for randoms in 0..=players {
                for to_deal in [0, 1, 2, 5] {
                    assert!(keyed_players(players) && keyed_board(to_deal));
                    assert!(
                        deal_fits(2 * randoms + to_deal, to_deal),
                        "{players} {randoms}"
                    );
                }
            }
        }
        // A deal that leaves an odd card, or seven hands, is none of them.
        assert!(!deal_fits(4, 1) && !deal_fits(1, 2) && !deal_fits(14, 0));
    }
    use crate::spot::Spot;
    use engine::LocalCounts;
    use rand::SeedableRng;

    /// The keyed loop and the card loop deal the same rounds and count them the same, with
    /// one and two random words a round, fixed and random seats, every board size.
    #[test]
    fn keyed_rounds_count_as_the_card_loop() {
        for (hands, board) in [
            (&["random"; 3][..], ""),
            (&["random"; 3][..], "2c3d4h5s6c"),
            (&["random"; 4][..], ""),
            (&["random"; 4][..], "Kd2c3h"),
            (&["Jc5c", "QdTd", "random"][..], ""),
            (&["random", "7h7s", "random", "random"][..], "Kd2c3h9s"),
            (&["2c3c", "4d5d", "8h9h"][..], "AhKhQhJh"),
            (&["random"; 5][..], "2c7h9d"),
            (&["random"; 5][..], ""),
            (&["random"; 6][..], ""),
            (&["random"; 6][..], "2c7c9d"),
            // Flushes in about two rounds of five: settled from the seats' suit masks.
            (&["AhKh", "random", "random"][..], "Qh7h2c"),
            (&["AhKh", "QhJh", "random", "random"][..], "Th7h2c"),
            (
                &["random", "random", "AsAh", "random", "random", "random"][..],
                "Kd2c3h",
            ),
        ] {
            let spot = DealtSpot::new(&Spot::parse(hands, board, "")).unwrap();
            let mut a = Xoshiro256PlusPlus::seed_from_u64(7);
            let mut b = a.clone();
            let mut cards = LocalCounts::default();
            Play {
                spot: &spot,
                deck: spot.template.clone(),
                hands: spot.fixed,
                rng: &mut b,
                runs: super::super::OneRun(Some(30_011)),
                local: &mut cards,
            }
            .rounds_general(eval::HoldemRanking);
            assert_eq!(spot.run(&mut a, 30_011), cards, "{hands:?} {board}");
            assert_eq!(a, b, "{hands:?} {board}: the same random words");
        }
    }
}
