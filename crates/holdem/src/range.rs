//! Hand ranges in the usual notation: `AhKh`, `QQ`, `QQ+`, `77-TT`, `AKs`, `AKo`, `AK`, `A2s+`,
//! `KTo+`, `T9s-65s`, comma lists, `random`, and weights (`AKs:0.5`).
//!
//! The two-card range is a word every family dealt two hidden cards shares, so it lives in
//! [`engine::two_card_range`]; it is re-exported here, where hold'em's users find it.

pub use engine::two_card_range::{Combo, HandClass, Range, Suitedness, WEIGHT_SCALE, combo_mask};
