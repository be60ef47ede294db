//! Every sequence of random choices a shuffle can make, visited one by one.
//!
//! A shuffle written against a `pick(bound) -> 0..bound` closure is run once per choice sequence,
//! depth first: the sequence of the previous run is replayed up to its last choice that can still
//! grow, which is advanced, and every later pick starts at 0. The bounds may depend on earlier
//! choices (a riffle's drops depend on its cut); a sequence has probability `1 / ∏ bounds`.

/// Calls `run` once for each choice sequence and hands its result and `∏ bounds` to `visit`.
///
/// `run` must be deterministic given its picks, and make finitely many.
pub fn for_each_path<T>(
    mut run: impl FnMut(&mut dyn FnMut(usize) -> usize) -> T,
    mut visit: impl FnMut(T, u128),
) {
    // (choice, bound) of each pick of the current sequence.
    let mut path: Vec<(usize, usize)> = Vec::new();
    loop {
        let mut depth = 0;
        let result = {
            let mut pick = |bound: usize| {
                let choice = if depth < path.len() {
                    debug_assert_eq!(path[depth].1, bound, "a replayed pick changed its bound");
                    path[depth].0
                } else {
                    path.push((0, bound));
                    0
                };
                depth += 1;
                choice
            };
            run(&mut pick)
        };
        let product = path.iter().map(|&(_, b)| b as u128).product();
        visit(result, product);
        while let Some(last) = path.last_mut() {
            if last.0 + 1 < last.1 {
                last.0 += 1;
                break;
            }
            path.pop();
        }
        if path.is_empty() {
            return;
        }
    }
}

/// The position of `perm` (an arrangement of `0..n`, `n ≤ 20`) in lexicographic order.
pub fn lex_rank(perm: &[u8]) -> usize {
    let n = perm.len();
    let mut rank = 0;
    for i in 0..n {
        let smaller_later = perm[i + 1..].iter().filter(|&&x| x < perm[i]).count();
        rank = rank * (n - i) + smaller_later;
    }
    rank
}

/// The arrangement of `0..n` at lexicographic position `rank`.
pub fn lex_unrank(n: usize, mut rank: usize) -> Vec<u8> {
    let mut left: Vec<u8> = (0..n as u8).collect();
    let mut weights = vec![1usize; n];
    for i in (0..n.saturating_sub(1)).rev() {
        weights[i] = weights[i + 1] * (n - 1 - i);
    }
    weights
        .iter()
        .map(|&w| {
            let digit = rank / w;
            rank %= w;
            left.remove(digit)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sequence_of_a_variable_tree_is_visited_once() {
        // First pick from 2; if 0, one more pick from 3: sequences 0-0, 0-1, 0-2, 1.
        let mut seen = Vec::new();
        for_each_path(
            |pick| {
                let a = pick(2);
                if a == 0 {
                    (a, Some(pick(3)))
                } else {
                    (a, None)
                }
            },
            |result, product| seen.push((result, product)),
        );
        assert_eq!(
            seen,
            vec![
                ((0, Some(0)), 6),
                ((0, Some(1)), 6),
                ((0, Some(2)), 6),
                ((1, None), 2)
            ]
        );
    }

    #[test]
    fn lex_rank_and_unrank_agree() {
        for rank in 0..120 {
            let perm = lex_unrank(5, rank);
            assert_eq!(lex_rank(&perm), rank);
        }
        assert_eq!(lex_unrank(3, 0), vec![0, 1, 2]);
        assert_eq!(lex_unrank(3, 5), vec![2, 1, 0]);
    }
}
