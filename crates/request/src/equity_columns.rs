//! The columns every table of equities shares (the equity table, the breakdown): win, tie,
//! equity, its standard error, the samples and exact counts, and the hi/lo games' split-pot
//! columns, each defined once over any line that holds a player's equity.

use engine::{HiLoShares, PlayerEquity};

use crate::table::{Cell, Column, Kind};

/// A line of a table that holds one player's (or one hand's) equity.
pub trait HoldsEquity {
    /// The equity.
    fn player_equity(&self) -> &PlayerEquity;

    /// The split-pot shares (zero outside the hi/lo games).
    fn hilo(&self) -> HiLoShares {
        self.player_equity().hilo.unwrap_or_default()
    }
}

/// `win`: share of outcomes won outright (hi/lo: the high hand best alone).
pub const fn win<L: HoldsEquity>() -> Column<L> {
    Column {
        name: "win",
        kind: Kind::Share,
        doc: "Share of outcomes won outright (hi/lo: with the high hand best alone).",
        value: |l| Cell::Float(l.player_equity().win),
    }
}

/// `tie`: share of outcomes split (hi/lo: the high hand tied for best).
pub const fn tie<L: HoldsEquity>() -> Column<L> {
    Column {
        name: "tie",
        kind: Kind::Share,
        doc: "Share of outcomes split (hi/lo: with the high hand tied for best).",
        value: |l| Cell::Float(l.player_equity().tie),
    }
}

/// `equity`: the expected share of the pot.
pub const fn equity<L: HoldsEquity>() -> Column<L> {
    Column {
        name: "equity",
        kind: Kind::Share,
        doc: "Expected share of the pot: win plus the pot shares received in ties.",
        value: |l| Cell::Float(l.player_equity().equity),
    }
}

/// `std_error`: the standard error of `equity`.
pub const fn std_error<L: HoldsEquity>() -> Column<L> {
    Column {
        name: "std_error",
        kind: Kind::Share,
        doc: "Standard error of equity (0 for exact runs).",
        value: |l| Cell::Float(l.player_equity().std_error),
    }
}

/// `samples`: outcomes visited or drawn, unweighted.
pub const fn samples<L: HoldsEquity>() -> Column<L> {
    Column {
        name: "samples",
        kind: Kind::Count,
        doc: "Outcomes visited (exact) or drawn (Monte Carlo), unweighted.",
        value: |l| Cell::Int(u128::from(l.player_equity().samples)),
    }
}

/// `wins`: outcomes won outright, weighted.
pub const fn wins<L: HoldsEquity>() -> Column<L> {
    Column {
        name: "wins",
        kind: Kind::Exact,
        doc: "Outcomes won outright, weighted by the range weights in thousandths.",
        value: |l| Cell::Int(l.player_equity().wins),
    }
}

/// `ties`: outcomes split, weighted.
pub const fn ties<L: HoldsEquity>() -> Column<L> {
    Column {
        name: "ties",
        kind: Kind::Exact,
        doc: "Outcomes split, weighted likewise.",
        value: |l| Cell::Int(l.player_equity().ties),
    }
}

/// `outcomes`: all outcomes, weighted.
pub const fn outcomes<L: HoldsEquity>() -> Column<L> {
    Column {
        name: "outcomes",
        kind: Kind::Exact,
        doc: "All outcomes, weighted likewise.",
        value: |l| Cell::Int(l.player_equity().outcomes),
    }
}

/// The equity columns in every table's order: `win`, `tie`, `equity`, `std_error`, `samples`,
/// `wins`, `ties`, `outcomes`.
pub const fn equity_and_counts<L: HoldsEquity>() -> [Column<L>; 8] {
    [
        win(),
        tie(),
        equity(),
        std_error(),
        samples(),
        wins(),
        ties(),
        outcomes(),
    ]
}

/// `high`, `low`, `scoop`: the hi/lo shares.
pub const fn hilo_shares<L: HoldsEquity>() -> [Column<L>; 3] {
    [
        Column {
            name: "high",
            kind: Kind::Share,
            doc: "Expected share of the pot won from the high half (the whole pot when no low qualifies).",
            value: |l| Cell::Float(l.hilo().high),
        },
        Column {
            name: "low",
            kind: Kind::Share,
            doc: "Expected share of the pot won from the low half.",
            value: |l| Cell::Float(l.hilo().low),
        },
        Column {
            name: "scoop",
            kind: Kind::Share,
            doc: "Share of outcomes where the whole pot was taken alone.",
            value: |l| Cell::Float(l.hilo().scoop),
        },
    ]
}

/// `scoops`, `pot_units`, `units_per_pot`: the hi/lo games' exact counts.
pub const fn hilo_counts<L: HoldsEquity>() -> [Column<L>; 3] {
    [
        Column {
            name: "scoops",
            kind: Kind::Exact,
            doc: "Outcomes where the whole pot was taken alone.",
            value: |l| Cell::Int(l.hilo().scoops),
        },
        Column {
            name: "pot_units",
            kind: Kind::Exact,
            doc: "Pot units won over all outcomes, exactly.",
            value: |l| Cell::Int(l.hilo().pot_units),
        },
        Column {
            name: "units_per_pot",
            kind: Kind::Count,
            doc: "Units in one pot: 2 · lcm(1..players), so 4 heads-up (units are quarter pots).",
            value: |l| Cell::Int(u128::from(l.hilo().units_per_pot)),
        },
    ]
}
