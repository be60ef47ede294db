//! `distribution`: each player's equity distribution over the hands of the range, validated and
//! computed as `sim equity --distribution` is (`request::distribution`): the table's columns in
//! `sim`'s row order, absent cells as NaN (`against`: 0).

use engine::{Distribution, PlayerRows};
use numpy::PyArray1;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use request::distribution::{DistributionRequest, mean_error};

use crate::equity_call::{EquityCall, result_dict, run_meta};
use crate::errors::value_error;
use crate::interrupt;

/// The rows of a distribution as columns, in `sim`'s row order.
#[derive(Default)]
struct Columns {
    player: Vec<u64>,
    range: Vec<String>,
    level: Vec<&'static str>,
    against: Vec<u64>,
    hand: Vec<String>,
    hands: Vec<u64>,
    low: Vec<f64>,
    high: Vec<f64>,
    share: Vec<f64>,
    cumulative: Vec<f64>,
    equity: Vec<f64>,
    std_error: Vec<f64>,
    q1: Vec<f64>,
    median: Vec<f64>,
    q3: Vec<f64>,
    at_least_half: Vec<f64>,
}

/// One row's cells beyond seat, range and level: absent ones NaN.
struct Cells {
    hand: String,
    hands: usize,
    share: f64,
    numbers: [f64; 9],
}

impl Columns {
    /// Adds one row.
    fn push(&mut self, player: usize, range: &str, level: &'static str, against: usize, c: Cells) {
        self.player.push(player as u64);
        self.range.push(range.to_string());
        self.level.push(level);
        self.against.push(against as u64);
        self.hand.push(c.hand);
        self.hands.push(c.hands as u64);
        self.share.push(c.share);
        let [
            low,
            high,
            cumulative,
            equity,
            std_error,
            q1,
            median,
            q3,
            half,
        ] = c.numbers;
        self.low.push(low);
        self.high.push(high);
        self.cumulative.push(cumulative);
        self.equity.push(equity);
        self.std_error.push(std_error);
        self.q1.push(q1);
        self.median.push(median);
        self.q3.push(q3);
        self.at_least_half.push(half);
    }

    /// Adds the rows of `d` for seat `player` (from 1): curve, bins, summary; with `against`
    /// (a seat) the `versus_` levels, whose hands are `hands_of`'s. `errors` are the standard
    /// errors of the curve's hands (by index) and of the mean.
    fn add(
        &mut self,
        (player, range, against): (usize, &str, usize),
        d: &Distribution,
        hands_of: &PlayerRows,
        (errors, mean_error): (&[f64], f64),
    ) {
        let level = |plain, versus| if against == 0 { plain } else { versus };
        let nan = f64::NAN;
        for p in &d.curve {
            let hand = &hands_of.hands[p.index];
            let error = errors[p.index];
            let numbers = [nan, nan, p.cumulative, p.equity, error, nan, nan, nan, nan];
            let cells = Cells {
                hand: hand.hand.clone(),
                hands: 1,
                share: p.share,
                numbers,
            };
            self.push(
                player,
                range,
                level("curve", "versus_curve"),
                against,
                cells,
            );
        }
        for b in &d.bins {
            let numbers = [b.low, b.high, nan, nan, nan, nan, nan, nan, nan];
            let cells = Cells {
                hand: String::new(),
                hands: b.hands,
                share: b.share,
                numbers,
            };
            self.push(player, range, level("bin", "versus_bin"), against, cells);
        }
        let s = &d.summary;
        let error = mean_error;
        let numbers = [
            nan,
            nan,
            nan,
            s.mean,
            error,
            s.q1,
            s.median,
            s.q3,
            s.at_least_half,
        ];
        let cells = Cells {
            hand: String::new(),
            hands: s.hands,
            share: 1.0,
            numbers,
        };
        self.push(
            player,
            range,
            level("summary", "versus_summary"),
            against,
            cells,
        );
    }
}

/// The equity distributions of `call`'s players (range texts) in `bins` bins, `versus` each
/// opponent's hands too; returns the columns and the run's parameters.
#[pyfunction]
#[pyo3(name = "distribution")]
pub(crate) fn distribution_table<'py>(
    py: Python<'py>,
    call: EquityCall,
    bins: Option<usize>,
    versus: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = call.game()?;
    let request = DistributionRequest::new(&call.args(game), bins, versus).map_err(value_error)?;
    let method = request.breakdown.method().clone();
    let threads = call.threads()?;
    let result = interrupt::run(py, threads, |stop| {
        request.run_until_stopped(&|| stop.requested())
    })?
    .map_err(value_error)?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("distribution stopped"))?;
    let breakdown = &result.breakdown;
    let exact = breakdown.is_exact();
    let mut c = Columns::default();
    for (player, d) in breakdown.players.iter().zip(&result.players) {
        let own: Vec<f64> = player.hands.iter().map(|h| h.equity.std_error).collect();
        c.add(
            (player.seat, &player.range, 0),
            &d.own,
            player,
            (&own, mean_error(player)),
        );
        for versus in &d.versus {
            let opponent = &breakdown.players[versus.against];
            let seat = (player.seat, player.range.as_str(), opponent.seat);
            let errors = (&versus.std_errors[..], versus.std_error);
            c.add(seat, &versus.distribution, opponent, errors);
        }
    }
    let table = PyDict::new(py);
    table.set_item("player", PyArray1::from_vec(py, c.player))?;
    table.set_item("range", c.range)?;
    table.set_item("level", c.level)?;
    table.set_item("against", PyArray1::from_vec(py, c.against))?;
    table.set_item("hand", c.hand)?;
    table.set_item("hands", PyArray1::from_vec(py, c.hands))?;
    for (name, column) in [
        ("low", c.low),
        ("high", c.high),
        ("share", c.share),
        ("cumulative", c.cumulative),
        ("equity", c.equity),
        ("std_error", c.std_error),
        ("q1", c.q1),
        ("median", c.median),
        ("q3", c.q3),
        ("at_least_half", c.at_least_half),
    ] {
        table.set_item(name, PyArray1::from_vec(py, column))?;
    }
    let equity = &request.breakdown.equity;
    let meta = run_meta(py, equity, Some("distribution"), (&method, exact), threads)?;
    meta.set_item("bins", request.bins)?;
    result_dict(py, table, meta)
}
