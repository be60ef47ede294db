//! The starting-hand grid that `sim plot breakdown` (equity) and `sim plot ranking` (rank and
//! percentile) draw: 13 × 13 in hold'em, 9 × 9 (sixes to aces) in short deck, one grid per
//! range or ranking side by side, as plain SVG text (rectangles and text only), so that any
//! viewer draws it the same way.
//!
//! ```text
//!          A    K    Q   …       row rank > column rank: suited   (AKs right of AA)
//!     A   AA   AKs  AQs          row rank < column rank: offsuit  (AKo below AA)
//!     K   AKo  KK   KQs          diagonal: pairs
//!     …                          colour: the cell's shade, red 0 → white 0.5 → green 1
//!                                grey: a class the table does not hold
//! ```

use std::fmt::Write as _;

use crate::chart::fit::{chars_in, ellipsis};
use crate::chart::header::Header;

/// Rank characters, deuce first (as `deck::RANK_CHARS`).
const RANKS: &str = "23456789TJQKA";

/// Side of one cell, in SVG units.
const CELL: usize = 44;

/// One class's cell.
#[derive(Debug, Clone, PartialEq)]
pub struct GridCell {
    /// The class: `AA`, `AKs`, `AKo`.
    pub class: String,
    /// Where the colour lies between red (0) and green (1).
    pub shade: f64,
    /// The value written under the class's name.
    pub value: String,
    /// A small note under the value (a weight below 1), if any.
    pub note: Option<String>,
    /// What a viewer shows on hovering, after the class's name.
    pub tooltip: String,
}

/// One grid: its heading and the cells of the classes it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    /// The grid's heading: whose range, or which ranking.
    pub heading: String,
    /// The classes the grid holds; the others are drawn grey.
    pub cells: Vec<GridCell>,
}

/// The words around the grids.
#[derive(Debug, Clone, Copy)]
pub struct Look<'a> {
    /// The chart's title.
    pub title: &'a str,
    /// The line under each grid's heading: what the cells say.
    pub caption: &'a str,
    /// The colour scale's labels at shade 0, 0.5 and 1.
    pub legend: [&'a str; 3],
}

/// The grid position of a class: (row, column) with the aces first; `None` if it is not a class.
pub fn parse_class(class: &str) -> Option<(usize, usize)> {
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
fn colour(shade: f64) -> String {
    let t = shade.clamp(0.0, 1.0);
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

/// The name of the class at (`row`, `col`) of the grid, aces first.
fn class_at(row: usize, col: usize) -> String {
    let (a, b) = (RANKS.as_bytes()[12 - row], RANKS.as_bytes()[12 - col]);
    match row.cmp(&col) {
        std::cmp::Ordering::Equal => format!("{}{}", a as char, a as char),
        std::cmp::Ordering::Less => format!("{}{}s", a as char, b as char),
        std::cmp::Ordering::Greater => format!("{}{}o", b as char, a as char),
    }
}

/// The grids side by side under `look`'s title and `subtitle` (what was computed); `short` for
/// the 9 × 9 short-deck grid (sixes to aces).
pub fn svg(grids: &[Grid], short: bool, subtitle: &str, look: &Look) -> String {
    let side = if short { 9 } else { 13 };
    let margin = 24;
    let grid = side * CELL;
    let legend = 60;
    let width = margin + grids.len() * (grid + margin);
    let header = Header::new(look.title, subtitle, width as u32);
    let above = header.height() as usize;
    let title = above + 56;
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
    for (words, font, y, is_title) in header.lines() {
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{y}" dy="0.5ex" font-size="{font}" text-anchor="middle" fill="{}">{}</text>"##,
            width / 2,
            if is_title { "#000000" } else { "#464646" },
            escape(words)
        );
    }
    // A grid's title in the grid's width: 15 px bold, its characters wider than regular ones.
    let room = chars_in(grid as f64, 15.0 * 1.1);
    for (i, one) in grids.iter().enumerate() {
        let x0 = margin + i * (grid + margin);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="15" font-weight="bold">{}</text>"#,
            x0,
            above + 22,
            escape(&ellipsis(&one.heading, room))
        );
        let _ = writeln!(
            out,
            r##"<text x="{x0}" y="{}" font-size="11" fill="#555555">{}</text>"##,
            above + 42,
            escape(&ellipsis(look.caption, chars_in(grid as f64, 11.0)))
        );
        // Where each cell sits, found once: every square of the grid looks for its cell.
        let placed: Vec<Option<(usize, usize)>> =
            one.cells.iter().map(|c| parse_class(&c.class)).collect();
        for row in 0..side {
            for col in 0..side {
                let (x, y) = (x0 + col * CELL, title + row * CELL);
                let _ = writeln!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#e6e6e6" stroke="#ffffff"/>"##
                );
                let name = class_at(row, col);
                let cell = one
                    .cells
                    .iter()
                    .zip(&placed)
                    .find(|(_, at)| **at == Some((row, col)))
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
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#ffffff"><title>{name}: {}</title></rect>"##,
                    colour(cell.shade),
                    escape(&cell.tooltip)
                );
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="11" font-weight="bold" text-anchor="middle">{name}</text>"##,
                    x + CELL / 2,
                    y + 15
                );
                let _ = writeln!(
                    out,
                    r##"<text x="{}" y="{}" font-size="10" text-anchor="middle">{}</text>"##,
                    x + CELL / 2,
                    y + 28,
                    escape(&cell.value)
                );
                if let Some(note) = &cell.note {
                    let _ = writeln!(
                        out,
                        r##"<text x="{}" y="{}" font-size="9" fill="#333333" text-anchor="middle">{}</text>"##,
                        x + CELL / 2,
                        y + 40,
                        escape(note)
                    );
                }
            }
        }
        // The colour scale under the grid.
        let y = title + grid + 14;
        for step in 0..=20 {
            let shade = step as f64 / 20.0;
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{y}" width="{}" height="12" fill="{}"/>"#,
                x0 + step * grid / 21,
                grid / 21 + 1,
                colour(shade)
            );
        }
        for ((at, anchor), label) in [(0, "start"), (50, "middle"), (100, "end")]
            .into_iter()
            .zip(look.legend)
        {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="11" text-anchor="{anchor}">{}</text>"#,
                x0 + at * grid / 100,
                y + 28,
                escape(label)
            );
        }
    }
    out.push_str("</svg>\n");
    out
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
        for row in 0..13 {
            for col in 0..13 {
                assert_eq!(parse_class(&class_at(row, col)), Some((row, col)));
            }
        }
    }

    #[test]
    fn colours_run_from_red_through_white_to_green() {
        assert_eq!(colour(0.0), "#d73027");
        assert_eq!(colour(0.5), "#ffffff");
        assert_eq!(colour(1.0), "#1a9850");
    }
}
