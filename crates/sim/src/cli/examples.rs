//! The "Examples:" section that ends every command's `--help`: the everyday command lines, each
//! under a one-line comment of what it does, as cargo's and ripgrep's help end. `-h` stays short
//! and ends with a pointer to them instead.
//!
//! ```text
//! Examples:
//!   # Aces against kings: every board counted exactly
//!   sim equity AsAh KsKh
//!
//!   # Split a run into two shards, then add them up
//!   sim odds --rounds 2M --seed 42 --shard 0/2 --out shard-0.json --quiet
//!   sim odds --rounds 2M --seed 42 --shard 1/2 --out shard-1.json --quiet
//!   sim merge shard-0.json shard-1.json --out odds.csv
//! ```
//!
//! Every command line is one that works: `tests/help_examples.rs` reads each command's `--help`
//! and runs its lines in order, in an empty folder of their own, so a line may read a file that
//! a line above it wrote. Lines are plain words (no quotes, pipes or redirections) at most
//! [`MAX_LINE`] columns wide, so that they never wrap in an 80-column terminal and copy as is.

use clap::builder::styling::Styles;

/// One example: what it does, then the command line (or lines, in order) that do it.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// One line saying what the command lines do, shown as a `#` comment above them.
    pub what: &'static str,
    /// The command lines, each starting with `sim `.
    pub lines: &'static [&'static str],
}

/// The widest an example's line may be, its two columns of indent included: an 80-column
/// terminal shows it unwrapped.
pub const MAX_LINE: usize = 80;

/// The header of the section, as a test finds it in the rendered help.
pub const HEADER: &str = "Examples:";

/// The text of `after_long_help`: the header, styled as clap styles its own headers (`Usage:`,
/// `Options:`; the style is dropped when stdout is not a terminal), then each example.
pub fn long_help(examples: &[Example]) -> String {
    let header = Styles::styled().get_header().to_owned();
    let mut text = format!("{header}{HEADER}{header:#}\n");
    for (i, example) in examples.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&format!("  # {}\n", example.what));
        for line in example.lines {
            text.push_str(&format!("  {line}\n"));
        }
    }
    text
}

/// The text of `after_help`, the end of `-h`: where the examples are.
pub fn short_help(command: &str) -> String {
    format!("Examples: see '{command} --help'.")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[Example] = &[
        Example {
            what: "One line",
            lines: &["sim odds --rounds 1M"],
        },
        Example {
            what: "Two lines",
            lines: &["sim odds --out a.csv", "sim plot odds a.csv --out a.svg"],
        },
    ];

    #[test]
    fn examples_are_comment_then_lines_with_a_blank_line_between() {
        let text = long_help(SAMPLE);
        let plain: String = {
            // Drop the header's escape sequences: ESC [ … m.
            let mut out = String::new();
            let mut in_escape = false;
            for c in text.chars() {
                match (in_escape, c) {
                    (false, '\u{1b}') => in_escape = true,
                    (true, 'm') => in_escape = false,
                    (true, _) => {}
                    (false, c) => out.push(c),
                }
            }
            out
        };
        assert_eq!(
            plain,
            "Examples:\n  # One line\n  sim odds --rounds 1M\n\n  # Two lines\n  \
             sim odds --out a.csv\n  sim plot odds a.csv --out a.svg\n"
        );
        assert_eq!(
            short_help("sim equity"),
            "Examples: see 'sim equity --help'."
        );
    }
}
