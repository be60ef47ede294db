//! A document's parameters: the keys and values a table's document carries beside its rows,
//! in the order they are added. What each command's documents hold is
//! [`crate::run_params`]'s; the families add their own rules' keys through
//! [`crate::family::FamilySpot::rule_params`].

use engine::Game;

/// One parameter's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    /// Text: a name, cards.
    Text(String),
    /// A whole number: a count, a seed.
    Count(u64),
    /// A float: a precision target.
    Float(f64),
    /// Yes or no.
    Flag(bool),
}

/// A document's parameters, in the order they are added.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunParams(pub Vec<(&'static str, Param)>);

impl RunParams {
    /// The parameters of a document written by `command`.
    pub fn new(command: &str) -> RunParams {
        let mut params = RunParams::default();
        params.text("command", command);
        params
    }

    /// Adds a text parameter.
    pub fn text(&mut self, key: &'static str, value: impl Into<String>) {
        self.0.push((key, Param::Text(value.into())));
    }

    /// Adds a whole number.
    pub fn count(&mut self, key: &'static str, value: u64) {
        self.0.push((key, Param::Count(value)));
    }

    /// Adds a float.
    pub fn float(&mut self, key: &'static str, value: f64) {
        self.0.push((key, Param::Float(value)));
    }

    /// Adds a flag.
    pub fn flag(&mut self, key: &'static str, value: bool) {
        self.0.push((key, Param::Flag(value)));
    }

    /// Adds `game`, except hold'em (whose documents never named it).
    pub fn game(&mut self, game: Game) {
        if game != Game::HOLDEM {
            self.text("game", game.name());
        }
    }

    /// Adds the dead cards, only when there are any (tables without dead cards keep their bytes).
    pub fn dead_if_any(&mut self, dead: &str) {
        if !dead.is_empty() {
            self.text("dead", dead);
        }
    }

    /// The value of `key`, if added.
    pub fn get(&self, key: &str) -> Option<&Param> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
}
