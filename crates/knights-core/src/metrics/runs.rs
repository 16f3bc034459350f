//! Straight runs: the drawn tour is a polyline whose corners are its turns; a run is one
//! straight piece of it, some number of equal leaps in a row.
//!
//! The longest run is the largest gap between consecutive corners along the path (the
//! ends of an open tour are corners too), found in parallel over chunks of the path.

use std::ops::Range;

use rayon::prelude::*;

use super::turns::TURN;
use crate::moves::MoveGrid;
use crate::trace::{Stretch, Trace};

/// Where the corners of one chunk of the path are: its first and last (as path
/// positions) and the largest gap between consecutive corners inside it.
#[derive(Clone, Copy)]
struct Corners {
    first: usize,
    last: usize,
    gap: usize,
}

/// Joins the corners of two consecutive chunks.
fn join(a: Option<Corners>, b: Option<Corners>) -> Option<Corners> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Corners {
            first: a.first,
            last: b.last,
            gap: a.gap.max(b.gap).max(b.first - a.last),
        }),
        (a, None) => a,
        (None, b) => b,
    }
}

/// The turns among path positions `range`.
fn corners(is_turn: impl Fn(usize) -> bool, range: Range<usize>) -> Option<Corners> {
    let mut found: Option<Corners> = None;
    for pos in range.filter(|&pos| is_turn(pos)) {
        found = Some(match found {
            None => Corners {
                first: pos,
                last: pos,
                gap: 0,
            },
            Some(f) => Corners {
                first: f.first,
                last: pos,
                gap: f.gap.max(pos - f.last),
            },
        });
    }
    found
}

/// [`longest_run`] of a tour whose path is not written out, read from its walk: a run
/// the walk jumped holds no corner (its cells hold a move and its opposite), and the
/// corners among the cells it stepped to are read from their moves.
pub(super) fn longest_run_of_walk(grid: &MoveGrid, walk: &Trace, closed: bool) -> u64 {
    let masks = grid.masks();
    let stretches: Vec<(usize, Stretch<'_>)> = walk.stretches().collect();
    let turns = stretches
        .par_iter()
        .map(|&(pos, s)| match s {
            Stretch::Run { .. } => None,
            Stretch::Cells(cells) => corners(
                |k| TURN[masks[cells[k - pos] as usize] as usize],
                pos..pos + cells.len(),
            ),
        })
        .collect::<Vec<_>>()
        .into_iter()
        .fold(None, join);
    finish(turns, walk.len(), closed)
}

/// The most leaps in one straight run of the tour `path` (closed or open) whose moves are
/// `grid`.
pub fn longest_run(grid: &MoveGrid, path: &[u32], closed: bool) -> u64 {
    let n = path.len();
    const CHUNK: usize = 1 << 16;
    let masks = grid.masks();
    let by_mask = |pos: usize| TURN[masks[path[pos] as usize] as usize];
    // Away from the ends, a turn is where the cell difference changes: on a board wider
    // than twice the long leap two different leaps never have the same difference, and
    // this streams through the path instead of looking up each cell's moves.
    let (_, long) = grid.board().leaper().steps();
    // Across the seam of a band the difference jumps: read the cells' moves there.
    let by_difference = grid.board().width() > 2 * long && !grid.board().topology().wraps();
    let is_turn = |pos: usize| {
        if by_difference && pos > 0 && pos + 1 < n {
            path[pos + 1].wrapping_sub(path[pos]) != path[pos].wrapping_sub(path[pos - 1])
        } else {
            by_mask(pos)
        }
    };
    let turns = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|i| corners(is_turn, i * CHUNK..((i + 1) * CHUNK).min(n)))
        .collect::<Vec<_>>()
        .into_iter()
        .fold(None, join);
    finish(turns, n, closed)
}

/// The longest straight runs of the tour `path` (closed or open) whose moves are
/// `grid`, for drawing them: each as the path position it starts at and its leaps
/// (all [`longest_run`] leaps), in path order; a closed tour's run may wrap past the
/// path's end.
pub fn longest_runs(grid: &MoveGrid, path: &[u32], closed: bool) -> Vec<(usize, u64)> {
    let n = path.len();
    let masks = grid.masks();
    let mut corners: Vec<usize> = (0..n)
        .filter(|&pos| {
            TURN[masks[path[pos] as usize] as usize] || (!closed && (pos == 0 || pos + 1 == n))
        })
        .collect();
    if corners.is_empty() {
        return if n > 2 {
            vec![(0, n as u64)]
        } else {
            Vec::new()
        };
    }
    if closed {
        corners.push(corners[0] + n);
    }
    let runs: Vec<(usize, u64)> = corners
        .windows(2)
        .map(|w| (w[0], (w[1] - w[0]) as u64))
        .collect();
    let longest = runs.iter().map(|r| r.1).max().unwrap_or(0);
    runs.into_iter()
        .filter(|r| r.1 == longest && longest > 0)
        .collect()
}

/// The longest run of a tour of `n` cells whose turns (as path positions) are `turns`.
fn finish(turns: Option<Corners>, n: usize, closed: bool) -> u64 {
    let edges = if closed && n > 2 {
        n
    } else {
        n.saturating_sub(1)
    };
    // The ends of an open path are corners too.
    let end = |pos: usize| {
        (!closed && n > 0).then_some(Corners {
            first: pos,
            last: pos,
            gap: 0,
        })
    };
    let all = join(join(end(0), turns), end(n.saturating_sub(1)));
    match all {
        // No corner at all: a closed path of straight cells (not a real tour).
        None => edges as u64,
        // A closed tour's last run wraps around from its last corner to its first.
        Some(c) if closed => c.gap.max(c.first + n - c.last) as u64,
        Some(c) => c.gap as u64,
    }
}
