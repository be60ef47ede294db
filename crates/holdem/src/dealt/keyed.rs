//! Multi-way rounds (three to six players) dealt as tagged keys: the deck's slots hold each
//! card's evaluator key with the card in its top byte ([`eval::TaggedCard`]), so a round's cards
//! are added to the board's and the seats' keys straight from the swapped values, with no table
//! load per card, and the showdowns are counted by winner mask ([`engine::WinnerMasks`]).
//!
//! The slots are dealt by [`Dealer::deal_fold_slots`], which makes the same picks from the same
//! random words as the deck's own dealing: the rounds, and so the counts, are those of the card
//! loop in `dealt.rs`.
//!
//! ```text
//!  slots: [ known: fixed hands | board | dead | free cards … ]   (52 tagged keys)
//!  round: deal K slots after the known ones: random hands, then the rest of the board,
//!         summing the board's keys as they are dealt (and, all seats random and at most
//!         four, each seat's)
//!         board key = known board + that sum ─▶ per seat: + its two slots' keys (or its sum)
//!         no seat with a flush: keep the keys; the strengths (two dependent table loads a
//!           seat) are read after the next round is dealt ─▶ winner mask ─▶ counts[mask] += 1
//!         a seat with a flush (3 % of hands; 7 % of 3-way rounds): the round's showdown at once,
//!           from the cards
//! ```
//!
//! Reading a round's strengths one round late gives the loads a whole round of dealing to
//! overlap; the rounds are independent, so the counts are the same. Alone it added 7
//! instructions a round to 3 random hands (219 → 226) and ran about 10 % faster; with the
//! dealer's chained picks, 197 instructions and 1.14× (the performance page's equity section);
//! 191 since a flush round's showdown reuses the seats' keys.

use deck::{Card, Dealer, Deck};
use eval::{HandKey, Ranking, TaggedCard, TaggedSum};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{DealtSpot, MAX_DEALER_CARDS, Play, Runs};
use crate::range::Combo;
use engine::{MAX_PLAYERS, WinnerMasks};

/// The 52-card deck's slots as tagged keys.
type Slots = [TaggedCard; Card::COUNT];

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

    /// The keys of the `N` players' hands of the round just dealt into `slots`, the board's
    /// key being `key`.
    #[inline(always)]
    fn keys<const N: usize>(&self, slots: &Slots, key: HandKey) -> [HandKey; N] {
        std::array::from_fn(|seat| key.with_tagged(&self.hole(slots, seat)))
    }

    /// The two tagged cards of `seat`'s hand in `slots`.
    #[inline(always)]
    fn hole(&self, slots: &Slots, seat: usize) -> [TaggedCard; 2] {
        let at = self.at[seat];
        // SAFETY: `Seats::new` checked `at + 1 < Card::COUNT` for every seat.
        #[allow(unsafe_code)]
        unsafe {
            [*slots.get_unchecked(at), *slots.get_unchecked(at + 1)]
        }
    }

    /// The showdown of the `N` players of the round just dealt into `slots`, their hands' keys
    /// being `keys` ([`Seats::keys`]) and the board's dealt cards' keys `board`.
    #[inline(always)]
    fn showdown<const N: usize, S: Ranking>(
        &self,
        spot: &DealtSpot,
        s: S,
        slots: &Slots,
        (keys, board): (&[HandKey; N], &[TaggedCard]),
        masks: &mut WinnerMasks,
    ) {
        let mut ranks = [0u16; N];
        for (seat, (rank, &key)) in ranks.iter_mut().zip(keys).enumerate() {
            *rank = match key.flush_suit() {
                None => s.rank_strength(key),
                Some(suit) => flush_strength(spot, s, suit, board, self.hole(slots, seat)),
            };
        }
        masks.record(&ranks);
    }
}

/// The strength of a hand holding a flush in `suit`, from its cards read back from their tags
/// (about 3 % of seven-card hands), out of line to keep the unrolled seats small.
#[cold]
#[inline(never)]
fn flush_strength<S: Ranking>(
    spot: &DealtSpot,
    s: S,
    suit: u8,
    dealt_board: &[TaggedCard],
    hole: [TaggedCard; 2],
) -> u16 {
    let masks = dealt_board
        .iter()
        .chain(&hole)
        .fold(spot.board_masks, |m, c| m.with(c.card()));
    s.flush_strength(masks.ranks(suit))
}

/// A round's deal on tagged keys: deals into the slots, folding each dealt card's tagged key,
/// with its index among the round's [`KeyedDeal::CARDS`], into an accumulator. With
/// `UNROLLED`, the dealer's card loop is written out
/// ([`Dealer::deal_fold_slots_unrolled`]), for folds that keep a sum per seat.
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
        f: impl FnMut(A, usize, TaggedCard) -> A,
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
        f: impl FnMut(A, usize, TaggedCard) -> A,
    ) -> A {
        if UNROLLED {
            self.0.deal_fold_slots_unrolled(slots, rng, init, f)
        } else {
            self.0.deal_fold_slots(slots, rng, init, f)
        }
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
        mut f: impl FnMut(A, usize, TaggedCard) -> A,
    ) -> A {
        if UNROLLED {
            let acc = self.0.deal_fold_slots_unrolled(slots, rng, init, &mut f);
            self.1
                .deal_fold_slots_unrolled(slots, rng, acc, |acc, j, key| {
                    f(acc, MAX_DEALER_CARDS + j, key)
                })
        } else {
            let acc = self.0.deal_fold_slots(slots, rng, init, &mut f);
            self.1.deal_fold_slots(slots, rng, acc, |acc, j, key| {
                f(acc, MAX_DEALER_CARDS + j, key)
            })
        }
    }
}

/// Most players whose keys [`Play::keyed_rounds`] sums as their cards are dealt, when every
/// seat is random: the seats' keys are then at hand as soon as the last card is dealt instead of
/// being read back from the slots just written (3 random hands: 190 → 184 instructions a round,
/// 59.4 → 64.1 M showdowns/s; 4 hands: 253 → 254 instructions, 45.5 → 49.4 M/s). With five hands
/// it ran even (40.5 → 40.7) and with six the sums went to the stack, so those read the slots
/// (`benches/results/keyed-sums-b64182d.txt`).
const SUMMED_SEATS_MAX: usize = 4;

/// A round's sums of dealt tagged keys: the board's and, when every seat is dealt a random
/// hand, each seat's (seat `p` is dealt cards `2p` and `2p + 1`).
#[derive(Clone, Copy)]
struct RoundSums<const N: usize> {
    board: TaggedSum,
    seats: [TaggedSum; N],
}

impl<const N: usize> RoundSums<N> {
    const NONE: Self = Self {
        board: TaggedSum::NONE,
        seats: [TaggedSum::NONE; N],
    };

    /// The sums with card `j` of a deal of `D` added: to the board's if it is a board card,
    /// else, when `SUMMED`, to its seat's.
    #[inline(always)]
    fn with<D: KeyedDeal, const SUMMED: bool>(mut self, j: usize, key: TaggedCard) -> Self {
        if j + D::BOARD >= D::CARDS {
            self.board = self.board.with(key);
        } else if SUMMED {
            self.seats[(j / 2) % N] = self.seats[(j / 2) % N].with(key);
        }
        self
    }
}

impl<R: Runs> Play<'_, R> {
    /// Multi-way rounds (three to six players) on tagged keys, dealt by `deal`. For
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
            let mut slots: Slots = deck.cards().map(TaggedCard::new);
            let seats = Seats::new(spot, &deck, &hands);
            let board_from = deck.known() + D::CARDS - D::BOARD;
            // Every seat random, and few enough of them: each seat's keys are summed as they
            // are dealt rather than read back from the slots (see `SUMMED_SEATS_MAX`).
            let summed = spot.players <= SUMMED_SEATS_MAX
                && hands[..spot.players].iter().all(Option::is_none);
            debug_assert!(
                !summed || (0..spot.players).all(|p| seats.at[p] == deck.known() + 2 * p),
                "random seats are dealt in seat order"
            );
            macro_rules! rounds_of {
                ($n:literal, $summed:literal) => {{
                    // The generator's state in a local for the run, so that it can stay in
                    // registers rather than be stored and reloaded every round.
                    let mut local_rng = rng.clone();
                    // The seats' keys of the last round without a flush, counted `pending_times`
                    // (0 or 1) times once the next round is dealt.
                    let mut pending = [HandKey::EMPTY; $n];
                    let mut pending_times = 0;
                    for _ in 0..rounds {
                        let sums = deal.deal::<_, $summed>(
                            &mut slots,
                            &mut local_rng,
                            RoundSums::<$n>::NONE,
                            RoundSums::with::<D, $summed>,
                        );
                        let key = spot.board_key.with_tagged_sum(sums.board);
                        let keys: [HandKey; $n] = if $summed {
                            sums.seats.map(|sum| key.with_tagged_sum(sum))
                        } else {
                            seats.keys::<$n>(&slots, key)
                        };
                        masks.record_times(&pending.map(|k| s.rank_strength(k)), pending_times);
                        if keys.iter().any(|k| k.has_flush()) {
                            // Cold: the flush path reads the cards, which the next round moves.
                            let board = &slots[board_from % Card::COUNT..][..D::BOARD % 6];
                            seats.showdown::<$n, S>(spot, s, &slots, (&keys, board), &mut masks);
                            pending_times = 0;
                        } else {
                            pending = keys;
                            pending_times = 1;
                        }
                    }
                    masks.record_times(&pending.map(|k| s.rank_strength(k)), pending_times);
                    *rng = local_rng;
                }};
            }
            match (spot.players, summed) {
                (3, true) => rounds_of!(3, true),
                (3, false) => rounds_of!(3, false),
                (4, true) => rounds_of!(4, true),
                (4, false) => rounds_of!(4, false),
                (5, _) => rounds_of!(5, false),
                _ => rounds_of!(6, false),
            }
        }
        masks.add_to(local);
    }
}

/// Whether [`Play::keyed_rounds`] plays a spot of `players` players.
pub(super) fn keyed_players(players: usize) -> bool {
    (3..=6).contains(&players)
}

/// Whether [`Play::keyed_rounds`] plays a spot dealing `to_deal` board cards a round (a board of
/// none, three, four or five known cards).
pub(super) fn keyed_board(to_deal: usize) -> bool {
    matches!(to_deal, 0 | 1 | 2 | 5)
}

#[cfg(test)]
mod tests {
    use super::*;
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
            (&["random"; 6][..], ""),
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
