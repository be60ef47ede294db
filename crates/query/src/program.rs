//! The compiled query: a tree of nodes whose names are resolved (players to seats, streets to
//! board sizes, ranges to hand sets), evaluated per trial to a number without allocating.

use std::sync::Arc;

use deck::Card;

use crate::ast::{Aggregate, BinaryOp};
use crate::board_range::BoardRange;
pub use crate::calls::Call;
use crate::calls::truth;
use crate::functions::Func;
use crate::hands::HandSet;
use crate::rules::Rules;
use crate::street_table::StreetTable;
use crate::trial::Trial;
use crate::types::Type;

/// A compiled expression: booleans are 1 or 0, hand types and flop categories their index.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// A constant.
    Const(f64),
    /// `not`.
    Not(Box<Node>),
    /// `-`.
    Neg(Box<Node>),
    /// A binary operator.
    Binary(BinaryOp, Box<Node>, Box<Node>),
    /// A function call.
    Call(Call),
    /// `rank(card)`: the rank of a card-valued expression, 2 … 14.
    Rank(Box<Node>),
}

/// A compiled selector.
#[derive(Debug, Clone, PartialEq)]
pub struct Compiled {
    /// What it gathers.
    pub aggregate: Aggregate,
    /// Its expression.
    pub node: Node,
    /// The expression's type (histogram rows name values by it).
    pub ty: Type,
    /// Its name: the `as` name, or the selector as written.
    pub name: String,
}

/// A figure of a player that the engine's equity counts, as a selector asks for it
/// ([`Program::engine_questions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineFigure {
    /// `avg(riverEquity(p))`: the pot share.
    Equity,
    /// `count(winsHi(p))`: the high hand best alone (the whole hand in the high games).
    Wins,
    /// `count(tiesHi(p))`: the high hand tied for best.
    Ties,
    /// `count(scoops(p))`: the whole pot alone.
    Scoops,
}

/// A compiled query, ready to run on trials of its game.
#[derive(Debug, Clone)]
pub struct Program {
    /// The game's rules.
    pub rules: Rules,
    /// The selectors, in order.
    pub selectors: Vec<Compiled>,
    /// The `where` condition.
    pub condition: Option<Node>,
    /// The sets `inRange` tests.
    pub sets: Vec<HandSet>,
    /// The board ranges `boardInRange` tests.
    pub boards: Vec<BoardRange>,
    /// Whether some function reads the river showdown ([`Trial::settle`]).
    pub needs_showdown: bool,
    /// The dead cards' mask: cards every player sees, never an out or a card that could beat
    /// a hand (set by [`crate::prepare`]; none as compiled).
    pub dead: u64,
    /// The game's deck.
    pub deck: Vec<Card>,
    /// `hvhEquity`'s values on every board to its street, when a run built them
    /// ([`crate::street_table_build::for_run`]); none as compiled.
    pub street_table: Option<Arc<StreetTable>>,
}

impl Program {
    /// What each selector asks of the engine's own equity, when the query is one it answers
    /// (no condition; every selector `avg(riverEquity(p))`, `count(winsHi(p))`,
    /// `count(tiesHi(p))` or `count(scoops(p))`): the seat and the figure, in order. A front
    /// end may ask the engine instead, `sim equity`'s own computation of the same outcomes.
    pub fn engine_questions(&self) -> Option<Vec<(usize, EngineFigure)>> {
        if self.condition.is_some() {
            return None;
        }
        self.selectors
            .iter()
            .map(|s| {
                let Node::Call(c) = &s.node else {
                    return None;
                };
                let figure = match (s.aggregate, c.func) {
                    (Aggregate::Avg, Func::RiverEquity) => EngineFigure::Equity,
                    (Aggregate::Count, Func::WinsHi) => EngineFigure::Wins,
                    (Aggregate::Count, Func::TiesHi) => EngineFigure::Ties,
                    (Aggregate::Count, Func::Scoops) => EngineFigure::Scoops,
                    _ => return None,
                };
                Some((usize::from(c.player), figure))
            })
            .collect()
    }

    /// Every function call of the selectors and the condition.
    pub(crate) fn calls(&self) -> Vec<&Call> {
        let mut nodes: Vec<&Node> = self.selectors.iter().map(|s| &s.node).collect();
        nodes.extend(self.condition.as_ref());
        let mut calls = Vec::new();
        while let Some(node) = nodes.pop() {
            match node {
                Node::Const(_) => {}
                Node::Not(a) | Node::Neg(a) | Node::Rank(a) => nodes.push(a),
                Node::Binary(_, a, b) => nodes.extend([&**a, &**b]),
                Node::Call(c) => calls.push(c),
            }
        }
        calls
    }

    /// Whether some function reads the board as it stands on `street` (3 the flop, 4 the
    /// turn; in stud a seat's first `street` cards, 3 to 6): those cards then form a set of
    /// their own, dealt before the next street's, and an exact count deals them so
    /// ([`crate::deal`]). River-only questions read every card at once.
    pub fn reads_street(&self, street: u8) -> bool {
        self.calls().iter().any(|c| c.reads_street(street))
    }

    /// How many board cards the selectors and the condition read (0 to 5), in the order dealt.
    pub fn board_read(&self) -> usize {
        let read = self.calls().iter().map(|c| c.board_read()).max();
        usize::from(read.unwrap_or(0))
    }

    /// Whether `trial` meets the `where` condition (always, without one).
    #[inline]
    pub fn admits(&self, trial: &Trial) -> bool {
        self.condition
            .as_ref()
            .is_none_or(|c| self.eval(c, trial) != 0.0)
    }

    /// The value of `node` on `trial` (settled first if [`Program::needs_showdown`]).
    #[inline]
    pub fn eval(&self, node: &Node, trial: &Trial) -> f64 {
        match node {
            Node::Const(x) => *x,
            Node::Not(a) => f64::from(u8::from(self.eval(a, trial) == 0.0)),
            Node::Neg(a) => -self.eval(a, trial),
            // A card's value is its index; its rank is the index's rank, from 2.
            Node::Rank(a) => {
                f64::from(Card::from_index((self.eval(a, trial) as u8) % 52).rank()) + 2.0
            }
            Node::Binary(op, a, b) => {
                let x = self.eval(a, trial);
                // `and` and `or` look at their right side only when they must.
                match op {
                    BinaryOp::And => return truth(x != 0.0 && self.eval(b, trial) != 0.0),
                    BinaryOp::Or => return truth(x != 0.0 || self.eval(b, trial) != 0.0),
                    _ => {}
                }
                let y = self.eval(b, trial);
                match op {
                    BinaryOp::Eq => truth(x == y),
                    BinaryOp::Ne => truth(x != y),
                    BinaryOp::Lt => truth(x < y),
                    BinaryOp::Le => truth(x <= y),
                    BinaryOp::Gt => truth(x > y),
                    BinaryOp::Ge => truth(x >= y),
                    BinaryOp::Add => x + y,
                    BinaryOp::Sub => x - y,
                    BinaryOp::Mul => x * y,
                    // Division by zero gives 0, so that no trial yields an infinity or NaN.
                    BinaryOp::Div if y == 0.0 => 0.0,
                    BinaryOp::Div => x / y,
                    BinaryOp::And | BinaryOp::Or => 0.0,
                }
            }
            Node::Call(call) => crate::calls::call(
                &crate::calls::Env {
                    rules: &self.rules,
                    sets: &self.sets,
                    boards: &self.boards,
                    deck: &self.deck,
                    dead: self.dead,
                    street_table: self.street_table.as_deref(),
                },
                call,
                trial,
            ),
        }
    }
}
