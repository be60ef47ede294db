//! The parser: tokens to a [`Query`], by recursive descent, every refusal at its column.
//!
//! ```text
//!  query     = "select" selector {"," selector} "from" binding {"," binding} ["where" expr]
//!  selector  = aggregate "(" expr ")" ["as" name]
//!  binding   = name "=" (text | name | number)
//!  expr      = and {"or" and}          and  = not {"and" not}      not = "not" not | compare
//!  compare   = sum [("=" | "!=" | "<" | "<=" | ">" | ">=") sum]
//!  sum       = product {("+" | "-") product}   product = unary {("*" | "/") unary}
//!  unary     = "-" unary | atom        atom = number | text | name ["(" [expr {"," expr}] ")"]
//!            | "(" expr ")"
//! ```

use crate::ast::{Aggregate, BinaryOp, Binding, Expr, ExprKind, Query, Selector, UnaryOp};
use crate::error::{Pos, QueryError};
use crate::lexer::{Token, TokenKind, tokens};

/// Deepest nesting of parentheses, calls and operators: deeper text is refused rather than
/// risking the stack.
pub const MAX_DEPTH: usize = 64;

/// Parses the query `text`.
///
/// # Errors
/// A [`QueryError`] at the first place the text leaves the grammar.
pub fn parse(text: &str) -> Result<Query, QueryError> {
    let mut parser = Parser {
        tokens: tokens(text)?,
        at: 0,
        depth: 0,
    };
    parser.query()
}

/// The parser's state: the tokens and the next one's index.
struct Parser {
    tokens: Vec<Token>,
    at: usize,
    depth: usize,
}

/// How a token reads in a message.
fn describe(kind: &TokenKind) -> String {
    match kind {
        TokenKind::Name(n) => format!("'{n}'"),
        TokenKind::Number(x) => format!("the number {x}"),
        TokenKind::Text(t) => format!("the text '{t}'"),
        TokenKind::Open => "'('".into(),
        TokenKind::Close => "')'".into(),
        TokenKind::Comma => "','".into(),
        TokenKind::Arith(c) => format!("'{c}'"),
        TokenKind::Compare(c) => format!("'{c}'"),
        TokenKind::End => "the end of the query".into(),
    }
}

impl Parser {
    fn peek(&self) -> &Token {
        // The last token is always End, and `at` never passes it.
        &self.tokens[self.at.min(self.tokens.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let token = self.peek().clone();
        if self.at < self.tokens.len() - 1 {
            self.at += 1;
        }
        token
    }

    fn unexpected(&self, want: &str) -> QueryError {
        let token = self.peek();
        QueryError::at(
            token.pos,
            format!("expected {want}, found {}", describe(&token.kind)),
        )
    }

    fn is_keyword(&self, word: &str) -> bool {
        matches!(&self.peek().kind, TokenKind::Name(n) if n.eq_ignore_ascii_case(word))
    }

    fn keyword(&mut self, word: &str) -> Result<(), QueryError> {
        if self.is_keyword(word) {
            self.bump();
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{word}'")))
        }
    }

    fn expect(&mut self, kind: &TokenKind, want: &str) -> Result<Token, QueryError> {
        if &self.peek().kind == kind {
            Ok(self.bump())
        } else {
            Err(self.unexpected(want))
        }
    }

    fn name(&mut self, want: &str) -> Result<(String, Pos), QueryError> {
        match &self.peek().kind {
            TokenKind::Name(n) => {
                let n = n.clone();
                let pos = self.bump().pos;
                Ok((n, pos))
            }
            _ => Err(self.unexpected(want)),
        }
    }

    fn query(&mut self) -> Result<Query, QueryError> {
        self.keyword("select")?;
        let mut selectors = vec![self.selector()?];
        while self.peek().kind == TokenKind::Comma {
            self.bump();
            selectors.push(self.selector()?);
        }
        self.keyword("from")?;
        let mut bindings = vec![self.binding()?];
        while self.peek().kind == TokenKind::Comma {
            self.bump();
            bindings.push(self.binding()?);
        }
        let condition = if self.is_keyword("where") {
            self.bump();
            Some(self.expr()?)
        } else {
            None
        };
        if self.peek().kind != TokenKind::End {
            return Err(self.unexpected(if condition.is_some() {
                "an operator or the end of the query"
            } else {
                "',', 'where' or the end of the query"
            }));
        }
        Ok(Query {
            selectors,
            bindings,
            condition,
        })
    }

    fn selector(&mut self) -> Result<Selector, QueryError> {
        let (word, pos) = self.name("a selector (avg, count, histogram, min, max)")?;
        let aggregate = Aggregate::named(&word).ok_or_else(|| {
            QueryError::at(
                pos,
                format!("unknown selector '{word}' (want avg, count, histogram, min or max)"),
            )
        })?;
        self.expect(&TokenKind::Open, "'(' after the selector")?;
        let expr = self.expr()?;
        self.expect(&TokenKind::Close, "')' or an operator")?;
        let name = if self.is_keyword("as") {
            self.bump();
            Some(self.name("a name after 'as'")?.0)
        } else {
            None
        };
        Ok(Selector {
            aggregate,
            expr,
            name,
            pos,
        })
    }

    fn binding(&mut self) -> Result<Binding, QueryError> {
        let (name, pos) = self.name("a binding such as game='holdem' or hero='AsAh'")?;
        self.expect(&TokenKind::Compare("="), "'=' after the name")?;
        let value_pos = self.peek().pos;
        let value = match self.bump().kind {
            TokenKind::Text(t) | TokenKind::Name(t) => t,
            TokenKind::Number(x) => x.to_string(),
            other => {
                return Err(QueryError::at(
                    value_pos,
                    format!("expected a quoted value, found {}", describe(&other)),
                ));
            }
        };
        Ok(Binding {
            name,
            pos,
            value,
            value_pos,
        })
    }

    fn deeper(&mut self) -> Result<(), QueryError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(QueryError::at(
                self.peek().pos,
                format!("expression nested more than {MAX_DEPTH} deep"),
            ));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Expr, QueryError> {
        self.deeper()?;
        let mut left = self.and()?;
        while self.is_keyword("or") {
            let pos = self.bump().pos;
            let right = self.and()?;
            left = binary(BinaryOp::Or, left, right, pos);
        }
        self.depth -= 1;
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, QueryError> {
        let mut left = self.not()?;
        while self.is_keyword("and") {
            let pos = self.bump().pos;
            let right = self.not()?;
            left = binary(BinaryOp::And, left, right, pos);
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Expr, QueryError> {
        if self.is_keyword("not") {
            let pos = self.bump().pos;
            self.deeper()?;
            let inner = self.not()?;
            self.depth -= 1;
            return Ok(Expr {
                kind: ExprKind::Unary(UnaryOp::Not, Box::new(inner)),
                pos,
            });
        }
        self.compare()
    }

    fn compare(&mut self) -> Result<Expr, QueryError> {
        let left = self.sum()?;
        let op = match self.peek().kind {
            TokenKind::Compare(c) => match c {
                "=" => BinaryOp::Eq,
                "!=" => BinaryOp::Ne,
                "<" => BinaryOp::Lt,
                "<=" => BinaryOp::Le,
                ">" => BinaryOp::Gt,
                _ => BinaryOp::Ge,
            },
            _ => return Ok(left),
        };
        let pos = self.bump().pos;
        let right = self.sum()?;
        Ok(binary(op, left, right, pos))
    }

    fn sum(&mut self) -> Result<Expr, QueryError> {
        let mut left = self.product()?;
        while let TokenKind::Arith(c @ ('+' | '-')) = self.peek().kind {
            let pos = self.bump().pos;
            let right = self.product()?;
            let op = if c == '+' {
                BinaryOp::Add
            } else {
                BinaryOp::Sub
            };
            left = binary(op, left, right, pos);
        }
        Ok(left)
    }

    fn product(&mut self) -> Result<Expr, QueryError> {
        let mut left = self.unary()?;
        while let TokenKind::Arith(c @ ('*' | '/')) = self.peek().kind {
            let pos = self.bump().pos;
            let right = self.unary()?;
            let op = if c == '*' {
                BinaryOp::Mul
            } else {
                BinaryOp::Div
            };
            left = binary(op, left, right, pos);
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, QueryError> {
        if self.peek().kind == TokenKind::Arith('-') {
            let pos = self.bump().pos;
            self.deeper()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Expr {
                kind: ExprKind::Unary(UnaryOp::Neg, Box::new(inner)),
                pos,
            });
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Expr, QueryError> {
        let token = self.peek().clone();
        let kind = match token.kind {
            TokenKind::Number(x) => {
                self.bump();
                ExprKind::Number(x)
            }
            TokenKind::Text(t) => {
                self.bump();
                ExprKind::Text(t)
            }
            TokenKind::Open => {
                self.bump();
                let inner = self.expr()?;
                self.expect(&TokenKind::Close, "')' or an operator")?;
                return Ok(inner);
            }
            TokenKind::Name(name) => {
                self.bump();
                if self.peek().kind == TokenKind::Open {
                    self.bump();
                    let mut args = Vec::new();
                    if self.peek().kind != TokenKind::Close {
                        args.push(self.expr()?);
                        while self.peek().kind == TokenKind::Comma {
                            self.bump();
                            args.push(self.expr()?);
                        }
                    }
                    self.expect(&TokenKind::Close, "',' or ')' after an argument")?;
                    ExprKind::Call { name, args }
                } else {
                    ExprKind::Name(name)
                }
            }
            _ => return Err(self.unexpected("a value, a name or '('")),
        };
        Ok(Expr {
            kind,
            pos: token.pos,
        })
    }
}

/// `left op right`, placed at its left operand.
fn binary(op: BinaryOp, left: Expr, right: Expr, pos: Pos) -> Expr {
    Expr {
        pos: left.pos,
        kind: ExprKind::Binary(op, Box::new(left), Box::new(right), pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_classic_query_parses() {
        let q = parse(
            "select avg(riverEquity(hero)) as eq, count(winsHi(hero)) from game='holdem', \
             hero='AsAh', villain='KsKh' where handType(hero, flop) >= pair and not pocketPair(villain)",
        )
        .unwrap();
        assert_eq!(q.selectors.len(), 2);
        assert_eq!(q.selectors[0].name.as_deref(), Some("eq"));
        assert_eq!(q.bindings[2].value, "KsKh");
        let Some(Expr {
            kind: ExprKind::Binary(BinaryOp::And, ..),
            ..
        }) = q.condition
        else {
            panic!("and at the top: {:?}", q.condition);
        };
    }

    #[test]
    fn precedence_is_arithmetic_then_comparison_then_logic() {
        let q = parse("select avg(1 + 2 * 3 > 4 or x) from game=holdem").unwrap();
        let ExprKind::Binary(BinaryOp::Or, left, _, _) = &q.selectors[0].expr.kind else {
            panic!()
        };
        let ExprKind::Binary(BinaryOp::Gt, sum, _, _) = &left.kind else {
            panic!()
        };
        assert!(matches!(sum.kind, ExprKind::Binary(BinaryOp::Add, ..)));
    }

    #[test]
    fn refusals_name_the_column() {
        let cases = [
            (
                "selct avg(x) from a='b'",
                "query:1:1: expected 'select', found 'selct'",
            ),
            (
                "select avg(x from a='b'",
                "query:1:14: expected ')' or an operator, found 'from'",
            ),
            (
                "select mean(x) from a='b'",
                "query:1:8: unknown selector 'mean' (want avg, count, histogram, min or max)",
            ),
            (
                "select avg(x)",
                "query:1:14: expected 'from', found the end of the query",
            ),
            (
                "select avg(x) from a=(",
                "query:1:22: expected a quoted value, found '('",
            ),
            (
                "select avg(x) from a='b' c",
                "query:1:26: expected ',', 'where' or the end of the query, found 'c'",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), want, "{text}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let text = format!(
            "select avg({}1{}) from a='b'",
            "(".repeat(10_000),
            ")".repeat(10_000)
        );
        assert!(parse(&text).unwrap_err().message.contains("nested"));
        let text = format!("select avg({}1) from a='b'", "-".repeat(10_000));
        assert!(parse(&text).is_err());
        let text = format!("select avg({}x) from a='b'", "not ".repeat(10_000));
        assert!(parse(&text).is_err());
    }
}
