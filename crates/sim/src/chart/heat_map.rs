//! `sim plot breakdown`: the starting-hand grid of a `sim equity --breakdown` CSV as an SVG heat
//! map, one grid per player: 13 × 13 in hold'em, 9 × 9 (sixes to aces) in short deck.
//!
//! ```text
//!          A    K    Q   …       row rank > column rank: suited   (AKs right of AA)
//!     A   AA   AKs  AQs          row rank < column rank: offsuit  (AKo below AA)
//!     K   AKo  KK   KQs          diagonal: pairs
//!     …                          colour: equity, red 0 % → white 50 % → green 100 %
//!                                grey: not in the range; weight below 1 written in the cell
//! ```
//!
//! Written as plain SVG text (rectangles and text only), so any viewer draws it the same way.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use engine::Game;

use crate::chart::class_grid::{self, Grid, GridCell, Look, parse_class};
use crate::chart::limits::{MAX_BREAKDOWN_CLASSES, MAX_BREAKDOWN_PLAYERS, at_most};
use crate::chart::spot;
use crate::chart::table::Table;
use crate::error::UsageError;

/// One class row of a breakdown CSV.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassCell {
    /// Seat, from 1.
    pub player: usize,
    /// The player's range as given.
    pub range: String,
    /// The class: `AA`, `AKs`, `AKo`.
    pub class: String,
    /// Equity against the other players' ranges, 0 to 1.
    pub equity: f64,
    /// Mean range weight of the class's hands, 0 to 1.
    pub weight: f64,
}

/// The columns of a breakdown table that the heat map reads.
const COLUMNS: [&str; 7] = [
    "game", "player", "range", "level", "class", "equity", "weight",
];

/// The index of column `name` of the breakdown table `table`.
///
/// # Errors
/// A usage error, naming the file and the column, if it has none.
fn column(table: &Table, name: &str) -> Result<usize, UsageError> {
    table.index(name).map_err(|_| {
        UsageError::new(format!(
            "{}: no column {name}: draw the CSV of sim equity --breakdown",
            table.path.display()
        ))
    })
}

/// Refuses a breakdown table with more class rows than [`MAX_BREAKDOWN_CLASSES`] or players
/// than [`MAX_BREAKDOWN_PLAYERS`], counted from two columns' cells in place, before any cell
/// is checked.
///
/// # Errors
/// A usage error naming the file, the count and the limit, or a missing column.
pub(crate) fn check_size(table: &Table) -> Result<(), UsageError> {
    let (level, player) = (column(table, "level")?, column(table, "player")?);
    let rows = (0..table.rows()).filter(|&row| table.cell(row, level) == "class");
    at_most(
        &table.path,
        rows.clone().count(),
        "class rows",
        MAX_BREAKDOWN_CLASSES,
    )?;
    let players: BTreeSet<&str> = rows.map(|row| table.cell(row, player).trim()).collect();
    at_most(&table.path, players.len(), "players", MAX_BREAKDOWN_PLAYERS)
}

/// The class rows of a `sim equity --breakdown` table and whether it is a short-deck table,
/// from the table as [`Table::read`] read it (the input is read once, so a pipe or FIFO draws
/// as a file does), after checking every row against the table `sim equity --breakdown`
/// writes: one game, of the hold'em family; levels `hand` and `class`; seats the game has; one
/// range per player; each class of the game's deck, once per player, with an equity and a
/// weight in [0, 1].
///
/// # Errors
/// A usage error naming the file, row, column and cell of the first row that no breakdown
/// holds, or a missing column.
pub fn read(table: &Table) -> Result<(Vec<ClassCell>, bool), UsageError> {
    let path = table.path.display();
    let [game, player, range, level, class, equity, weight] =
        COLUMNS.map(|name| column(table, name));
    let (game, player, range, level, class, equity, weight) =
        (game?, player?, range?, level?, class?, equity?, weight?);
    let mut cells = Vec::new();
    let mut played: Option<Game> = None;
    // Each seat's range and the row that first gave it.
    let mut ranges: BTreeMap<usize, (&str, usize)> = BTreeMap::new();
    // Each (seat, class) and the row that first gave it.
    let mut seen: HashMap<(usize, &str), usize> = HashMap::new();
    for i in 0..table.rows() {
        let cell = |c: usize| table.cell(i, c);
        let name = cell(game);
        let this = match (Game::from_name(name), played) {
            (_, Some(first)) if first.name() != name => {
                return Err(table.refuse(
                    i,
                    game,
                    format!("'{name}' is not the game of row 2, {first}"),
                ));
            }
            (Some(this), _) if request::game::deals_two_card_hands(this) => this,
            // The grid is the 169 hold'em classes: Omaha's patterns and stud's rows have no cell.
            _ => {
                return Err(UsageError::new(format!(
                    "{path}: row {}: the heat map draws hold'em and short-deck breakdowns, not {name}",
                    i + 2
                )));
            }
        };
        played = Some(this);
        let short = this.deck_size() < 52;
        let seat = table.seat(i, player, this.max_players())?;
        match ranges.get(&seat) {
            Some(&(first, row)) if first != cell(range) => {
                return Err(table.refuse(
                    i,
                    range,
                    format!(
                        "'{}' is not player {seat}'s range in row {}, '{first}'",
                        cell(range),
                        row + 2
                    ),
                ));
            }
            Some(_) => {}
            None => {
                ranges.insert(seat, (cell(range), i));
            }
        }
        match cell(level) {
            "hand" => continue,
            "class" => {}
            other => {
                return Err(table.refuse(i, level, format!("'{other}' is not hand or class")));
            }
        }
        let name = cell(class);
        if !parse_class(name).is_some_and(|at| !short || at.0.max(at.1) < 9) {
            let deck = if short { "short-deck" } else { "hold'em" };
            return Err(table.refuse(
                i,
                class,
                format!("'{name}' is not a {deck} class (AA, AKs, AKo)"),
            ));
        }
        if let Some(first) = seen.insert((seat, name), i) {
            return Err(table.refuse(
                i,
                class,
                format!(
                    "player {seat}'s class '{name}' is named again (first in row {})",
                    first + 2
                ),
            ));
        }
        let share = |c: usize| {
            cell(c)
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|v| (0.0..=1.0).contains(v))
                .ok_or_else(|| {
                    table.refuse(i, c, format!("'{}' is not a share in [0, 1]", cell(c)))
                })
        };
        cells.push(ClassCell {
            player: seat,
            range: cell(range).to_string(),
            class: name.to_string(),
            equity: share(equity)?,
            weight: share(weight)?,
        });
    }
    if cells.is_empty() {
        return Err(UsageError::new(format!(
            "{path}: no class rows: draw the CSV of sim equity --breakdown"
        )));
    }
    let short = played.is_some_and(|g| g.deck_size() < 52);
    Ok((cells, short))
}

/// The heat map's title.
const TITLE: &str = "Equity of each starting-hand class against the other ranges";

/// The heat map of `cells`, one grid per player side by side, under its title and `subtitle`
/// (what was computed); `short` for the 9 × 9 short-deck grid (sixes to aces).
pub fn svg(cells: &[ClassCell], short: bool, subtitle: &str) -> String {
    let grids: Vec<Grid> = players(cells)
        .into_iter()
        .map(|(player, range)| Grid {
            heading: format!("Player {player}: {range}"),
            cells: cells
                .iter()
                .filter(|c| c.player == player)
                .map(grid_cell)
                .collect(),
        })
        .collect();
    let look = Look {
        title: TITLE,
        caption: "equity of each class against the other ranges; ×w: mean range weight below 1",
        legend: ["0 %", "50 %", "100 %"],
    };
    class_grid::svg(&grids, short, subtitle, &look)
}

/// The grid cell of one class: coloured and labelled by its equity, its weight noted below 1.
fn grid_cell(cell: &ClassCell) -> GridCell {
    GridCell {
        class: cell.class.clone(),
        shade: cell.equity,
        value: format!("{:.1}", 100.0 * cell.equity),
        note: (cell.weight < 1.0).then(|| format!("×{:.2}", cell.weight)),
        tooltip: format!(
            "equity {:.2} %, weight {:.3}",
            100.0 * cell.equity,
            cell.weight
        ),
    }
}

/// The grids of `cells`: each (player, range), in order.
fn players(cells: &[ClassCell]) -> Vec<(usize, &str)> {
    let mut players: Vec<(usize, &str)> = cells.iter().map(|c| (c.player, &*c.range)).collect();
    players.sort();
    players.dedup();
    players
}

/// The heat map of the breakdown table `table`.
///
/// # Errors
/// As [`read`].
pub fn draw(table: &Table) -> Result<String, UsageError> {
    let (cells, short) = read(table)?;
    // Each grid names its player's range.
    Ok(svg(&cells, short, &spot::words(table, false)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[&str]) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.csv");
        let header = "game,player,range,level,hand,class,equity,weight";
        std::fs::write(&path, format!("{header}\n{}\n", rows.join("\n"))).unwrap();
        Table::read(&path).unwrap()
    }

    fn refusal(rows: &[&str]) -> String {
        read(&table(rows)).unwrap_err().to_string()
    }

    #[test]
    fn rows_no_breakdown_holds_are_refused_naming_row_and_column() {
        let ok = "holdem,1,AA,class,,AA,0.8,1";
        let (cells, short) = read(&table(&[ok, "holdem,2,KK,hand,KsKh,KK,0.2,1"])).unwrap();
        assert_eq!((cells.len(), short), (1, false));
        let cases: [(&[&str], &str); 9] = [
            (
                &[ok, ok],
                "row 3, column class: player 1's class 'AA' is named again (first in row 2)",
            ),
            (
                &[ok, "holdem,1,KK,class,,KK,0.2,1"],
                "row 3, column range: 'KK' is not player 1's range in row 2, 'AA'",
            ),
            (
                &["holdem,0,AA,class,,AA,0.8,1"],
                "row 2, column player: '0' is not a seat (a whole number from 1 to 10)",
            ),
            (
                &["shortdeck,9,AA,class,,AA,0.8,1"],
                "row 2, column player: '9' is not a seat (a whole number from 1 to 8)",
            ),
            (
                &["shortdeck,1,AA,class,,72o,0.8,1"],
                "row 2, column class: '72o' is not a short-deck class (AA, AKs, AKo)",
            ),
            (
                &[ok, "holdem,1,AA,combo,,AA,0.8,1"],
                "row 3, column level: 'combo' is not hand or class",
            ),
            (
                &[ok, "shortdeck,2,KK,class,,KK,0.2,1"],
                "row 3, column game: 'shortdeck' is not the game of row 2, holdem",
            ),
            (
                &["holdem,1,AA,class,,AA,NaN,1"],
                "row 2, column equity: 'NaN' is not a share in [0, 1]",
            ),
            (
                &["omaha,1,AAxx,class,,AAxx,0.5,1"],
                "row 2: the heat map draws hold'em and short-deck breakdowns, not omaha",
            ),
        ];
        for (rows, message) in cases {
            let err = refusal(rows);
            assert!(err.ends_with(message), "{err}");
        }
    }
}
