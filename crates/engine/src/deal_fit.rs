//! Whether the hands of several ranges can be dealt together: a bounded depth-first search over
//! their card masks, used by every family to tell a spot that no deal fits (a usage error) from
//! one whose ranges only rarely fit (sampling gave up).

/// Whether one mask of each list fits beside `used` and beside each other (no card twice):
/// `Some(true)` when a deal is found, `Some(false)` when the search proves there is none, `None`
/// when `budget` masks were tried first. Put the shortest lists first: the search is then
/// smallest.
pub fn masks_fit(lists: &[Vec<u64>], used: u64, budget: u64) -> Option<bool> {
    let mut left = budget;
    search(lists, used, &mut left)
}

fn search(lists: &[Vec<u64>], used: u64, left: &mut u64) -> Option<bool> {
    let Some((first, rest)) = lists.split_first() else {
        return Some(true);
    };
    for &mask in first {
        *left = left.checked_sub(1)?;
        if mask & used == 0 && search(rest, used | mask, left)? {
            return Some(true);
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_proves_or_runs_out() {
        // Cards as bits: {0,1} and {1,2} each share a card with {0,2}.
        let clash = vec![vec![0b011, 0b110], vec![0b101]];
        assert_eq!(masks_fit(&clash, 0, 100), Some(false));
        assert_eq!(masks_fit(&clash, 0, 2), None);
        let fits = vec![vec![0b011, 0b110], vec![0b1000]];
        assert_eq!(masks_fit(&fits, 0, 100), Some(true));
        // A used card blocks what would fit.
        assert_eq!(masks_fit(&fits, 0b1000, 100), Some(false));
        assert_eq!(masks_fit(&[], 0, 0), Some(true));
    }
}
