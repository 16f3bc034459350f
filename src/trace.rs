//! Walking a move grid into a visiting order, fast.
//!
//! Following a tour cell by cell is a chain of dependent memory loads that jump rows at
//! every step: on a 10000x10000 board that one sequential chain cost more than all the
//! rest of building, proving and measuring the tour. But the tours built from local
//! rules are mostly long straight runs through a part of the board where every cell
//! holds the same two opposite moves (the formation algorithm's background). A grid
//! that knows such a [`Straight`] rectangle lets the walk step over each run in one
//! arithmetic jump, so the walk only reads the cells near the edges; it records the
//! tour as [`Stretch`]es (arithmetic progressions of cells), and [`Trace::path`] writes
//! them out in parallel.

use std::ops::Range;

use rayon::prelude::*;

use crate::board::Board;

/// A rectangle of the board in which every cell holds the same two opposite moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Straight {
    /// Its columns.
    pub xs: Range<u32>,
    /// Its rows (from the bottom).
    pub ys: Range<u32>,
    /// The direction bits every cell in it holds: a direction and its opposite.
    pub mask: u8,
}

impl Straight {
    fn contains(&self, x: u32, y: u32) -> bool {
        self.xs.contains(&x) && self.ys.contains(&y)
    }

    /// How many leaps of `(dx, dy)` from `(x, y)` (inside) stay inside.
    fn room(&self, (x, y): (u32, u32), (dx, dy): (i32, i32)) -> u32 {
        let along = |p: u32, dp: i32, r: &Range<u32>| match dp.signum() {
            1 => (r.end - 1 - p) / dp as u32,
            -1 => (p - r.start) / dp.unsigned_abs(),
            _ => u32::MAX,
        };
        along(x, dx, &self.xs).min(along(y, dy, &self.ys))
    }
}

/// The cells `first`, `first + step`, `first + 2 step`, ... (`len` of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stretch {
    /// The first cell.
    pub first: u32,
    /// The difference of consecutive cell numbers (0 while `len` is 1).
    pub step: i64,
    /// How many cells.
    pub len: u32,
}

impl Stretch {
    /// Cell `k` of the stretch.
    pub fn cell(&self, k: u32) -> u32 {
        (self.first as i64 + k as i64 * self.step) as u32
    }

    /// The last cell.
    pub fn last(&self) -> u32 {
        self.cell(self.len - 1)
    }
}

/// A walk along a move grid, as stretches of cells in visiting order.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    stretches: Vec<Stretch>,
    /// Where each stretch starts in the visiting order.
    starts: Vec<usize>,
    len: usize,
    closed: bool,
}

impl Trace {
    /// The number of cells visited.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the walk visited no cell.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the walk came back to its first cell.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// The stretches, each with its position in the visiting order.
    pub fn stretches(&self) -> impl Iterator<Item = (usize, &Stretch)> {
        self.starts.iter().copied().zip(&self.stretches)
    }

    /// The visiting order, written in parallel blocks.
    pub fn path(&self) -> Vec<u32> {
        const BLOCK: usize = 1 << 16;
        let mut path = vec![0u32; self.len];
        path.par_chunks_mut(BLOCK)
            .enumerate()
            .for_each(|(b, block)| self.write(b * BLOCK, block));
        path
    }

    /// Writes the cells at positions `pos..pos + out.len()` into `out`.
    fn write(&self, pos: usize, out: &mut [u32]) {
        let mut i = self.starts.partition_point(|&s| s <= pos) - 1;
        let mut k = pos - self.starts[i];
        let mut out = out;
        while !out.is_empty() {
            let s = self.stretches[i];
            let n = (s.len as usize - k).min(out.len());
            let (head, rest) = out.split_at_mut(n);
            let first = s.first as i64 + k as i64 * s.step;
            for (j, slot) in head.iter_mut().enumerate() {
                *slot = (first + j as i64 * s.step) as u32;
            }
            out = rest;
            (i, k) = (i + 1, 0);
        }
    }

    /// Appends the cell reached by a leap of cell difference `step`.
    fn push(&mut self, cell: u32, step: i64) {
        self.push_run(cell, step, 1);
    }

    /// Appends `count` cells, the first `cell`, each `step` after the one before.
    fn push_run(&mut self, cell: u32, step: i64, count: u32) {
        self.len += count as usize;
        if let Some(s) = self.stretches.last_mut() {
            if s.len == 1 {
                s.step = step;
            }
            if s.step == step {
                s.len += count;
                return;
            }
        }
        self.starts.push(self.len - count as usize);
        self.stretches.push(Stretch {
            first: cell,
            step,
            len: count,
        });
    }
}

/// Walks `masks` (one byte of direction bits per cell of `board`) from `start`, leaving
/// first towards `second` when given and otherwise along `start`'s lowest direction
/// bit, until the walk comes back to `start`, reaches a dead end, or has visited as
/// many cells as the board has. Inside `straight` it jumps over runs.
pub(crate) fn walk(
    board: &Board,
    masks: &[u8],
    straight: Option<&Straight>,
    start: u32,
    second: Option<u32>,
) -> Trace {
    let dirs = board.leaper().dirs();
    let w = board.width() as i64;
    let offsets = dirs.map(|(dx, dy)| dx as i64 + dy as i64 * w);
    let limit = board.cells() as usize;
    let start_xy = board.xy(start);
    let mut trace = Trace::default();
    trace.starts.push(0);
    trace.stretches.push(Stretch {
        first: start,
        step: 0,
        len: 1,
    });
    trace.len = 1;
    let mut cur = start;
    let mut out = masks[start as usize];
    if let Some(second) = second {
        out &= board.dir_between(start, second).map_or(0, |d| 1 << d);
    }
    loop {
        if out == 0 {
            return trace;
        }
        let d = out.trailing_zeros() as usize;
        if let Some(s) = straight.filter(|s| s.mask & (1 << d) != 0) {
            let xy = board.xy(cur);
            if s.contains(xy.0, xy.1) {
                let jump = s.room(xy, dirs[d]).min(before(start_xy, xy, dirs[d]));
                let jump = jump.min(limit.saturating_sub(trace.len) as u32);
                if jump > 0 {
                    let next = (cur as i64 + offsets[d]) as u32;
                    trace.push_run(next, offsets[d], jump);
                    cur = (cur as i64 + jump as i64 * offsets[d]) as u32;
                }
            }
        }
        let next = cur as i64 + offsets[d];
        if next < 0 || next as u64 >= board.area() {
            return trace;
        }
        cur = next as u32;
        if cur == start {
            trace.closed = true;
            return trace;
        }
        trace.push(cur, offsets[d]);
        if trace.len > limit {
            return trace;
        }
        out = masks[cur as usize] & !(1 << ((d + 4) % 8));
    }
}

/// How many leaps of `(dx, dy)` from `from` stay short of `target` (`u32::MAX` when the
/// leaps never reach it).
fn before(target: (u32, u32), from: (u32, u32), (dx, dy): (i32, i32)) -> u32 {
    let (tx, ty) = (
        target.0 as i64 - from.0 as i64,
        target.1 as i64 - from.1 as i64,
    );
    let k = if dx != 0 {
        tx / dx as i64
    } else {
        ty / dy as i64
    };
    if k >= 1 && tx == k * dx as i64 && ty == k * dy as i64 {
        (k - 1) as u32
    } else {
        u32::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stretches_merge_and_write_back_in_order() {
        let mut t = Trace::default();
        t.starts.push(0);
        t.stretches.push(Stretch {
            first: 5,
            step: 0,
            len: 1,
        });
        t.len = 1;
        t.push(7, 2);
        t.push_run(9, 2, 3); // 9, 11, 13
        t.push(10, -3);
        t.push(4, -6);
        assert_eq!(t.stretches.len(), 2); // 5..=13 by 2, then 10, 4
        assert_eq!(t.path(), vec![5, 7, 9, 11, 13, 10, 4]);
        let mut out = [0; 3];
        t.write(3, &mut out);
        assert_eq!(out, [11, 13, 10]);
    }

    #[test]
    fn jumping_over_straight_runs_changes_nothing() {
        use crate::construct::{build, Request};
        use crate::moves::MoveGrid;
        for (w, h) in [(16, 12), (30, 30), (40, 17), (13, 16), (62, 45)] {
            let board = Board::new(w, h).unwrap();
            let t = build(&Request::closed(board.clone()), "besa").unwrap();
            let g = t.grid().unwrap();
            let plain = MoveGrid::from_masks(board.clone(), g.masks().to_vec());
            // Starts on the edge, in the straight rectangle, and one leap from it.
            let (cx, cy) = (w / 2, h / 2);
            for start in [
                0,
                board.index(cx, cy),
                board.index(cx + 1, cy),
                board.index(2, 5),
            ] {
                let (jumped, closed) = g.walk(start);
                assert!(
                    closed && jumped.len() as u64 == board.cells(),
                    "{board} {start}"
                );
                assert_eq!((jumped, closed), plain.walk(start), "{board} from {start}");
            }
        }
    }

    #[test]
    fn before_finds_the_target_on_the_ray() {
        assert_eq!(before((5, 10), (1, 2), (1, 2)), 3);
        assert_eq!(before((5, 11), (1, 2), (1, 2)), u32::MAX);
        assert_eq!(before((1, 2), (5, 10), (1, 2)), u32::MAX);
        assert_eq!(before((1, 2), (2, 4), (-1, -2)), 0);
    }
}
