//! One player's draws by the pat rule ([`crate::rule`]), every way they can go: the
//! enumeration the exact counts of more than one draw ([`crate::draws_exact`],
//! [`crate::draws_table`]) are made of, and the bound on its size that decides whether they
//! are made.
//!
//! A path is the cards a player receives, draw by draw, until the last draw or until they stand
//! pat (a pat hand never changes again). Each draw takes an unordered set of the cards still
//! unseen; its order matters only when the rule will look at the hand again and two cards of the
//! draw share a rank (the rule keeps the first of a rank; in badugi the first of equal badugis),
//! so such a set is visited once per order, any other once with the weight `k!` of its orders.
//! A path's weight is then the number of ordered deals that make it:
//!
//! ```text
//!  kept 7c5d4h3s ──draw 1──▶ +Kd  (weight 1) ──rule: keep 7543──▶ +2c ──last draw──▶ 7-5-4-3-2
//!                           └▶ +8h ── rule: 8-7-5-4-3 ≤ pat 9: stands pat ──────────▶ 8-7-5-4-3
//!  kept Ac ──draw 1──▶ {2d 2s 9h}: two deuces, the rule will look again: 3! orders, weight 1 each
//! ```
//!
//! Every player's path is drawn from the same stub. As long as the stub cannot run out, the
//! players' paths are equally likely whichever order the cards are dealt in (each joint path of
//! `T` cards in all has probability `weight / (n)_T`, `n` unseen cards, `(n)_T` the falling
//! factorial), so each player's paths can be listed apart and paired when they share no card.

use deck::Card;
use engine::choose::CHOOSE;

use crate::completions::for_each_combination;
use crate::game::Scoring;
use crate::rule;

/// What a walk over one player's paths reads.
struct Walker<'a, F> {
    scoring: Scoring,
    stub: &'a [Card],
    size: usize,
    pat: u8,
    visit: F,
    /// The first draw's forced lowest stub position, until that draw is made.
    first: Option<u8>,
}

/// Calls `visit(hand, used, drawn, weight)` once per path of a player keeping `kept` with
/// `draws` draws to come and pat rank `pat`: the final hand (`size` cards), the stub
/// positions it received (bit `i`: `stub[i]`), how many, and the path's weight (the ordered
/// deals it stands for). With `lowest`, only the paths whose first draw's lowest stub
/// position is `lowest` (a piece of the work; a first draw of no card has none).
#[allow(clippy::too_many_arguments)]
pub(crate) fn for_each_path(
    scoring: Scoring,
    kept: &[Card],
    stub: &[Card],
    lowest: Option<usize>,
    size: usize,
    draws: u32,
    pat: u8,
    visit: impl FnMut(&[Card], u64, usize, u64),
) {
    let mut walker = Walker {
        scoring,
        stub,
        size,
        pat,
        visit,
        first: None,
    };
    let mut hand = [Card::from_index(0); 5];
    hand[..kept.len()].copy_from_slice(kept);
    match lowest {
        None => walker.fill(hand, kept.len(), 0, 0, 1, draws - 1),
        Some(_) if kept.len() == size => {}
        Some(low) => {
            walker.first = Some(low as u8);
            walker.fill(hand, kept.len(), 0, 0, 1, draws - 1);
        }
    }
}

impl<F: FnMut(&[Card], u64, usize, u64)> Walker<'_, F> {
    /// Draws the hand full from the positions not in `used`, then plays the `later` draws.
    fn fill(
        &mut self,
        hand: [Card; 5],
        held: usize,
        used: u64,
        drawn: usize,
        weight: u64,
        later: u32,
    ) {
        let k = self.size - held;
        // A forced lowest card (a piece of the first draw): it is drawn, and the rest come
        // from above it.
        let forced = self.first.take();
        let blocked = forced.map_or(used, |low| used | ((1u64 << low << 1) - 1));
        let mut open = [0u8; 52];
        let mut count = 0;
        for p in 0..self.stub.len() {
            if blocked >> p & 1 == 0 {
                open[count] = p as u8;
                count += 1;
            }
        }
        let own = usize::from(forced.is_some());
        for_each_combination(count, k - own, |picks| {
            let mut next = hand;
            let mut mask = 0u64;
            let mut ranks = 0u16;
            let mut tie = false;
            let positions = forced
                .into_iter()
                .chain(picks.iter().map(|&i| open[i as usize]));
            for (slot, p) in positions.enumerate() {
                let card = self.stub[p as usize];
                next[held + slot] = card;
                mask |= 1 << p;
                tie |= ranks >> card.rank() & 1 == 1;
                ranks |= 1 << card.rank();
            }
            let used = used | mask;
            if later > 0 && tie {
                // The rule will read the order: every order once.
                let mut order = [0u8; 5];
                for (slot, o) in order.iter_mut().enumerate().take(k) {
                    *o = slot as u8;
                }
                permute(&mut order[..k], 0, &mut |order| {
                    let mut ordered = next;
                    for (slot, &o) in order.iter().enumerate() {
                        ordered[held + slot] = next[held + o as usize];
                    }
                    self.after(ordered, used, drawn + k, weight, later);
                });
            } else {
                self.after(next, used, drawn + k, weight * FACTORIAL[k], later);
            }
        });
    }

    /// A full hand with `later` draws to come: visited, or its kept cards drawn to again.
    fn after(&mut self, hand: [Card; 5], used: u64, drawn: usize, weight: u64, later: u32) {
        let size = self.size;
        let kept = if later == 0 {
            (1 << size) - 1
        } else {
            rule::kept(self.scoring, &hand[..size], self.pat)
        };
        if kept.count_ones() as usize == size {
            (self.visit)(&hand[..size], used, drawn, weight);
            return;
        }
        let mut next = hand;
        let mut held = 0;
        for (slot, &card) in hand[..size].iter().enumerate() {
            if kept >> slot & 1 == 1 {
                next[held] = card;
                held += 1;
            }
        }
        self.fill(next, held, used, drawn, weight, later - 1);
    }
}

/// `k!` for `k` up to 5.
const FACTORIAL: [u64; 6] = [1, 1, 2, 6, 24, 120];

/// Calls `visit` with every order of `items` (from position `at` on), each once.
fn permute(items: &mut [u8], at: usize, visit: &mut dyn FnMut(&[u8])) {
    if at + 1 >= items.len() {
        visit(items);
        return;
    }
    for i in at..items.len() {
        items.swap(at, i);
        permute(items, at + 1, visit);
        items.swap(at, i);
    }
}

/// A bound on one player's paths, known before they are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PathBound {
    /// Paths, at most (each draw counted as all its sets, in every order where the rule reads
    /// the order).
    pub paths: u128,
    /// Cards received in all, at most.
    pub cards: usize,
}

/// The bound on the paths of a player keeping `kept` with `draws` draws to come, `n` unseen
/// cards. A later draw takes at most the cards the rule does not keep from `kept` itself: the
/// cards it keeps (one per rank at or below the pat rank; in badugi the best such badugi) stay
/// kept or grow in number at every later draw, except that 2-7 breaks a straight or a flush of
/// five such cards, which then draws one.
pub(crate) fn path_bound(
    scoring: Scoring,
    kept: &[Card],
    size: usize,
    n: usize,
    draws: u32,
    pat: u8,
) -> PathBound {
    let first = size - kept.len();
    let sure = rule::kept(scoring, kept, pat).count_ones() as usize;
    if draws > 1 && first == 0 && sure == size {
        return PathBound { paths: 1, cards: 0 };
    }
    let later = if draws > 1 {
        size - sure.min(size - 1)
    } else {
        0
    };
    // Sets of `k` of `n` cards, in every order when the rule reads the order afterwards.
    // A later draw may take fewer cards: the most sets of any size up to `k`.
    let sets = |k: usize, ordered: bool| -> u128 {
        (0..=k.min(n))
            .map(|j| {
                let sets = u128::from(CHOOSE[n.min(52)][j]);
                if ordered {
                    sets * u128::from(FACTORIAL[j])
                } else {
                    sets
                }
            })
            .max()
            .unwrap_or(1)
    };
    let mut paths = sets(first, draws > 1);
    for draw in 2..=draws {
        paths = paths.saturating_mul(sets(later, draw < draws));
    }
    PathBound {
        paths,
        cards: first + (draws as usize - 1) * later,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draws_exact::falling;
    use crate::rule::DEFAULT_PAT;
    use deck::parse_cards;

    /// Every path's weight times `(n − T)_(T_max − T)`, added up: all `(n)_(T_max)` ordered
    /// deals of the most cards a path takes, each once.
    fn deals(scoring: Scoring, kept: &str, dead: &str, draws: u32) -> (u128, u128) {
        let kept = parse_cards(kept).unwrap();
        let dead = parse_cards(dead).unwrap();
        let stub: Vec<Card> = Card::all()
            .filter(|c| !kept.contains(c) && !dead.contains(c))
            .collect();
        let n = stub.len();
        let size = if scoring == Scoring::Badugi { 4 } else { 5 };
        let bound = path_bound(scoring, &kept, size, n, draws, DEFAULT_PAT);
        let mut by_drawn = vec![0u128; bound.cards + 1];
        let mut paths = 0u128;
        for_each_path(
            scoring,
            &kept,
            &stub,
            None,
            size,
            draws,
            DEFAULT_PAT,
            |hand, used, drawn, weight| {
                assert_eq!(hand.len(), size);
                assert_eq!(used.count_ones() as usize, drawn);
                assert!(drawn <= bound.cards, "{drawn} > {}", bound.cards);
                by_drawn[drawn] += u128::from(weight);
                paths += 1;
            },
        );
        assert!(paths <= bound.paths, "{paths} > {}", bound.paths);
        let most = by_drawn.iter().rposition(|&w| w > 0).unwrap();
        let sum = (0..=most)
            .map(|t| by_drawn[t] * falling(n - t, most - t).unwrap())
            .sum();
        (sum, falling(n, most).unwrap())
    }

    #[test]
    fn the_paths_of_a_player_are_every_deal_once() {
        for (scoring, kept, dead, draws) in [
            (Scoring::DeuceSeven, "7c5d4h3s", "", 3),
            (
                Scoring::DeuceSeven,
                "7c7d",
                "Kh Kd Ks Kc Qh Qd Qs Qc Jh Jd Js Jc",
                2,
            ),
            (Scoring::DeuceSeven, "6c5c4c3c2c", "", 3),
            (Scoring::AceFive, "Ac2d3h", "Kh Kd Ks Kc Qh Qd Qs Qc", 2),
            (Scoring::Badugi, "As", "Kh Kd Ks Kc Qh Qd Qs Qc Jh Jd Js", 2),
            (Scoring::Badugi, "As2d3c4h", "", 3),
        ] {
            let (sum, all) = deals(scoring, kept, dead, draws);
            assert_eq!(sum, all, "{scoring:?} {kept}");
        }
    }

    #[test]
    fn bounds_follow_the_kept_cards() {
        let bound = |scoring, kept: &str, draws| {
            let kept = parse_cards(kept).unwrap();
            path_bound(scoring, &kept, 5, 43, draws, DEFAULT_PAT)
        };
        // A one-card draw draws one card at every draw.
        assert_eq!(
            bound(Scoring::DeuceSeven, "7c5d4h3s", 3),
            PathBound {
                paths: 43 * 43 * 43,
                cards: 3
            }
        );
        // A pat nine stays pat; a pat ten breaks.
        assert_eq!(
            bound(Scoring::DeuceSeven, "9c7d5h3s2c", 3),
            PathBound { paths: 1, cards: 0 }
        );
        assert_eq!(bound(Scoring::DeuceSeven, "Tc7d5h3s2c", 2).cards, 1);
        // A six-high straight breaks its six, then draws one at most.
        assert_eq!(bound(Scoring::DeuceSeven, "6c5d4h3s2c", 3).cards, 2);
        // Aces are high in 2-7: a kept ace may be thrown.
        assert_eq!(bound(Scoring::DeuceSeven, "Ac2d", 2).cards, 3 + 4);
        assert_eq!(bound(Scoring::AceFive, "Ac2d", 2).cards, 3 + 3);
    }
}
