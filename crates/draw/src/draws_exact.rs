//! Exact equity with more than one draw to come, where it is cheap and provably the model the
//! Monte Carlo runs play: every way the draws can go by the pat rule, counted in integers and
//! divided once.
//!
//! The Monte Carlo deals the draws from the stub in seat order and, should the stub run out,
//! shuffles the discards into a new one. While the stub cannot run out, the order in which the
//! cards are dealt changes no probability ([`crate::later_draws`]): a joint deal of `T` cards in
//! all has probability `Π weights / (n)_T` however it was interleaved, so each player's paths
//! are listed once, on the whole stub, and paired when they share no card. The count is exact
//! only when a bound proves the stub cannot run out: the most cards every player can receive,
//! added up, is at most the unseen cards ([`draws_cost`]); else the spot is sampled.
//!
//! Counts are in ordered deals of the `T_max` next cards of the stub (`T_max` the most cards
//! the players' paths take together): a joint path of `T` cards stands for
//! `weights · (n − T)_(T_max − T)` of them, so the outcomes are exactly `(n)_(T_max)`.
//!
//! ```text
//!  seat paths (fewest first) ──par pieces──▶ next seat's paths sharing no card ─▶ … ─▶ leaf
//!                                                          record × weights into the tally of T
//!  Σ_T tally(T) · (n − T)_(T_max − T)  =  the counts over (n)_(T_max) ordered deals
//! ```

use engine::Watch;
use engine::pot_tally::lcm_up_to;
use rayon::prelude::*;

pub use crate::draws_cost::DrawsCost;
use crate::later_draws::{for_each_path, path_bound};
use crate::ranking::main_value;
use crate::spot::Spot;
use crate::tally::Tally;

/// First-seat paths per piece of parallel work (and between stop checks).
const PIECE: usize = 16;

/// One player's paths, as the count pairs them.
#[derive(Debug, Default)]
struct SeatPaths {
    main: Vec<u32>,
    used: Vec<u64>,
    drawn: Vec<u8>,
    weight: Vec<u64>,
}

/// `(n)_k = n · (n − 1) · … · (n − k + 1)`, `None` past 128 bits.
pub(crate) fn falling(n: usize, k: usize) -> Option<u128> {
    (0..k).try_fold(1u128, |f, i| f.checked_mul(n.checked_sub(i)? as u128))
}

/// What an exact count of `spot`'s draws (more than one) takes, by the bound of each player's
/// paths: listing them, then trying every tuple of the players taken fewest paths first.
pub fn draws_cost(spot: &Spot) -> DrawsCost {
    let n = spot.stub().len();
    let size = spot.game.hand_size();
    let mut bounds: Vec<_> = (0..spot.players.len())
        .map(|s| {
            let kept = &spot.players[s].kept;
            path_bound(spot.game.scoring(), kept, size, n, spot.draws, spot.pat[s])
        })
        .collect();
    let cards: usize = bounds.iter().map(|b| b.cards).sum();
    if cards > n {
        return DrawsCost::StubRunsOut { cards, unseen: n };
    }
    let pot = u128::from(2 * lcm_up_to(spot.players.len()));
    if falling(n, cards)
        .and_then(|f| f.checked_mul(pot * pot))
        .is_none()
    {
        return DrawsCost::TooLarge;
    }
    bounds.sort_by_key(|b| b.paths);
    let listed = bounds.iter().fold(0u128, |w, b| w.saturating_add(b.paths));
    let mut tuples = 1u128;
    let mut tried = 0u128;
    for bound in &bounds {
        tuples = tuples.saturating_mul(bound.paths);
        tried = tried.saturating_add(tuples);
    }
    DrawsCost::Work(listed.saturating_add(tried))
}

/// Counts every way `spot`'s draws can go, asking `stop` between pieces of work: `None` when it
/// said to stop. Only for a spot whose [`draws_cost`] is [`DrawsCost::Work`] (any number of
/// draws: with one, every completion is counted `k!` times, once per order of its cards).
pub fn count_draws(spot: &Spot, stop: &dyn Watch) -> Option<Tally> {
    let stub = spot.stub();
    let n = stub.len();
    let seats = spot.players.len();
    let size = spot.game.hand_size();
    let scoring = spot.game.scoring();
    let paths: Vec<SeatPaths> = (0..seats)
        .into_par_iter()
        .map(|s| {
            let mut out = SeatPaths::default();
            let kept = &spot.players[s].kept;
            for_each_path(
                scoring,
                kept,
                &stub,
                None,
                size,
                spot.draws,
                spot.pat[s],
                |hand, used, drawn, weight| {
                    out.main.push(main_value(scoring, hand));
                    out.used.push(used);
                    out.drawn.push(drawn as u8);
                    out.weight.push(weight);
                },
            );
            out
        })
        .collect();
    let most: usize = paths
        .iter()
        .map(|p| p.drawn.iter().copied().max().unwrap_or(0) as usize)
        .sum();
    let mut order: Vec<usize> = (0..seats).collect();
    order.sort_by_key(|&s| (paths[s].main.len(), s));
    let walk = Walk {
        paths: &paths,
        order: &order,
        seats,
        groups: most + 1,
    };
    let first = paths[order[0]].main.len();
    let pieces: Vec<usize> = (0..first).step_by(PIECE).collect();
    let groups = pieces
        .into_par_iter()
        .map(|from| {
            if stop.should_stop() {
                return None;
            }
            let mut part = Part::new(seats, walk.groups);
            let mut main = [0u32; engine::MAX_PLAYERS];
            for i in from..(from + PIECE).min(first) {
                walk.enter(0, i, 0, 0, 1, &mut main, &mut part);
            }
            Some(part)
        })
        .reduce(|| Some(Part::new(seats, walk.groups)), |a, b| Some(a? + b?))?;
    let mut total = Tally::new(seats);
    for (drawn, group) in groups.tallies.iter().enumerate() {
        let scale = falling(n - drawn, most - drawn)
            .unwrap_or_else(|| unreachable!("bounded by draws_cost"));
        add_scaled(&mut total, group, scale);
    }
    debug_assert_eq!(Some(total.outcomes), falling(n, most));
    total.samples = u128::from(groups.leaves);
    Some(total)
}

/// `total += part · scale`, count by count.
fn add_scaled(total: &mut Tally, part: &Tally, scale: u128) {
    total.outcomes += part.outcomes * scale;
    for (t, p) in total.counts.iter_mut().zip(&part.counts) {
        t.wins += p.wins * scale;
        t.ties += p.ties * scale;
        t.scoops += p.scoops * scale;
        t.high_units += p.high_units * scale;
        t.low_units += p.low_units * scale;
        t.square_units += p.square_units * scale;
    }
}

/// One piece's counts: a tally per number of cards the joint path took, and the joint paths
/// recorded.
struct Part {
    tallies: Vec<Tally>,
    leaves: u64,
}

impl Part {
    fn new(seats: usize, groups: usize) -> Part {
        Part {
            tallies: vec![Tally::new(seats); groups],
            leaves: 0,
        }
    }
}

impl std::ops::Add for Part {
    type Output = Part;

    fn add(mut self, other: Part) -> Part {
        for (a, b) in self.tallies.iter_mut().zip(other.tallies) {
            *a = *a + b;
        }
        self.leaves += other.leaves;
        self
    }
}

/// What the walk over joint paths reads.
struct Walk<'a> {
    paths: &'a [SeatPaths],
    order: &'a [usize],
    seats: usize,
    groups: usize,
}

impl Walk<'_> {
    /// Takes path `i` of the `depth`-th seat in walking order, then every path of the next
    /// that shares no card, down to the leaf.
    #[allow(clippy::too_many_arguments)]
    fn enter(
        &self,
        depth: usize,
        i: usize,
        used: u64,
        drawn: usize,
        weight: u64,
        main: &mut [u32; engine::MAX_PLAYERS],
        part: &mut Part,
    ) {
        let seat = self.order[depth];
        let own = &self.paths[seat];
        let used = used | own.used[i];
        let drawn = drawn + own.drawn[i] as usize;
        let weight = weight * own.weight[i];
        main[seat] = own.main[i];
        if depth + 1 == self.order.len() {
            debug_assert!(drawn < self.groups);
            part.tallies[drawn].record_times(&main[..self.seats], None, weight);
            part.leaves += 1;
            return;
        }
        let next = &self.paths[self.order[depth + 1]];
        for (j, &mask) in next.used.iter().enumerate() {
            if mask & used == 0 {
                self.enter(depth + 1, j, used, drawn, weight, main, part);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::count;
    use crate::game::Game;
    use crate::spot::Hand;

    fn spot(game: Game, players: &[&str], dead: &str, draws: u32, pat: &[u8]) -> Spot {
        let players = players
            .iter()
            .map(|p| Hand::parse(game, p).unwrap())
            .collect();
        Spot::new(game, players, deck::parse_cards(dead).unwrap(), draws, pat).unwrap()
    }

    #[test]
    fn one_draw_counts_each_completion_once_per_order() {
        for (game, players, dead) in [
            (Game::TripleDraw27, &["7c5d4h3s", "9c8d6h4s2c"][..], ""),
            (
                Game::TripleDrawA5,
                &["Ac2d3h", "4c5d", "6s7s8h9d"][..],
                "Kh Qd Jc Ts 9s 9h Tc Td Th Ks Kd Kc Qh Qs Qc Jh Js Jd",
            ),
            (
                Game::Badugi,
                &["Ac2d", "3h", "5s6c7h"][..],
                "Kh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Ks Kd Kc Qh Qs Qc Jh Js Jd",
            ),
        ] {
            let spot = spot(game, players, dead, 1, &[]);
            let one = count(&spot, &|| false).unwrap();
            let mut expected = Tally::new(spot.players.len());
            let orders: u64 = (0..spot.players.len())
                .map(|s| (1..=spot.drawn(s) as u64).product::<u64>())
                .product();
            expected.add_local(&one, u128::from(orders));
            let mut ours = count_draws(&spot, &|| false).unwrap();
            ours.samples = expected.samples;
            assert_eq!(ours, expected, "{game} {players:?}");
        }
    }

    #[test]
    fn costs_refuse_a_stub_that_can_run_out() {
        let five = ["random"; 5];
        let big = spot(Game::TripleDraw27, &five, "", 3, &[]);
        assert!(matches!(draws_cost(&big), DrawsCost::StubRunsOut { .. }));
        let pat = spot(Game::TripleDraw27, &["7c5d4h3s", "9c8d6h4s2c"], "", 3, &[]);
        // Listing 1 + 43³ paths, then the pat hand's one path and each of the drawer's.
        let paths = 43 * 43 * 43;
        assert_eq!(draws_cost(&pat), DrawsCost::Work(1 + paths + 1 + paths));
    }
}
