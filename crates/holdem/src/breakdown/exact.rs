//! The exact breakdown: every compatible assignment listed, suit-equivalent ones counted once,
//! and each class's counts credited to its members' hands.

use engine::Watch;
use rayon::prelude::*;

use engine::{LocalCounts, RangeError};

use super::player::{HandTally, credit, zero_tallies};
use crate::EXACT_MAX_ASSIGNMENTS;
use crate::enumeration::count_boards;
use crate::error::HoldemError;
use crate::isomorphic::{BoardCounter, PARTS, SignedCounts};
use crate::spot::Spot;
use crate::suit_classes::suit_classes_with_members;

/// Below this many suit classes, each class is counted in [`PARTS`] work items (as the plain
/// exact run does), so that a handful of classes still keeps every core busy.
const SPLIT_BELOW: usize = 64;

/// Every hand's exact counts; `None` when `stop` said to stop (asked before each suit class and
/// each part of one: a work item told to stop counts nothing, and the run is thrown away).
pub(super) fn exact(
    spot: &Spot,
    stop: &dyn Watch,
) -> Result<Option<Vec<Vec<HandTally>>>, HoldemError> {
    let assignments = spot
        .assignments(EXACT_MAX_ASSIGNMENTS)
        .ok_or(HoldemError::TooManyAssignments)?;
    if assignments.is_empty() {
        return Err(RangeError::NoDealFits.into());
    }
    let players = spot.players.len();
    let mut tallies = zero_tallies(spot);
    if spot.to_deal() == 0 {
        // One board per assignment.
        let counts: Vec<LocalCounts> = (0..assignments.len())
            .into_par_iter()
            .map(|a| count_boards(spot, &assignments.holes(spot, a)[..players], 0))
            .collect();
        // One showdown per assignment is too little work to ask about: asked once, after.
        if stop.should_stop() {
            return Ok(None);
        }
        for (a, local) in counts.iter().enumerate() {
            credit(&mut tallies, &assignments, a, local, assignments.weights[a]);
        }
        return Ok(Some(tallies));
    }
    let (classes, class_of) = suit_classes_with_members(spot, &assignments);
    let parts = if classes.len() >= SPLIT_BELOW {
        1
    } else {
        PARTS
    };
    // Progress: each class's count, or each of its parts, is told to `stop` once done.
    let steps = (classes.len() * parts) as u64;
    let counts: Vec<LocalCounts> = classes
        .par_iter()
        .map(|class| {
            if stop.should_stop() {
                return LocalCounts::default();
            }
            let holes = assignments.holes(spot, class.representative);
            let counter = BoardCounter::new(spot, &holes[..players]);
            if parts == 1 {
                let counts = counter.count();
                stop.advance(1, steps);
                return counts;
            }
            (0..parts)
                .into_par_iter()
                .map(|part| {
                    if stop.should_stop() {
                        return SignedCounts::default();
                    }
                    let counts = counter.count_part(part);
                    stop.advance(1, steps);
                    counts
                })
                .reduce(SignedCounts::default, |a, b| a + b)
                .net()
        })
        .collect();
    if stop.should_stop() {
        return Ok(None);
    }
    for (a, &class) in class_of.iter().enumerate() {
        let local = &counts[class as usize];
        credit(&mut tallies, &assignments, a, local, assignments.weights[a]);
    }
    Ok(Some(tallies))
}
