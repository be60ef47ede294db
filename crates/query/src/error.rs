//! The one error of the query language: a message at a line and column of the query's text.

use std::fmt;

/// A place in the query's text: line and column from 1, the column counted in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, in characters.
    pub column: u32,
}

impl Pos {
    /// The place of byte `offset` in `text` (an offset past the end is the end).
    pub fn of(text: &str, offset: usize) -> Pos {
        let mut pos = Pos { line: 1, column: 1 };
        for (at, c) in text.char_indices() {
            if at >= offset {
                break;
            }
            if c == '\n' {
                pos.line += 1;
                pos.column = 1;
            } else {
                pos.column += 1;
            }
        }
        pos
    }
}

/// Why a query cannot run: one line, `query:LINE:COLUMN: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryError {
    /// Where the trouble is.
    pub pos: Pos,
    /// What it is, in words.
    pub message: String,
}

impl QueryError {
    /// An error at `pos`.
    /// Control characters the message quotes from the query (a newline inside a quoted value)
    /// are escaped, so that the error stays one line.
    pub fn at(pos: Pos, message: impl Into<String>) -> Self {
        let message: String = message.into();
        let message = if message.chars().any(char::is_control) {
            message
                .chars()
                .map(|c| {
                    if c.is_control() {
                        c.escape_default().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect()
        } else {
            message
        };
        Self { pos, message }
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "query:{}:{}: {}",
            self.pos.line, self.pos.column, self.message
        )
    }
}

impl std::error::Error for QueryError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lines_and_characters() {
        let text = "select\n  avg(x)";
        assert_eq!(Pos::of(text, 0), Pos { line: 1, column: 1 });
        assert_eq!(Pos::of(text, 9), Pos { line: 2, column: 3 });
        assert_eq!(Pos::of("é x", 3), Pos { line: 1, column: 3 });
        let e = QueryError::at(
            Pos {
                line: 1,
                column: 38,
            },
            "bad",
        );
        assert_eq!(e.to_string(), "query:1:38: bad");
    }
}
