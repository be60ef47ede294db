//! Monte Carlo with ranges, stratified over the listed assignments: every round is a dealt
//! round ([`crate::dealt`]) whose ranged players hold one compatible assignment of combos, and
//! the assignments are spread over a chunk's rounds in proportion to their weights.
//!
//! The compatible assignments, with their weights, lie end to end on a line of length `W`, the
//! total weight; assignment `a` covers `[c(a−1), c(a))`, its running sums. A chunk of `n`
//! rounds stretches the line `n` times and cuts it into `n` strata of length `W`: round `k`
//! plays the assignment under a point drawn uniformly from `[kW, (k+1)W)`.
//!
//! ```text
//!  assignments  |--- a0 ---|-------- a1 --------|- a2 -|---- a3 ----|     (line × n)
//!  strata       |  k=0  |  k=1  |  k=2  |  k=3  |  k=4  |  k=5  |
//!                  a0     a0|a1     a1      a1    a1|a2|a3   a3
//!                       (drawn)              (drawn)
//! ```
//!
//! - **Unbiased.** Summed over the strata, the chance that a round plays `a` is `n·w(a)/W`,
//!   exactly its share of `n` independent draws; given the assignment, the random hands and the
//!   board are dealt uniformly from the cards left (every compatible assignment leaves the same
//!   number, so the assignment's weight is its whole probability).
//! - **Never noisier than independent draws.** One point per stratum is stratified sampling:
//!   by the law of total variance its variance is at most that of `n` independent rounds, so the
//!   standard error reported (computed as for independent rounds) is an upper bound.
//! - **Cheap.** A stratum wholly inside one assignment needs no random number at all, and rounds
//!   of one assignment follow each other, so they are played as one run of the dealt loop with
//!   the hands fixed, as fast as fixed hands; only the assignments change between runs
//!   ([`deck::Deck::place`]).
//!
//! Chunk `c` uses its own generator as every Monte Carlo chunk does, so the counts do not
//! depend on the threads.

use deck::Deck;
use deck::uniform::below;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::dealt::{DealtSpot, Runs};
use crate::range::Combo;
use crate::spot::{Assignments, Spot};
use engine::{LocalCounts, MAX_PLAYERS};

/// A spot whose ranged players' assignments are listed, prepared for stratified rounds.
#[derive(Debug, Clone)]
pub struct StratifiedSpot {
    /// The dealt form of the spot, the ranged seats holding the first assignment's hands.
    spot: DealtSpot,
    /// The ranged seats, in the order of the assignments' picks.
    seats: Vec<usize>,
    /// Each ranged seat's combos, as the picks index them.
    combos: Vec<Vec<Combo>>,
    /// Combo indices, `seats.len()` per assignment.
    picks: Vec<u16>,
    /// Running sums of the assignments' weights (divided by their common divisor); the last is
    /// the total, below 2^64.
    cumulative: Vec<u64>,
}

impl StratifiedSpot {
    /// Prepares `game`, whose players at `seats` hold ranges with the compatible `assignments`
    /// (listed for those seats, in that order; the other players hold fixed or random hands).
    ///
    /// `None` when there is no assignment or the total weight, divided by the weights' greatest
    /// common divisor, does not fit 64 bits (many weighted ranges).
    pub fn new(game: &Spot, seats: Vec<usize>, assignments: &Assignments) -> Option<Self> {
        let players = assignments.players;
        debug_assert_eq!(players, seats.len());
        if assignments.is_empty() {
            return None;
        }
        let divisor = assignments.weights.iter().fold(0u128, |g, &w| gcd(g, w));
        let mut sum = 0u64;
        let mut cumulative = Vec::with_capacity(assignments.len());
        for &w in &assignments.weights {
            sum = sum.checked_add(u64::try_from(w / divisor).ok()?)?;
            cumulative.push(sum);
        }
        let combos: Vec<Vec<Combo>> = seats
            .iter()
            .map(|&seat| game.players[seat].combos.clone())
            .collect();
        let first: Vec<(usize, Combo)> = (0..players)
            .map(|p| (seats[p], combos[p][usize::from(assignments.picks[p])]))
            .collect();
        Some(Self {
            spot: DealtSpot::with_hands(game, &first)?,
            seats,
            combos,
            picks: assignments.picks.clone(),
            cumulative,
        })
    }

    /// Plays one chunk of `rounds` rounds with the chunk's generator.
    pub fn run(&self, rng: &mut Xoshiro256PlusPlus, rounds: u64) -> LocalCounts {
        self.spot.play(rng, Strata::new(self, rounds))
    }

    /// Plays one chunk of `rounds` rounds as [`StratifiedSpot::run`] spreads them over the
    /// assignments, each run of one assignment played on its own and handed to `f` with the
    /// assignment's index: the per-hand counts of a breakdown ([`mod@crate::breakdown`]).
    ///
    /// The strata are the same as `run`'s; each run starts from a fresh copy of the deck (its
    /// order does not matter: every deal picks uniformly among the cards still in it), so the
    /// rounds are dealt from the generator in another order than `run`'s.
    pub fn run_each(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        rounds: u64,
        mut f: impl FnMut(usize, &LocalCounts),
    ) {
        let mut strata = Strata::new(self, rounds);
        loop {
            let mut ran = None;
            let local = self.spot.play(
                rng,
                SingleRun {
                    strata: &mut strata,
                    ran: &mut ran,
                },
            );
            match ran {
                Some(a) => f(a, &local),
                None => return,
            }
        }
    }

    /// Puts assignment `a`'s hands in the first slots of `deck` and in `hands`, where
    /// assignment `before`'s are: only the players whose combo changed move cards.
    fn place(
        &self,
        a: usize,
        before: usize,
        deck: &mut Deck,
        hands: &mut [Option<Combo>; MAX_PLAYERS],
    ) {
        let players = self.seats.len();
        let picks = &self.picks[a * players..(a + 1) * players];
        let old = &self.picks[before * players..(before + 1) * players];
        for (p, (&seat, (&pick, &old))) in self.seats.iter().zip(picks.iter().zip(old)).enumerate()
        {
            if pick != old {
                let combo = self.combos[p][usize::from(pick)];
                deck.place(2 * p, combo[0]);
                deck.place(2 * p + 1, combo[1]);
                hands[seat] = Some(combo);
            }
        }
    }
}

/// The strata of one chunk, handed out as runs of rounds of one assignment each.
struct Strata<'a> {
    spot: &'a StratifiedSpot,
    /// Rounds (strata) in the chunk.
    rounds: u64,
    /// Strata decided so far.
    next: u64,
    /// Where stratum `next` starts on the stretched line: `next` times the total weight.
    start: u128,
    /// The assignment whose interval holds `start`, and where that interval ends.
    assignment: usize,
    end: u128,
    /// The assignment of a stratum decided but not yet handed out.
    pending: Option<usize>,
    /// The assignment whose hands are in the deck.
    placed: usize,
}

impl<'a> Strata<'a> {
    /// The strata of a chunk of `rounds` rounds; assignment 0's hands are in the deck.
    fn new(spot: &'a StratifiedSpot, rounds: u64) -> Self {
        let mut strata = Self {
            spot,
            rounds,
            next: 0,
            start: 0,
            assignment: 0,
            end: 0,
            pending: None,
            placed: 0,
        };
        strata.end = strata.stretched_end(0);
        strata
    }

    /// The end of assignment `a`'s interval on the line stretched `rounds` times.
    #[inline(always)]
    fn stretched_end(&self, a: usize) -> u128 {
        u128::from(self.rounds) * u128::from(self.spot.cumulative[a])
    }

    /// When stratum `next` lies wholly inside assignment `a`'s interval, decides it and every
    /// following one that does too, and returns how many.
    #[inline(always)]
    fn wholly_inside(&mut self, a: usize) -> Option<u64> {
        let width = u128::from(self.spot.cumulative[self.spot.cumulative.len() - 1]);
        if a != self.assignment || self.start + width > self.end {
            return None;
        }
        let room = self.end - self.start;
        let whole = match (u64::try_from(room), u64::try_from(width)) {
            (Ok(room), Ok(width)) => room / width,
            _ => u64::try_from(room / width).unwrap_or(u64::MAX),
        }
        .min(self.rounds - self.next);
        self.start += u128::from(whole) * width;
        self.next += whole;
        Some(whole)
    }

    /// Decides stratum `next`: the assignment under its point, drawn with `rng` only when the
    /// stratum straddles two or more assignments.
    #[inline(always)]
    fn stratum(&mut self, rng: &mut Xoshiro256PlusPlus) -> usize {
        let total = self.spot.cumulative[self.spot.cumulative.len() - 1];
        while self.end <= self.start {
            self.assignment += 1;
            self.end = self.stretched_end(self.assignment);
        }
        let width = u128::from(total);
        let a = if self.start + width <= self.end {
            self.assignment
        } else {
            let point = self.start + below(rng, total as usize) as u128;
            let mut a = self.assignment;
            while self.stretched_end(a) <= point {
                a += 1;
            }
            a
        };
        self.start += width;
        self.next += 1;
        a
    }
}

impl Runs for Strata<'_> {
    fn next_run(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        deck: &mut Deck,
        hands: &mut [Option<Combo>; MAX_PLAYERS],
    ) -> Option<u64> {
        let a = match self.pending.take() {
            Some(a) => a,
            None if self.next < self.rounds => self.stratum(rng),
            None => return None,
        };
        // Following strata that land on the same assignment join the run. They are decided
        // before any of its rounds is dealt, so the generator is used in a fixed order; the
        // first that lands elsewhere waits for the next run.
        let mut rounds = 1;
        while self.next < self.rounds {
            if let Some(whole) = self.wholly_inside(a) {
                // Strata wholly inside the run's assignment, all at once.
                rounds += whole;
                continue;
            }
            let b = self.stratum(rng);
            if b != a {
                self.pending = Some(b);
                break;
            }
            rounds += 1;
        }
        if a != self.placed {
            self.spot.place(a, self.placed, deck, hands);
            self.placed = a;
        }
        Some(rounds)
    }
}

/// The next run of a [`Strata`] alone, on a fresh copy of the spot's deck (which holds
/// assignment 0's hands); the run's assignment is written to `ran`.
struct SingleRun<'s, 'a> {
    strata: &'s mut Strata<'a>,
    ran: &'s mut Option<usize>,
}

impl Runs for SingleRun<'_, '_> {
    fn next_run(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        deck: &mut Deck,
        hands: &mut [Option<Combo>; MAX_PLAYERS],
    ) -> Option<u64> {
        if self.ran.is_some() {
            return None;
        }
        self.strata.placed = 0;
        let rounds = self.strata.next_run(rng, deck, hands)?;
        *self.ran = Some(self.strata.placed);
        Some(rounds)
    }
}

/// The greatest common divisor of `a` and `b` (`b` when `a` is 0).
fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// A spot with weighted, overlapping ranges and its stratified form.
    fn weighted_spot() -> (Spot, StratifiedSpot, Assignments) {
        let game = Spot::parse(&["AA:0.3,KK,AKs:0.7", "random", "KK:0.2,QQ"], "Kc7d2h", "");
        let assignments = Spot {
            players: vec![game.players[0].clone(), game.players[2].clone()],
            ..game.clone()
        }
        .assignments(u128::MAX)
        .unwrap();
        let spot = StratifiedSpot::new(&game, vec![0, 2], &assignments).unwrap();
        (game, spot, assignments)
    }

    /// Rounds per assignment in one chunk of `rounds`, as the strata hand them out.
    fn allocation(spot: &StratifiedSpot, rng: &mut Xoshiro256PlusPlus, rounds: u64) -> Vec<u64> {
        let mut strata = Strata::new(spot, rounds);
        let mut counts = vec![0; spot.cumulative.len()];
        for _ in 0..rounds {
            counts[strata.stratum(rng)] += 1;
        }
        counts
    }

    /// Every chunk gives each assignment its proportional share of rounds to within two (the
    /// strata wholly inside its interval, plus at most one at each end), and on average exactly
    /// its share. The per-chunk deviation lies in [-2, 2], so by Hoeffding's inequality the
    /// mean of 4,000 chunks strays more than 0.15 from the share with probability below 3e-5
    /// per assignment (fixed seed: deterministic).
    #[test]
    fn chunks_give_each_assignment_its_share() {
        let (_, spot, assignments) = weighted_spot();
        let total = assignments.total_weight as f64;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
        let rounds = 1_000;
        let chunks = 4_000;
        let mut sums = vec![0u64; assignments.len()];
        for _ in 0..chunks {
            let counts = allocation(&spot, &mut rng, rounds);
            assert_eq!(counts.iter().sum::<u64>(), rounds);
            for (a, (&n, sum)) in counts.iter().zip(&mut sums).enumerate() {
                let share = rounds as f64 * assignments.weights[a] as f64 / total;
                assert!((n as f64 - share).abs() <= 2.0, "{a}: {n} vs {share}");
                *sum += n;
            }
        }
        for (a, &sum) in sums.iter().enumerate() {
            let share = rounds as f64 * assignments.weights[a] as f64 / total;
            let mean = sum as f64 / f64::from(chunks);
            assert!((mean - share).abs() < 0.15, "{a}: mean {mean} vs {share}");
        }
    }

    /// Each run's hands are the assignment's: the deck's first slots and the seats agree, and
    /// the rounds add up to the chunk.
    #[test]
    fn runs_place_the_assignments_hands() {
        let (_, spot, _) = weighted_spot();
        let mut strata = Strata::new(&spot, 5_000);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut deck, mut hands) = spot.spot.start_for_tests();
        let mut rounds = 0;
        while let Some(n) = strata.next_run(&mut rng, &mut deck, &mut hands) {
            rounds += n;
            let (a, b) = (hands[0].unwrap(), hands[2].unwrap());
            assert_eq!(&deck.cards()[..4], &[a[0], a[1], b[0], b[1]]);
            assert_eq!(hands[1], None);
        }
        assert_eq!(rounds, 5_000);
    }

    /// Stratified Monte Carlo against exact enumeration where chunks are shorter than the list
    /// of assignments (most strata straddle two or more), with weights, a random hand and short
    /// deck. Each equity must lie within 4 standard errors of the exact one: deterministic with
    /// fixed seeds, and a correct sampler misses such a bound with probability about 6e-5 per
    /// player (less, as the reported standard error is an upper bound).
    #[test]
    fn stratified_monte_carlo_agrees_with_exact() {
        use crate::enumeration::enumerate;
        use crate::sampler::Sampler;
        use engine::ChunkPlan;
        let short = engine::Game::short_deck(eval::ShortDeckRules::TripsBeatStraight);
        let spots = [
            (
                Spot::parse(
                    &["22+,A2s+,KTo+:0.4", "QJs,JTs,T9s,98s:0.8,87s"],
                    "Kd7c2s9h",
                    "",
                ),
                1_000,
            ),
            (
                Spot::parse(&["AK,AQ:0.5", "random", "QQ-99"], "Jh7h3c4d", ""),
                50,
            ),
            (
                Spot::of_game(
                    short,
                    vec![
                        crate::Range::parse("AK,KQ").unwrap(),
                        crate::Range::parse("random").unwrap(),
                    ],
                    Vec::new(),
                    Vec::new(),
                )
                .unwrap(),
                1 << 16,
            ),
        ];
        for (game, chunk) in spots {
            let sampler = Sampler::new(&game, 5).unwrap();
            assert!(sampler.is_stratified());
            let exact = enumerate(&game, &game.assignments(u128::MAX).unwrap());
            let mc = sampler.simulate(5, &ChunkPlan::with_chunk_rounds(300_000, chunk), None);
            for (e, m) in exact.equities(true).iter().zip(&mc.equities(false)) {
                let z = (m.equity - e.equity) / m.std_error;
                assert!(
                    z.abs() < 4.0,
                    "{game:?}: {} vs {} (z {z})",
                    m.equity,
                    e.equity
                );
            }
        }
    }

    #[test]
    fn weights_are_divided_by_their_common_divisor() {
        let (_, spot, assignments) = weighted_spot();
        let divisor = assignments.total_weight / u128::from(*spot.cumulative.last().unwrap());
        assert!(divisor > 1);
        assert_eq!(
            assignments.weights.iter().fold(0, |g, &w| gcd(g, w)),
            divisor
        );
    }
}
