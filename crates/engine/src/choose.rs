//! The binomial coefficient of card counts: the one `choose` of every family, built on the
//! deck crate's exact [`binomial`].
//!
//! ```text
//!  CHOOSE[n][k] = C(n, k)      n = 0 ..= 52 (cards left in a deck)
//!                              k = 0 ..= 7  (cards of a hand, a board, a stud deal)
//!  choose(n, k)  ── n ≤ 52, k ≤ 7 ──▶ a look-up in CHOOSE (hot loops: no division)
//!                └─ otherwise ──────▶ binomial(n, k), exact, cut to u64::MAX
//! ```
//!
//! ```
//! use engine::choose::{CHOOSE, choose};
//!
//! assert_eq!(choose(52, 5), 2_598_960);
//! assert_eq!(choose(3, 5), 0);
//! assert_eq!(CHOOSE[46][4], choose(46, 4));
//! assert_eq!(choose(52, 26), 495_918_532_948_104);
//! ```

use deck::uniform::binomial;

/// The largest `n` that [`CHOOSE`] holds: the cards of a full deck.
pub const TABLE_N: usize = 52;

/// The largest `k` that [`CHOOSE`] holds: the cards of a seven-card hand.
pub const TABLE_K: usize = 7;

/// `CHOOSE[n][k]` is `C(n, k)` for `n ≤ 52`, `k ≤ 7`, computed at compile time from
/// [`binomial`]: counting loops look binomials up instead of dividing.
pub const CHOOSE: [[u64; TABLE_K + 1]; TABLE_N + 1] = {
    let mut table = [[0u64; TABLE_K + 1]; TABLE_N + 1];
    let mut n = 0;
    while n <= TABLE_N {
        let mut k = 0;
        while k <= TABLE_K {
            // C(52, 7) is below 2^28: every entry fits.
            table[n][k] = binomial(n as u128, k as u128) as u64;
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)`, the ways to take `k` of `n` things; 0 when `k > n`. Card counts (`n ≤ 52`,
/// `k ≤ 7`) are looked up in [`CHOOSE`]; any other is [`binomial`]'s, `u64::MAX` past it
/// (never for a 52-card deck: `C(52, 26)` is below 2^49).
#[inline(always)]
pub const fn choose(n: usize, k: usize) -> u64 {
    if n <= TABLE_N && k <= TABLE_K {
        CHOOSE[n][k]
    } else {
        beyond_the_table(n, k)
    }
}

/// [`choose`] past [`CHOOSE`]: out of line, so that the look-up stays small where it is inlined.
#[cold]
#[inline(never)]
const fn beyond_the_table(n: usize, k: usize) -> u64 {
    let c = binomial(n as u128, k as u128);
    if c > u64::MAX as u128 {
        u64::MAX
    } else {
        c as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_pascals_triangle() {
        for n in 1..=TABLE_N {
            assert_eq!(CHOOSE[n][0], 1);
            for k in 1..=TABLE_K {
                assert_eq!(
                    CHOOSE[n][k],
                    CHOOSE[n - 1][k - 1] + CHOOSE[n - 1][k],
                    "{n} {k}"
                );
            }
        }
        assert_eq!(CHOOSE[0], [1, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn inside_and_outside_the_table_agree_with_binomial() {
        for n in 0..=60 {
            for k in 0..=n + 2 {
                assert_eq!(
                    u128::from(choose(n, k)),
                    binomial(n as u128, k as u128),
                    "{n} {k}"
                );
            }
        }
        assert_eq!(choose(46, 4), 163_185);
        assert_eq!(choose(52, 7), 133_784_560);
        assert_eq!(choose(3, 5), 0);
        assert_eq!(choose(120, 60), u64::MAX);
    }
}
