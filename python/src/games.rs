//! `game=`: the games `sim --game` names, checked as `sim`'s `config::variant` checks them
//! (the same names and messages).

use engine::Variant;
use eval::ShortDeckRules;
use pyo3::PyResult;

use crate::errors::value_error;

/// The names `game=` takes, as `sim --game` does.
const NAMES: &str =
    "holdem, shortdeck, omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo or omaha6-hilo";

/// A game: hold'em or short deck (the `engine`/`equity` crates), or an Omaha game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Game {
    /// Hold'em or short deck.
    Holdem(Variant),
    /// One of the six Omaha games.
    Omaha(omaha::Variant),
}

impl Game {
    /// The game named `name`, with short deck's `trips_beat_straight` rule.
    pub(crate) fn parse(name: &str, trips_beat_straight: bool) -> PyResult<Self> {
        let game = match name {
            "holdem" => Self::Holdem(Variant::Holdem),
            "shortdeck" => Self::Holdem(Variant::ShortDeck(if trips_beat_straight {
                ShortDeckRules::TripsBeatStraight
            } else {
                ShortDeckRules::StraightBeatsTrips
            })),
            "omaha" => Self::Omaha(omaha::Variant::OMAHA),
            "omaha5" => Self::Omaha(omaha::Variant::OMAHA5),
            "omaha6" => Self::Omaha(omaha::Variant::OMAHA6),
            "omaha-hilo" => Self::Omaha(omaha::Variant::OMAHA_HILO),
            "omaha5-hilo" => Self::Omaha(omaha::Variant::OMAHA5_HILO),
            "omaha6-hilo" => Self::Omaha(omaha::Variant::OMAHA6_HILO),
            other => return Err(value_error(format!("--game '{other}': want {NAMES}"))),
        };
        if trips_beat_straight && name != "shortdeck" {
            return Err(value_error(
                "--trips-beat-straight is a short-deck rule; use it with --game shortdeck",
            ));
        }
        Ok(game)
    }

    /// The hold'em or short-deck variant, or the command line's refusal of Omaha for commands
    /// that play only those.
    pub(crate) fn holdem_only(self) -> PyResult<Variant> {
        match self {
            Self::Holdem(variant) => Ok(variant),
            Self::Omaha(variant) => Err(value_error(format!(
                "--game {}: this command plays hold'em and short deck; Omaha is played by sim equity and sim odds",
                variant.name()
            ))),
        }
    }
}

/// The `game` entry of a result's parameters: absent for hold'em, as in `sim`'s JSON.
pub(crate) fn game_name(variant: Variant) -> Option<&'static str> {
    (variant != Variant::Holdem).then(|| variant.name())
}
