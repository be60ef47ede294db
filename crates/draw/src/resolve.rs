//! The method of a run: a spot of fixed hands resolved by its counting steps
//! ([`crate::exact`]), a spot with ranges of kept hands by the sum of its combinations' steps
//! ([`crate::ranged`]).

use engine::Method;

use crate::error::DrawError;
use crate::spot::Spot;

/// The method a run of `spot` uses: [`Method::Auto`] resolved against
/// [`crate::EXACT_LIMITS`] (with ranges: the sum of every combination of hands' counting
/// steps); more than one draw is counted exactly only with one hand a player, where it is
/// cheap and the stub cannot run out ([`crate::draws_exact`]), and sampled otherwise.
///
/// # Errors
/// [`DrawError::Method`] for an exact run above the limit, [`DrawError::ExactDraws`] and
/// [`DrawError::ExactDrawsWithRanges`] for an exact run of more draws it cannot count, a target
/// outside (0, 1) or zero rounds; with ranges, the combinations' refusals and
/// [`DrawError::RangesTooMixed`].
pub fn resolve(method: &Method, spot: &Spot) -> Result<Method, DrawError> {
    if spot.has_ranges() {
        crate::ranged::resolve(method, spot)
    } else {
        crate::exact::resolve(method, spot)
    }
}
