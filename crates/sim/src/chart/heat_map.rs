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

use std::fmt::Write as _;
use std::path::Path;

use crate::chart::limits::{MAX_BREAKDOWN_CLASSES, MAX_BREAKDOWN_PLAYERS, at_most};
use crate::chart::table::read_input;
use crate::error::UsageError;

/// Rank characters, deuce first (as `deck::RANK_CHARS`).
const RANKS: &str = "23456789TJQKA";

/// Side of one cell, in SVG units.
const CELL: usize = 44;

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

/// The class rows of a `sim equity --breakdown` CSV and whether it is a short-deck table.
///
/// # Errors
/// If the file cannot be read; a usage error for a file longer than
/// [`MAX_INPUT_BYTES`](crate::chart::table::MAX_INPUT_BYTES), a table without the breakdown's
/// columns or with a cell that is not a number in [0, 1], naming the row, or one with more
/// class rows than [`MAX_BREAKDOWN_CLASSES`] or players than [`MAX_BREAKDOWN_PLAYERS`].
pub fn read(path: &Path) -> anyhow::Result<(Vec<ClassCell>, bool)> {
    let bytes = read_input(path)?;
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    let bad = |what: String| UsageError::new(format!("{}: {what}", path.display()));
    let header = reader
        .headers()
        .map_err(|e| bad(format!("not a CSV table: {e}")))?
        .clone();
    let column = |name: &str| {
        header.iter().position(|h| h == name).ok_or_else(|| {
            bad(format!(
                "no column {name}: draw the CSV of sim equity --breakdown"
            ))
        })
    };
    let [game, player, range, level, class, equity, weight] = [
        "game", "player", "range", "level", "class", "equity", "weight",
    ]
    .map(column);
    let (game, player, range, level, class, equity, weight) =
        (game?, player?, range?, level?, class?, equity?, weight?);
    let mut cells = Vec::new();
    let mut short = false;
    let mut class_rows = 0;
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|e| bad(format!("not a CSV table: {e}")))?;
        if &record[level] != "class" {
            continue;
        }
        let name = &record[game];
        short |= name.starts_with("shortdeck");
        // The grid is the 169 hold'em classes: Omaha's patterns and stud's rows have no cell.
        if name != "holdem" && !name.starts_with("shortdeck") {
            return Err(bad(format!(
                "row {}: the heat map draws hold'em and short-deck breakdowns, not {name}",
                i + 2
            ))
            .into());
        }
        // Past the limit, rows are only counted, for the refusal below: nothing is kept.
        class_rows += 1;
        if class_rows > MAX_BREAKDOWN_CLASSES {
            continue;
        }
        let share = |c: usize| {
            record[c]
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|v| (0.0..=1.0).contains(v))
                .ok_or_else(|| {
                    bad(format!(
                        "row {}, column {}: '{}' is not a share in [0, 1]",
                        i + 2,
                        &header[c],
                        &record[c]
                    ))
                })
        };
        let seat = record[player]
            .parse()
            .map_err(|_| bad(format!("row {}: player '{}'", i + 2, &record[player])))?;
        if parse_class(&record[class]).is_none() {
            return Err(bad(format!("row {}: class '{}'", i + 2, &record[class])).into());
        }
        cells.push(ClassCell {
            player: seat,
            range: record[range].to_string(),
            class: record[class].to_string(),
            equity: share(equity)?,
            weight: share(weight)?,
        });
    }
    if cells.is_empty() {
        return Err(bad("no class rows: draw the CSV of sim equity --breakdown".into()).into());
    }
    at_most(path, class_rows, "class rows", MAX_BREAKDOWN_CLASSES)?;
    at_most(path, grids(&cells).len(), "players", MAX_BREAKDOWN_PLAYERS)?;
    Ok((cells, short))
}

/// The grid position of a class: (row, column) with the aces first; `None` if it is not a class.
fn parse_class(class: &str) -> Option<(usize, usize)> {
    let chars: Vec<char> = class.chars().collect();
    let rank = |c: char| RANKS.find(c);
    let (a, b) = (rank(*chars.first()?)?, rank(*chars.get(1)?)?);
    let (high, low) = (12 - a.max(b), 12 - a.min(b));
    match chars.get(2) {
        None if a == b => Some((high, high)),
        Some('s') if a != b => Some((high, low)),
        Some('o') if a != b => Some((low, high)),
        _ => None,
    }
}

/// Red (0) through white (0.5) to green (1).
fn colour(equity: f64) -> String {
    let t = equity.clamp(0.0, 1.0);
    let mix = |from: f64, to: f64, s: f64| (from + (to - from) * s).round() as u8;
    let (r, g, b) = if t < 0.5 {
        let s = t / 0.5;
        (
            mix(215.0, 255.0, s),
            mix(48.0, 255.0, s),
            mix(39.0, 255.0, s),
        )
    } else {
        let s = (t - 0.5) / 0.5;
        (
            mix(255.0, 26.0, s),
            mix(255.0, 152.0, s),
            mix(255.0, 80.0, s),
        )
    };
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The grids of `cells`: each (player, range), in order.
fn grids(cells: &[ClassCell]) -> Vec<(usize, &str)> {
    let mut players: Vec<(usize, &str)> = cells.iter().map(|c| (c.player, &*c.range)).collect();
    players.dedup();
    players.sort();
    players.dedup();
    players
}

/// The heat map of `cells`, one grid per player side by side; `short` for the 9 × 9 short-deck
/// grid (sixes to aces).
pub fn svg(cells: &[ClassCell], short: bool) -> String {
    let side = if short { 9 } else { 13 };
    let players = grids(cells);
    // Where each cell sits, found once: every square of every grid looks for its cell.
    let placed: Vec<Option<(usize, usize)>> = cells.iter().map(|c| parse_class(&c.class)).collect();
    let (margin, title) = (24, 56);
    let grid = side * CELL;
    let legend = 60;
    let width = margin + players.len() * (grid + margin);
    let height = title + grid + legend;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    for (i, &(player, range)) in players.iter().enumerate() {
        let x0 = margin + i * (grid + margin);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="22" font-size="15" font-weight="bold">Player {player}: {}</text>"#,
            x0,
            escape(range)
        );
        let _ = writeln!(
            out,
            r##"<text x="{x0}" y="42" font-size="11" fill="#555555">equity of each class against the other ranges; ×w: mean range weight below 1</text>"##
        );
        for row in 0..side {
            for col in 0..side {
                let (x, y) = (x0 + col * CELL, title + row * CELL);
                let _ = writeln!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#e6e6e6" stroke="#ffffff"/>"##
                );
                let (a, b) = (RANKS.as_bytes()[12 - row], RANKS.as_bytes()[12 - col]);
                let name = match row.cmp(&col) {
                    std::cmp::Ordering::Equal => format!("{}{}", a as char, a as char),
                    std::cmp::Ordering::Less => format!("{}{}s", a as char, b as char),
                    std::cmp::Ordering::Greater => format!("{}{}o", b as char, a as char),
                };
                let cell = cells
                    .iter()
                    .zip(&placed)
                    .find(|(c, at)| c.player == player && **at == Some((row, col)))
                    .map(|(c, _)| c);
                let Some(cell) = cell else {
                    let _ = writeln!(
                        out,
                        r##"<text x="{}" y="{}" font-size="10" fill="#aaaaaa" text-anchor="middle">{name}</text>"##,
                        x + CELL / 2,
                        y + CELL / 2 + 4
                    );
                    continue;
                };
                let _ = writeln!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#ffffff"><title>{name}: equity {:.2} %, weight {:.3}</title></rect>"##,
                    colour(cell.equity),
                    100.0 * cell.equity,
                    cell.weight
                );
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="11" font-weight="bold" text-anchor="middle">{name}</text>"##,
                    x + CELL / 2,
                    y + 15
                );
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="10" text-anchor="middle">{:.1}</text>"##,
                    x + CELL / 2,
                    y + 28,
                    100.0 * cell.equity
                );
                if cell.weight < 1.0 {
                    let _ = writeln!(
                        out,
                        r##"<text x="{}" y="{}" font-size="9" fill="#333333" text-anchor="middle">×{:.2}</text>"##,
                        x + CELL / 2,
                        y + 40,
                        cell.weight
                    );
                }
            }
        }
        // The colour scale under the grid.
        let y = title + grid + 14;
        for step in 0..=20 {
            let e = step as f64 / 20.0;
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{y}" width="{}" height="12" fill="{}"/>"#,
                x0 + step * grid / 21,
                grid / 21 + 1,
                colour(e)
            );
        }
        for (e, anchor) in [(0, "start"), (50, "middle"), (100, "end")] {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="11" text-anchor="{anchor}">{e} %</text>"#,
                x0 + e * grid / 100,
                y + 28
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The heat map of the breakdown CSV at `path`.
///
/// # Errors
/// As [`read`].
pub fn draw(path: &Path) -> anyhow::Result<String> {
    let (cells, short) = read(path)?;
    Ok(svg(&cells, short))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_sit_where_players_look_for_them() {
        assert_eq!(parse_class("AA"), Some((0, 0)));
        assert_eq!(parse_class("AKs"), Some((0, 1)));
        assert_eq!(parse_class("AKo"), Some((1, 0)));
        assert_eq!(parse_class("72o"), Some((12, 7)));
        assert_eq!(parse_class("22"), Some((12, 12)));
        assert_eq!(parse_class("AAs"), None);
        assert_eq!(parse_class("AK"), None);
    }

    #[test]
    fn colours_run_from_red_through_white_to_green() {
        assert_eq!(colour(0.0), "#d73027");
        assert_eq!(colour(0.5), "#ffffff");
        assert_eq!(colour(1.0), "#1a9850");
    }
}
