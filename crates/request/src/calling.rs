//! Calling ranges from pot odds (`sim equity --calling-range`, Python's `calling_range`): the
//! hands of one player's range whose equity against the other players' ranges reaches the
//! breakeven of a call, read off the per-hand breakdown of the spot (exact where the breakdown
//! is exact).
//!
//! ```text
//!  --pot P --call C     breakeven = C / (P + C)      (P: the pot before the call, bets included)
//!  --min-equity E       breakeven = E
//!  breakdown rows of the seat ──▶ in: dealt (frequency > 0) and equity ≥ breakeven
//!                               ──▶ compact text (the family's), combos, frequency, mean equities
//! ```
//!
//! In the hi/lo games a hand's equity is its share of the pot (high and low halves together),
//! the equity the breakdown reports.

use engine::{BreakdownRows, Method, PlayerRows, Watch};

use crate::breakdown::BreakdownRequest;
use crate::equity::EquityArgs;
use crate::error::RequestError;

/// The calling-range options, as the front ends read them.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CallingArgs {
    /// The player whose range is split, from 1 (`--seat`); `None`: the first player holding a
    /// range.
    pub seat: Option<usize>,
    /// The pot before the call (`--pot`).
    pub pot: Option<f64>,
    /// The amount to call (`--call`).
    pub call: Option<f64>,
    /// The least equity worth a call (`--min-equity`), instead of a price.
    pub min_equity: Option<f64>,
}

/// What a call must earn: a price in chips, or an equity given directly.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Price {
    /// A pot of `pot` and a call of `call`: the breakeven is `call / (pot + call)`.
    Odds {
        /// The pot before the call.
        pot: f64,
        /// The amount to call.
        call: f64,
    },
    /// The least equity, in (0, 1).
    MinEquity(f64),
}

impl Price {
    /// The options' price, checked.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] naming the flag: a pot or call that is not a number above 0,
    /// a minimum equity outside (0, 1), both a price and a minimum equity, or half a price.
    pub fn of(args: &CallingArgs) -> Result<Self, RequestError> {
        let bad = |m: String| Err(RequestError::invalid(m));
        for (flag, value, example) in [("--pot", args.pot, "100"), ("--call", args.call, "50")] {
            if let Some(v) = value
                && !(v > 0.0 && v.is_finite())
            {
                return bad(format!(
                    "{flag} {v} is not an amount above 0: write one such as {flag} {example}"
                ));
            }
        }
        if let Some(e) = args.min_equity
            && !(e > 0.0 && e < 1.0)
        {
            return bad(format!(
                "--min-equity {e} is not a share strictly between 0 and 1: write one such as --min-equity 0.25"
            ));
        }
        match (args.pot, args.call, args.min_equity) {
            (Some(pot), Some(call), None) => Ok(Price::Odds { pot, call }),
            (None, None, Some(e)) => Ok(Price::MinEquity(e)),
            (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => bad(
                "--min-equity and --pot/--call both set the breakeven: give --pot P --call C, or --min-equity E"
                    .to_string(),
            ),
            (Some(_), None, None) => {
                bad("--pot needs --call, the amount to call: write --pot P --call C".to_string())
            }
            (None, Some(_), None) => {
                bad("--call needs --pot, the pot before the call: write --pot P --call C".to_string())
            }
            (None, None, None) => bad(
                "--calling-range needs the price of the call: write --pot P --call C, or --min-equity E"
                    .to_string(),
            ),
        }
    }

    /// The least equity worth the call.
    pub fn breakeven(&self) -> f64 {
        match *self {
            Price::Odds { pot, call } => call / (pot + call),
            Price::MinEquity(e) => e,
        }
    }
}

/// A validated calling-range run.
#[derive(Debug, Clone)]
pub struct CallingRequest {
    /// The breakdown of the spot (its method resolved as the plain run resolves it).
    pub breakdown: BreakdownRequest,
    /// The player whose range is split, from 0.
    pub seat: usize,
    /// What a call must earn.
    pub price: Price,
}

/// A calling range: the hands of one player's range whose equity reaches the breakeven, and
/// the equities inside and outside it (the line of [`crate::calling_table`]).
#[derive(Debug, Clone, PartialEq)]
pub struct CallingRange {
    /// The game's name.
    pub game: &'static str,
    /// Seat, from 1.
    pub player: usize,
    /// The player's range as given.
    pub range: String,
    /// What a call must earn.
    pub price: Price,
    /// The calling hands as range text in the game's syntax (empty: none).
    pub calling_hands: String,
    /// Hands of the range that fit the known cards.
    pub hands: usize,
    /// Of those, the hands in the calling range.
    pub hands_in: usize,
    /// The range's combos, weighted (a hand of weight 0.5 counts a half).
    pub combos: f64,
    /// Of those, the calling range's.
    pub combos_in: f64,
    /// How often the player holds a calling hand in the spot (weights and card removal).
    pub frequency_in: f64,
    /// The player's equity over the whole range.
    pub equity: f64,
    /// The mean equity of the calling hands (`None`: no hand calls).
    pub equity_in: Option<f64>,
    /// The mean equity of the other hands (`None`: every hand calls).
    pub equity_out: Option<f64>,
    /// Whether the breakdown counted every outcome.
    pub exact: bool,
}

impl CallingRequest {
    /// Validates a calling range of `args`' spot with the options of `calling`.
    ///
    /// # Errors
    /// Whatever the equity request refuses; the price's refusals ([`Price::of`]); a seat off
    /// the table or holding one hand; a table where nobody holds a range.
    pub fn new(args: &EquityArgs<'_>, calling: &CallingArgs) -> Result<Self, RequestError> {
        let price = Price::of(calling)?;
        let breakdown = BreakdownRequest::new(args)?;
        let spot = breakdown.equity.spot.family_spot();
        let hands = spot.hands();
        let game = spot.game();
        let no_range = |who: &str| match game.spec().ranges.range_example() {
            Some(example) => format!(
                "--calling-range splits a range, and {who}: give a player a range ({example})"
            ),
            None => format!(
                "--calling-range splits a range, and {} takes none (each player is the cards kept)",
                game.name()
            ),
        };
        let seat = match calling.seat {
            Some(s) if s == 0 || s > hands.len() => {
                return Err(RequestError::invalid(format!(
                    "--seat {s} is not at the table: write a seat from 1 to {}",
                    hands.len()
                )));
            }
            Some(s) if !spot.is_range(s - 1) => {
                let who = format!("seat {s} holds the one hand {}", hands[s - 1]);
                return Err(RequestError::invalid(format!(
                    "{}, or choose another --seat",
                    no_range(&who)
                )));
            }
            Some(s) => s - 1,
            None => (0..hands.len())
                .find(|&s| spot.is_range(s))
                .ok_or_else(|| RequestError::invalid(no_range("every player holds one hand")))?,
        };
        Ok(Self {
            breakdown,
            seat,
            price,
        })
    }

    /// The method: exact or Monte Carlo.
    pub fn method(&self) -> &Method {
        self.breakdown.method()
    }

    /// Runs the breakdown on the current rayon pool and reads the calling range off it.
    ///
    /// # Errors
    /// As [`BreakdownRequest::run`].
    pub fn run(&self) -> Result<CallingRange, RequestError> {
        Ok(self.range_of(&self.breakdown.run().map_err(named_calling)?))
    }

    /// [`CallingRequest::run`] asking `stop` between pieces of work; `None` when it said to
    /// stop.
    ///
    /// # Errors
    /// As [`CallingRequest::run`].
    pub fn run_until_stopped(
        &self,
        stop: &dyn Watch,
    ) -> Result<Option<CallingRange>, RequestError> {
        Ok(self
            .breakdown
            .run_until_stopped(stop)
            .map_err(named_calling)?
            .map(|rows| self.range_of(&rows)))
    }

    /// The calling range read off `rows`, a breakdown of this request's spot: the seat's hands
    /// dealt in the spot whose equity reaches the breakeven.
    pub fn range_of(&self, rows: &BreakdownRows) -> CallingRange {
        let spot = self.breakdown.equity.spot.family_spot();
        let game = self.breakdown.game().name();
        let empty = PlayerRows {
            seat: self.seat + 1,
            range: spot.hands()[self.seat].clone(),
            hands: Vec::new(),
            classes: Vec::new(),
        };
        let player = rows
            .players
            .iter()
            .find(|p| p.seat == self.seat + 1)
            .unwrap_or(&empty);
        let breakeven = self.price.breakeven();
        let chosen: Vec<bool> = player
            .hands
            .iter()
            .map(|h| h.frequency > 0.0 && h.equity.equity >= breakeven)
            .collect();
        let (mut sums_in, mut sums_out) = (Sums::default(), Sums::default());
        for (hand, &inside) in player.hands.iter().zip(&chosen) {
            let sums = if inside { &mut sums_in } else { &mut sums_out };
            sums.hands += 1;
            sums.combos += hand.weight;
            sums.frequency += hand.frequency;
            sums.equity += hand.frequency * hand.equity.equity;
        }
        let calling_hands = if sums_in.hands == 0 {
            String::new()
        } else {
            spot.range_text(self.seat, &player.hands, &chosen)
        };
        CallingRange {
            game,
            player: self.seat + 1,
            range: player.range.clone(),
            price: self.price,
            calling_hands,
            hands: sums_in.hands + sums_out.hands,
            hands_in: sums_in.hands,
            combos: sums_in.combos + sums_out.combos,
            combos_in: sums_in.combos,
            // Over the whole, so that a range that calls entirely has exactly 1.
            frequency_in: match sums_in.frequency + sums_out.frequency {
                0.0 => 0.0,
                all => sums_in.frequency / all,
            },
            equity: sums_in.equity + sums_out.equity,
            equity_in: sums_in.mean(),
            equity_out: sums_out.mean(),
            exact: rows.is_exact(),
        }
    }
}

/// A breakdown's refusal (its own, or a game's limit on its rows), worded for the flag the user
/// gave, as the distribution words it.
fn named_calling(e: RequestError) -> RequestError {
    let message = e.to_string();
    if message.starts_with("--breakdown ") {
        RequestError::Invalid(message.replacen("--breakdown", "--calling-range", 1))
    } else {
        e
    }
}

/// Hands, weighted combos, frequency and frequency-weighted equity of one side of the range.
#[derive(Debug, Default)]
struct Sums {
    hands: usize,
    combos: f64,
    frequency: f64,
    equity: f64,
}

impl Sums {
    /// The mean equity of the side's hands, when it has any dealt.
    fn mean(&self) -> Option<f64> {
        (self.frequency > 0.0).then(|| self.equity / self.frequency)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Game;

    fn price(pot: Option<f64>, call: Option<f64>, min_equity: Option<f64>) -> String {
        let args = CallingArgs {
            seat: None,
            pot,
            call,
            min_equity,
        };
        match Price::of(&args) {
            Ok(p) => format!("{}", p.breakeven()),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn prices_are_checked_and_name_their_flags() {
        assert_eq!(
            price(Some(100.0), Some(50.0), None),
            format!("{}", 1.0 / 3.0)
        );
        assert_eq!(price(None, None, Some(0.4)), "0.4");
        for (p, c, e, words) in [
            (Some(0.0), Some(5.0), None, "--pot 0"),
            (Some(-1.0), Some(5.0), None, "--pot -1"),
            (Some(f64::NAN), Some(5.0), None, "--pot NaN"),
            (Some(5.0), Some(0.0), None, "--call 0"),
            (None, None, Some(1.0), "--min-equity 1"),
            (None, None, Some(0.0), "--min-equity 0"),
            (
                Some(5.0),
                Some(1.0),
                Some(0.3),
                "--pot P --call C, or --min-equity E",
            ),
            (Some(5.0), None, None, "--pot needs --call"),
            (None, Some(5.0), None, "--call needs --pot"),
            (None, None, None, "needs the price"),
        ] {
            let said = price(p, c, e);
            assert!(said.contains(words), "{said}");
        }
    }

    #[test]
    fn the_calling_hands_are_the_rows_at_or_above_the_breakeven() {
        let players = ["QQ+,AK,JJ-99".to_string(), "AhKh".to_string()];
        let mut args = EquityArgs::new(Game::HOLDEM, &players);
        args.board = "Kd7c2s";
        args.exact = Some(true);
        let calling = CallingArgs {
            pot: Some(100.0),
            call: Some(50.0),
            ..CallingArgs::default()
        };
        let request = CallingRequest::new(&args, &calling).unwrap();
        assert_eq!(request.seat, 0);
        let rows = request.breakdown.run().unwrap();
        let range = request.range_of(&rows);
        let hands = &rows.players[0].hands;
        let want = hands
            .iter()
            .filter(|h| h.equity.equity >= 1.0 / 3.0)
            .count();
        assert_eq!(range.hands_in, want);
        assert_eq!(range.hands, hands.len());
        assert!(range.exact);
        // Kings and aces beat AhKh on Kd7c2s, AK chops; QQ-99 are behind. The combos AhKh
        // and the board block are free, so the classes stay whole.
        assert_eq!(range.calling_hands, "KK+,AK");
        let lone = CallingArgs {
            seat: Some(2),
            ..calling
        };
        let err = CallingRequest::new(&args, &lone).unwrap_err().to_string();
        assert!(err.contains("seat 2 holds the one hand AhKh"), "{err}");
        let off = CallingArgs {
            seat: Some(3),
            ..calling
        };
        let err = CallingRequest::new(&args, &off).unwrap_err().to_string();
        assert!(err.contains("--seat 3 is not at the table"), "{err}");
    }
}
