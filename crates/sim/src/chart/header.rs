//! A chart's header: its title, then what was computed ([`spot`](crate::chart::spot)), each
//! wrapped to the canvas's width ([`fit`](crate::chart::fit)) so that no line crosses its
//! edge, the header as tall as its lines.
//!
//! ```text
//!  ┌────────────────────────────────────────────┐
//!  │   What the range hits: share of its 136    │  title, 20 px, at most 2 lines
//!  │        combos by class                     │
//!  │ holdem · range 22+,A2s+ · board Th9h8c2d   │  subtitle, 14 px, at most 3 lines
//!  ├────────────────────────────────────────────┤
//!  │ the chart                                  │
//! ```

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::chart::fit::{chars_in, svg_size, wrap};
use crate::chart::style::{SIZE, drawing};

/// Pixels of [`SIZE`]'s height that a chart's one-line caption took.
const CAPTION: u32 = 40;
/// The title's font size (plotters').
const TITLE_SIZE: u32 = 20;
/// The subtitle's font size (plotters').
const SUBTITLE_SIZE: u32 = 14;
/// Pixels a title line takes.
const TITLE_LINE: u32 = 24;
/// Pixels a subtitle line takes.
const SUBTITLE_LINE: u32 = 18;
/// Pixels left free at each side of a line.
const SIDE: u32 = 12;
/// Pixels above the first line and below the last.
const PAD: u32 = 10;
/// The most lines the title takes, and the subtitle; past them a line ends in `…`.
const TITLE_LINES: usize = 2;
const SUBTITLE_LINES: usize = 3;

/// A title and a subtitle wrapped to a width.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Header {
    width: u32,
    title: Vec<String>,
    subtitle: Vec<String>,
}

impl Header {
    /// `title` and `subtitle` (none if empty) wrapped to a canvas `width` pixels wide.
    pub(crate) fn new(title: &str, subtitle: &str, width: u32) -> Self {
        let room = f64::from(width.saturating_sub(2 * SIDE));
        let subtitle = if subtitle.trim().is_empty() {
            Vec::new()
        } else {
            wrap(
                subtitle,
                chars_in(room, svg_size(SUBTITLE_SIZE)),
                SUBTITLE_LINES,
            )
        };
        Self {
            width,
            title: wrap(title, chars_in(room, svg_size(TITLE_SIZE)), TITLE_LINES),
            subtitle,
        }
    }

    /// The canvas of a chart of the usual size, [`SIZE`], with this header in place of the
    /// one-line caption that took [`CAPTION`] pixels of its height.
    pub(crate) fn canvas(&self) -> (u32, u32) {
        (SIZE.0, SIZE.1 - CAPTION + self.height())
    }

    /// Its height in pixels.
    pub(crate) fn height(&self) -> u32 {
        2 * PAD + TITLE_LINE * self.title.len() as u32 + SUBTITLE_LINE * self.subtitle.len() as u32
    }

    /// Each line: its words, its SVG font size, its centre's height from the top, whether it
    /// is the title's.
    pub(crate) fn lines(&self) -> Vec<(&str, f64, u32, bool)> {
        let mut y = PAD;
        let mut lines = Vec::new();
        for line in &self.title {
            lines.push((
                line.as_str(),
                svg_size(TITLE_SIZE),
                y + TITLE_LINE / 2,
                true,
            ));
            y += TITLE_LINE;
        }
        for line in &self.subtitle {
            lines.push((
                line.as_str(),
                svg_size(SUBTITLE_SIZE),
                y + SUBTITLE_LINE / 2,
                false,
            ));
            y += SUBTITLE_LINE;
        }
        lines
    }

    /// Draws the lines, centred, at the top of `area`, and returns the area below them.
    ///
    /// # Errors
    /// Only if drawing fails.
    pub(crate) fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
    ) -> anyhow::Result<DrawingArea<DB, Shift>> {
        let (top, body) = area.split_vertically(self.height());
        for (words, _, y, title) in self.lines() {
            let (size, colour) = if title {
                (TITLE_SIZE, BLACK)
            } else {
                (SUBTITLE_SIZE, RGBColor(70, 70, 70))
            };
            let style = TextStyle::from(("sans-serif", size).into_font())
                .pos(Pos::new(HPos::Center, VPos::Center))
                .color(&colour);
            top.draw(&Text::new(words, (self.width as i32 / 2, y as i32), style))
                .map_err(drawing)?;
        }
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::fit::inside::assert_inside;

    #[test]
    fn long_titles_wrap_within_the_canvas() {
        let range = "QQ+,AKs,AKo,KQs,JTs,T9s:0.5";
        let subtitle = [range; 10].join(" vs ");
        let header = Header::new(&format!("Equity distribution {subtitle}"), &subtitle, 600);
        assert_eq!(header.lines().len(), TITLE_LINES + SUBTITLE_LINES);
        assert!(header.lines().last().unwrap().0.ends_with('…'));
        let mut svg = String::new();
        {
            let root =
                SVGBackend::with_string(&mut svg, (600, header.height())).into_drawing_area();
            header.draw(&root).unwrap();
            root.present().unwrap();
        }
        assert_inside(&svg, "header");
        let short = Header::new("Odds", "", 600);
        assert_eq!(short.height(), 2 * PAD + TITLE_LINE);
    }
}
