//! The starting-hand classes of a game ([`classes`]) and their heads-up matchups counted
//! exactly: the conflict-free combo matchups of two classes grouped by suit symmetry
//! ([`matchup_groups`]), one exact count per group ([`heads_up`]), and the sums of every class
//! pair (`pair_sums_until_stopped`) that the preflop matrix and the ranking against one
//! random hand are both made from.

use std::collections::BTreeMap;

use deck::Card;
use engine::{Game, Watch};
use rayon::prelude::*;

use crate::isomorphic::BoardCounter;
use crate::range::{self, Combo, HandClass, Range, combo_mask};
use crate::spot::Spot;

/// The starting-hand classes of `game`, in [`HandClass::all`] order: all 169 in hold'em; in
/// short deck the 81 whose ranks are six or higher (9 pairs, 36 suited, 36 offsuit).
pub fn classes(game: Game) -> Vec<HandClass> {
    let lowest = game.spec().deck.lowest_rank();
    HandClass::all()
        .into_iter()
        .filter(|c| c.low >= lowest)
        .collect()
}

/// Applies suit permutation `perm` to a combo and orders it.
fn permute(combo: Combo, perm: [u8; 4]) -> Combo {
    let map = |c: Card| Card::new(c.rank(), perm[usize::from(c.suit())]);
    let (a, b) = (map(combo[0]), map(combo[1]));
    if a.index() < b.index() {
        [a, b]
    } else {
        [b, a]
    }
}

/// The 24 permutations of the four suits.
fn suit_permutations() -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    if (0..4).all(|s| p.contains(&s)) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// The conflict-free matchups of two classes, grouped by suit symmetry: a representative of
/// each group and the group's size. Suit permutations preserve every showdown, so one exact
/// count per group suffices.
pub fn matchup_groups(a: HandClass, b: HandClass) -> Vec<([Combo; 2], u64)> {
    let perms = suit_permutations();
    let mut groups: BTreeMap<[u8; 4], ([Combo; 2], u64)> = BTreeMap::new();
    for x in a.combos() {
        for y in b.combos() {
            if combo_mask(x) & combo_mask(y) != 0 {
                continue;
            }
            let canon = perms
                .iter()
                .map(|&p| {
                    let (px, py) = (permute(x, p), permute(y, p));
                    [px[0], px[1], py[0], py[1]].map(|c| c.index() as u8)
                })
                .min()
                .unwrap_or([0; 4]);
            groups.entry(canon).or_insert(([x, y], 0)).1 += 1;
        }
    }
    groups.into_values().collect()
}

/// Exact heads-up counts of one matchup in `game`: (wins of the first, ties, boards).
pub fn heads_up(game: Game, matchup: [Combo; 2]) -> (u64, u64, u64) {
    let game = Spot {
        players: matchup
            .iter()
            .map(|c| Range {
                text: String::new(),
                combos: vec![*c],
                weights: vec![range::WEIGHT_SCALE],
                random: false,
            })
            .collect(),
        board: vec![],
        dead: vec![],
        game,
    };
    let local = BoardCounter::new(&game, &matchup).count();
    let (wins, ties, boards) = (local.shares[0][1], local.shares[0][2], local.outcomes);
    (wins, ties, boards)
}

/// The exact heads-up counts of every unordered class pair `(i, j)`, `i ≤ j`, in
/// [`classes`] order: for each pair, summed over its conflict-free combo matchups (the first
/// combo of class `i`), the first's wins, the ties, the boards, and the matchups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PairSums {
    /// The game's classes.
    pub(crate) classes: Vec<HandClass>,
    /// The class pairs `(i, j)`, `i ≤ j`.
    pub(crate) pairs: Vec<(usize, usize)>,
    /// Per pair: wins of the first class, ties, boards, matchups.
    pub(crate) sums: Vec<(u128, u128, u128, u64)>,
}

/// Counts every suit-reduced matchup of every class pair on the current rayon pool, telling
/// `on_matchup` (counted, in all) after each and asking `stop` before each: `None` when it
/// said to stop.
pub(crate) fn pair_sums_until_stopped(
    game: Game,
    on_matchup: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Option<PairSums> {
    let classes = classes(game);
    let pairs: Vec<(usize, usize)> = (0..classes.len())
        .flat_map(|i| (i..classes.len()).map(move |j| (i, j)))
        .collect();
    let jobs: Vec<(usize, [Combo; 2], u64)> = pairs
        .par_iter()
        .enumerate()
        .flat_map_iter(|(k, &(i, j))| {
            matchup_groups(classes[i], classes[j])
                .into_iter()
                .map(move |(m, n)| (k, m, n))
        })
        .collect();
    let done = std::sync::atomic::AtomicU64::new(0);
    let total = jobs.len() as u64;
    let counts: Vec<(u64, u64, u64)> = jobs
        .par_iter()
        .map(|&(_, m, _)| {
            if stop.should_stop() {
                return None;
            }
            let counts = heads_up(game, m);
            // Once per matchup (about 0.1 ms of counting), never inside the count.
            let counted = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            on_matchup(counted, total);
            Some(counts)
        })
        .collect::<Option<_>>()?;
    let mut sums = vec![(0u128, 0u128, 0u128, 0u64); pairs.len()];
    for (&(k, _, n), &(w, t, b)) in jobs.iter().zip(&counts) {
        let s = &mut sums[k];
        s.0 += u128::from(w) * u128::from(n);
        s.1 += u128::from(t) * u128::from(n);
        s.2 += u128::from(b) * u128::from(n);
        s.3 += n;
    }
    Some(PairSums {
        classes,
        pairs,
        sums,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_169_classes_covering_1326_combos() {
        let classes = HandClass::all();
        assert_eq!(classes.len(), 169);
        assert_eq!(
            classes.iter().map(|c| c.combos().len()).sum::<usize>(),
            1326
        );
        assert_eq!(classes[0].name(), "AA");
        assert_eq!(classes[1].name(), "AKs");
        assert_eq!(classes[2].name(), "AKo");
    }

    #[test]
    fn suit_groups_cover_every_conflict_free_matchup() {
        let (aa, kk) = (HandClass::pair(12), HandClass::pair(11));
        let groups = matchup_groups(aa, kk);
        assert_eq!(groups.iter().map(|g| g.1).sum::<u64>(), 36);
        // No shared suit, one shared suit, both suits shared.
        assert_eq!(groups.len(), 3);
        let ako = HandClass {
            high: 12,
            low: 11,
            kind: range::Suitedness::Offsuit,
        };
        // 12 combos, each blocked by 5 of the 12: 12 × 7 = 84.
        assert_eq!(
            matchup_groups(ako, ako).iter().map(|g| g.1).sum::<u64>(),
            84
        );
    }

    #[test]
    fn heads_up_matches_the_published_count() {
        let aa: Combo = [Card::new(12, 0), Card::new(12, 3)];
        let kk: Combo = [Card::new(11, 1), Card::new(11, 2)];
        assert_eq!(
            heads_up(Game::HOLDEM, [aa, kk]),
            (1_388_072, 6_538, 1_712_304)
        );
    }

    #[test]
    fn short_deck_has_81_classes_covering_630_combos() {
        let short = classes(Game::short_deck(eval::ShortDeckRules::default()));
        assert_eq!(short.len(), 81);
        assert_eq!(short.iter().map(|c| c.combos().len()).sum::<usize>(), 630);
        assert_eq!(short[0].name(), "AA");
        assert_eq!(short[80].name(), "66");
    }
}
