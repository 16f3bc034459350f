//! Warnsdorff's rule recorded decision by decision, for teaching: at each step the free
//! squares a leap away (the candidates) with their onward-leap counts, the one the rule
//! picks, and how a tie was broken; a dead end when no candidate is left before the
//! board is full, and the restart from the next corner.
//!
//! This is the rule as the textbooks state it, a greedy walk with restarts, kept apart
//! from the `warnsdorff` construction (which adds a move budget, backtracking and
//! Pósa rotations). It breaks ties the way that construction's tie-breaks do
//! ([`TieBreak::position_key`]), for the tie-breaks that depend on position only.

use knights_construct::TieBreak;
use knights_core::{BadBoard, Board, Error, Named, Unknown};

/// One step of the walk: where the knight is, what it may choose, what it chose.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The knight's square.
    pub at: u32,
    /// Every free square a leap away, with its free onward leaps.
    pub candidates: Vec<(u32, u8)>,
    /// The square chosen.
    pub chosen: u32,
    /// How many candidates shared the fewest onward leaps (2 or more: a tie).
    pub tied: usize,
}

/// What happened, in order.
#[derive(Clone, Debug)]
pub enum Event {
    /// A walk begins on this square.
    Start(u32),
    /// The rule chose a square.
    Step(Decision),
    /// No free square is a leap away, with this many squares visited.
    DeadEnd {
        /// The stuck knight's square.
        at: u32,
        /// Squares visited on this walk.
        visited: usize,
    },
}

/// The record of the rule on a board: every event, and the tour if a walk finished.
#[derive(Clone, Debug)]
pub struct RuleTrace {
    /// The board walked.
    pub board: Board,
    /// The tie-break used.
    pub tie: TieBreak,
    /// Everything that happened.
    pub events: Vec<Event>,
    /// The finished walk's squares (an open tour, not yet verified).
    pub path: Option<Vec<u32>>,
}

/// The tie-breaks the rule's animation shows: those that rank candidates by where
/// they stand.
pub const SHOWN: [&str; 3] = ["first", "roth", "corner"];

/// The most squares the rule's animation draws.
const MAX_SQUARES: u64 = 4096;

/// Walks with Warnsdorff's rule from `start`, then from the board's corners in turn,
/// at most `attempts` walks, recording every decision.
pub fn record(
    board: &Board,
    start: (u32, u32),
    tie: TieBreak,
    attempts: usize,
) -> Result<RuleTrace, Error> {
    if tie.position_key((0, 0), (1, 1)).is_none() {
        return Err(Unknown::new(Named::TieBreak, tie.name(), &SHOWN).into());
    }
    if !board.holes().is_empty() || board.cells() > MAX_SQUARES {
        return Err(BadBoard::RuleAnimation {
            board: board.to_string(),
            limit: MAX_SQUARES,
        }
        .into());
    }
    let (w, h) = (board.width(), board.height());
    let corners = [(0, 0), (w - 1, h - 1), (w - 1, 0), (0, h - 1)];
    let mut trace = RuleTrace {
        board: board.clone(),
        tie,
        events: Vec::new(),
        path: None,
    };
    for attempt in 0..attempts {
        let (x, y) = if attempt == 0 {
            start
        } else {
            corners[attempt % 4]
        };
        if x >= w || y >= h {
            let board = board.to_string();
            return Err(BadBoard::StartOutside { x, y, board }.into());
        }
        if let Some(path) = walk(board, board.index(x, y), tie, &mut trace.events) {
            trace.path = Some(path);
            break;
        }
    }
    Ok(trace)
}

/// One greedy walk from `start`; the path when it visits every square.
fn walk(b: &Board, start: u32, tie: TieBreak, events: &mut Vec<Event>) -> Option<Vec<u32>> {
    let mut free = vec![true; b.area() as usize];
    let free_leaps = |c: u32, free: &[bool]| {
        (0..8)
            .filter_map(|d| b.step(c, d))
            .filter(|&n| free[n as usize])
            .count() as u8
    };
    let (w, h) = (b.width() as i64, b.height() as i64);
    let key = |c: u32| {
        let (x, y) = b.xy(c);
        tie.position_key((x as i64, y as i64), (w, h)).unwrap_or(0)
    };
    let mut path = vec![start];
    free[start as usize] = false;
    events.push(Event::Start(start));
    while (path.len() as u64) < b.cells() {
        let at = *path.last().expect("the walk has a square");
        let candidates: Vec<(u32, u8)> = (0..8)
            .filter_map(|d| b.step(at, d))
            .filter(|&n| free[n as usize])
            .map(|n| (n, free_leaps(n, &free)))
            .collect();
        let Some(fewest) = candidates.iter().map(|c| c.1).min() else {
            events.push(Event::DeadEnd {
                at,
                visited: path.len(),
            });
            return None;
        };
        let best: Vec<u32> = candidates
            .iter()
            .filter(|c| c.1 == fewest)
            .map(|c| c.0)
            .collect();
        // min_by_key keeps the first of equal keys: the direction order.
        let chosen = *best.iter().min_by_key(|&&c| key(c)).expect("not empty");
        events.push(Event::Step(Decision {
            at,
            candidates,
            chosen,
            tied: best.len(),
        }));
        free[chosen as usize] = false;
        path.push(chosen);
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::verify::verify;
    use knights_core::Tour;

    #[test]
    fn every_decision_follows_the_rule_and_the_walk_verifies() {
        let b = Board::new(8, 8).unwrap();
        let t = record(&b, (0, 0), TieBreak::Roth, 5).unwrap();
        let path = t.path.clone().expect("the rule tours 8x8 from a corner");
        verify(Tour::new(b, path.clone(), false)).unwrap();
        let steps: Vec<&Decision> = t
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Step(d) => Some(d),
                _ => None,
            })
            .collect();
        assert_eq!(steps.len(), 63);
        for (i, d) in steps.iter().enumerate() {
            assert_eq!((d.at, d.chosen), (path[i], path[i + 1]));
            let fewest = d.candidates.iter().map(|c| c.1).min().unwrap();
            let chosen = d.candidates.iter().find(|c| c.0 == d.chosen).unwrap();
            assert_eq!(chosen.1, fewest);
        }
    }

    #[test]
    fn a_dead_end_is_recorded_and_followed_by_a_restart() {
        // Plain tie-breaking from the corner of the 5x8 board gets stuck; the
        // restart from the opposite corner goes on.
        let t = record(&Board::new(5, 8).unwrap(), (0, 0), TieBreak::First, 4).unwrap();
        assert!(matches!(t.events[0], Event::Start(0)));
        assert!(t.events.iter().any(|e| matches!(e, Event::DeadEnd { .. })));
        let starts = t
            .events
            .iter()
            .filter(|e| matches!(e, Event::Start(_)))
            .count();
        let dead = t
            .events
            .iter()
            .filter(|e| matches!(e, Event::DeadEnd { .. }))
            .count();
        assert_eq!(starts, dead + t.path.is_some() as usize);
        assert!(record(&t.board, (0, 0), TieBreak::Random, 1).is_err());
    }
}
