//! Assignments grouped by suit symmetry: a permutation of the suits that leaves the board and the
//! dead cards in place maps every board of one assignment onto a board of the other with the same
//! showdown, so equivalent assignments have identical outcome counts and are enumerated once.
//!
//! `AK` against `QQ` preflop is 96 assignments in 6 classes; a heads-up matchup of fixed hands is
//! one class of one.

use deck::Card;
use rayon::prelude::*;

use crate::range::Combo;
use crate::spot::{Assignments, Spot, cards_mask};
use engine::MAX_PLAYERS;

/// From this many assignments on, their keys are computed and sorted in parallel.
const PARALLEL_FROM: usize = 1 << 12;

/// One class of equivalent assignments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuitClass {
    /// The assignment enumerated for the whole class (its first member).
    pub representative: usize,
    /// Sum of the members' weights.
    pub weight: u128,
    /// Number of members.
    pub members: u64,
}

/// Every permutation of the four suits (`perm[s]` is where suit `s` goes).
fn suit_permutations() -> Vec<[u8; 4]> {
    let mut all = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in (0..4u8).filter(|&b| b != a) {
            for c in (0..4u8).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                all.push([a, b, c, d]);
            }
        }
    }
    all
}

fn permute(card: Card, perm: &[u8; 4]) -> Card {
    Card::new(card.rank(), perm[usize::from(card.suit())])
}

/// The permutations that map the board and the dead cards onto themselves (as sets).
fn stabilizer(game: &Spot) -> Vec<[u8; 4]> {
    let known: Vec<Card> = game.board.iter().chain(&game.dead).copied().collect();
    let mask = cards_mask(&known);
    suit_permutations()
        .into_iter()
        .filter(|perm| {
            let moved: Vec<Card> = known.iter().map(|&c| permute(c, perm)).collect();
            cards_mask(&moved) == mask
        })
        .collect()
}

/// How many permutations of the suits map the board and the dead cards onto themselves: at
/// most this many assignments fall into one class (24 with neither, 1 on a flop of three suits).
pub fn symmetries(game: &Spot) -> usize {
    stabilizer(game).len()
}

/// An assignment's hands under `perm`, each hand as its two card indices in order, 12 bits a
/// hand, the first player's in the top bits: the players stay in their seats.
fn key(holes: &[Combo], perm: &[u8; 4]) -> u128 {
    const { assert!(12 * MAX_PLAYERS <= 128, "every player's hand fits the key") };
    holes.iter().take(MAX_PLAYERS).fold(0u128, |key, hole| {
        let a = u128::from(permute(hole[0], perm).to_u8());
        let b = u128::from(permute(hole[1], perm).to_u8());
        key << 12 | a.min(b) << 6 | a.max(b)
    })
}

/// Groups `assignments` into classes of suit-equivalent ones, in order of their first member.
pub fn suit_classes(game: &Spot, assignments: &Assignments) -> Vec<SuitClass> {
    group(game, assignments, |_, _| {})
}

/// [`suit_classes`], and the class of every assignment (an index into the classes).
pub fn suit_classes_with_members(
    game: &Spot,
    assignments: &Assignments,
) -> (Vec<SuitClass>, Vec<u32>) {
    let mut class_of = vec![0u32; assignments.len()];
    let classes = group(game, assignments, |a, class| class_of[a] = class as u32);
    (classes, class_of)
}

/// Groups `assignments` as [`suit_classes`] does, telling `member` each assignment's class.
fn group(
    game: &Spot,
    assignments: &Assignments,
    mut member: impl FnMut(usize, usize),
) -> Vec<SuitClass> {
    let perms = stabilizer(game);
    if perms.len() == 1 {
        // Only the identity fixes the board (a flop or turn of three or four suits, say): the
        // assignments are distinct, so each is a class of its own, in order, with no keys to
        // sort (a million of them against two random hands on a turn).
        return (0..assignments.len())
            .map(|a| {
                member(a, a);
                SuitClass {
                    representative: a,
                    weight: assignments.weights[a],
                    members: 1,
                }
            })
            .collect();
    }
    group_by_keys(game, assignments, &perms, member)
}

/// [`group`] by canonical keys: each assignment's least [`key`] under `perms`. The keys are
/// computed and sorted (with their assignments) in parallel; each run of equal keys is a class,
/// its first assignment the representative, and the classes are put in order of it. Up to
/// eight players a key (12 bits a hand) and its assignment share one `u128`, which sorts
/// faster than a pair.
fn group_by_keys(
    game: &Spot,
    assignments: &Assignments,
    perms: &[[u8; 4]],
    member: impl FnMut(usize, usize),
) -> Vec<SuitClass> {
    let players = game.players.len();
    let canonical = |a: usize| {
        let holes = assignments.holes(game, a);
        perms
            .iter()
            .map(|perm| key(&holes[..players], perm))
            .min()
            .expect("the identity fixes every board")
    };
    assert!(
        u32::try_from(assignments.len()).is_ok(),
        "assignment indices fit 32 bits (exact runs take at most 2^22 assignments)"
    );
    if 12 * players + 32 <= 128 {
        group_sorted(assignments, member, |a| {
            Packed(canonical(a) << 32 | a as u128)
        })
    } else {
        group_sorted(assignments, member, |a| (canonical(a), a as u32))
    }
}

/// An assignment's canonical key beside its index, ordered by the key, then the index.
trait Keyed: Ord + Copy + Send {
    /// The canonical key.
    fn key(self) -> u128;
    /// The assignment's index.
    fn assignment(self) -> usize;
}

/// A key of at most 96 bits above a 32-bit assignment index.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Packed(u128);

impl Keyed for Packed {
    fn key(self) -> u128 {
        self.0 >> 32
    }
    fn assignment(self) -> usize {
        self.0 as u32 as usize
    }
}

impl Keyed for (u128, u32) {
    fn key(self) -> u128 {
        self.0
    }
    fn assignment(self) -> usize {
        self.1 as usize
    }
}

/// The classes of [`group_by_keys`] from `keyed`, each assignment's key and index.
fn group_sorted<K: Keyed>(
    assignments: &Assignments,
    mut member: impl FnMut(usize, usize),
    keyed: impl Fn(usize) -> K + Sync,
) -> Vec<SuitClass> {
    let n = assignments.len();
    let sorted: Vec<K> = if n >= PARALLEL_FROM {
        let mut sorted: Vec<K> = (0..n).into_par_iter().map(&keyed).collect();
        sorted.par_sort_unstable();
        sorted
    } else {
        let mut sorted: Vec<K> = (0..n).map(keyed).collect();
        sorted.sort_unstable();
        sorted
    };
    // Each run of one key, as (its first assignment, where it starts in `sorted`).
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (at, &k) in sorted.iter().enumerate() {
        if at == 0 || sorted[at - 1].key() != k.key() {
            runs.push((k.assignment(), at));
        }
    }
    let run_end = |r: usize| runs.get(r + 1).map_or(n, |&(_, start)| start);
    let mut by_first: Vec<usize> = (0..runs.len()).collect();
    by_first.sort_unstable_by_key(|&r| runs[r].0);
    by_first
        .iter()
        .enumerate()
        .map(|(class, &r)| {
            let members = &sorted[runs[r].1..run_end(r)];
            let mut weight = 0;
            for &k in members {
                member(k.assignment(), class);
                weight += assignments.weights[k.assignment()];
            }
            SuitClass {
                representative: runs[r].0,
                weight,
                members: members.len() as u64,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_are_the_24_of_four_suits() {
        let perms = suit_permutations();
        assert_eq!(perms.len(), 24);
        let mut sorted = perms.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
        assert!(perms.iter().all(|p| {
            let mut q = *p;
            q.sort();
            q == [0, 1, 2, 3]
        }));
    }

    #[test]
    fn the_board_and_dead_cards_limit_the_symmetry() {
        assert_eq!(stabilizer(&Spot::parse(&["AK", "QQ"], "", "")).len(), 24);
        // Two hearts and a club: only spades and diamonds may trade places.
        assert_eq!(
            stabilizer(&Spot::parse(&["AK", "QQ"], "Qh7h2c", "")).len(),
            2
        );
        // A rainbow flop of three ranks fixes three suits, and so the fourth.
        assert_eq!(
            stabilizer(&Spot::parse(&["AK", "QQ"], "Qh7d2c", "")).len(),
            1
        );
        // Paired-rank dead cards of two suits may swap them.
        assert_eq!(stabilizer(&Spot::parse(&["AK", "QQ"], "", "2c2d")).len(), 4);
    }

    #[test]
    fn classes_partition_the_assignments() {
        for (hands, board) in [
            (&["AK", "QQ"][..], ""),
            (&["AsAh", "KsKh"][..], ""),
            (&["AK,QQ", "JJ+", "T9s"][..], ""),
            (&["AK", "QQ"][..], "Qh7h2c"),
        ] {
            let game = Spot::parse(hands, board, "");
            let assignments = game.assignments(u128::MAX).unwrap();
            let classes = suit_classes(&game, &assignments);
            assert_eq!(
                classes.iter().map(|c| c.members).sum::<u64>(),
                assignments.len() as u64
            );
            assert_eq!(
                classes.iter().map(|c| c.weight).sum::<u128>(),
                assignments.total_weight
            );
        }
        let game = Spot::parse(&["AK", "QQ"], "", "");
        let classes = suit_classes(&game, &game.assignments(u128::MAX).unwrap());
        // Suited AK with or without a queen of its suit (2), offsuit AK whose suits the queens share
        // both, only the ace's, only the king's, or neither (4).
        assert_eq!(classes.len(), 6);
    }

    /// The classes in the order an index filled assignment by assignment gives them: each new
    /// key opens a class with that assignment as its representative.
    fn first_seen(game: &Spot, assignments: &Assignments) -> (Vec<SuitClass>, Vec<u32>) {
        let perms = stabilizer(game);
        let players = game.players.len();
        let mut index = std::collections::BTreeMap::new();
        let (mut classes, mut class_of) = (Vec::<SuitClass>::new(), Vec::new());
        for a in 0..assignments.len() {
            let holes = assignments.holes(game, a);
            let canonical = perms.iter().map(|p| key(&holes[..players], p)).min();
            let class = *index.entry(canonical).or_insert_with(|| {
                classes.push(SuitClass {
                    representative: a,
                    weight: 0,
                    members: 0,
                });
                classes.len() - 1
            });
            classes[class].weight += assignments.weights[a];
            classes[class].members += 1;
            class_of.push(class as u32);
        }
        (classes, class_of)
    }

    /// Sorting the keys, on one thread or several, gives the classes of [`first_seen`].
    #[test]
    fn sorted_keys_give_the_classes_in_order_of_their_first_member() {
        for (hands, board, dead) in [
            (&["AK", "QQ"][..], "", ""),
            (&["AK,QQ", "JJ+", "T9s"][..], "Qh7h2c", ""),
            (&["random", "QQ+"][..], "", ""),
            (&["random", "AKs,22"][..], "7h8h2d", "9d"),
            // Nine players: keys too long to share a `u128` with the assignment.
            (
                &[
                    "AK", "QQ", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h", "6s6h", "5s5h",
                ][..],
                "",
                "",
            ),
        ] {
            let game = Spot::parse(hands, board, dead);
            let assignments = game.assignments(u128::MAX).unwrap();
            let expected = first_seen(&game, &assignments);
            for threads in [1, 3] {
                let got =
                    engine::on_pool(threads, || suit_classes_with_members(&game, &assignments))
                        .unwrap();
                assert_eq!(got, expected, "{hands:?} {board} {dead}");
            }
        }
        let game = Spot::parse(&["random", "QQ+"], "", "");
        assert!(game.assignments(u128::MAX).unwrap().len() >= PARALLEL_FROM);
    }

    /// When only the identity fixes the board, every assignment is its own class: the same
    /// classes, in the same order, as grouping by their keys.
    #[test]
    fn a_board_only_the_identity_fixes_gives_one_class_per_assignment() {
        for (hands, board, dead) in [
            (&["AK,QQ", "JJ+", "T9s"][..], "Qh7d2c", ""),
            (&["random", "QQ+"][..], "Qh7d2c5s", ""),
            (&["AK", "22+"][..], "", "Qh7h2c3d"),
        ] {
            let game = Spot::parse(hands, board, dead);
            let perms = stabilizer(&game);
            assert_eq!(perms, [[0, 1, 2, 3]], "{board} {dead}");
            let assignments = game.assignments(u128::MAX).unwrap();
            let (classes, class_of) = suit_classes_with_members(&game, &assignments);
            let mut indexed_of = vec![u32::MAX; assignments.len()];
            let indexed = group_by_keys(&game, &assignments, &perms, |a, c| {
                indexed_of[a] = c as u32;
            });
            assert_eq!(classes, indexed);
            assert_eq!(class_of, indexed_of);
            assert_eq!(classes.len(), assignments.len());
        }
    }
}
