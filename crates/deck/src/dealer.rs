//! The hot-loop dealer: a fixed number of cards per round, with every per-round constant
//! precomputed.

use rand::RngCore;

use crate::{Card, Deck};

/// Deals exactly `K` cards per round after the known cards of an `N`-card deck (52 by default, 36
/// for the [`crate::ShortDeck`]), by the same partial Fisher–Yates
/// as [`Deck::deal`] and with the same results for the same generator, but with the draw bounds,
/// their product and the rejection threshold computed once instead of every round.
///
/// One 64-bit random word gives all `K` picks (see the crate docs); the word is rejected only if
/// it falls below `2^64 mod ∏ bounds`, one comparison against a stored threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dealer<const K: usize, const N: usize = 52> {
    first: usize,
    bounds: [u64; K],
    product: u64,
    threshold: u64,
}

impl<const K: usize, const N: usize> Dealer<K, N> {
    /// A dealer for `N`-card decks with `known` known cards.
    ///
    /// # Panics
    /// If `known + K > N`, or if `K` bounds do not fit one 64-bit word (`K > 11`).
    #[inline]
    pub fn new(known: usize) -> Self {
        Self::with_dead(known, 0)
    }

    /// A dealer for `N`-card decks with `known` known cards in front and `dead` cards out of
    /// play in the last slots ([`Deck::bury`]): its picks never reach those slots, so a round
    /// deals from the `N - known - dead` cards between.
    ///
    /// # Panics
    /// If `known + dead + K > N`, or if `K` bounds do not fit one 64-bit word (`K > 11`).
    #[inline]
    pub fn with_dead(known: usize, dead: usize) -> Self {
        const { assert!(N <= Card::COUNT, "a deck holds at most 52 cards") };
        assert!(
            known + dead + K <= N,
            "cannot deal {K} cards after {known} known and {dead} dead"
        );
        let live = N - dead;
        let bounds: [u64; K] = std::array::from_fn(|j| (live - known - j) as u64);
        let product = bounds
            .iter()
            .try_fold(1u64, |p, &b| p.checked_mul(b))
            .expect("the bounds of one batch fit in 64 bits");
        Self {
            first: known,
            bounds,
            product,
            threshold: product.wrapping_neg() % product,
        }
    }

    /// Deals `K` cards into the slots after the known ones and returns those `K` cards (the known
    /// cards stay in `deck.cards()[..known]`).
    ///
    /// `deck` must have at most as many known cards as this dealer was made for (checked in debug
    /// builds): a dealer made for more deals after the slots another dealer filled this round.
    #[inline(always)]
    pub fn deal<R: RngCore + ?Sized>(&self, deck: &mut Deck<N>, rng: &mut R) -> [Card; K] {
        let mut dealt = [Card::from_index(0); K];
        self.deal_fold(deck, rng, 0, |j, card| {
            dealt[j] = card;
            j + 1
        });
        dealt
    }

    /// Deals `K` cards like [`Dealer::deal`], folding each card into `init` with `f` as soon as it
    /// is drawn instead of returning the cards: a hot loop that only needs, say, the sum of the
    /// cards' keys keeps one accumulator in a register rather than `K` cards.
    #[inline(always)]
    pub fn deal_fold<R: RngCore + ?Sized, T>(
        &self,
        deck: &mut Deck<N>,
        rng: &mut R,
        init: T,
        mut f: impl FnMut(T, Card) -> T,
    ) -> T {
        debug_assert!(deck.known() <= self.first);
        // The leftover after all the multiplications is `word · ∏ bounds mod 2^64`, so the
        // rejection test needs one multiply and can come first: each pick is then swapped in as
        // soon as it is known, and the picks never have to be held all at once.
        let mut word = self.accepted_word(rng);
        let unfixed = &mut deck.cards_mut()[self.first..];
        let mut acc = init;
        let mut previous_pick = 0usize;
        for (j, &bound) in self.bounds.iter().enumerate() {
            let wide = u128::from(word) * u128::from(bound);
            word = wide as u64;
            let pick = (wide >> 64) as usize;
            // `previous_pick >> 8` is always 0 (picks are below N <= 52), but the CPU cannot know
            // it:
            // it makes the load of slot `j` wait for the previous pick, by which time the
            // addresses of this round's earlier swaps are known. Without it the load issues
            // early, and in about a third of rounds an earlier swap turns out to have written
            // slot `j`, costing a pipeline flush (measured: 48 → 59 M rounds/s on one core).
            let slot = j + (previous_pick >> 8);
            // Handing on the drawn card from a register saves reloading the slot.
            // SAFETY: `slot = j < K <= unfixed.len()` and `j + pick < j + bounds[j] <=
            // unfixed.len()`, since `bounds[j]` is the number of live cards left from slot `j`
            // (all of them, or all but the dead ones in the last slots).
            #[allow(unsafe_code)]
            let drawn = unsafe { swap_in(unfixed, slot, j + pick) };
            acc = f(acc, drawn);
            previous_pick = pick;
        }
        acc
    }
}

impl<const K: usize, const N: usize> Dealer<K, N> {
    /// Deals `K` cards like [`Dealer::deal_fold`], on a deck laid out as `slots` (one value per
    /// card, in the deck's order: the known cards' values first) rather than on a [`Deck`]:
    /// the same random words give the same picks and so the same permutation of the values, and
    /// `f` folds each dealt value, with its index `j` among the `K`, into `init`.
    ///
    /// A hot loop can so deal, say, each card's evaluator key with the card packed beside it,
    /// and add the keys straight from the swapped values. The picks come from the chained
    /// multiplications of [`Dealer::deal_fold`], one `mul` a card giving both the pick and
    /// the word left for the next. Computing each pick from the word on its own, as the high
    /// word of `(word · bounds[0] ⋯ bounds[j-1] mod 2^64) · bounds[j]`, shortens the chain but
    /// costs two multiplications and two loads a card; once the multi-way loop made its table
    /// loads a round later, the fewer instructions won (3 random hands: 226 → 197 instructions
    /// a round, and faster).
    ///
    /// `UNROLLED` chooses the card loop's shape, nothing else: the same picks, swaps and folds.
    /// Written out (`true`), a fold that keeps several sums (a seat's keys each) keeps them in
    /// registers, where the compiler left the loop rolled and the sums in memory (3 random hands
    /// summed per seat: 20.7 M showdowns/s rolled, 64.1 written out). Where the compiler unrolls
    /// the loop anyway, the written-out form ran slower (6 random hands, no sums: 36.6 → 35.2),
    /// so both shapes stay.
    #[inline(always)]
    pub fn deal_fold_slots<const UNROLLED: bool, R: RngCore + ?Sized, T: Copy, A>(
        &self,
        slots: &mut [T; N],
        rng: &mut R,
        init: A,
        mut f: impl FnMut(A, usize, T) -> A,
    ) -> A {
        let mut round = SlotRound::new(self.accepted_word(rng), &mut slots[self.first..]);
        let mut acc = init;
        if UNROLLED {
            macro_rules! cards {
                ($($j:literal)*) => {
                    $(if $j < K {
                        acc = f(acc, $j, round.card(&self.bounds, $j));
                    })*
                };
            }
            cards!(0 1 2 3 4 5 6 7 8 9 10);
            const { assert!(K <= 11, "one word holds at most 11 picks") };
        } else {
            for j in 0..K {
                acc = f(acc, j, round.card(&self.bounds, j));
            }
        }
        acc
    }

    /// Deals one round of `K` cards on each of `L` decks, with exactly the results of calling
    /// [`Dealer::deal_fold`] on `decks[0]`, `decks[1]`, … in turn with the same generator: the
    /// random words are drawn in lane order, then the picks are made card by card across the
    /// lanes (card 0 of every deck, then card 1, …), and `f` folds each deck's cards into its own
    /// accumulator, starting from `init`.
    ///
    /// Interleaving the lanes card by card keeps several independent swap chains close together
    /// in program order. Within one deck a swap often writes a slot that a later swap of the same
    /// round reads; with the decks one after another, the CPU stalls each such load behind the
    /// store, but with the lanes interleaved it has the other decks' work at hand meanwhile
    /// (measured: 61 → 89 M rounds/s on one core with four lanes).
    #[inline(always)]
    pub fn deal_lanes<R: RngCore + ?Sized, T: Copy, const L: usize>(
        &self,
        decks: &mut [Deck<N>; L],
        rng: &mut R,
        init: T,
        f: impl Fn(T, Card) -> T,
    ) -> [T; L] {
        let mut words = [0u64; L];
        for word in &mut words {
            *word = self.accepted_word(rng);
        }
        let unfixed = decks.each_mut().map(|deck| {
            debug_assert_eq!(deck.known(), self.first);
            &mut deck.cards_mut()[self.first..]
        });
        let mut acc = [init; L];
        let mut card = |j: usize| {
            for lane in 0..L {
                let wide = u128::from(words[lane]) * u128::from(self.bounds[j]);
                words[lane] = wide as u64;
                let pick = (wide >> 64) as usize;
                // SAFETY: `j < K <= unfixed.len()` and `j + pick < j + bounds[j] <=
                // unfixed.len()`, since `bounds[j]` is the number of live cards left from slot
                // `j` (all of them, or all but the dead ones in the last slots).
                #[allow(unsafe_code)]
                let drawn = unsafe { swap_in(unfixed[lane], j, j + pick) };
                acc[lane] = f(acc[lane], drawn);
            }
        };
        // Written out rather than a loop: the compiler does not always unroll a loop this long,
        // and a rolled loop keeps the lanes' words and accumulators in memory. The conditions
        // are constants, so each instance keeps exactly `K` steps.
        macro_rules! cards {
            ($($j:literal)*) => {
                $(if $j < K {
                    card($j);
                })*
            };
        }
        cards!(0 1 2 3 4 5 6 7 8 9 10);
        const { assert!(K <= 11, "one word holds at most 11 picks") };
        acc
    }

    /// The next word of `rng` that is not rejected: one whose leftover after all the
    /// multiplications, `word · ∏ bounds mod 2^64`, is at least `2^64 mod ∏ bounds`.
    #[inline(always)]
    fn accepted_word<R: RngCore + ?Sized>(&self, rng: &mut R) -> u64 {
        loop {
            let word = rng.next_u64();
            if word.wrapping_mul(self.product) >= self.threshold {
                break word;
            }
        }
    }
}

/// One round of [`Dealer::deal_fold_slots`] under way: the word left for the next pick, the
/// previous pick, and the slots after the known ones.
struct SlotRound<'a, T> {
    word: u64,
    previous_pick: usize,
    unfixed: &'a mut [T],
}

impl<'a, T: Copy> SlotRound<'a, T> {
    /// A round dealing from the accepted word `word` into `unfixed`.
    #[inline(always)]
    fn new(word: u64, unfixed: &'a mut [T]) -> Self {
        Self {
            word,
            previous_pick: 0,
            unfixed,
        }
    }

    /// Deals card `j`: its pick from the word (one multiplication giving both the pick and the
    /// word left), swapped into slot `j`; returns the value dealt.
    #[inline(always)]
    fn card<const K: usize>(&mut self, bounds: &[u64; K], j: usize) -> T {
        let wide = u128::from(self.word) * u128::from(bounds[j]);
        self.word = wide as u64;
        let pick = (wide >> 64) as usize;
        // As in `deal_fold`: the load of slot `j` waits for the previous pick. The wait (0) is
        // added in bytes, so that it goes into the address as it is, whatever the values' size:
        // added to the slot's index, it had to be scaled by the size, which for 16-byte values
        // (no x86 addressing scale) took two more instructions a card.
        let wait = self.previous_pick >> 8;
        self.previous_pick = pick;
        // SAFETY: as in `deal_fold`: `j < K <= unfixed.len()`, `wait` is 0, and `j + pick < j +
        // bounds[j] <= unfixed.len()`, `bounds[j]` being the number of live values left from
        // slot `j` (the dealer's bounds, and `unfixed` the slots after its known ones). Both
        // pointers are into `unfixed`, read and written one at a time (they may be equal).
        #[allow(unsafe_code)]
        unsafe {
            debug_assert!(wait == 0 && j + pick < self.unfixed.len());
            let base = self.unfixed.as_mut_ptr();
            let slot = base.add(j).byte_add(wait);
            let other = base.add(j + pick);
            let drawn = other.read();
            other.write(slot.read());
            slot.write(drawn);
            drawn
        }
    }
}

/// Swaps slots `i` and `other` of the unfixed part of a deck and returns the card now in slot `i`.
///
/// Checked indexing here costs two compares and branches per card, a sixth of the round's
/// instructions, so the indices are checked only in debug builds.
///
/// # Safety
/// Both `i` and `other` must be below `unfixed.len()`. The dealer's callers guarantee it: `i = j <
/// K <= unfixed.len()` (plus `previous_pick >> 8`, which is 0) and `other = j + pick` with `pick <
/// bounds[j] <= unfixed.len() - j`.
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn swap_in<T: Copy>(unfixed: &mut [T], i: usize, other: usize) -> T {
    debug_assert!(i < unfixed.len() && other < unfixed.len());
    // SAFETY: the caller guarantees `i < unfixed.len()` and `other < unfixed.len()`. `i` and
    // `other` may be equal: each access below is a plain copy through one index at a time, so no
    // two references overlap.
    unsafe {
        let drawn = *unfixed.get_unchecked(other);
        *unfixed.get_unchecked_mut(other) = *unfixed.get_unchecked(i);
        *unfixed.get_unchecked_mut(i) = drawn;
        drawn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn dealer_deals_exactly_what_deck_deal_deals() {
        let known = crate::parse_cards("7h8h").unwrap();
        let mut fast = Deck::with_known(&known).unwrap();
        let mut general = fast.clone();
        let dealer = Dealer::<5>::new(2);
        let mut rng_fast = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut rng_general = rng_fast.clone();
        for _ in 0..10_000 {
            let dealt = dealer.deal(&mut fast, &mut rng_fast);
            let hand = general.deal(&mut rng_general, 5);
            assert_eq!(&hand[2..], &dealt[..]);
            assert_eq!(fast, general);
        }
    }

    #[test]
    fn slots_are_dealt_as_the_deck_is() {
        let known = crate::parse_cards("Td2s").unwrap();
        let mut deck = Deck::with_known(&known).unwrap();
        let mut slots: [Card; 52] = *deck.cards();
        let dealer = Dealer::<11>::new(2);
        let mut rng_deck = Xoshiro256PlusPlus::seed_from_u64(14);
        let mut rng_slots = rng_deck.clone();
        for _ in 0..10_000 {
            let dealt = dealer.deal(&mut deck, &mut rng_deck);
            let mut folded = Vec::new();
            dealer.deal_fold_slots::<false, _, _, _>(
                &mut slots,
                &mut rng_slots,
                (),
                |(), j, card| {
                    folded.push((j, card));
                },
            );
            let expected: Vec<_> = dealt.into_iter().enumerate().collect();
            assert_eq!(folded, expected);
            assert_eq!(&slots[..], deck.cards());
        }
        assert_eq!(rng_deck, rng_slots);
    }

    /// The written-out card loop makes the same picks, swaps and folds as the loop, for one
    /// card, a few, and a whole word.
    #[test]
    fn the_unrolled_slots_deal_is_the_slots_deal() {
        fn check<const K: usize>(known: &str, seed: u64) {
            let known = crate::parse_cards(known).unwrap();
            let deck = Deck::with_known(&known).unwrap();
            let mut rolled: [Card; 52] = *deck.cards();
            let mut unrolled = rolled;
            let dealer = Dealer::<K>::new(known.len());
            let mut rng_rolled = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut rng_unrolled = rng_rolled.clone();
            let fold = |mut dealt: Vec<(usize, Card)>, j, card| {
                dealt.push((j, card));
                dealt
            };
            for _ in 0..5_000 {
                assert_eq!(
                    dealer.deal_fold_slots::<false, _, _, _>(
                        &mut rolled,
                        &mut rng_rolled,
                        Vec::new(),
                        fold
                    ),
                    dealer.deal_fold_slots::<true, _, _, _>(
                        &mut unrolled,
                        &mut rng_unrolled,
                        Vec::new(),
                        fold
                    )
                );
                assert_eq!(rolled, unrolled);
            }
            assert_eq!(rng_rolled, rng_unrolled);
        }
        check::<1>("", 1);
        check::<6>("AsKd", 2);
        check::<11>("", 3);
        check::<11>("2c3c4c5c6c7c8c", 4);
    }

    #[test]
    fn lanes_deal_exactly_what_one_deck_after_another_deals() {
        let known = crate::parse_cards("Qs").unwrap();
        let template = Deck::with_known(&known).unwrap();
        let mut lanes: [Deck; 3] = std::array::from_fn(|_| template.clone());
        let mut one_by_one = lanes.clone();
        let dealer = Dealer::<6>::new(1);
        let mut rng_lanes = Xoshiro256PlusPlus::seed_from_u64(12);
        let mut rng_one_by_one = rng_lanes.clone();
        let collect = |mut cards: Vec<Card>, card| {
            cards.push(card);
            cards
        };
        for _ in 0..5_000 {
            let dealt = dealer.deal_lanes(&mut lanes, &mut rng_lanes, 0u64, |sum, card| {
                sum * 64 + u64::from(card.to_u8())
            });
            for (lane, deck) in one_by_one.iter_mut().enumerate() {
                let cards = dealer.deal_fold(deck, &mut rng_one_by_one, Vec::new(), collect);
                let sum = cards
                    .iter()
                    .fold(0, |sum, c| sum * 64 + u64::from(c.to_u8()));
                assert_eq!(dealt[lane], sum);
            }
            assert_eq!(lanes, one_by_one);
        }
    }

    #[test]
    fn a_dealer_with_dead_cards_never_deals_them_and_deals_the_rest_uniformly() {
        let known = crate::parse_cards("Qs").unwrap();
        let dead = crate::parse_cards("2c3d4h5s6c7d8h9sTcJd").unwrap();
        let mut deck = Deck::with_known(&known).unwrap();
        deck.bury(&dead).unwrap();
        let dealer = Dealer::<3>::with_dead(1, dead.len());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
        let mut seen = [0u32; 52];
        let rounds = 41_000;
        for _ in 0..rounds {
            for card in dealer.deal(&mut deck, &mut rng) {
                seen[card.index()] += 1;
            }
            assert_eq!(deck.cards()[0], known[0]);
            assert_eq!(&deck.cards()[52 - dead.len()..], &dead[..]);
        }
        // 41 live cards, 3 dealt a round: each is dealt with probability 3/41, so about 3,000
        // times in 41,000 rounds (standard deviation about 53; 6 of them allow ±320).
        for card in Card::all() {
            let times = seen[card.index()];
            if known.contains(&card) || dead.contains(&card) {
                assert_eq!(times, 0, "{card}");
            } else {
                assert!(times.abs_diff(3_000) < 320, "{card}: {times}");
            }
        }
    }

    #[test]
    fn threshold_is_two_to_the_64_mod_the_product() {
        let dealer = Dealer::<7>::new(0);
        let product: u128 = 52 * 51 * 50 * 49 * 48 * 47 * 46;
        assert_eq!(u128::from(dealer.threshold), (1u128 << 64) % product);
    }
}
