//! How each draw game values a complete hand, as one trait so the counting and sampling loops
//! are generic and monomorphised per game: a main value (the high hand, or the low that takes
//! the pot in the lowball games and badugi; larger is better) and, in hi/lo, the eight-or-better
//! low ([`eval::EightLow`]'s value, 0 when none qualifies).

use deck::Card;

use crate::game::Scoring;

/// The value of a complete hand.
pub trait Ranking: Copy + Send + Sync + 'static {
    /// Whether hands have a low half ([`Ranking::low`] is read).
    const HILO: bool;

    /// The scoring this ranking values (and whose draw rule later draws follow).
    const SCORING: Scoring;

    /// The main value of a complete hand: larger wins the (high half of the) pot. Never 0.
    fn main(cards: &[Card]) -> u32;

    /// The eight-or-better low of a complete hand, 0 when none qualifies (hi/lo only).
    #[inline(always)]
    fn low(_cards: &[Card]) -> u8 {
        0
    }
}

/// Five-card high: [`eval::evaluate`].
#[derive(Debug, Clone, Copy)]
pub struct High;

/// Five-card high and the eight-or-better low.
#[derive(Debug, Clone, Copy)]
pub struct HighLow;

/// Deuce-to-seven low: [`eval::deuce_seven_low`].
#[derive(Debug, Clone, Copy)]
pub struct DeuceSeven;

/// Ace-to-five low: [`eval::ace_five_low`].
#[derive(Debug, Clone, Copy)]
pub struct AceFive;

/// Badugi: [`eval::badugi`].
#[derive(Debug, Clone, Copy)]
pub struct Badugi;

impl Ranking for High {
    const HILO: bool = false;
    const SCORING: Scoring = Scoring::High;

    #[inline(always)]
    fn main(cards: &[Card]) -> u32 {
        u32::from(eval::evaluate(cards).value())
    }
}

impl Ranking for HighLow {
    const HILO: bool = true;
    const SCORING: Scoring = Scoring::HighLow;

    #[inline(always)]
    fn main(cards: &[Card]) -> u32 {
        u32::from(eval::evaluate(cards).value())
    }

    #[inline(always)]
    fn low(cards: &[Card]) -> u8 {
        eval::eight_low(cards).value()
    }
}

impl Ranking for DeuceSeven {
    const HILO: bool = false;
    const SCORING: Scoring = Scoring::DeuceSeven;

    #[inline(always)]
    fn main(cards: &[Card]) -> u32 {
        eval::deuce_seven_low(cards).value()
    }
}

impl Ranking for AceFive {
    const HILO: bool = false;
    const SCORING: Scoring = Scoring::AceFive;

    #[inline(always)]
    fn main(cards: &[Card]) -> u32 {
        eval::ace_five_low(cards).value()
    }
}

impl Ranking for Badugi {
    const HILO: bool = false;
    const SCORING: Scoring = Scoring::Badugi;

    #[inline(always)]
    fn main(cards: &[Card]) -> u32 {
        eval::badugi(cards).value()
    }
}

/// Runs `$body` with `$R` bound to the [`Ranking`] of `$scoring`: the one dispatch from a
/// game's scoring to its monomorphised loops, once per run.
macro_rules! with_ranking {
    ($scoring:expr, $R:ident => $body:expr) => {
        match $scoring {
            $crate::game::Scoring::High => {
                type $R = $crate::ranking::High;
                $body
            }
            $crate::game::Scoring::HighLow => {
                type $R = $crate::ranking::HighLow;
                $body
            }
            $crate::game::Scoring::DeuceSeven => {
                type $R = $crate::ranking::DeuceSeven;
                $body
            }
            $crate::game::Scoring::AceFive => {
                type $R = $crate::ranking::AceFive;
                $body
            }
            $crate::game::Scoring::Badugi => {
                type $R = $crate::ranking::Badugi;
                $body
            }
        }
    };
}
pub(crate) use with_ranking;

/// The main value of `cards` under `scoring`, without the generic loops (tests, tables).
pub fn main_value(scoring: Scoring, cards: &[Card]) -> u32 {
    with_ranking!(scoring, R => R::main(cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn value(scoring: Scoring, text: &str) -> u32 {
        main_value(scoring, &parse_cards(text).unwrap())
    }

    #[test]
    fn each_game_orders_named_hands() {
        // 2-7: the nuts beats a wheel (ace-high there), a six-low straight loses to both.
        let nuts = value(Scoring::DeuceSeven, "7c 5d 4h 3s 2c");
        let wheel = value(Scoring::DeuceSeven, "Ac 5d 4h 3s 2c");
        let straight = value(Scoring::DeuceSeven, "6c 5d 4h 3s 2c");
        assert!(nuts > wheel && nuts > straight);
        assert!(value(Scoring::DeuceSeven, "Kc Qd Jh 9s 8c") > wheel);
        // the wheel is the nuts.
        assert!(
            value(Scoring::AceFive, "Ac 5d 4h 3s 2c") > value(Scoring::AceFive, "6c 4d 3h 2s Ac")
        );
        // Badugi: any four-card badugi beats a three-card one.
        assert!(value(Scoring::Badugi, "Kc Qd Jh Ts") > value(Scoring::Badugi, "Ac 2c 3d 4h"));
        // High: a pair beats ace high.
        assert!(value(Scoring::High, "2c 2d 4h 5s 7c") > value(Scoring::High, "Ac Kd Qh Js 9c"));
    }
}
