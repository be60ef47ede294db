//! Parsing of large counts written the way people write them: `250000000`, `250_000_000`,
//! `250M`, `2.5e8`, `1G`.

use std::fmt;

/// Why a text is not a count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountError {
    /// Not a whole number that fits in a `u64`.
    NotACount {
        /// The text.
        text: String,
    },
    /// Zero.
    Zero {
        /// The text.
        text: String,
    },
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotACount { text } => write!(
                f,
                "{text:?} is not a whole count (examples: 1000000, 1_000_000, 1M, 2.5e8, 1G)"
            ),
            Self::Zero { text } => write!(f, "{text:?}: the count must be at least 1"),
        }
    }
}

impl std::error::Error for CountError {}

/// Parses a positive whole count: digits with optional `_` separators, an optional fraction and
/// exponent (`2.5e8`), and an optional decimal suffix `K` (10³), `M` (10⁶), `G` (10⁹) or `T` (10¹²).
///
/// ```
/// assert_eq!(engine::parse_count("2.5e8"), Ok(250_000_000));
/// assert_eq!(engine::parse_count("1_000k"), Ok(1_000_000));
/// assert!(engine::parse_count("1.5").is_err());
/// ```
///
/// # Errors
/// [`CountError`] naming the text if it is not a whole number that fits in a `u64`, or is zero.
pub fn parse_count(text: &str) -> Result<u64, CountError> {
    let bad = || CountError::NotACount {
        text: text.to_string(),
    };
    let cleaned: String = text.trim().chars().filter(|&c| c != '_').collect();
    let (body, suffix_exp) = match cleaned.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&cleaned[..cleaned.len() - 1], 3),
        Some('M') => (&cleaned[..cleaned.len() - 1], 6),
        Some('G') => (&cleaned[..cleaned.len() - 1], 9),
        Some('T') => (&cleaned[..cleaned.len() - 1], 12),
        _ => (cleaned.as_str(), 0),
    };
    let (mantissa, exp) = match body.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().map_err(|_| bad())?),
        None => (body, 0),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_ok = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if int_part.is_empty() && frac_part.is_empty() || !digits_ok(int_part) || !digits_ok(frac_part)
    {
        return Err(bad());
    }
    let mut digits = format!("{int_part}{frac_part}");
    let mut scale = exp + suffix_exp - frac_part.len() as i32;
    while scale < 0 {
        if !digits.ends_with('0') {
            return Err(bad());
        }
        digits.pop();
        scale += 1;
    }
    let mut value: u64 = if digits.is_empty() {
        0
    } else {
        digits.parse().map_err(|_| bad())?
    };
    for _ in 0..scale {
        value = value.checked_mul(10).ok_or_else(bad)?;
    }
    if value == 0 {
        return Err(CountError::Zero {
            text: text.to_string(),
        });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_notation_parses() {
        for (text, value) in [
            ("250000000", 250_000_000),
            ("250_000_000", 250_000_000),
            ("250M", 250_000_000),
            ("250m", 250_000_000),
            ("2.5e8", 250_000_000),
            ("1G", 1_000_000_000),
            ("1.5k", 1500),
            ("7", 7),
            ("1e0", 1),
            ("100e-2", 1),
            ("0.5K", 500),
        ] {
            assert_eq!(parse_count(text), Ok(value), "{text}");
        }
    }

    #[test]
    fn non_counts_are_refused() {
        for text in [
            "",
            "0",
            "0M",
            "-5",
            "1.5",
            "abc",
            "1e",
            "M",
            "2.5e-1",
            "99999999999T",
            "1x",
            ".",
        ] {
            assert!(parse_count(text).is_err(), "{text:?}");
        }
    }
}
