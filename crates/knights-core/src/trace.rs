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
    /// Whether `(x, y)` is inside the rectangle.
    pub fn contains(&self, x: u32, y: u32) -> bool {
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

/// A piece of a walk, in visiting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stretch<'a> {
    /// Cells the walk stepped to one by one.
    Cells(&'a [u32]),
    /// A run it jumped: `len` cells from `first`, each `step` after the one before.
    Run {
        /// The first cell.
        first: u32,
        /// The difference of consecutive cell numbers.
        step: i64,
        /// How many cells.
        len: u32,
    },
}

impl Stretch<'_> {
    /// How many cells.
    pub fn len(&self) -> usize {
        match *self {
            Stretch::Cells(c) => c.len(),
            Stretch::Run { len, .. } => len as usize,
        }
    }

    /// Whether it has no cell (never, in a trace).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Cell `k`.
    pub fn cell(&self, k: usize) -> u32 {
        match *self {
            Stretch::Cells(c) => c[k],
            Stretch::Run { first, step, .. } => (first as i64 + k as i64 * step) as u32,
        }
    }

    /// Writes cells `k..k + out.len()` into `out`.
    fn write(&self, k: usize, out: &mut [u32]) {
        match *self {
            Stretch::Cells(c) => out.copy_from_slice(&c[k..k + out.len()]),
            Stretch::Run { first, step, .. } => {
                let first = first as i64 + k as i64 * step;
                for (j, slot) in out.iter_mut().enumerate() {
                    *slot = (first + j as i64 * step) as u32;
                }
            }
        }
    }
}

/// Where a piece of the trace starts in the visiting order, and what it is.
#[derive(Clone, Copy, Debug)]
enum Piece {
    /// Cells listed in `Trace::cells` from this index on.
    Cells(usize),
    /// A jumped run.
    Run { first: u32, step: i64 },
}

/// A walk along a move grid: the cells it stepped to one by one, and the runs it
/// jumped, in visiting order.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// `(position in the visiting order, piece)`, by position.
    pieces: Vec<(usize, Piece)>,
    cells: Vec<u32>,
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
    pub fn stretches(&self) -> impl Iterator<Item = (usize, Stretch<'_>)> {
        (0..self.pieces.len()).map(|i| (self.pieces[i].0, self.stretch(i)))
    }

    /// The cell at position `k` of the visiting order (`k < len`).
    pub fn cell(&self, k: usize) -> u32 {
        let i = self.pieces.partition_point(|p| p.0 <= k) - 1;
        self.stretch(i).cell(k - self.pieces[i].0)
    }

    fn stretch(&self, i: usize) -> Stretch<'_> {
        let (pos, piece) = self.pieces[i];
        let end = self.pieces.get(i + 1).map_or(self.len, |p| p.0);
        match piece {
            Piece::Cells(from) => Stretch::Cells(&self.cells[from..from + end - pos]),
            Piece::Run { first, step } => Stretch::Run {
                first,
                step,
                len: (end - pos) as u32,
            },
        }
    }

    /// The visiting order, for the small tile walks; a construction of a big board
    /// calls [`Trace::try_into_path`], which reports a failed allocation instead of
    /// aborting.
    pub fn into_path(self) -> Vec<u32> {
        self.try_into_path().unwrap_or_else(|e| panic!("{e}"))
    }

    /// The visiting order, or an error when the path cannot be allocated. A walk that
    /// jumped nothing already holds it; otherwise it is written in parallel blocks.
    pub fn try_into_path(self) -> Result<Vec<u32>, crate::Error> {
        if let [(_, Piece::Cells(0))] = self.pieces[..] {
            return Ok(self.cells);
        }
        self.to_path()
    }

    /// The visiting order written out, in parallel blocks, or an error when it cannot
    /// be allocated.
    pub fn to_path(&self) -> Result<Vec<u32>, crate::Error> {
        const BLOCK: usize = 1 << 16;
        let mut path = crate::memory::try_vec(self.len, 0u32, "the tour's path")?;
        path.par_chunks_mut(BLOCK)
            .enumerate()
            .for_each(|(b, block)| self.write(b * BLOCK, block));
        Ok(path)
    }

    /// `f` of every cell, in visiting order, in parallel blocks (a construction's
    /// section labels, without writing the path out), or an error naming `what` when
    /// it cannot be allocated.
    pub fn map_cells<T: Clone + Default + Send + Sync>(
        &self,
        what: &str,
        f: impl Fn(u32) -> T + Sync,
    ) -> Result<Vec<T>, crate::Error> {
        const BLOCK: usize = 1 << 16;
        let mut out = crate::memory::try_vec(self.len, T::default(), what)?;
        out.par_chunks_mut(BLOCK)
            .enumerate()
            .for_each(|(b, block)| {
                let mut cells = vec![0u32; block.len()];
                self.write(b * BLOCK, &mut cells);
                for (o, &c) in block.iter_mut().zip(&cells) {
                    *o = f(c);
                }
            });
        Ok(out)
    }

    /// Folds `f` over the visiting order in parallel blocks, each given its position
    /// and its cells (written into a scratch buffer of the block's size, so the path is
    /// never written out whole), and joins the folds with `join`.
    pub fn fold_blocks<A: Send>(
        &self,
        init: impl Fn() -> A + Sync + Send,
        f: impl Fn(A, usize, &[u32]) -> A + Sync + Send,
        join: impl Fn(A, A) -> A + Sync + Send,
    ) -> A {
        const BLOCK: usize = 1 << 16;
        (0..self.len.div_ceil(BLOCK))
            .into_par_iter()
            .fold(
                || (init(), Vec::new()),
                |(acc, mut cells), b| {
                    let pos = b * BLOCK;
                    cells.resize(BLOCK.min(self.len - pos), 0);
                    self.write(pos, &mut cells);
                    (f(acc, pos, &cells), cells)
                },
            )
            .map(|(acc, _)| acc)
            .reduce(&init, &join)
    }

    /// Writes the cells at positions `pos..pos + out.len()` into `out`.
    fn write(&self, pos: usize, mut out: &mut [u32]) {
        let mut i = self.pieces.partition_point(|p| p.0 <= pos) - 1;
        let mut k = pos - self.pieces[i].0;
        while !out.is_empty() {
            let s = self.stretch(i);
            let (head, rest) = out.split_at_mut((s.len() - k).min(out.len()));
            s.write(k, head);
            out = rest;
            (i, k) = (i + 1, 0);
        }
    }

    /// Appends one cell.
    fn push(&mut self, cell: u32) {
        if !matches!(self.pieces.last(), Some((_, Piece::Cells(_)))) {
            self.pieces.push((self.len, Piece::Cells(self.cells.len())));
        }
        self.cells.push(cell);
        self.len += 1;
    }

    /// Appends `count` cells, the first `first`, each `step` after the one before.
    fn push_run(&mut self, first: u32, step: i64, count: u32) {
        self.pieces.push((self.len, Piece::Run { first, step }));
        self.len += count as usize;
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
    trace.push(start);
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
        let (next, back) = if board.topology().wraps() {
            // Across the seam of a band the arithmetic of the plane does not hold.
            match board.step(cur, d) {
                Some(n) => (n as i64, board.back(cur, d)),
                None => return trace,
            }
        } else {
            (cur as i64 + offsets[d], (d + 4) % 8)
        };
        if next < 0 || next as u64 >= board.area() {
            return trace;
        }
        cur = next as u32;
        if cur == start {
            trace.closed = true;
            return trace;
        }
        trace.push(cur);
        if trace.len > limit {
            return trace;
        }
        out = masks[cur as usize] & !(1 << back);
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
    fn cells_and_runs_write_back_in_order() {
        let mut t = Trace::default();
        t.push(5);
        t.push(7);
        t.push_run(9, 2, 3); // 9, 11, 13
        t.push(10);
        t.push(4);
        assert_eq!(t.len(), 7);
        let kinds: Vec<_> = t.stretches().map(|(pos, s)| (pos, s.len())).collect();
        assert_eq!(kinds, [(0, 2), (2, 3), (5, 2)]);
        let mut out = [0; 3];
        t.write(3, &mut out);
        assert_eq!(out, [11, 13, 10]);
        assert_eq!(t.into_path(), vec![5, 7, 9, 11, 13, 10, 4]);
    }

    #[test]
    fn before_finds_the_target_on_the_ray() {
        assert_eq!(before((5, 10), (1, 2), (1, 2)), 3);
        assert_eq!(before((5, 11), (1, 2), (1, 2)), u32::MAX);
        assert_eq!(before((1, 2), (5, 10), (1, 2)), u32::MAX);
        assert_eq!(before((1, 2), (2, 4), (-1, -2)), 0);
    }
}
