//! The query's words: names, numbers, quoted texts and punctuation, each with its place.

use crate::error::{Pos, QueryError};

/// What a token is.
#[derive(Debug, Clone, PartialEq)]
pub enum TokenKind {
    /// A name: a keyword, function, player, street or constant (`select`, `riverEquity`).
    Name(String),
    /// A number (`0.5`, `3`).
    Number(f64),
    /// A quoted text, its quotes removed (`'AsAh'`, `"holdem"`).
    Text(String),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `,`.
    Comma,
    /// `+`, `-`, `*`, `/`.
    Arith(char),
    /// `=`, `==`, `!=`, `<>`, `<`, `<=`, `>`, `>=` (`==` read as `=`, `<>` as `!=`).
    Compare(&'static str),
    /// The end of the text.
    End,
}

/// One token and where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it starts.
    pub pos: Pos,
}

/// Longest name, number or quoted text a query may hold (a range may be long; this bounds a
/// mistyped or hostile query's work, not a real one).
const MAX_TOKEN_CHARS: usize = 10_000;

/// The tokens of `text`, ending with [`TokenKind::End`].
///
/// # Errors
/// A [`QueryError`] at an unexpected character, an unclosed quote or a bad number.
pub fn tokens(text: &str) -> Result<Vec<Token>, QueryError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut pos = Pos { line: 1, column: 1 };
    let mut i = 0;
    let advance = |pos: &mut Pos, c: char| {
        if c == '\n' {
            pos.line += 1;
            pos.column = 1;
        } else {
            pos.column += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let start = pos;
        if c.is_whitespace() {
            advance(&mut pos, c);
            i += 1;
            continue;
        }
        let take = |n: usize, pos: &mut Pos, i: &mut usize| {
            for _ in 0..n {
                advance(pos, chars[*i]);
                *i += 1;
            }
        };
        let next = chars.get(i + 1).copied();
        let kind = if c.is_ascii_alphabetic() || c == '_' {
            let mut end = i;
            while end < chars.len() && (chars[end].is_ascii_alphanumeric() || chars[end] == '_') {
                end += 1;
            }
            let name: String = chars[i..end].iter().collect();
            take(end - i, &mut pos, &mut i);
            TokenKind::Name(name)
        } else if c.is_ascii_digit()
            && next.is_some_and(|n| "cdhsCDHS".contains(n))
            && chars
                .get(i + 2)
                .is_none_or(|&n| !n.is_ascii_alphanumeric() && n != '_')
        {
            // A card of a digit's rank (`9d`): a name, as `Td` is.
            let name: String = chars[i..i + 2].iter().collect();
            take(2, &mut pos, &mut i);
            TokenKind::Name(name)
        } else if c.is_ascii_digit() || (c == '.' && next.is_some_and(|n| n.is_ascii_digit())) {
            let mut end = i;
            while end < chars.len() && (chars[end].is_ascii_digit() || chars[end] == '.') {
                end += 1;
            }
            let digits: String = chars[i..end].iter().collect();
            take(end - i, &mut pos, &mut i);
            let value = digits
                .parse::<f64>()
                .map_err(|_| QueryError::at(start, format!("'{digits}' is not a number")))?;
            TokenKind::Number(value)
        } else if c == '\'' || c == '"' {
            let mut end = i + 1;
            while end < chars.len() && chars[end] != c {
                end += 1;
            }
            if end >= chars.len() {
                return Err(QueryError::at(start, format!("unclosed quote {c}")));
            }
            let body: String = chars[i + 1..end].iter().collect();
            take(end + 1 - i, &mut pos, &mut i);
            TokenKind::Text(body)
        } else {
            let (kind, len) = match (c, next) {
                ('(', _) => (TokenKind::Open, 1),
                (')', _) => (TokenKind::Close, 1),
                (',', _) => (TokenKind::Comma, 1),
                ('+' | '-' | '*' | '/', _) => (TokenKind::Arith(c), 1),
                ('=', Some('=')) => (TokenKind::Compare("="), 2),
                ('=', _) => (TokenKind::Compare("="), 1),
                ('!', Some('=')) | ('<', Some('>')) => (TokenKind::Compare("!="), 2),
                ('<', Some('=')) => (TokenKind::Compare("<="), 2),
                ('>', Some('=')) => (TokenKind::Compare(">="), 2),
                ('<', _) => (TokenKind::Compare("<"), 1),
                ('>', _) => (TokenKind::Compare(">"), 1),
                _ => {
                    return Err(QueryError::at(
                        start,
                        format!("unexpected character '{}'", c.escape_debug()),
                    ));
                }
            };
            take(len, &mut pos, &mut i);
            kind
        };
        if let TokenKind::Name(s) | TokenKind::Text(s) = &kind
            && s.chars().count() > MAX_TOKEN_CHARS
        {
            return Err(QueryError::at(
                start,
                format!("a word of more than {MAX_TOKEN_CHARS} characters"),
            ));
        }
        out.push(Token { kind, pos: start });
    }
    out.push(Token {
        kind: TokenKind::End,
        pos,
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind> {
        tokens(text).unwrap().into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn a_digit_and_a_suit_are_a_card_s_name() {
        assert_eq!(
            kinds("9d=2s"),
            vec![
                TokenKind::Name("9d".into()),
                TokenKind::Compare("="),
                TokenKind::Name("2s".into()),
                TokenKind::End,
            ]
        );
        // A longer word is not a card: a number then a name, as before.
        assert_eq!(
            kinds("2sx")[..2],
            [TokenKind::Number(2.0), TokenKind::Name("sx".into())]
        );
    }

    #[test]
    fn words_numbers_texts_and_signs() {
        assert_eq!(
            kinds("avg(x) >= 0.5, 'AsAh' <> \"b\""),
            vec![
                TokenKind::Name("avg".into()),
                TokenKind::Open,
                TokenKind::Name("x".into()),
                TokenKind::Close,
                TokenKind::Compare(">="),
                TokenKind::Number(0.5),
                TokenKind::Comma,
                TokenKind::Text("AsAh".into()),
                TokenKind::Compare("!="),
                TokenKind::Text("b".into()),
                TokenKind::End,
            ]
        );
    }

    #[test]
    fn errors_name_their_column() {
        assert_eq!(
            tokens("select ;").unwrap_err().to_string(),
            "query:1:8: unexpected character ';'"
        );
        assert_eq!(
            tokens("a\n  'open").unwrap_err().to_string(),
            "query:2:3: unclosed quote '"
        );
        assert_eq!(
            tokens("1.2.3").unwrap_err().to_string(),
            "query:1:1: '1.2.3' is not a number"
        );
    }
}
