//! The board being built: one byte of move bits per cell (the layout and direction
//! numbering of [`MoveGrid`], so the result needs no conversion) and one section label
//! per cell. The construction addresses cells as `(row from the top, column)`, as the
//! paper's figures do; this module is the one place that maps them to board cells.

use knights_core::memory::try_vec;
use knights_core::Error;
use knights_core::MoveGrid;
use knights_core::{Board, Leaper};

/// A cell of a tile or canvas: `(row from the top, column)`.
pub type Rc = (u32, u32);

/// Move bits and labels of a `h` x `w` rectangle.
#[derive(Clone, Debug)]
pub(super) struct Canvas {
    h: u32,
    w: u32,
    masks: Vec<u8>,
    labels: Vec<u8>,
}

/// The direction bit of the knight's move `(dr, dc)` (rows down).
fn bit(dr: i32, dc: i32) -> u8 {
    1 << Leaper::KNIGHT
        .dir_of(dc, -dr)
        .expect("parberry only links cells a knight's move apart")
}

impl Canvas {
    /// An empty canvas (no moves, label 0 everywhere), or an error when its two
    /// bytes a cell cannot be allocated.
    pub fn new(h: u32, w: u32) -> Result<Canvas, Error> {
        let area = h as usize * w as usize;
        let what = format!(
            "{} parberry canvas",
            knights_core::article::an(format!("{w}x{h}"))
        );
        Ok(Canvas {
            h,
            w,
            masks: try_vec(area, 0, &what)?,
            labels: try_vec(area, 0, &what)?,
        })
    }

    /// A canvas holding a move grid's moves (the same layout), every label 0.
    pub fn from_grid(grid: &MoveGrid) -> Result<Canvas, Error> {
        let b = grid.board();
        let mut c = Canvas::new(b.height(), b.width())?;
        c.masks.copy_from_slice(grid.masks());
        Ok(c)
    }

    /// The move bits, one byte a cell in [`MoveGrid`]'s layout (a tile's, once built).
    pub fn into_masks(self) -> Vec<u8> {
        self.masks
    }

    fn idx(&self, (r, c): Rc) -> usize {
        (self.h - 1 - r) as usize * self.w as usize + c as usize
    }

    fn delta(a: Rc, b: Rc) -> (i32, i32) {
        (b.0 as i32 - a.0 as i32, b.1 as i32 - a.1 as i32)
    }

    /// Adds the move between `a` and `b`.
    pub fn link(&mut self, a: Rc, b: Rc) {
        let (dr, dc) = Self::delta(a, b);
        let (ia, ib) = (self.idx(a), self.idx(b));
        self.masks[ia] |= bit(dr, dc);
        self.masks[ib] |= bit(-dr, -dc);
    }

    /// Removes the move between `a` and `b`; `false` when there was none.
    pub fn unlink(&mut self, a: Rc, b: Rc) -> bool {
        let (dr, dc) = Self::delta(a, b);
        let (ia, ib) = (self.idx(a), self.idx(b));
        let had = self.masks[ia] & bit(dr, dc) != 0;
        self.masks[ia] &= !bit(dr, dc);
        self.masks[ib] &= !bit(-dr, -dc);
        had
    }

    /// The move bits `masks` of a `h` x `tw` tile (laid out as a canvas of its size),
    /// laid down at `(top, left)` with every cell labelled `label`.
    pub fn place(&mut self, (h, tw): (u32, u32), masks: &[u8], (top, left): Rc, label: u8) {
        let (w, tw) = (self.w as usize, tw as usize);
        for r in 0..h {
            let src = (h - 1 - r) as usize * tw;
            let dst = self.idx((top + r, left));
            self.masks[dst..dst + tw].copy_from_slice(&masks[src..src + tw]);
            self.labels[dst..dst + tw].fill(label);
            debug_assert!(dst + tw <= self.masks.len() && (left as usize + tw) <= w);
        }
    }

    /// Relabels every cell by `label(cell)`.
    pub fn relabel(&mut self, label: impl Fn(Rc) -> u8) {
        for r in 0..self.h {
            for c in 0..self.w {
                let i = self.idx((r, c));
                self.labels[i] = label((r, c));
            }
        }
    }

    /// Copies `src`, moved by `t`, to `(top, left)`, every cell labelled `label` (or
    /// keeping its label when `None`).
    pub fn blit(&mut self, src: &Canvas, t: Transform, (top, left): Rc, label: Option<u8>) {
        let lut = t.mask_table();
        for r in 0..src.h {
            for c in 0..src.w {
                let (tr, tc) = t.cell((r, c), (src.h, src.w));
                let i = self.idx((top + tr, left + tc));
                self.masks[i] = lut[src.masks[src.idx((r, c))] as usize];
                self.labels[i] = label.unwrap_or(src.labels[src.idx((r, c))]);
            }
        }
    }

    /// The moves as a move grid of `board` (same size), and the label of every cell.
    pub fn finish(self, board: &Board) -> (MoveGrid, Vec<u8>) {
        debug_assert_eq!((board.width(), board.height()), (self.w, self.h));
        (MoveGrid::from_masks(board.clone(), self.masks), self.labels)
    }
}

/// A symmetry of the rectangle: transpose first (when asked), then flip the rows
/// and/or the columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Transform {
    pub transpose: bool,
    pub flip_rows: bool,
    pub flip_cols: bool,
}

impl Transform {
    /// Leaves everything in place.
    pub const IDENTITY: Transform = Transform::new(false, false, false);
    /// A quarter turn clockwise (on a square).
    pub const QUARTER: Transform = Transform::new(true, false, true);
    /// A half turn.
    pub const HALF: Transform = Transform::new(false, true, true);
    /// Three quarter turns clockwise (on a square).
    pub const THREE_QUARTERS: Transform = Transform::new(true, true, false);

    /// The transform from its three parts.
    pub const fn new(transpose: bool, flip_rows: bool, flip_cols: bool) -> Transform {
        Transform {
            transpose,
            flip_rows,
            flip_cols,
        }
    }

    /// Where cell `(r, c)` of an `(h, w)` rectangle goes.
    pub fn cell(self, (r, c): Rc, (h, w): (u32, u32)) -> Rc {
        let ((r, c), (h, w)) = if self.transpose {
            ((c, r), (w, h))
        } else {
            ((r, c), (h, w))
        };
        (
            if self.flip_rows { h - 1 - r } else { r },
            if self.flip_cols { w - 1 - c } else { c },
        )
    }

    /// Where the move `(dr, dc)` goes.
    fn vector(self, (dr, dc): (i32, i32)) -> (i32, i32) {
        let (dr, dc) = if self.transpose { (dc, dr) } else { (dr, dc) };
        (
            if self.flip_rows { -dr } else { dr },
            if self.flip_cols { -dc } else { dc },
        )
    }

    /// The move bits of a cell after the transform, indexed by the bits before.
    fn mask_table(self) -> [u8; 256] {
        let dirs = Leaper::KNIGHT.dirs();
        let mut image = [0u8; 8];
        for (d, &(dx, dy)) in dirs.iter().enumerate() {
            let (dr, dc) = self.vector((-dy, dx));
            image[d] = bit(dr, dc);
        }
        let mut lut = [0u8; 256];
        for (m, out) in lut.iter_mut().enumerate() {
            *out = (0..8)
                .filter(|d| m & (1 << d) != 0)
                .fold(0, |acc, d| acc | image[d]);
        }
        lut
    }
}
