//! Exact runout counts when players hold ranges or are random (`--boards 2`, `--runs N`): every
//! conflict-free assignment of one hand per player, weighted by the product of its hands'
//! weights, times every runout, counted by the family's fixed-hand path and summed as integers
//! ([`engine::runouts::count_ranged_exact_until_stopped`]); the cost (assignments × deals of
//! one assignment) is counted before exact is chosen.
//!
//! ```text
//!  ranges ──choices──▶ assignments (disjoint hands, weight = Π weights, reduced by their gcd)
//!                        │ count ≤ limit / deals per assignment, else Monte Carlo (or refused)
//!                        ▼
//!         Σ weight · exact counts(fixed hands, pool − their cards)      divided once when read
//! ```

use deck::Card;
use engine::runouts::{
    HandChoices, RunoutCounts, RunoutDeal, assignments, count_ranged_exact_until_stopped,
    reduce_weights,
};
use engine::two_card_range::combo_mask;
use engine::{DeckKind, Game, Watch};

use crate::family::EquitySpot;

/// Assignments listed at most, whatever the deals of one (each is a small list).
const MAX_ASSIGNMENTS: u128 = 2_000_000;

/// Each player's hands, by family.
#[derive(Debug, Clone, PartialEq)]
enum RangedHands {
    Holdem(Vec<Vec<holdem::range::Combo>>),
    Omaha(Vec<Vec<omaha::range::HoleCards>>),
}

/// An exact count of ranged players' runouts, its assignments listed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RangedExact {
    hands: RangedHands,
    choices: Vec<HandChoices>,
    assignments: Vec<(Vec<usize>, u128)>,
    /// The boards' stubs and every card on no board and not dead (the hands' cards included).
    deal: RunoutDeal,
    game: engine::Game,
}

/// What counting exactly would take, or why it cannot be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RangedCost {
    /// Assignments of the ranges' hands (`None`: more than could be listed).
    pub(crate) assignments: Option<u128>,
    /// Deals of one assignment.
    pub(crate) deals_each: u128,
    /// Board evaluations of one assignment.
    pub(crate) evaluations_each: u128,
}

impl RangedCost {
    /// Deals in all (`None` when the assignments could not be listed).
    pub(crate) fn deals(self) -> Option<u128> {
        self.assignments.map(|a| a.saturating_mul(self.deals_each))
    }

    /// Board evaluations in all.
    pub(crate) fn evaluations(self) -> Option<u128> {
        self.assignments
            .map(|a| a.saturating_mul(self.evaluations_each))
    }
}

/// Each player's hands of `spot` with their weights; `None` for an Omaha `random` player
/// (too many hands to list).
fn choices(spot: &EquitySpot) -> Option<(RangedHands, Vec<HandChoices>)> {
    match spot {
        EquitySpot::Holdem(s) => {
            let hands: Vec<Vec<holdem::range::Combo>> =
                s.players.iter().map(|r| r.combos.clone()).collect();
            let choices = s
                .players
                .iter()
                .map(|r| {
                    r.combos
                        .iter()
                        .zip(&r.weights)
                        .map(|(&c, &w)| (combo_mask(c), u64::from(w)))
                        .collect()
                })
                .collect();
            Some((RangedHands::Holdem(hands), choices))
        }
        EquitySpot::Omaha(s) => {
            if s.players.iter().any(|r| r.random) {
                return None;
            }
            let n = s.game.hole_cards();
            let hands: Vec<Vec<omaha::range::HoleCards>> =
                s.players.iter().map(|r| r.hands.clone()).collect();
            let choices = s
                .players
                .iter()
                .map(|r| {
                    r.hands
                        .iter()
                        .zip(&r.weights)
                        .map(|(h, &w)| {
                            let mask = h[..n].iter().fold(0u64, |m, c| m | 1 << c.index());
                            (mask, u64::from(w))
                        })
                        .collect()
                })
                .collect();
            Some((RangedHands::Omaha(hands), choices))
        }
        // A family without a board has no runouts.
        _ => None,
    }
}

/// Every card of `game`'s deck on neither board and not dead.
pub(crate) fn open_pool(game: Game, first: &[Card], second: &[Card], dead: &[Card]) -> Vec<Card> {
    let short = matches!(game.spec().deck, DeckKind::Short);
    Card::all()
        .filter(|c| {
            !first.contains(c)
                && !second.contains(c)
                && !dead.contains(c)
                && (!short || c.in_short_deck())
        })
        .collect()
}

impl RangedExact {
    /// Lists the assignments of `spot`'s hands on boards `stubs` with `open` the cards on no
    /// board and not dead, when at most `max_deals` deals in all count them: `Ok` with the
    /// plan, else `Err` with the cost (assignments `None` when past what could be listed, or
    /// when the weights times the deals could pass a 64-bit count).
    pub(crate) fn plan(
        spot: &EquitySpot,
        stubs: Vec<Vec<Card>>,
        open: Vec<Card>,
        max_deals: u128,
    ) -> Result<Self, RangedCost> {
        let game = spot.family_spot().game();
        let players = spot.family_spot().hands().len();
        let held = players * game.hole_cards();
        let one = RunoutDeal {
            stubs: stubs.clone(),
            pool: open[..open.len().saturating_sub(held)].to_vec(),
        };
        let (evaluations_each, deals_each) = one.exact_cost();
        let too_many = RangedCost {
            assignments: None,
            deals_each,
            evaluations_each,
        };
        let Some((hands, mut choices)) = choices(spot) else {
            return Err(too_many);
        };
        reduce_weights(&mut choices);
        let limit = (max_deals / deals_each.max(1)).min(MAX_ASSIGNMENTS);
        let open_mask = open.iter().fold(0u64, |m, c| m | 1 << c.index());
        let listed = assignments(&choices, open_mask, limit as usize).ok_or(too_many)?;
        let total_weight: u128 = listed.iter().map(|(_, w)| w).sum();
        let cost = RangedCost {
            assignments: Some(listed.len() as u128),
            ..too_many
        };
        if total_weight.saturating_mul(deals_each) > u128::from(u64::MAX) {
            return Err(RangedCost {
                assignments: None,
                ..cost
            });
        }
        if cost.deals().is_none_or(|d| d > max_deals) {
            return Err(cost);
        }
        Ok(Self {
            hands,
            choices,
            assignments: listed,
            deal: RunoutDeal { stubs, pool: open },
            game,
        })
    }

    /// The cost of the listed plan.
    pub(crate) fn cost(&self) -> RangedCost {
        let held = self.choices.len() * self.game.hole_cards();
        let one = RunoutDeal {
            stubs: self.deal.stubs.clone(),
            pool: self.deal.pool[..self.deal.pool.len().saturating_sub(held)].to_vec(),
        };
        let (evaluations_each, deals_each) = one.exact_cost();
        RangedCost {
            assignments: Some(self.assignments.len() as u128),
            deals_each,
            evaluations_each,
        }
    }

    /// Whether no assignment fits (the ranges block each other everywhere).
    pub(crate) fn is_empty(&self) -> bool {
        self.assignments.is_empty()
    }

    /// Counts every assignment's runouts on the current rayon pool, asking `stop` between
    /// pieces: `None` when it said to stop.
    pub(crate) fn run(&self, stop: &dyn Watch) -> Option<RunoutCounts> {
        let game = self.game;
        count_ranged_exact_until_stopped(
            &self.choices,
            &self.assignments,
            &self.deal,
            |picked, deal, stop| match &self.hands {
                RangedHands::Holdem(h) => {
                    let holes: Vec<_> = picked.iter().zip(h).map(|(&i, hs)| hs[i]).collect();
                    holdem::runouts::runouts_until_stopped(game, &holes, deal, None, stop)
                }
                RangedHands::Omaha(h) => {
                    let holes: Vec<_> = picked.iter().zip(h).map(|(&i, hs)| hs[i]).collect();
                    omaha::runouts::runouts_until_stopped(game, &holes, deal, None, stop)
                }
            },
            stop,
        )
    }
}
