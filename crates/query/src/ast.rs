//! The parsed query, before its names are resolved: selectors, bindings and the `where`
//! condition, every piece with its place in the text.

use crate::error::Pos;

/// What a selector gathers over the trials.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregate {
    /// The (weighted) mean of a number or boolean.
    Avg,
    /// How often a condition holds.
    Count,
    /// How often each value occurs.
    Histogram,
    /// The least value seen.
    Min,
    /// The greatest value seen.
    Max,
}

impl Aggregate {
    /// Every aggregate, in the order messages list them.
    pub const ALL: [Aggregate; 5] = [
        Aggregate::Avg,
        Aggregate::Count,
        Aggregate::Histogram,
        Aggregate::Min,
        Aggregate::Max,
    ];

    /// Its name in a query: `avg`, `count`, `histogram`, `min`, `max`.
    pub const fn name(self) -> &'static str {
        match self {
            Aggregate::Avg => "avg",
            Aggregate::Count => "count",
            Aggregate::Histogram => "histogram",
            Aggregate::Min => "min",
            Aggregate::Max => "max",
        }
    }

    /// The aggregate named `name`, whatever its case.
    pub fn named(name: &str) -> Option<Aggregate> {
        Self::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name))
    }
}

/// A unary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `not`.
    Not,
    /// `-`.
    Neg,
}

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `=`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
}

impl BinaryOp {
    /// How it is written.
    pub const fn symbol(self) -> &'static str {
        match self {
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
            BinaryOp::Eq => "=",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
        }
    }
}

/// An expression and where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it starts.
    pub pos: Pos,
}

/// What an expression is.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A number.
    Number(f64),
    /// A quoted text.
    Text(String),
    /// A name: a player, street or constant.
    Name(String),
    /// A function applied to arguments.
    Call {
        /// The function's name.
        name: String,
        /// Its arguments.
        args: Vec<Expr>,
    },
    /// A unary operator applied.
    Unary(UnaryOp, Box<Expr>),
    /// A binary operator applied; the place is the operator's.
    Binary(BinaryOp, Box<Expr>, Box<Expr>, Pos),
}

/// One selector: `avg(riverEquity(hero)) as eq`.
#[derive(Debug, Clone, PartialEq)]
pub struct Selector {
    /// What it gathers.
    pub aggregate: Aggregate,
    /// Of what.
    pub expr: Expr,
    /// Its `as` name, if given.
    pub name: Option<String>,
    /// Where it starts.
    pub pos: Pos,
}

/// One binding of the `from` list: `hero='AsAh'`.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    /// The bound name, as written.
    pub name: String,
    /// Where the name starts.
    pub pos: Pos,
    /// The value, a quoted text (or a bare name or number, read as text).
    pub value: String,
    /// Where the value starts.
    pub value_pos: Pos,
}

/// A parsed query.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    /// The selectors, in order.
    pub selectors: Vec<Selector>,
    /// The bindings, in order.
    pub bindings: Vec<Binding>,
    /// The `where` condition, if any.
    pub condition: Option<Expr>,
}
