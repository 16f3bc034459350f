//! The one depth-first search engine of the constructions. Plain backtracking
//! (`backtrack`), Warnsdorff walks with restarts (`warnsdorff`, `search`) and the
//! searches that found the stored tiles of `parberry` and `stitch` are all a field, a
//! goal and a rule handed to the same walk.
//!
//! - [`Field`] (`field`): the cells a walk may visit, a whole board or any region of
//!   it, padded with walls so a leap is one addition; every free cell keeps its number
//!   of free neighbours, updated in O(1) per step.
//! - [`Goal`] (`goals`): the paths to walk, one after another, each from a given cell
//!   and (all but the last must) to a given cell, together covering every free cell;
//!   closed or not; and the leap budget.
//! - [`Rule`] (`rules`, `heuristic`, `linked`): which leap to try next from the head,
//!   and when to give the head up. [`Fixed`] is the leaper's order, [`Heuristic`] is
//!   Warnsdorff's rule with its tie-breaks, [`Pruned`] cuts heads from which the free
//!   cells can no longer be covered by one path, [`Linked`] is the tile searches' rule
//!   (required links, random order, fewest onward leaps first).
//! - The walk (`walk`): [`search`] returns the first walk that meets the goal,
//!   [`explore`] shows every one to a visitor. Iterative, one byte of tried
//!   directions per step, the field left as it was found.
//! - The tile searches of knights-lab, which found the stored tiles of `parberry` and
//!   `stitch`, walk a [`Field`] by the [`Linked`] rule through [`linked_walk`]: the
//!   engine's public face. The rest is the constructions' own.
//! - Pósa rotations (`posa`) reshape a path over the same cells so that its end moves:
//!   [`grow`] gets a stuck walk past its dead end, [`close_and_align`] brings the ends
//!   of a Hamiltonian path a leap apart. [`run`] (`restarts`) is the strategy built
//!   from all of these that `warnsdorff` and `search` use.
//!
//! # Plugging in a new search
//!
//! Build the field, state the goal, pick or write a rule, walk:
//!
//! ```text
//! // Every way to cover a region of the board with two paths a..b and c..d.
//! let mut field = Field::region(&board, |cell| region.contains(cell))?;
//! let (a, b, c, d) = (field.cell(0, 0), field.cell(4, 1), field.cell(0, 3), field.cell(3, 3));
//! let goal = Goal::cover(vec![Ends { start: a, end: Some(b) }, Ends { start: c, end: Some(d) }], budget)?;
//! let mut covers = Vec::new();
//! let outcome = explore(&mut field, &goal, &mut Fixed, |cover| {
//!     covers.push(cover.paths().map(<[u32]>::to_vec).collect::<Vec<_>>());
//!     Flow::Go
//! });
//! // `Outcome::Exhausted`: `covers` holds every cover; `OverBudget`: the budget ran out.
//! ```
//!
//! - A region: [`Field::region`] keeps the board cells a predicate (a bitset lookup,
//!   say) accepts; the others are walls, exactly like holes. [`Field::board_cell`]
//!   turns the walk's padded indices back into board cells.
//! - Fixed ends: [`Goal::path`] for one path, [`Goal::cover`] for several. The walk
//!   enters a path's end only to finish that path (the last path's end only as the
//!   very last cell), never enters a later path's start by a leap, and jumps from
//!   each path's end to the next path's start.
//! - Every solution: [`explore`] with a visitor returning [`Flow::Go`]; the outcome is
//!   [`Outcome::Exhausted`] once every walk the rule allows was shown. For a complete
//!   enumeration the rule must cut no branch that could still meet the goal: [`Fixed`]
//!   cuts none; [`Pruned`] assumes one path ending anywhere, so a cover search wants
//!   its own cut (a [`Rule`] wrapping [`Fixed`] that returns `None` when, say, a free
//!   cell other than a path's end has no free neighbour left).
//! - A rule sees the field and the path so far ([`At`]) and the directions already
//!   tried from the head; it returns a direction to a free cell or `None` to back up.
//!   State that belongs to a head (a planned order) can be kept per depth, as
//!   [`Linked`] does: `tried == 0` marks a head's first call.

mod field;
mod goals;
mod heuristic;
mod linked;
mod posa;
mod request;
mod restarts;
mod rules;
#[cfg(test)]
mod tests;
mod walk;

// The engine's interface. Some of it (covers, enumeration, the rules and rotations one
// by one) is only used by the tests so far and by searches still to come.
#[allow(unused_imports)]
pub(crate) use self::{
    goals::{BadGoal, Ends},
    heuristic::Heuristic,
    posa::{close, close_and_align, grow},
    rules::{At, Pruned, Rule},
    walk::{explore, Cover, Flow},
};
pub use field::Field;
pub(crate) use goals::Goal;
pub use heuristic::TieBreak;
pub use linked::Linked;
pub(crate) use request::{start_of, tour_of};
pub(crate) use restarts::{run, Plan};
pub(crate) use rules::Fixed;
pub(crate) use walk::{search, Outcome};

/// A tour by the tile searches' rule: `rule`'s walk over `field` within `budget` leaps,
/// as padded cells (see [`Field::board_cell`]), or `None` when the budget ran out or no
/// tour keeps the rule.
pub fn linked_walk(field: &mut Field, rule: &mut Linked, budget: u64) -> Option<Vec<u32>> {
    match search(field, &rule.goal(budget), rule) {
        Outcome::Found(path) => Some(path),
        Outcome::Exhausted | Outcome::OverBudget(_) => None,
    }
}
