//! Budgeted Warnsdorff walks with restarts, the strategy of the `warnsdorff` and
//! `search` constructions: each walk is a depth-first search ordered by Warnsdorff's
//! rule (with dead-end pruning) under a leap budget; a walk that runs out of budget
//! grows on by Pósa rotations; an open path becomes a closed tour by Pósa rotations.
//! Walks differ in tie-break, shuffled order and start corner.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::field::Field;
use super::goals::Goal;
use super::heuristic::{Heuristic, TieBreak};
use super::posa::{close_and_align, grow};
use super::request::{start_of, tour_of};
use super::rules::Pruned;
use super::walk::{search, Outcome};
use crate::Request;
use knights_core::{Error, NoTour, Tour};

/// How a construction runs Warnsdorff walks.
pub(crate) struct Plan<'a> {
    /// The tie-breaks walk number `i` uses `ties[i % ties.len()]`.
    pub ties: &'a [TieBreak],
    /// Walks before giving up.
    pub attempts: u64,
    /// Moves per walk.
    pub budget: u64,
}

/// The start square of walk number `attempt`: the one asked for (an open tour must
/// begin there), else the corners in turn (every corner has the majority colour of a
/// board with an odd number of cells). A closed tour is turned to begin at the start
/// square at the end, so its walks may begin anywhere.
fn attempt_start(field: &Field, req: &Request, attempt: u64) -> Result<u32, Error> {
    if req.start.is_some() && req.open {
        return start_of(field, req);
    }
    let (w, h) = field.size();
    let (x, y) = [(0, 0), (w - 1, h - 1), (w - 1, 0), (0, h - 1)][(attempt % 4) as usize];
    Ok(field.cell(x, y))
}

/// Pósa rotations a stuck walk may make to grow on: a few times what bringing its end
/// across the board takes, but (as each rotation may reverse the whole path) no more
/// than about 2 * 10^8 cells' worth of reversing.
fn grow_budget(field: &Field) -> u64 {
    let (w, h) = field.size();
    let cells = w as u64 * h as u64;
    (1000 + 10 * (w as u64 + h as u64)).min((200_000_000 / cells).max(1000))
}

/// Runs the walks of `plan` until one gives a tour of the kind `req` asks for. A walk
/// that runs out of moves is tried again growing by Pósa rotations; closed tours are
/// closed by Pósa rotations. `Ok(None)` when every walk ran out of budget.
pub(crate) fn run(req: &Request, plan: &Plan) -> Result<Option<Tour>, Error> {
    let mut field = Field::new(&req.board)?;
    let home = start_of(&field, req)?;
    for attempt in 0..plan.attempts {
        let tie = plan.ties[(attempt % plan.ties.len() as u64) as usize];
        let mut rule = Pruned(Heuristic::new(&field, tie, req.seed, attempt));
        let start = attempt_start(&field, req, attempt)?;
        let goal = Goal::tour(start, false, plan.budget);
        let path = match search(&mut field, &goal, &mut rule) {
            Outcome::Found(path) => path,
            Outcome::Exhausted if req.open && req.start.is_some() => {
                return Err(NoTour::Exhausted {
                    board: req.board.to_string(),
                    kind: req.kind(),
                    start: field.xy(start),
                }
                .into());
            }
            Outcome::OverBudget(reached) => {
                let mut rng = ChaCha8Rng::seed_from_u64(req.seed ^ attempt);
                let budget = grow_budget(&field);
                match grow(&mut field, reached, &mut rule.0, &mut rng, budget) {
                    Some(path) => path,
                    None => continue,
                }
            }
            Outcome::Exhausted => continue,
        };
        if req.open {
            return Ok(Some(tour_of(&field, &req.board, path, false)));
        }
        if let Some(cycle) = close_and_align(&field, path, home, req.seed ^ attempt) {
            return Ok(Some(tour_of(&field, &req.board, cycle, true)));
        }
    }
    Ok(None)
}
