//! Checkpoints of a `sim preflop` table against random hands: the cells finished so far, saved
//! atomically through the run's [`Claim`] so that a rerun of the same command resumes and ends
//! with the same bytes (a cell's numbers depend only on the seed and its place in the table).
//!
//! ```text
//! { "format": "sim-preflop-checkpoint", "engine": "0.1.0",
//!   "run": { "game": "holdem", "opponents": [1, 9], "seed": 7, "rounds": 1000000 },
//!   "cells": [ null, { "win": <f64 bits>, … }, … ], "checksum": "…" }
//! ```
//!
//! The shares are saved as the bits of their `f64`s, so that a resumed table prints the very
//! digits of one run in one go.

use std::path::Path;

use anyhow::bail;
use engine::PlayerEquity;
use request::preflop::{TableRun, VsRandom};
use serde::{Deserialize, Serialize};

use crate::checkpoint::{corrupt_checkpoint, read_checkpoint};
use crate::claim::Claim;
use crate::error::UsageError;
use crate::identity::{ENGINE_VERSION, fnv1a};

const FORMAT: &str = "sim-preflop-checkpoint";

/// The arguments that define a table's cells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableIdentity {
    /// The game's `--game` name.
    pub game: String,
    /// The first and last opponent counts.
    pub opponents: (usize, usize),
    /// The run's seed.
    pub seed: u64,
    /// Rounds per cell.
    pub rounds: u64,
}

impl From<&TableRun> for TableIdentity {
    fn from(run: &TableRun) -> Self {
        Self {
            game: run.game.to_string(),
            opponents: (*run.opponents.start(), *run.opponents.end()),
            seed: run.seed,
            rounds: run.rounds,
        }
    }
}

/// One finished cell's equity, its shares as `f64` bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedCell {
    win: u64,
    tie: u64,
    equity: u64,
    std_error: u64,
    samples: u64,
    wins: u128,
    ties: u128,
    outcomes: u128,
}

impl From<&VsRandom> for SavedCell {
    fn from(cell: &VsRandom) -> Self {
        let e = &cell.equity;
        Self {
            win: e.win.to_bits(),
            tie: e.tie.to_bits(),
            equity: e.equity.to_bits(),
            std_error: e.std_error.to_bits(),
            samples: e.samples,
            wins: e.wins,
            ties: e.ties,
            outcomes: e.outcomes,
        }
    }
}

impl SavedCell {
    fn equity(&self) -> PlayerEquity {
        PlayerEquity {
            win: f64::from_bits(self.win),
            tie: f64::from_bits(self.tie),
            equity: f64::from_bits(self.equity),
            std_error: f64::from_bits(self.std_error),
            samples: self.samples,
            wins: self.wins,
            ties: self.ties,
            outcomes: self.outcomes,
            hilo: None,
        }
    }
}

/// A table's progress: the cells finished, in table order (`None` for those to run).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PreflopCheckpoint {
    /// Always `sim-preflop-checkpoint`.
    pub format: String,
    /// The engine version that wrote it.
    pub engine: String,
    /// The table it belongs to.
    pub run: TableIdentity,
    /// Every cell of the table, finished or not.
    pub cells: Vec<Option<SavedCell>>,
    /// FNV-1a of the run and cells, as 16 hex digits.
    pub checksum: String,
}

impl PreflopCheckpoint {
    /// A checkpoint of `run` with the cells `cells` finished.
    ///
    /// # Errors
    /// Only if serialisation fails.
    pub fn new(run: &TableRun, cells: &[Option<VsRandom>]) -> anyhow::Result<Self> {
        let run = TableIdentity::from(run);
        let cells: Vec<Option<SavedCell>> =
            cells.iter().map(|c| c.as_ref().map(Into::into)).collect();
        Ok(Self {
            format: FORMAT.into(),
            engine: ENGINE_VERSION.into(),
            checksum: checksum(&run, &cells)?,
            run,
            cells,
        })
    }

    /// Writes the checkpoint to the file `claim` holds, refusing to overwrite one another
    /// process wrote.
    ///
    /// # Errors
    /// If the file cannot be written, or another process holds or wrote it.
    pub fn save_to(&self, claim: &mut Claim) -> anyhow::Result<()> {
        let mut bytes = serde_json::to_vec(self)?;
        bytes.push(b'\n');
        claim.replace(&bytes)
    }

    /// The cells of `run` saved at `path`, in table order: `None` when there is no checkpoint.
    ///
    /// # Errors
    /// A runtime error for an unreadable or corrupt file; a usage error for a checkpoint of
    /// another table, so that cells of different tables are never mixed.
    pub fn load(path: &Path, run: &TableRun) -> anyhow::Result<Option<Vec<Option<VsRandom>>>> {
        let Some(bytes) = read_checkpoint(path, "sim preflop --checkpoint")? else {
            return Ok(None);
        };
        let corrupt = |why: String| corrupt_checkpoint(path, "table", &why);
        let saved: Self =
            serde_json::from_slice(&bytes).map_err(|e| corrupt(format!("not valid JSON: {e}")))?;
        if saved.format != FORMAT {
            return Err(corrupt(format!("format {:?}", saved.format)));
        }
        if saved.checksum != checksum(&saved.run, &saved.cells)? {
            return Err(corrupt("checksum mismatch".into()));
        }
        let identity = TableIdentity::from(run);
        if saved.engine != ENGINE_VERSION || saved.run != identity {
            bail!(UsageError::new(format!(
                "checkpoint {} is from a different run ({}); use another --checkpoint file or \
                 delete it",
                path.display(),
                if saved.engine == ENGINE_VERSION {
                    "game, opponents, seed or rounds differ".to_string()
                } else {
                    format!("engine {} vs {ENGINE_VERSION}", saved.engine)
                }
            )));
        }
        let cells = run.cells();
        if saved.cells.len() != cells.len() {
            return Err(corrupt(format!(
                "{} cells, the table has {}",
                saved.cells.len(),
                cells.len()
            )));
        }
        Ok(Some(
            saved
                .cells
                .iter()
                .zip(cells)
                .map(|(saved, (opponents, class))| {
                    saved.map(|s| VsRandom {
                        class,
                        opponents,
                        equity: s.equity(),
                    })
                })
                .collect(),
        ))
    }
}

fn checksum(run: &TableIdentity, cells: &[Option<SavedCell>]) -> anyhow::Result<String> {
    let text = serde_json::to_string(&(run, cells))?;
    Ok(format!("{:016x}", fnv1a(text.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Game;

    fn run() -> TableRun {
        TableRun {
            game: Game::HOLDEM,
            opponents: 1..=1,
            seed: 3,
            rounds: 200,
        }
    }

    /// Saved and loaded, the finished cells come back bit for bit; another table's checkpoint
    /// and an edited one are refused.
    #[test]
    fn cells_come_back_bit_for_bit_and_other_tables_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table.ckpt");
        let whole = request::preflop::vs_random_table(Game::HOLDEM, 1..=1, 3, 200).unwrap();
        let mut cells: Vec<Option<VsRandom>> = whole.iter().copied().map(Some).collect();
        cells[5] = None;
        let mut claim = Claim::take(&path).unwrap();
        PreflopCheckpoint::new(&run(), &cells)
            .unwrap()
            .save_to(&mut claim)
            .unwrap();
        assert_eq!(PreflopCheckpoint::load(&path, &run()).unwrap(), Some(cells));
        let other = TableRun { seed: 4, ..run() };
        let refused = PreflopCheckpoint::load(&path, &other).unwrap_err();
        assert!(refused.downcast_ref::<UsageError>().is_some(), "{refused}");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(
            &path,
            text.replacen("\"samples\":200", "\"samples\":201", 1),
        )
        .unwrap();
        let corrupt = PreflopCheckpoint::load(&path, &run())
            .unwrap_err()
            .to_string();
        assert!(corrupt.contains("checksum mismatch"), "{corrupt}");
        assert_eq!(
            PreflopCheckpoint::load(&dir.path().join("none"), &run()).unwrap(),
            None
        );
    }
}
