//! The curves of a `sim equity --distribution` table, for `sim plot distribution`: the table's
//! size counted first, then every row checked against the table the command writes, then the
//! curve rows gathered into lines.
//!
//! ```text
//!  game,board,player,range,against,level,…,share,cumulative,equity,…   one game and board
//!  holdem,Kd7c2s,1,"AK,QQ",,curve,…,0.0556,0.0556,0.916,…             seat 1 to the game's
//!  holdem,Kd7c2s,1,"AK,QQ",,curve,…,0.0556,0.1111,0.916,…             most; one range a seat
//!  …                                  cumulative = the row before's + share, ending at 1
//!  holdem,Kd7c2s,1,"AK,QQ",2,versus_curve,…                          against: another seat
//!  holdem,Kd7c2s,1,"AK,QQ",,summary,…                                 one summary a curve
//! ```

use std::collections::{BTreeSet, HashSet};

use engine::Game;

use crate::chart::limits::{MAX_DISTRIBUTION_CURVES, MAX_DISTRIBUTION_ROWS, at_most};
use crate::chart::table::Table;
use crate::error::UsageError;

/// One line of the chart: a player's hands, or a player's equity against another's hands.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Curve {
    /// Seat, from 1.
    pub(crate) player: usize,
    /// The player's range.
    pub(crate) range: String,
    /// Versus rows: the opponent whose hands the line runs over.
    pub(crate) against: Option<usize>,
    /// Each hand: (x where it starts, x where it ends, equity).
    pub(crate) steps: Vec<(f64, f64, f64)>,
    /// From the summary row: (hands, mean equity, median, share at 50 % or more).
    pub(crate) summary: Option<(u64, f64, f64, f64)>,
}

/// The columns of a distribution table that the chart reads.
const COLUMNS: [&str; 12] = [
    "game",
    "level",
    "player",
    "range",
    "against",
    "board",
    "hands",
    "share",
    "cumulative",
    "equity",
    "median",
    "at_least_half",
];

/// The levels `sim equity --distribution` writes.
const LEVELS: [&str; 6] = [
    "curve",
    "bin",
    "summary",
    "versus_curve",
    "versus_bin",
    "versus_summary",
];

/// How far a cumulative share, written with 15 decimals, may stray from the one before it plus
/// its row's share, and a curve's last from 1.
const CUMULATIVE_SLACK: f64 = 1e-9;

/// The index of column `name` of the distribution table `table`.
///
/// # Errors
/// A usage error, naming the file and the column, if it has none.
fn column(table: &Table, name: &str) -> Result<usize, UsageError> {
    table.index(name).map_err(|_| {
        UsageError::new(format!(
            "{}: no column {name}: draw the CSV of sim equity --distribution",
            table.path.display()
        ))
    })
}

/// Whether a row of `level` is a step of a curve.
fn is_curve(level: &str) -> bool {
    matches!(level, "curve" | "versus_curve")
}

/// The curve a row of `level` for `player` (and `against`, a versus row) belongs to: (seat,
/// opponent), `None` where a cell is not a whole number ([`curves`] names it).
fn curve_key(level: &str, player: &str, against: &str) -> Option<(u64, Option<u64>)> {
    let seat = player.trim().parse().ok()?;
    if level.starts_with("versus") {
        Some((seat, Some(against.trim().parse().ok()?)))
    } else {
        Some((seat, None))
    }
}

/// Refuses a distribution table with more curve rows than [`MAX_DISTRIBUTION_ROWS`] or more
/// curves than [`MAX_DISTRIBUTION_CURVES`], counted from three columns' cells in place, before
/// any cell is checked.
///
/// # Errors
/// A usage error naming the file, the count and the limit, or a missing column.
pub(crate) fn check_size(table: &Table) -> Result<(), UsageError> {
    let [level, player, against] = ["level", "player", "against"].map(|n| column(table, n));
    let (level, player, against) = (level?, player?, against?);
    let rows = (0..table.rows()).filter(|&row| is_curve(table.cell(row, level)));
    at_most(
        &table.path,
        rows.clone().count(),
        "curve rows",
        MAX_DISTRIBUTION_ROWS,
    )?;
    let curves: BTreeSet<_> = rows
        .filter_map(|row| {
            curve_key(
                table.cell(row, level),
                table.cell(row, player),
                table.cell(row, against),
            )
        })
        .collect();
    at_most(&table.path, curves.len(), "curves", MAX_DISTRIBUTION_CURVES)
}

/// A curve's words in a message: `player 1's curve`, `player 1's curve against player 2`.
fn curve_words(seat: usize, opponent: Option<usize>) -> String {
    match opponent {
        None => format!("player {seat}'s curve"),
        Some(q) => format!("player {seat}'s curve against player {q}"),
    }
}

/// The curves of a `sim equity --distribution` table and its board: a curve per (player,
/// opponent) with curve rows, in the order of its first, with the summary row of the same pair.
/// Every row is checked against the table the command writes: one known game and one board; a
/// level the command writes; seats the game has, one range each; an opponent on versus rows
/// only, never the player; shares in [0, 1]; each curve's cumulative share the one before it
/// plus the row's share, ending at 1; one summary a curve. Cells are read in place and a
/// summary row only joins a curve, never starts one: the work is linear in the rows, over at
/// most a hundred curves.
///
/// # Errors
/// A usage error naming the file, row, column and cell of the first row that no distribution
/// holds, a curve that does not end at 1, or a table without the distribution's columns or
/// curve rows.
pub(crate) fn curves(table: &Table) -> Result<(Vec<Curve>, String), UsageError> {
    let path = table.path.display();
    let [
        game,
        level,
        player,
        range,
        against,
        board,
        hands,
        share,
        cumulative,
        equity,
        median,
        half,
    ] = COLUMNS.map(|name| column(table, name));
    let (game, level, player, range, against, board) =
        (game?, level?, player?, range?, against?, board?);
    let (hands, share, cumulative, equity) = (hands?, share?, cumulative?, equity?);
    let (median, half) = (median?, half?);
    let cell = |c: usize, row: usize| -> Result<f64, UsageError> {
        let text = table.cell(row, c);
        text.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| (0.0..=1.0).contains(v))
            .ok_or_else(|| table.refuse(row, c, format!("'{text}' is not a share in [0, 1]")))
    };
    let whole = |c: usize, row: usize| -> Result<u64, UsageError> {
        let text = table.cell(row, c);
        text.trim()
            .parse::<u64>()
            .map_err(|_| table.refuse(row, c, format!("'{text}' is not a whole number")))
    };
    let played = Game::from_name(table.cell(0, game)).ok_or_else(|| {
        table.refuse(
            0,
            game,
            format!("'{}' is not a game of sim", table.cell(0, game)),
        )
    })?;
    let most = played.max_players();
    // Each seat's range and the row that first gave it, seat 1 at index 1.
    let mut ranges: Vec<Option<(&str, usize)>> = vec![None; most + 1];
    let mut summaries: HashSet<(usize, Option<usize>)> = HashSet::new();
    let mut lines: Vec<Curve> = Vec::new();
    let mut summary_rows = Vec::new();
    for row in 0..table.rows() {
        let text = |c: usize| table.cell(row, c);
        for (c, first) in [(game, table.cell(0, game)), (board, table.cell(0, board))] {
            if text(c) != first {
                return Err(table.refuse(
                    row,
                    c,
                    format!("'{}' is not row 2's '{first}'", text(c)),
                ));
            }
        }
        let kind = text(level);
        if !LEVELS.contains(&kind) {
            return Err(table.refuse(row, level, format!("'{kind}' is not {}", LEVELS.join(", "))));
        }
        let seat = table.seat(row, player, most)?;
        match ranges[seat] {
            Some((first, at)) if first != text(range) => {
                return Err(table.refuse(
                    row,
                    range,
                    format!(
                        "'{}' is not player {seat}'s range in row {}, '{first}'",
                        text(range),
                        at + 2
                    ),
                ));
            }
            Some(_) => {}
            None => ranges[seat] = Some((text(range), row)),
        }
        let opponent = if kind.starts_with("versus") {
            let q = table.seat(row, against, most)?;
            if q == seat {
                return Err(table.refuse(
                    row,
                    against,
                    format!("'{}' is player {seat} itself", text(against)),
                ));
            }
            Some(q)
        } else if !text(against).trim().is_empty() {
            return Err(table.refuse(
                row,
                against,
                format!(
                    "'{}' on a {kind} row: only versus rows name an opponent",
                    text(against)
                ),
            ));
        } else {
            None
        };
        if kind.ends_with("summary") {
            if !summaries.insert((seat, opponent)) {
                return Err(table.refuse(
                    row,
                    level,
                    format!("a second {kind} row of {}", curve_words(seat, opponent)),
                ));
            }
            summary_rows.push((row, seat, opponent));
            continue;
        }
        if !is_curve(kind) {
            continue;
        }
        let at = match lines
            .iter()
            .position(|c| c.player == seat && c.against == opponent)
        {
            Some(at) => at,
            None => {
                lines.push(Curve {
                    player: seat,
                    range: text(range).to_string(),
                    against: opponent,
                    steps: Vec::new(),
                    summary: None,
                });
                lines.len() - 1
            }
        };
        // A long curve's running sum may end a rounding step past 1 (`1.000000000000003`).
        let c = table
            .cell(row, cumulative)
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|c| (0.0..=1.0 + CUMULATIVE_SLACK).contains(c))
            .ok_or_else(|| {
                table.refuse(
                    row,
                    cumulative,
                    format!("'{}' is not a share in [0, 1]", text(cumulative)),
                )
            })?;
        let s = cell(share, row)?;
        let e = cell(equity, row)?;
        let before = lines[at].steps.last().map_or(0.0, |step| step.1);
        if (before + s - c).abs() > CUMULATIVE_SLACK {
            return Err(table.refuse(
                row,
                cumulative,
                format!(
                    "'{}' is not the share before it, {before}, plus the row's share, {s}, in {}",
                    text(cumulative),
                    curve_words(seat, opponent)
                ),
            ));
        }
        lines[at]
            .steps
            .push(((c - s).clamp(0.0, 1.0), c.min(1.0), e));
    }
    for line in &lines {
        let end = line.steps.last().map_or(0.0, |step| step.1);
        if (end - 1.0).abs() > CUMULATIVE_SLACK {
            return Err(UsageError::new(format!(
                "{path}: column cumulative: {} ends at {end}, not 1 (a curve holds the whole range)",
                curve_words(line.player, line.against)
            )));
        }
    }
    for (row, seat, opponent) in summary_rows {
        let summary = (
            whole(hands, row)?,
            cell(equity, row)?,
            cell(median, row)?,
            cell(half, row)?,
        );
        if let Some(line) = lines
            .iter_mut()
            .find(|c| c.player == seat && c.against == opponent)
        {
            line.summary = Some(summary);
        }
    }
    if lines.is_empty() {
        return Err(UsageError::new(format!(
            "{path}: no curve rows: draw the CSV of sim equity --distribution"
        )));
    }
    Ok((lines, table.cell(0, board).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "game,board,player,range,against,level,hand,hands,low,high,share,\
                          cumulative,equity,std_error,q1,median,q3,at_least_half";

    fn table(rows: &[&str]) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.csv");
        std::fs::write(&path, format!("{HEADER}\n{}\n", rows.join("\n"))).unwrap();
        Table::read(&path).unwrap()
    }

    #[test]
    fn summaries_join_their_curves_wherever_they_stand() {
        let t = table(&[
            "holdem,Kd7c2s,1,AA,,summary,,2,,,,,0.6,,,0.55,,0.5",
            "holdem,Kd7c2s,1,AA,,curve,AsAh,1,,,0.5,0.5,0.7,0,,,,",
            "holdem,Kd7c2s,3,KK,,summary,,1,,,,,0.4,,,0.4,,0",
            "holdem,Kd7c2s,1,AA,,curve,AdAc,1,,,0.5,1,0.5,0,,,,",
            "holdem,Kd7c2s,2,QQ,1,versus_curve,AsAh,1,,,1,1,0.3,0,,,,",
        ]);
        let (curves, board) = curves(&t).unwrap();
        assert_eq!(board, "Kd7c2s");
        assert_eq!(curves.len(), 2, "seat 3 has a summary and no curve");
        assert_eq!(curves[0].steps, [(0.0, 0.5, 0.7), (0.5, 1.0, 0.5)]);
        assert_eq!(curves[0].summary, Some((2, 0.6, 0.55, 0.5)));
        assert_eq!((curves[1].player, curves[1].against), (2, Some(1)));
        assert_eq!(curves[1].summary, None);
        assert_eq!(check_size(&t), Ok(()));
    }

    #[test]
    fn curves_past_the_limit_are_counted_and_refused() {
        let rows: Vec<String> = (1..=MAX_DISTRIBUTION_CURVES + 1)
            .map(|seat| format!("holdem,,{seat},AA,,curve,AsAh,1,,,1,1,0.5,0,,,,"))
            .collect();
        let t = table(&rows.iter().map(String::as_str).collect::<Vec<_>>());
        let err = check_size(&t).unwrap_err().to_string();
        assert!(
            err.ends_with(&format!(
                "has {} curves; sim plot draws at most {MAX_DISTRIBUTION_CURVES}",
                MAX_DISTRIBUTION_CURVES + 1
            )),
            "{err}"
        );
    }

    fn refusal(rows: &[&str]) -> String {
        curves(&table(rows)).unwrap_err().to_string()
    }

    #[test]
    fn rows_no_distribution_holds_are_refused_naming_row_and_column() {
        let curve = "holdem,,1,AA,,curve,AsAh,1,,,1,1,0.5,0,,,,";
        let err = refusal(&[curve, "holdem,,1,AA,,histogram,,1,,,,,0.5,,,0.5,,0.5"]);
        assert!(
            err.ends_with("row 3, column level: 'histogram' is not curve, bin, summary, versus_curve, versus_bin, versus_summary"),
            "{err}"
        );
        let err = refusal(&["holdem,,0,AA,,curve,AsAh,1,,,1,1,0.5,0,,,,"]);
        assert!(
            err.ends_with("row 2, column player: '0' is not a seat (a whole number from 1 to 10)"),
            "{err}"
        );
        let err = refusal(&[curve, "holdem,,1,AA,1,versus_curve,AsAh,1,,,1,1,0.5,0,,,,"]);
        assert!(
            err.ends_with("column against: '1' is player 1 itself"),
            "{err}"
        );
        let err = refusal(&[
            "holdem,,1,AA,,curve,AsAh,1,,,0.5,0.5,0.7,0,,,,",
            "holdem,,1,AA,,curve,AdAc,1,,,0.5,0.4,0.5,0,,,,",
        ]);
        assert!(
            err.contains("row 3, column cumulative: '0.4' is not the share before it, 0.5, plus the row's share, 0.5, in player 1's curve"),
            "{err}"
        );
        let err = refusal(&["holdem,,1,AA,,curve,AsAh,1,,,0.5,0.5,0.7,0,,,,"]);
        assert!(
            err.ends_with("column cumulative: player 1's curve ends at 0.5, not 1 (a curve holds the whole range)"),
            "{err}"
        );
        let summary = "holdem,,1,AA,,summary,,1,,,,,0.5,,,0.5,,0.5";
        let err = refusal(&[curve, summary, summary]);
        assert!(
            err.ends_with("row 4, column level: a second summary row of player 1's curve"),
            "{err}"
        );
        let err = refusal(&[curve, "holdem,,1,KK,,summary,,1,,,,,0.5,,,0.5,,0.5"]);
        assert!(
            err.ends_with("row 3, column range: 'KK' is not player 1's range in row 2, 'AA'"),
            "{err}"
        );
        let err = refusal(&[curve, "holdem,Kd7c2s,2,KK,,curve,KsKh,1,,,1,1,0.5,0,,,,"]);
        assert!(
            err.ends_with("row 3, column board: 'Kd7c2s' is not row 2's ''"),
            "{err}"
        );
        // A running sum a rounding step past 1 is what `sim` writes for a long curve.
        let ends = [
            "holdem,,1,AA,,curve,AsAh,1,,,0.5,0.5,0.7,0,,,,",
            "holdem,,1,AA,,curve,AdAc,1,,,0.5,1.000000000000003,0.5,0,,,,",
        ];
        assert_eq!(curves(&table(&ends)).unwrap().0[0].steps[1].1, 1.0);
        let err = refusal(&["poker,,1,AA,,curve,AsAh,1,,,1,1,0.5,0,,,,"]);
        assert!(
            err.ends_with("row 2, column game: 'poker' is not a game of sim"),
            "{err}"
        );
    }
}
