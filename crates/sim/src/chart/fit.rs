//! Text that fits its chart: widths estimated from the characters and the font size (an SVG
//! has no fonts of its own, its viewer chooses one), lines wrapped where they would cross the
//! canvas's edge, and a line that still would not fit cut short with `…`.
//!
//! ```text
//!  width ≈ characters × font size × 0.62        wide enough for DejaVu Sans, Arial, Helvetica
//!  "player 1 QQ+,AKs,AKo,KQs: 16 hands, equity 45.00 %, median …"   one line too long
//!  "player 1 QQ+,AKs,AKo,KQs: 16 hands, equity 45.00 %,"             wrapped at a space
//!  "    median 30.00 %, 25.00 % of the range at 50 % or more"
//! ```
//!
//! plotters writes a font of size `s` as `font-size="s / 1.24"` (`svg_size`).

/// A character's width as a share of the font size, at most: sans-serif fonts average about
/// 0.55 of their size a character; capitals and digits, the most of a range or a board, about
/// 0.62 to 0.69.
pub(crate) const CHAR_WIDTH: f64 = 0.62;

/// The font size plotters writes into the SVG for its size `size`.
pub(crate) fn svg_size(size: u32) -> f64 {
    f64::from(size) / 1.24
}

/// The estimated width, in pixels, of `text` in a font of SVG size `font`.
pub(crate) fn text_width(text: &str, font: f64) -> f64 {
    text.chars().count() as f64 * font * CHAR_WIDTH
}

/// The most characters of SVG font size `font` that fit in `width` pixels (at least one).
pub(crate) fn chars_in(width: f64, font: f64) -> usize {
    ((width / text_width("0", font)).floor() as usize).max(1)
}

/// `text` cut to at most `chars` characters, ending in `…` where it was cut.
pub(crate) fn ellipsis(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        return text.to_string();
    }
    let head: String = text.chars().take(chars.saturating_sub(1)).collect();
    format!("{}…", head.trim_end())
}

/// `text` in lines of at most `chars` characters, broken after a space or a comma where it can
/// be, else inside a word; at most `most` lines, the last cut with `…` if more were needed.
pub(crate) fn wrap(text: &str, chars: usize, most: usize) -> Vec<String> {
    let chars = chars.max(2);
    let mut lines = Vec::new();
    let mut rest: Vec<char> = text.trim().chars().collect();
    while !rest.is_empty() {
        if lines.len() + 1 == most.max(1) {
            lines.push(ellipsis(&rest.iter().collect::<String>(), chars));
            break;
        }
        if rest.len() <= chars {
            lines.push(rest.iter().collect());
            break;
        }
        // The last break within the line: after a space or a comma.
        let cut = (1..=chars)
            .rev()
            .find(|&i| matches!(rest[i - 1], ' ' | ','))
            .unwrap_or(chars);
        let line: String = rest[..cut].iter().collect();
        lines.push(line.trim_end().to_string());
        rest = rest[cut..]
            .iter()
            .copied()
            .skip_while(|c| *c == ' ')
            .collect();
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

#[cfg(test)]
pub(crate) mod inside {
    //! The check every chart's tests make: each text of an SVG lies inside its view box, by the
    //! estimate of [`text_width`].

    use super::text_width;

    /// The value of attribute `name` in the tag `tag`.
    fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        let end = tag[at..].find('"')?;
        Some(&tag[at..at + end])
    }

    /// The view box's width and height.
    fn view_box(svg: &str) -> (f64, f64) {
        let open = &svg[svg.find("<svg").expect("an svg")..];
        let open = &open[..open.find('>').unwrap()];
        let numbers: Vec<f64> = attribute(open, "viewBox")
            .expect("a viewBox")
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        (numbers[2], numbers[3])
    }

    /// Every text's words, font size and box (x from, x to, y from, y to), estimated.
    pub(crate) fn texts(svg: &str) -> Vec<(String, f64, [f64; 4])> {
        let mut found = Vec::new();
        let mut rest = svg;
        while let Some(at) = rest.find("<text") {
            rest = &rest[at..];
            let close = rest.find('>').unwrap();
            let tag = &rest[..close];
            let end = rest.find("</text>").unwrap();
            let words = rest[close + 1..end]
                .trim()
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
                .replace("&quot;", "\"");
            rest = &rest[end..];
            let number = |name: &str| attribute(tag, name).map(|v| v.parse::<f64>().unwrap());
            let (x, y) = (number("x").unwrap(), number("y").unwrap());
            let font = number("font-size").unwrap_or(16.0);
            let bold = attribute(tag, "font-weight") == Some("bold");
            let long = text_width(&words, font) * if bold { 1.1 } else { 1.0 };
            let (before, after) = match attribute(tag, "text-anchor").unwrap_or("start") {
                "middle" => (long / 2.0, long / 2.0),
                "end" => (long, 0.0),
                _ => (0.0, long),
            };
            let rotated = attribute(tag, "transform").is_some_and(|t| t.starts_with("rotate"));
            let bounds = if rotated {
                [
                    x - font,
                    x + font,
                    y - before.max(after),
                    y + before.max(after),
                ]
            } else {
                [x - before, x + after, y - font, y + font / 2.0]
            };
            found.push((words, font, bounds));
        }
        found
    }

    /// Panics, naming the text, where a text of `svg` crosses its view box's edge.
    pub(crate) fn assert_inside(svg: &str, case: &str) {
        let (width, height) = view_box(svg);
        let texts = texts(svg);
        assert!(!texts.is_empty(), "{case}: no text");
        for (words, _, [x0, x1, y0, y1]) in texts {
            assert!(
                x0 >= -0.5 && x1 <= width + 0.5 && y0 >= -0.5 && y1 <= height + 0.5,
                "{case}: '{words}' at x {x0:.0}..{x1:.0}, y {y0:.0}..{y1:.0} crosses the \
                 {width} × {height} view box"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        assert_eq!(ellipsis("QQ+,AKs", 10), "QQ+,AKs");
        assert_eq!(ellipsis("QQ+,AKs,AKo,KQs", 8), "QQ+,AKs…");
        assert_eq!(ellipsis("QQ+,AKs,AKo", 8).chars().count(), 8);
    }

    #[test]
    fn lines_wrap_at_spaces_and_commas_within_their_width() {
        assert_eq!(wrap("one two three", 8, 5), ["one two", "three"]);
        assert_eq!(wrap("QQ+,AKs,AKo,KQs", 8, 5), ["QQ+,AKs,", "AKo,KQs"]);
        assert_eq!(wrap("abcdefghij", 4, 5), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("one two three four", 8, 2), ["one two", "three f…"]);
        assert_eq!(wrap("", 8, 2), [""]);
        for line in wrap(&"word, ".repeat(40), 17, 100) {
            assert!(line.chars().count() <= 17, "{line}");
        }
    }

    #[test]
    fn widths_grow_with_characters_and_size() {
        assert_eq!(text_width("abcd", 10.0), 4.0 * 10.0 * CHAR_WIDTH);
        assert_eq!(chars_in(62.0, 10.0), 10);
        assert_eq!(chars_in(1.0, 10.0), 1);
        assert!((svg_size(20) - 16.129).abs() < 1e-3);
    }
}
