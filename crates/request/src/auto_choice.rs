//! Why [`Method::Auto`](engine::Method::Auto) chose exact counting or Monte Carlo for a spot, in words for the run's
//! summary line: the family's estimate of an exact count in time of one core where it has one
//! (hold'em and short deck), else its exact limit.

use engine::AUTO_EXACT_NANOS;

use crate::family::Resolution;

/// The words after the summary line's `; `, for a run whose method `Auto` resolved as `chosen`.
pub fn auto_choice_words(chosen: &Resolution) -> String {
    let budget = duration_words(AUTO_EXACT_NANOS);
    match (chosen.exact_nanos, chosen.method.is_exact()) {
        (Some(nanos), true) if nanos <= AUTO_EXACT_NANOS => format!(
            "exact chosen: estimated {} of one core (exact up to {budget})",
            duration_words(nanos)
        ),
        (Some(u128::MAX), false) => {
            format!("monte carlo chosen: too many hand combinations to count exactly in {budget}")
        }
        (Some(nanos), false) => format!(
            "monte carlo chosen: an exact count would take about {} of one core (exact up to \
             {budget})",
            duration_words(nanos)
        ),
        (_, true) => "exact chosen: within the game's automatic exact limit".to_string(),
        (None, false) => {
            "monte carlo chosen: an exact count is beyond the game's automatic limit".to_string()
        }
    }
}

/// A duration in nanoseconds as words: `4 ms`, `1.2 s`, `350 µs`.
fn duration_words(nanos: u128) -> String {
    let seconds = nanos as f64 / 1e9;
    if seconds >= 1.0 {
        format!("{seconds:.1} s")
    } else if seconds >= 1e-3 {
        format!("{:.0} ms", seconds * 1e3)
    } else {
        format!("{:.0} µs", seconds * 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_their_unit() {
        assert_eq!(duration_words(4_200_000), "4 ms");
        assert_eq!(duration_words(50_000_000), "50 ms");
        assert_eq!(duration_words(1_240_000_000), "1.2 s");
        assert_eq!(duration_words(350_000), "350 µs");
    }
}
