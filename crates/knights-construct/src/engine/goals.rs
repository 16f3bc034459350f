//! What a walk must achieve: which paths, from where to where, and how many leaps it
//! may spend.
//!
//! A goal is a list of paths walked one after another over the free cells of a field.
//! Every path starts on a given cell; every path but the last ends on a given cell, and
//! the last may too. The walk is complete when every free cell is on a path. A tour is
//! one path with a free end (closed: the end is a leap from the start); a Hamiltonian
//! path between two cells is one path with both ends fixed; a cover of a region by k
//! paths with fixed ends is k paths.

/// One path of a goal: its first cell and, when fixed, its last (padded indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ends {
    /// The first cell.
    pub(crate) start: u32,
    /// The last cell, or `None` when it may end anywhere (only the last path).
    pub(crate) end: Option<u32>,
}

/// What a walk looks for.
#[derive(Clone, Debug)]
pub(crate) struct Goal {
    paths: Vec<Ends>,
    closed: bool,
    budget: u64,
}

/// A goal that cannot be walked: no path at all, a path other than the last with no
/// fixed end, or two paths sharing an end cell.
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))] // the gadget search's, still to come
pub(crate) struct BadGoal;

impl Goal {
    /// One path from `start` over every free cell, ending a leap from `start` when
    /// `closed`, within `budget` leaps.
    pub(crate) fn tour(start: u32, closed: bool, budget: u64) -> Goal {
        Goal {
            paths: vec![Ends { start, end: None }],
            closed,
            budget,
        }
    }

    /// One path from `start` to `end` over every free cell, within `budget` leaps.
    #[cfg_attr(not(test), allow(dead_code))] // the tile searches' (tests only)
    pub(crate) fn path(start: u32, end: u32, budget: u64) -> Goal {
        Goal {
            paths: vec![Ends {
                start,
                end: Some(end),
            }],
            closed: false,
            budget,
        }
    }

    /// Paths walked in order that together cover every free cell; all but the last
    /// need a fixed end, and no two paths share an end cell (a path of one cell
    /// starts and ends on it).
    #[cfg_attr(not(test), allow(dead_code))] // the gadget search's, still to come
    pub(crate) fn cover(paths: Vec<Ends>, budget: u64) -> Result<Goal, BadGoal> {
        let (_, rest) = paths.split_last().ok_or(BadGoal)?;
        if rest.iter().any(|p| p.end.is_none()) {
            return Err(BadGoal);
        }
        let mut cells: Vec<u32> = paths
            .iter()
            .flat_map(|p| [Some(p.start), p.end.filter(|&e| e != p.start)])
            .flatten()
            .collect();
        let count = cells.len();
        cells.sort_unstable();
        cells.dedup();
        if cells.len() != count {
            return Err(BadGoal);
        }
        Ok(Goal {
            paths,
            closed: false,
            budget,
        })
    }

    /// The paths, in walking order.
    pub(crate) fn paths(&self) -> &[Ends] {
        &self.paths
    }

    /// Whether the last cell must be a leap from the first.
    pub(crate) fn closed(&self) -> bool {
        self.closed
    }

    /// Most leaps the walk may make.
    pub(crate) fn budget(&self) -> u64 {
        self.budget
    }

    /// Whether `p` is a cell only path `seg` may enter by a leap, and only as its end:
    /// the start of a later path, or the end of this path or a later one.
    pub(crate) fn reserved(&self, seg: usize, p: u32) -> bool {
        self.paths[seg..]
            .iter()
            .enumerate()
            .any(|(i, e)| (i > 0 && e.start == p) || e.end == Some(p))
    }
}
