//! Straight runs: the drawn tour is a polyline whose corners are its turns; a run is one
//! straight piece of it, some number of equal leaps in a row.
//!
//! The longest run is the largest gap between consecutive corners along the path (the
//! ends of an open tour are corners too), found in parallel over chunks of the path.

use std::ops::Range;

use rayon::prelude::*;

use super::turns::TURN;
use crate::moves::MoveGrid;

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

/// The most leaps in one straight run of the tour `path` (closed or open) whose moves are
/// `grid`.
pub fn longest_run(grid: &MoveGrid, path: &[u32], closed: bool) -> u64 {
    let n = path.len();
    let edges = if closed && n > 2 {
        n
    } else {
        n.saturating_sub(1)
    };
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
