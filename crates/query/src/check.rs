//! The type checker: a parsed query's names resolved against its game and players, every
//! expression typed, and the whole compiled to a [`Program`].

use engine::Game;

use crate::ast::{Aggregate, BinaryOp, Expr, ExprKind, Query, UnaryOp};
use crate::board_range::BoardRange;
use crate::error::{Pos, QueryError};
use crate::functions::{FUNCTIONS, Func, Needs, closest, lookup};
use crate::hands::{HandSet, RangeReader};
use crate::program::{Call, Compiled, Node, Program};
use crate::rules::Rules;
use crate::types::{
    FLOP_CATEGORIES, HAND_TYPES, STREETS, STUD_STREETS, Type, card_literal, constant, street_cards,
};

/// What the checker knows: the game, the players' names in seat order and how ranges read.
pub struct Scope<'a> {
    /// The game's rules.
    pub rules: Rules,
    /// The players' names, in seat order.
    pub players: &'a [String],
    /// How `inRange` texts read.
    pub reader: &'a dyn RangeReader,
}

/// Compiles `query` in `scope`.
///
/// # Errors
/// A [`QueryError`] at the first unknown name, wrong type, wrong argument count or function
/// the game gives no meaning.
pub fn compile(query: &Query, scope: &Scope<'_>) -> Result<Program, QueryError> {
    let mut checker = Checker {
        scope,
        sets: Vec::new(),
        boards: Vec::new(),
        needs_showdown: false,
    };
    let mut selectors = Vec::new();
    for (i, s) in query.selectors.iter().enumerate() {
        let (node, ty) = checker.expr(&s.expr)?;
        let allowed: &[Type] = match s.aggregate {
            Aggregate::Avg => &[Type::Number, Type::Boolean],
            Aggregate::Count => &[Type::Boolean],
            Aggregate::Histogram => &[
                Type::HandType,
                Type::FlopCategory,
                Type::Boolean,
                Type::Number,
            ],
            Aggregate::Min | Aggregate::Max => &[Type::Number, Type::HandType, Type::FlopCategory],
        };
        if !allowed.contains(&ty) {
            return Err(QueryError::at(
                s.expr.pos,
                format!(
                    "type error: {} takes {}, found {ty}",
                    s.aggregate.name(),
                    words(allowed)
                ),
            ));
        }
        selectors.push(Compiled {
            aggregate: s.aggregate,
            node,
            ty,
            name: s
                .name
                .clone()
                .unwrap_or_else(|| format!("{}{}", s.aggregate.name(), i + 1)),
        });
    }
    let condition = match &query.condition {
        None => None,
        Some(e) => {
            let (node, ty) = checker.expr(e)?;
            if ty != Type::Boolean {
                return Err(QueryError::at(
                    e.pos,
                    format!("type error: where takes a boolean, found {ty}"),
                ));
            }
            Some(node)
        }
    };
    Ok(Program {
        rules: scope.rules,
        selectors,
        condition,
        sets: checker.sets,
        boards: checker.boards,
        needs_showdown: checker.needs_showdown,
        dead: 0,
        deck: scope.rules.deck(),
        street_table: None,
    })
}

/// `a, b or c`.
fn words(types: &[Type]) -> String {
    let names: Vec<String> = types.iter().map(|t| format!("a {t}")).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The checker's state.
struct Checker<'a> {
    scope: &'a Scope<'a>,
    sets: Vec<HandSet>,
    boards: Vec<BoardRange>,
    needs_showdown: bool,
}

impl Checker<'_> {
    fn player(&self, name: &str) -> Option<usize> {
        self.scope
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
    }

    fn expr(&mut self, e: &Expr) -> Result<(Node, Type), QueryError> {
        match &e.kind {
            ExprKind::Number(x) => Ok((Node::Const(*x), Type::Number)),
            ExprKind::Text(t) => Err(QueryError::at(
                e.pos,
                format!(
                    "type error: the text '{t}' is not a value here (texts are ranges of inRange)"
                ),
            )),
            ExprKind::Name(name) => {
                if let Some((ty, value)) = constant(name) {
                    return Ok((Node::Const(value), ty));
                }
                if let Some(card) = card_literal(name) {
                    // A player may be named like a card; as a value the name is ambiguous.
                    if self.player(name).is_some() {
                        return Err(QueryError::at(
                            e.pos,
                            format!(
                                "'{name}' names both a player and the card {card}: call the player something else"
                            ),
                        ));
                    }
                    return Ok((Node::Const(card.index() as f64), Type::Card));
                }
                if self.player(name).is_some() {
                    return Err(QueryError::at(
                        e.pos,
                        format!(
                            "type error: the player '{name}' is not a value here (pass it to a function such as riverEquity({name}))"
                        ),
                    ));
                }
                Err(self.unknown_name(name, e.pos))
            }
            ExprKind::Unary(op, inner) => {
                let (node, ty) = self.expr(inner)?;
                let (want, node) = match op {
                    UnaryOp::Not => (Type::Boolean, Node::Not(Box::new(node))),
                    UnaryOp::Neg => (Type::Number, Node::Neg(Box::new(node))),
                };
                if ty != want {
                    let op = if *op == UnaryOp::Not { "not" } else { "-" };
                    return Err(QueryError::at(
                        e.pos,
                        format!("type error: '{op}' takes a {want}, found {ty}"),
                    ));
                }
                Ok((node, want))
            }
            ExprKind::Binary(op, a, b, pos) => self.binary(*op, a, b, *pos),
            ExprKind::Call { name, args } => self.call(name, args, e.pos),
        }
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        pos: Pos,
    ) -> Result<(Node, Type), QueryError> {
        let (x, tx) = self.expr(a)?;
        let (y, ty) = self.expr(b)?;
        let node = Node::Binary(op, Box::new(x), Box::new(y));
        let symbol = op.symbol();
        let result = match op {
            BinaryOp::And | BinaryOp::Or => {
                (tx == Type::Boolean && ty == Type::Boolean).then_some(Type::Boolean)
            }
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div => {
                (tx == Type::Number && ty == Type::Number).then_some(Type::Number)
            }
            BinaryOp::Eq | BinaryOp::Ne => (tx == ty
                && matches!(
                    tx,
                    Type::Number | Type::Boolean | Type::HandType | Type::FlopCategory | Type::Card
                ))
            .then_some(Type::Boolean),
            _ => (tx == ty && matches!(tx, Type::Number | Type::HandType | Type::FlopCategory))
                .then_some(Type::Boolean),
        };
        result.map(|t| (node, t)).ok_or_else(|| {
            QueryError::at(
                pos,
                format!("type error: '{symbol}' cannot combine a {tx} with a {ty}"),
            )
        })
    }

    fn unknown_name(&self, name: &str, pos: Pos) -> QueryError {
        let known = self
            .scope
            .players
            .iter()
            .map(String::as_str)
            .chain(STREETS.iter().chain(&STUD_STREETS).map(|s| s.0))
            .chain(HAND_TYPES)
            .chain(FLOP_CATEGORIES);
        let hint = closest(name, known)
            .map(|n| format!(" (did you mean {n}?)"))
            .unwrap_or_default();
        QueryError::at(
            pos,
            format!(
                "unknown name '{name}'{hint}: not a player of the from list, a street or a constant"
            ),
        )
    }

    fn call(&mut self, name: &str, args: &[Expr], pos: Pos) -> Result<(Node, Type), QueryError> {
        let Some(sig) = lookup(name) else {
            if Aggregate::named(name).is_some() {
                return Err(QueryError::at(
                    pos,
                    format!("'{name}' is a selector; selectors cannot be nested"),
                ));
            }
            let hint = closest(name, FUNCTIONS.iter().map(|s| s.name))
                .map(|n| format!(" (did you mean {n}?)"))
                .unwrap_or_default();
            return Err(QueryError::at(
                pos,
                format!("unknown function '{name}'{hint}"),
            ));
        };
        let scope = self.scope;
        let rules = &scope.rules;
        let game: Game = rules.game;
        let no_board = (rules.board == 0).then_some("it deals no board");
        let meaningless = match sig.needs {
            Needs::Any => None,
            Needs::High => rules.low_only.then_some("it plays for the low only"),
            Needs::Low => (!rules.hilo && !rules.low_only).then_some("it has no low half"),
            Needs::TwoHoleCards => (rules.hole != 2).then_some("it deals more than two hole cards"),
            Needs::Board | Needs::BoardHigh => no_board,
            Needs::BoardLow => no_board.or((!rules.hilo).then_some("it has no low half")),
            Needs::UpCards => (!rules.stud).then_some("it deals no up cards"),
            Needs::HoleOrDown => rules.draw.then_some("it deals no board and no down cards"),
            Needs::BoardOrStud => rules.draw.then_some("it deals no board and no streets"),
            Needs::NextCardHigh => rules
                .low_only
                .then_some("it plays for the low only")
                .or(rules.draw.then_some("it deals no board")),
        };
        if let Some(why) = meaningless {
            return Err(QueryError::at(
                pos,
                format!(
                    "type error: {} has no meaning in {} ({why})",
                    sig.name,
                    game.name()
                ),
            ));
        }
        if args.len() != sig.params.len() {
            let params: Vec<String> = sig.params.iter().map(Type::to_string).collect();
            return Err(QueryError::at(
                pos,
                format!(
                    "{} takes {} argument{} ({}), found {}",
                    sig.name,
                    sig.params.len(),
                    if sig.params.len() == 1 { "" } else { "s" },
                    params.join(", "),
                    args.len()
                ),
            ));
        }
        if sig.func == Func::Rank {
            let (node, ty) = self.expr(&args[0])?;
            if ty != Type::Card {
                return Err(QueryError::at(
                    args[0].pos,
                    format!("type error: argument 1 of rank is a card, found {ty}"),
                ));
            }
            return Ok((Node::Rank(Box::new(node)), Type::Number));
        }
        let mut call = Call {
            func: sig.func,
            player: 0,
            // The river: the board's five cards, a stud seat's seven, a draw's final hand.
            street: if rules.stud { 7 } else { 5 },
            hand_type: 0,
            set: 0,
        };
        for (i, (arg, &want)) in args.iter().zip(sig.params).enumerate() {
            let found = self.arg_type(arg);
            let wrong = || {
                QueryError::at(
                    arg.pos,
                    format!(
                        "type error: argument {} of {} is a {want}, found {found}",
                        i + 1,
                        sig.name
                    ),
                )
            };
            match (want, &arg.kind) {
                (Type::Player, ExprKind::Name(n)) => {
                    call.player = self.player(n).ok_or_else(|| {
                        if constant(n).is_some() || card_literal(n).is_some() {
                            wrong()
                        } else {
                            self.unknown_name(n, arg.pos)
                        }
                    })? as u8;
                }
                (Type::Street, ExprKind::Name(n)) if self.player(n).is_none() => {
                    match street_cards(n, game.family()) {
                        Some(Ok(cards)) => call.street = cards,
                        Some(Err(why)) => {
                            return Err(QueryError::at(
                                arg.pos,
                                format!("'{n}' is no street of {}: {why}", game.name()),
                            ));
                        }
                        None if constant(n).is_some() || card_literal(n).is_some() => {
                            return Err(wrong());
                        }
                        None => return Err(self.unknown_name(n, arg.pos)),
                    }
                }
                (Type::Number, ExprKind::Number(x)) if sig.func == Func::UpCard => {
                    if !(1.0..=4.0).contains(x) || x.fract() != 0.0 {
                        return Err(QueryError::at(
                            arg.pos,
                            format!(
                                "upCard's n is 1, 2, 3 or 4 (the up cards of third to sixth street), found {x}"
                            ),
                        ));
                    }
                    // The seat's slot of the n-th up card: after the two down cards.
                    call.street = *x as u8 + 1;
                }
                (Type::Street | Type::HandType, ExprKind::Name(n)) => match constant(n) {
                    Some((ty, value)) if ty == want => {
                        if want == Type::Street {
                            call.street = value as u8;
                        } else {
                            call.hand_type = value as u8;
                        }
                    }
                    Some(_) => return Err(wrong()),
                    None if self.player(n).is_some() || card_literal(n).is_some() => {
                        return Err(wrong());
                    }
                    None => return Err(self.unknown_name(n, arg.pos)),
                },
                (Type::Text, ExprKind::Text(t)) if sig.func == Func::BoardInRange => {
                    let range = BoardRange::parse(t).map_err(|why| {
                        QueryError::at(arg.pos, format!("board range '{t}': {why}"))
                    })?;
                    call.set = self.boards.len() as u16;
                    call.street = range.longest();
                    self.boards.push(range);
                }
                (Type::Text, ExprKind::Text(t)) if rules.stud => {
                    // A stud player's two down cards, read as stud reads a down-card range.
                    let hands = crate::hands::down_card_hands(t).map_err(|why| {
                        QueryError::at(arg.pos, format!("down-card range '{t}': {why}"))
                    })?;
                    call.set = self.sets.len() as u16;
                    self.sets.push(HandSet::of(&hands));
                }
                (Type::Text, ExprKind::Text(t)) => {
                    let hands =
                        self.scope.reader.hands(t).map_err(|why| {
                            QueryError::at(arg.pos, format!("range '{t}': {why}"))
                        })?;
                    call.set = self.sets.len() as u16;
                    self.sets.push(HandSet::of(&hands));
                }
                _ => return Err(wrong()),
            }
        }
        if sig.func == Func::HvhEquity && rules.stud {
            let players = scope.players.len();
            let count = crate::stud_equity::completions(players, usize::from(call.street));
            if count > crate::stud_equity::MAX_COMPLETIONS {
                let works: Vec<&str> = crate::stud_equity::affordable_streets(players)
                    .iter()
                    .map(|&s| STUD_STREETS[s - 3].0)
                    .collect();
                return Err(QueryError::at(
                    args[1].pos,
                    format!(
                        "hvhEquity counts every completion of the hands: {count} on that street with {players} players, more than {}; with {players} players give {}",
                        crate::stud_equity::MAX_COMPLETIONS,
                        works.join(", ")
                    ),
                ));
            }
        }
        let river = if rules.stud { 7 } else { 5 };
        if sig.func == Func::OutsToHandType && call.street == river {
            let streets = if rules.stud {
                "third, fourth, fifth or sixth"
            } else {
                "flop or turn"
            };
            return Err(QueryError::at(
                args[1].pos,
                format!("outsToHandType counts the cards of the next street: give {streets}"),
            ));
        }
        if sig.func.reads_showdown() {
            self.needs_showdown = true;
        }
        Ok((Node::Call(call), sig.returns))
    }

    /// The type of an argument, for messages.
    fn arg_type(&self, arg: &Expr) -> String {
        match &arg.kind {
            ExprKind::Number(_) => Type::Number.to_string(),
            ExprKind::Text(_) => Type::Text.to_string(),
            ExprKind::Name(n) if self.player(n).is_some() => Type::Player.to_string(),
            ExprKind::Name(n) if card_literal(n).is_some() => Type::Card.to_string(),
            ExprKind::Name(n) => constant(n)
                .map_or_else(|| format!("the unknown name '{n}'"), |(t, _)| t.to_string()),
            ExprKind::Call { name, .. } => {
                lookup(name).map_or_else(|| "an expression".to_string(), |s| s.returns.to_string())
            }
            _ => "an expression".to_string(),
        }
    }
}
