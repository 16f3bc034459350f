//! The depth-first walk: from the goal's first start, leap by the rule's choices,
//! back up when the rule has nothing left, until the goal is met, every possibility
//! is spent, or the leap budget runs out.
//!
//! The walk is iterative (no recursion, so a million-cell walk cannot overflow the
//! stack), keeps one byte of tried directions per step, allocates nothing per step,
//! and leaves the field as it found it.

use super::field::Field;
use super::goals::Goal;
use super::rules::{At, Rule};

/// How a walk ended.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// The walk met its goal (padded indices, the paths one after another); for
    /// [`explore`], the walk its visitor stopped at.
    Found(Vec<u32>),
    /// Every possibility was tried: no more walks meet the goal.
    Exhausted,
    /// The leap budget ran out; the walk it had reached then (padded indices).
    OverBudget(Vec<u32>),
}

/// Whether [`explore`] goes on after a complete walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Stop here: [`explore`] returns [`Outcome::Found`].
    Stop,
    /// Back up and look for the next complete walk.
    #[cfg_attr(not(test), allow(dead_code))] // enumerations: the gadget search's
    Go,
}

/// A complete walk, as [`explore`] shows it to its visitor.
#[cfg_attr(not(test), allow(dead_code))] // read by enumerations: the gadget search's
pub(crate) struct Cover<'a> {
    path: &'a [u32],
    starts: &'a [usize],
}

#[cfg_attr(not(test), allow(dead_code))]
impl<'a> Cover<'a> {
    /// The goal's paths, in its order.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &'a [u32]> + '_ {
        let ends = self.starts[1..].iter().copied().chain([self.path.len()]);
        self.starts.iter().zip(ends).map(|(&a, b)| &self.path[a..b])
    }
}

/// `tried` mark of a path's end from which the walk went on to the next path's start.
const JUMPED: u8 = 0xFF;

/// The first walk over the free cells of `field` that meets `goal`, choosing leaps
/// with `rule`. The field is left as it was.
pub(crate) fn search(field: &mut Field, goal: &Goal, rule: &mut impl Rule) -> Outcome {
    explore(field, goal, rule, |_| Flow::Stop)
}

/// Every walk over the free cells of `field` that meets `goal`, in the order `rule`
/// finds them, each shown to `visit`, which says whether to go on. Ends with
/// [`Outcome::Exhausted`] when all were shown (the rule cutting none that meets the
/// goal), [`Outcome::Found`] when `visit` stopped, [`Outcome::OverBudget`] when the
/// budget ran out. The field is left as it was.
pub(crate) fn explore(
    field: &mut Field,
    goal: &Goal,
    rule: &mut impl Rule,
    mut visit: impl FnMut(&Cover) -> Flow,
) -> Outcome {
    let paths = goal.paths();
    let first = paths[0].start;
    let ends_free = paths
        .iter()
        .all(|e| field.is_free(e.start) && e.end.is_none_or(|p| field.is_free(p)));
    if !ends_free {
        return Outcome::Exhausted;
    }
    // A tour (one path, free end) reserves no cell: skip the test on every leap.
    let plain = paths.len() == 1 && paths[0].end.is_none();
    let total = field.remaining() as usize;
    let mut path = Vec::with_capacity(total);
    let mut tried: Vec<u8> = Vec::with_capacity(total);
    let mut starts = vec![0];
    let mut leaps = 0u64;
    field.visit(first);
    path.push(first);
    tried.push(0);
    let outcome = loop {
        let (top, seg) = (path.len() - 1, starts.len() - 1);
        let head = path[top];
        let ends = paths[seg];
        let last = seg + 1 == paths.len();
        if ends.end == Some(head) || (last && field.remaining() == 0) {
            if last {
                let done = field.remaining() == 0
                    && (!goal.closed() || path.len() > 2 && field.adjacent(head, first));
                let cover = Cover {
                    path: &path,
                    starts: &starts,
                };
                if done && visit(&cover) == Flow::Stop {
                    break Outcome::Found(path.clone());
                }
            } else if tried[top] == 0 {
                tried[top] = JUMPED;
                let next = paths[seg + 1].start;
                field.visit(next);
                starts.push(path.len());
                path.push(next);
                tried.push(0);
                continue;
            }
        } else if let Some(d) = rule.choose(&At { field, path: &path }, tried[top]) {
            tried[top] |= 1 << d;
            let next = field.step(head, d);
            debug_assert!(field.is_free(next), "rules choose free cells");
            let own_end = ends.end == Some(next) && (!last || field.remaining() == 1);
            if !plain && goal.reserved(seg, next) && !own_end {
                continue;
            }
            leaps += 1;
            if leaps > goal.budget() {
                break Outcome::OverBudget(path.clone());
            }
            field.visit(next);
            path.push(next);
            tried.push(0);
            continue;
        }
        // Back up one cell.
        if path.len() == 1 {
            break Outcome::Exhausted;
        }
        let p = path.pop().expect("more than one cell");
        tried.pop();
        field.leave(p);
        if starts.last() == Some(&path.len()) {
            starts.pop();
        }
    };
    while let Some(p) = path.pop() {
        field.leave(p);
    }
    outcome
}
