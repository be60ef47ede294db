//! Exact equity with one draw to come: every way to fill every hand from the stub, each
//! equally likely, counted without dealing them one by one.
//!
//! Each player's completions are listed and valued once ([`Completions`]). In the games with
//! one value per hand, the player with the most completions is counted last: for each tuple
//! of the other players' completions that share no card, its completions avoiding those cards
//! are counted below, at and above the others' best value by inclusion–exclusion over an index
//! of its completions by the cards they contain ([`ContainedIndex`]), three records per tuple
//! instead of one per completion. Hi/lo hands carry two values, so there every tuple of all
//! players is recorded, as is any spot whose index would be too large.
//!
//! ```text
//!  seat 0 completions ──par pieces──▶ seat 1 completions (disjoint) ─▶ … ─▶ leaf: others' best m
//!                                                                         │ index.avoiding(used, m)
//!                                                                         ▼ below · equal · above
//!                                                         PotTally::record_times (last at 0, m, m+1)
//! ```

use deck::Card;
use engine::Watch;
use engine::choose::CHOOSE;
use engine::{ExactCost, ExactLimits, Method};
use rayon::prelude::*;

use crate::completions::{Completions, ContainedIndex, for_each_combination};
use crate::draws_exact::{DrawsCost, draws_cost};
use crate::error::DrawError;
use crate::game::Scoring;
use crate::rank_classes::for_each_rank_class;
use crate::ranking::{Ranking, with_ranking};
use crate::spot::Spot;
use crate::tally::LocalTally;

/// The draw games' limits on exact counting, in counting steps: a step is about one
/// inclusion–exclusion look-up or one recorded showdown, a few nanoseconds of one core.
/// [`Method::Auto`] counts exactly up to about 0.1 s of one core; [`Method::Exact`] refuses
/// more than about ten minutes.
pub const EXACT_LIMITS: ExactLimits = ExactLimits {
    auto: 30_000_000,
    max: 200_000_000_000,
    unit: "counting steps",
};

/// The largest index of one player's completions, in entries (4 bytes each).
const INDEX_MAX: usize = 1 << 25;

/// First-seat completions per piece of parallel work (and between stop checks).
const PIECE: usize = 64;

/// How a spot is counted.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Counting {
    /// Seats walked through tuple by tuple, in order.
    walked: Vec<usize>,
    /// The seat counted through its index, if any, and the index's depth.
    indexed: Option<(usize, usize)>,
    /// Every other seat stands pat: the one drawing seat's completions are streamed, each
    /// valued and counted once, none stored.
    streamed: Option<usize>,
    /// Counting steps, at most.
    steps: u128,
}

/// How `spot` is counted: which seat is indexed and the steps it takes.
fn counting(spot: &Spot) -> Counting {
    let n = spot.stub().len();
    let seats = spot.players.len();
    let count = |s: usize| u128::from(CHOOSE[n][spot.drawn(s)]);
    let valued: u128 = (0..seats).map(count).sum();
    let all: Vec<usize> = (0..seats).collect();
    let product = |seats: &[usize]| seats.iter().map(|&s| count(s)).product::<u128>();
    let naive = Counting {
        walked: all.clone(),
        indexed: None,
        streamed: None,
        steps: valued.saturating_add(product(&all)),
    };
    let last = (0..seats).max_by_key(|&s| (count(s), s)).unwrap_or(0);
    let walked: Vec<usize> = all.iter().copied().filter(|&s| s != last).collect();
    let used: usize = walked.iter().map(|&s| spot.drawn(s)).sum();
    if used == 0 {
        return Counting {
            walked,
            indexed: None,
            streamed: Some(last),
            steps: valued,
        };
    }
    if spot.game.is_hilo() {
        return naive;
    }
    let draw = spot.drawn(last);
    let depth = draw.min(used);
    let entries = ContainedIndex::entries(count(last) as usize, draw, depth);
    if entries > INDEX_MAX {
        return naive;
    }
    let lookups: u128 = (0..=depth).map(|s| u128::from(CHOOSE[used][s])).sum();
    let indexed = Counting {
        steps: valued
            .saturating_add(entries as u128)
            .saturating_add(product(&walked).saturating_mul(lookups)),
        walked,
        indexed: Some((last, depth)),
        streamed: None,
    };
    if indexed.steps < naive.steps {
        indexed
    } else {
        naive
    }
}

/// The counting steps of an exact run of `spot` (one draw to come).
pub fn exact_steps(spot: &Spot) -> u128 {
    counting(spot).steps
}

/// The method a run of `spot` uses: [`Method::Auto`] resolved against [`EXACT_LIMITS`]. More
/// than one draw is counted exactly only where [`draws_cost`] proves the stub cannot run out
/// and puts the work within the limits.
///
/// # Errors
/// [`DrawError::Method`] for an exact run of one draw above the limit, a target outside
/// (0, 1) or zero rounds; [`DrawError::ExactDraws`] for an exact run of more draws that is
/// above the limit or could run the stub out.
pub fn resolve(method: &Method, spot: &Spot) -> Result<Method, DrawError> {
    if spot.draws == 1 {
        return Ok(method.resolve(&ExactCost::Work(exact_steps(spot)), &EXACT_LIMITS)?);
    }
    let cost = draws_cost(spot);
    let work = match cost {
        DrawsCost::Work(steps) => steps,
        _ => u128::MAX,
    };
    if *method == Method::Exact && work > EXACT_LIMITS.max {
        return Err(DrawError::ExactDraws {
            draws: spot.draws,
            cost,
            limit: EXACT_LIMITS.max,
        });
    }
    Ok(method.resolve(&ExactCost::Work(work), &EXACT_LIMITS)?)
}

/// Counts every outcome of `spot`'s one draw, asking `stop` between pieces of work: `None`
/// when it said to stop.
pub fn count(spot: &Spot, stop: &dyn Watch) -> Option<LocalTally> {
    with_ranking!(spot.game.scoring(), R => count_as::<R>(spot, stop))
}

fn count_as<R: Ranking>(spot: &Spot, stop: &dyn Watch) -> Option<LocalTally> {
    let stub = spot.stub();
    let plan = counting(spot);
    if let Some(seat) = plan.streamed {
        return count_streamed::<R>(spot, &stub, seat, stop);
    }
    let seats = spot.players.len();
    let completions: Vec<Completions> = (0..seats)
        .into_par_iter()
        .map(|s| Completions::of::<R>(&spot.players[s].kept, &stub, spot.drawn(s)))
        .collect();
    let index = plan
        .indexed
        .map(|(s, depth)| ContainedIndex::new(&completions[s], stub.len(), spot.drawn(s), depth));
    let walk = Walk {
        completions: &completions,
        walked: &plan.walked,
        indexed: plan.indexed.map(|(s, _)| s).zip(index.as_ref()),
        seats,
    };
    let first = &completions[plan.walked[0]];
    let pieces: Vec<usize> = (0..first.len()).step_by(PIECE).collect();
    pieces
        .into_par_iter()
        .map(|from| {
            if stop.should_stop() {
                return None;
            }
            let mut tally = LocalTally::new(seats);
            let mut state = Leaf::new();
            for i in from..(from + PIECE).min(first.len()) {
                walk.enter::<R>(0, i, 0, &mut state, &mut tally);
            }
            Some(tally)
        })
        .reduce(|| Some(LocalTally::new(seats)), |a, b| Some(a? + b?))
}

/// Counts a spot where only `seat` draws: its completions valued by rank class
/// ([`for_each_rank_class`]; badugi, whose suits matter card by card: each completion, on the
/// rayon pool split by the first card drawn) and compared with the pat hands' best (hi/lo:
/// recorded with both halves), none stored.
fn count_streamed<R: Ranking>(
    spot: &Spot,
    stub: &[Card],
    seat: usize,
    stop: &dyn Watch,
) -> Option<LocalTally> {
    let seats = spot.players.len();
    let size = spot.game.hand_size();
    let mut fixed = Leaf::new();
    for (s, player) in spot.players.iter().enumerate() {
        if s != seat {
            fixed.main[s] = R::main(&player.kept);
            fixed.low[s] = R::low(&player.kept);
        }
    }
    let best = (0..seats)
        .filter(|&s| s != seat)
        .map(|s| fixed.main[s])
        .max()
        .unwrap_or(0);
    let kept = &spot.players[seat].kept;
    let draw = size - kept.len();
    let record = |tally: &mut LocalTally, leaf: &mut Leaf, value: u32, low: u8, times: u64| {
        leaf.record::<R>(tally, seats, seat, (value, low), times);
    };
    if spot.game.scoring() != Scoring::Badugi {
        // Valued by rank classes: thousands of representatives instead of every completion.
        let mut tally = LocalTally::new(seats);
        let mut leaf = fixed;
        let (mut below, mut equal, mut over) = (0u64, 0u64, 0u64);
        for_each_rank_class(kept, stub, draw, size, |hand, ways| {
            let value = R::main(hand);
            if R::HILO {
                record(&mut tally, &mut leaf, value, R::low(hand), ways);
            } else if value < best {
                below += ways;
            } else if value == best {
                equal += ways;
            } else {
                over += ways;
            }
        });
        leaf.record_split::<R>(&mut tally, seats, seat, best, [below, equal, over]);
        return Some(tally);
    }
    let mut hand = [Card::from_index(0); 5];
    hand[..kept.len()].copy_from_slice(kept);
    if draw == 0 {
        let mut tally = LocalTally::new(seats);
        let mut leaf = fixed;
        record(&mut tally, &mut leaf, R::main(kept), R::low(kept), 1);
        return Some(tally);
    }
    (0..stub.len())
        .into_par_iter()
        .map(|first| {
            if stop.should_stop() {
                return None;
            }
            let mut tally = LocalTally::new(seats);
            let mut leaf = fixed;
            let mut hand = hand;
            hand[kept.len()] = stub[first];
            let above = &stub[first + 1..];
            let (mut below, mut equal, mut over) = (0u64, 0u64, 0u64);
            for_each_combination(above.len(), draw - 1, |positions| {
                for (slot, &p) in positions.iter().enumerate() {
                    hand[kept.len() + 1 + slot] = above[p as usize];
                }
                let value = R::main(&hand[..size]);
                if R::HILO {
                    record(&mut tally, &mut leaf, value, R::low(&hand[..size]), 1);
                } else {
                    below += u64::from(value < best);
                    equal += u64::from(value == best);
                    over += u64::from(value > best);
                }
            });
            leaf.record_split::<R>(&mut tally, seats, seat, best, [below, equal, over]);
            Some(tally)
        })
        .reduce(|| Some(LocalTally::new(seats)), |a, b| Some(a? + b?))
}

/// The values of the seats walked so far.
#[derive(Clone, Copy)]
struct Leaf {
    main: [u32; engine::MAX_PLAYERS],
    low: [u8; engine::MAX_PLAYERS],
}

impl Leaf {
    fn new() -> Leaf {
        Leaf {
            main: [0; engine::MAX_PLAYERS],
            low: [0; engine::MAX_PLAYERS],
        }
    }

    /// Records `seat`'s showdowns against the other seats' best value `best`: `counts` of them
    /// below it, equal to it and above it (one value stands for each: 0, `best`, `best + 1`;
    /// one-value games only).
    #[inline(always)]
    fn record_split<R: Ranking>(
        &mut self,
        tally: &mut LocalTally,
        seats: usize,
        seat: usize,
        best: u32,
        counts: [u64; 3],
    ) {
        for (value, times) in [0, best, best + 1].into_iter().zip(counts) {
            self.record::<R>(tally, seats, seat, (value, 0), times);
        }
    }

    /// Records `times` showdowns where `seat` holds `value` (main, low) and the other seats
    /// what the leaf holds; nothing for none.
    #[inline(always)]
    fn record<R: Ranking>(
        &mut self,
        tally: &mut LocalTally,
        seats: usize,
        seat: usize,
        value: (u32, u8),
        times: u64,
    ) {
        if times > 0 {
            self.main[seat] = value.0;
            self.low[seat] = value.1;
            let low: &[u8] = &self.low[..seats];
            tally.record_times(&self.main[..seats], R::HILO.then_some(low), times);
        }
    }
}

/// What the walk over tuples reads.
struct Walk<'a> {
    completions: &'a [Completions],
    walked: &'a [usize],
    indexed: Option<(usize, &'a ContainedIndex)>,
    seats: usize,
}

impl Walk<'_> {
    /// Takes completion `i` of the `depth`-th walked seat, then every disjoint completion of
    /// the next, down to the leaf.
    #[inline]
    fn enter<R: Ranking>(
        &self,
        depth: usize,
        i: usize,
        used: u64,
        leaf: &mut Leaf,
        tally: &mut LocalTally,
    ) {
        let seat = self.walked[depth];
        let own = &self.completions[seat];
        let used = used | own.masks[i];
        leaf.main[seat] = own.main[i];
        if R::HILO {
            leaf.low[seat] = own.low[i];
        }
        if depth + 1 < self.walked.len() {
            let next = &self.completions[self.walked[depth + 1]];
            for (j, &mask) in next.masks.iter().enumerate() {
                if mask & used == 0 {
                    self.enter::<R>(depth + 1, j, used, leaf, tally);
                }
            }
            return;
        }
        let Some((last, index)) = self.indexed else {
            tally.record(
                &leaf.main[..self.seats],
                R::HILO.then_some(&leaf.low[..self.seats]),
            );
            return;
        };
        let mut positions = [0u8; 64];
        let mut count = 0;
        let mut rest = used;
        while rest != 0 {
            positions[count] = rest.trailing_zeros() as u8;
            count += 1;
            rest &= rest - 1;
        }
        let best = self.walked.iter().map(|&s| leaf.main[s]).max().unwrap_or(0);
        let (total, below, equal) = index.avoiding(&positions[..count], best);
        let split = [below, equal, total - below - equal].map(|n| n as u64);
        leaf.record_split::<R>(tally, self.seats, last, best, split);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// Every tuple of completions recorded one by one: the slow count.
    fn scan(spot: &Spot) -> LocalTally {
        let stub = spot.stub();
        let seats = spot.players.len();
        let all: Vec<Completions> = (0..seats)
            .map(|s| {
                with_ranking!(spot.game.scoring(), R => Completions::of::<R>(&spot.players[s].kept, &stub, spot.drawn(s)))
            })
            .collect();
        let mut tally = LocalTally::new(seats);
        let mut picks = vec![0usize; seats];
        fn go(
            all: &[Completions],
            picks: &mut Vec<usize>,
            seat: usize,
            used: u64,
            hilo: bool,
            tally: &mut LocalTally,
        ) {
            if seat == all.len() {
                let main: Vec<u32> = picks
                    .iter()
                    .enumerate()
                    .map(|(s, &i)| all[s].main[i])
                    .collect();
                let low: Vec<u8> = if hilo {
                    picks
                        .iter()
                        .enumerate()
                        .map(|(s, &i)| all[s].low[i])
                        .collect()
                } else {
                    vec![]
                };
                tally.record(&main, hilo.then_some(&low[..]));
                return;
            }
            for (i, &m) in all[seat].masks.iter().enumerate() {
                if m & used == 0 {
                    picks[seat] = i;
                    go(all, picks, seat + 1, used | m, hilo, tally);
                }
            }
        }
        go(&all, &mut picks, 0, 0, spot.game.is_hilo(), &mut tally);
        tally
    }

    #[test]
    fn the_index_counts_what_the_scan_counts() {
        for (game, players, dead) in [
            (
                Game::Lowball27,
                &["7c5d2h3s", "8h6d4c2s"][..],
                "Kh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Ks Kd Kc Qh Qs Qc Jh Js Jd",
            ),
            (
                Game::LowballA5,
                &["Ac2d3h", "4c5d", "6s7s8h"][..],
                "Kh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Ks Kd Kc Qh Qs Qc Jh Js Jd",
            ),
            (
                Game::Badugi,
                &["Ac2d", "3h", "5s6c7h"][..],
                "Kh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Ks Kd Kc Qh Qs Qc Jh Js Jd",
            ),
            (
                Game::Draw5,
                &["AcAd", "KhKdKs", "2c3c4c5c"][..],
                "Qh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Qs Kc Jh Js Jd",
            ),
            // Only one seat draws: streamed, hi/lo and not; then nobody draws.
            (
                Game::Draw5HiLo,
                &["Ac2d3h4s6c", "KhKd8c", "7h7c8d9s6s"][..],
                "Qh Qd Jc Ts 9h 9d 9c Tc Td Th Qs Kc Jh Js Jd",
            ),
            (
                Game::Lowball27,
                &["random", "7h5c4d3s2h", "8h6c4s3d2c"][..],
                "Qh Qd Jc Ts 9h 9d 9c Tc Td Th Qs Kc Jh Js Jd Kh Kd",
            ),
            (Game::Badugi, &["Ac2d3h4s", "Ah2c3d4c"][..], ""),
            (
                Game::Draw5HiLo,
                &["Ac2d3h", "KhKd8c", "4s5s6s7s"][..],
                "Qh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Qs Kc Jh Js Jd",
            ),
        ] {
            let spot = Spot::parse(game, players, dead).unwrap();
            let fast = count(&spot, &|| false).unwrap();
            assert_eq!(fast, scan(&spot), "{game} {players:?}");
        }
    }
}
